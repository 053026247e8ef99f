"""Lines the word ranker cannot tell apart all have their meaning read (extractive.topic_pool):
the topic cosine's pool is the top TOPIC_POOL by the word ranker and every later line within
TOPIC_TIE of the last of them, so which of one document's tied list items gains the meaning
bonus is not decided by its order in the text. Small documents written here."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest
from memsource import TermSource

from wikiqa.answerers import extractive
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.types import Question

PASSWORDS = (
    "Passwords and Multi-Factor Authentication",
    "# Passwords and Multi-Factor Authentication\n\n"
    "- Passwords must be at least 14 characters long. Use the company password manager, "
    "1Password, to generate and store them.\n"
    "- Multi-factor authentication is mandatory on every company system. Administrators must "
    "use a hardware security key.\n"
    "- Passwords are not changed on a schedule; change a password at once if you think it has "
    "been exposed, and tell security.\n"
    "- Lock your screen whenever you leave your device; screens lock automatically after 5 "
    "minutes.\n",
)
NIGHTS = (
    "Night Shifts and Lone Working",
    "# Night Shifts and Lone Working\n\n"
    "Night auditors and night porters may be the only staff awake in the hotel.\n\n"
    "- The night auditor calls the on-call duty manager at 01:00 and 04:00 to confirm all is "
    "well. If the call does not come, the duty manager rings the hotel and, if there is no "
    "answer, calls the police.\n"
    "- A panic button under the reception desk alerts the security company.\n"
    "- Do not open the front door to anyone who is not a resident after 00:00 without checking "
    "their booking.\n",
)
ANNUAL = (
    "Annual Leave",
    "# Annual Leave\n\nEveryone gets 25 days of annual leave a year plus public holidays.\n\n"
    "Book leave in the HR system at least 2 weeks ahead.\n",
)
DOCS = {"p": PASSWORDS, "n": NIGHTS, "a": ANNUAL}


def _ranked(*scores: float, docs: str = "", rows: str = "") -> list[Any]:
    return [
        SimpleNamespace(
            rank=s,
            name=i,
            doc=SimpleNamespace(doc_id=docs[i] if docs else "d"),
            header=object() if rows and rows[i] == "r" else None,
        )
        for i, s in enumerate(scores)
    ]


def test_a_line_of_its_document_tied_with_the_last_of_the_pool_joins_it() -> None:
    topic_pool, tie = extractive.topic_pool, extractive.TOPIC_TIE
    assert extractive.TOPIC_POOL == 3
    ranked = _ranked(6.0, 4.9, 4.72, 4.72 - tie / 2, 4.72 - 2 * tie, 3.0)
    assert [c.name for c in topic_pool(cast(Any, ranked))] == [0, 1, 2, 3]
    # no tie: the top three alone, as before
    ranked = _ranked(6.0, 4.9, 4.72, 4.5, 4.4)
    assert [c.name for c in topic_pool(cast(Any, ranked))] == [0, 1, 2]
    assert [c.name for c in topic_pool(cast(Any, _ranked(2.0, 1.0)))] == [0, 1]
    # a tied line of another document than the last of the pool ties by chance: left out
    ranked = _ranked(6.0, 4.9, 4.72, 4.72 - tie / 2, 4.72 - tie / 2, docs="aabba")
    assert [c.name for c in topic_pool(cast(Any, ranked))] == [0, 1, 2, 3]
    # nor does a tied table row: rows are told apart by their key, not by meaning
    ranked = _ranked(6.0, 4.9, 4.72, 4.72 - tie / 2, 4.72 - tie / 2, rows="rrrrl")
    assert [c.name for c in topic_pool(cast(Any, ranked))] == [0, 1, 2, 4]


@pytest.fixture(scope="module")
def answerer() -> ExtractiveAnswerer:
    embed = pytest.importorskip("wikiqa.store.embed")
    try:
        emb = embed.default_embedder()
        emb.embed(["probe"])
    except Exception as exc:  # pragma: no cover - model not installed
        pytest.skip(f"bundled embedder unavailable: {exc}")
    return ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)


async def _quotes(answerer: ExtractiveAnswerer, question: str) -> list[str] | None:
    draft = await answerer.answer(Question(text=question), TermSource(DOCS))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


async def test_the_tied_list_item_that_means_the_ask_answers(answerer: ExtractiveAnswerer) -> None:
    # the policy's lines score 4.67-4.72 by their words; cut at three, the length line got
    # no meaning bonus and "Use the company password manager" ranked first (refused at 0.21)
    quotes = await _quotes(
        answerer, "IT says I need a new password. Whats the minimum length it has to be?"
    )
    assert quotes == ["- Passwords must be at least 14 characters long."]
