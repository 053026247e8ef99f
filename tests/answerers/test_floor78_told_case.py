"""A case met at work, told in a sentence of its own before the ask, makes a workplace question
(told_case.py, floor78): "A customer wants to swap their tickets to a different night. Is
there a charge?" is answered by the exchange line's fee, as "Is there a charge if I swap my
tickets?" would be. Must stay refused: a case on a topic no document covers, the document
withheld, a page the asker may not read, and the reading switched off; a fragment whose
subject is left out, a compound question and an encyclopedia's one-sentence question tell
no case. Small documents written here, indexed with the bundled embedder and searched
hybrid, as the batteries are."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import embedded_source

from wikiqa.answerers import told_case
from wikiqa.answerers.told_case import situation_and_ask, workplace_asked
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Principal, Refusal

REFUNDS = (
    "---\ntitle: Refunds and Exchanges\n{scope}---\n# Refunds and Exchanges\n\n"
    "1. Tickets can be exchanged for another performance of the same production up to 48 "
    "hours before the performance, for a fee of £2 a ticket.\n"
    "2. If we cancel a performance, customers get a full refund, paid within 14 days.\n"
    "3. If a performance is moved to another date, customers can keep their seats or ask "
    "for their money back within 28 days.\n"
    "4. Otherwise tickets cannot be refunded, but the box office can offer to resell them "
    "when the performance is sold out.\n"
)
BREAKS = (
    "---\ntitle: Rotas and Breaks\n---\n# Rotas and Breaks\n\n"
    "- Rotas are published in the rota app at least 14 days ahead.\n"
    "- You get a 30-minute unpaid break in any call longer than 6 hours.\n"
)
UNIFORM = (
    "---\ntitle: Uniform\n---\n# Uniform\n\n"
    "You are given 2 black shirts and a name badge.\n\n"
    "Return your uniform when you leave.\n"
)
STAFF = Principal(user_id="s-1", roles=["staff"], departments=[])
SWAP = "A customer wants to swap their tickets to a different night. Is there a charge?"


def _files(scope: str = "") -> dict[str, str]:
    return {"refunds.md": REFUNDS.format(scope=scope), "breaks.md": BREAKS, "uniform.md": UNIFORM}


async def _ask(question: str, source: CollectionSource) -> Answer | Refusal:
    answerer = extractive_answerer(Settings())
    return await ask_async(
        question, source, settings=Settings(), answerer=answerer, principal=STAFF
    )


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


@pytest.mark.parametrize(
    ("question", "case"),
    [
        (SWAP, "A customer wants to swap their tickets to a different night."),
        (
            "The 3D has stopped working in screen 4. How quickly should it be fixed?",
            "The 3D has stopped working in screen 4.",
        ),
        (
            "Someone's been sick in the pool. Guests are still in it. How long is it shut?",
            "Someone's been sick in the pool. Guests are still in it.",
        ),
    ],
)
def test_a_case_told_in_sentences_of_its_own(question: str, case: str) -> None:
    told = situation_and_ask(question)
    assert told is not None and told[0] == case, question
    assert workplace_asked(question)


@pytest.mark.parametrize(
    "question",
    [
        # an encyclopedia's question asks in one sentence
        "What was the charge for exchanging a ticket at the Globe Theatre in 1600?",
        "In 1990, how much did the company charge for a ticket?",
        # a compound question tells no case
        "How long is the notice period? And who must be told?",
        # a fragment whose subject is left out is the asker's own doing
        "Checking someone's back pay. What was a Band 3 paid an hour last year?",
        "Got a needle stick injury clearing a bin store. What now?",
        # a clause of the asking sentence, not a sentence of its own
        "The level board is on amber, can customers still take boats out?",
    ],
)
def test_no_case_told(question: str) -> None:
    assert told_case.told_case(question) is None, question
    assert not workplace_asked(question)


def test_first_person_situations_stay_the_askers_own() -> None:
    question = "I've just swapped my shift. Is there a charge?"
    assert told_case.told_case(question) is None
    assert workplace_asked(question)
    assert situation_and_ask(question) == ("I've just swapped my shift.", "Is there a charge?")


async def test_the_fee_answers_the_case_told(tmp_path: Path, emb: OnnxEmbedder) -> None:
    result = await _ask(SWAP, embedded_source(tmp_path, _files(), emb))
    assert isinstance(result, Answer)
    assert "£2 a ticket" in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        # a case on a topic no document covers
        "A customer wants to park in the staff car park. Is there a charge?",
        "A guest has lost a coat in the bar. How much do we pay out?",
    ],
)
async def test_a_case_no_document_covers_is_not_answered(
    tmp_path: Path, emb: OnnxEmbedder, question: str
) -> None:
    result = await _ask(question, embedded_source(tmp_path, _files(), emb))
    assert "£2 a ticket" not in _said(result), question


async def test_withheld_it_is_refused(tmp_path: Path, emb: OnnxEmbedder) -> None:
    files = {k: v for k, v in _files().items() if k != "refunds.md"}
    result = await _ask(SWAP, embedded_source(tmp_path, files, emb))
    assert "£2" not in _said(result)


async def test_a_page_the_asker_may_not_read_never_answers(
    tmp_path: Path, emb: OnnxEmbedder
) -> None:
    files = _files("access_scope: role\nallowed_roles: [box_office]\n")
    result = await _ask(SWAP, embedded_source(tmp_path, files, emb))
    assert "£2" not in _said(result)


async def test_switched_off_it_is_refused(
    tmp_path: Path, emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(told_case, "TOLD_CASE", False)
    result = await _ask(SWAP, embedded_source(tmp_path, _files(), emb))
    assert "£2 a ticket" not in _said(result)
