"""The first page's line stating a value of the kind asked, nearest the ask in meaning
(kind_meant.py, floor77): "What's the longest my working day can be, counting the loading?"
by "... your duty day, including loading, is limited to 12 hours."; "If the company pays for my
course and then I leave, do I owe anything?" by the repayment line ranked under the page's
opening line. Must stay refused: a question asking no kind of value, a topic no document
covers, a page the asker may not read, the document withheld, a question asked in no person,
and the reading switched off. Small documents written here, indexed with the bundled
embedder and searched hybrid, as the batteries are."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import embedded_source

from wikiqa.answerers import kind_meant
from wikiqa.answerers.kind_meant import asked_kind, states_kind
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Principal, Refusal

DRIVING = (
    "---\ntitle: Drivers' Hours and Van Checks\n{scope}---\n# Drivers' Hours and Van Checks\n\n"
    "This page is for our van drivers at the depot.\n\n"
    "- You may drive no more than 10 hours in a day, and your duty day, including loading, "
    "is limited to 12 hours.\n"
    "- The refrigerated vans must show 5°C or below before loading; record the reading on "
    "the delivery sheet.\n"
    "- Do a walk-round check of your van before the first drop of the day.\n"
)
TRAINING = (
    "---\ntitle: Training and Qualifications\n---\n# Training and Qualifications\n\n"
    "The company pays for qualifications that help you in your job or the next one.\n\n"
    "- Ask the training coordinator before you sign up.\n"
    "- If you leave within 12 months of finishing a course that cost more than £500, you "
    "pay back half the cost.\n"
    "- Study leave is agreed with your manager.\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\n---\n# Annual Leave\n\n"
    "Book annual leave through the StaffRoom app at least 2 weeks ahead.\n\n"
    "You may carry up to 5 days into the next holiday year.\n"
)
APPRENTICES = (
    "---\ntitle: Apprentice Handbook\n---\n# Apprentice Handbook\n\n"
    "Each apprentice has a mentor at their club, and reviews with the Apprenticeship "
    "Coordinator every 12 weeks.\n\nApprentices go to college one day a week.\n"
)
MATCH = (
    "---\ntitle: Match Funding\n---\n# Match Funding\n\n"
    "The company adds £1 for every £1 you raise for charity, up to £250 per person each year.\n"
)
STAFF = Principal(user_id="s-1", roles=["staff"], departments=[])
LONGEST = "What's the longest my working day can be, counting the loading?"
OWE = "If the company pays for my course and then I leave, do I owe anything?"


def _files(scope: str = "") -> dict[str, str]:
    return {
        "driving.md": DRIVING.format(scope=scope),
        "training.md": TRAINING,
        "leave.md": LEAVE,
        "apprentices.md": APPRENTICES,
        "match.md": MATCH,
    }


async def _ask(question: str, source: CollectionSource) -> Answer | Refusal:
    answerer = extractive_answerer(Settings())
    return await ask_async(
        question, source, settings=Settings(), answerer=answerer, principal=STAFF
    )


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def test_the_kind_asked() -> None:
    assert asked_kind("What's the longest my working day can be?") is not None
    assert asked_kind("Is there a charge?") is not None
    assert asked_kind("do I owe anything?") is not None
    assert asked_kind("How often does someone come round?") is not None
    assert asked_kind("Can I challenge it?") is None
    assert asked_kind("What ID can I show?") is None


@pytest.mark.parametrize(
    ("question", "line"),
    [
        (LONGEST, "limited to 12 hours"),
        (OWE, "pay back half the cost"),
    ],
)
async def test_the_line_of_the_kind_asked_answers(
    tmp_path: Path, emb: OnnxEmbedder, question: str, line: str
) -> None:
    result = await _ask(question, embedded_source(tmp_path, _files(), emb))
    assert isinstance(result, Answer), question
    assert line in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        # no kind of value asked
        "Can I listen to the radio while I'm loading my van?",
        # a topic no document covers
        "How much does the company give towards my gym membership?",
        "How often do we get a free staff party at the depot?",
    ],
)
async def test_a_kind_or_topic_the_page_does_not_say_is_not_answered(
    tmp_path: Path, emb: OnnxEmbedder, question: str
) -> None:
    result = await _ask(question, embedded_source(tmp_path, _files(), emb))
    said = _said(result)
    assert "12 hours" not in said and "half the cost" not in said, question


@pytest.mark.parametrize(
    ("question", "value"),
    [
        # the value's own clause says another matter than the thing asked (the mentor)
        ("How often does my mentor sit down with me?", "12 weeks"),
        # a thing the asker calls their own (a pension) the page never says
        ("If I put 5% into my pension, how much does the company add?", "£250"),
    ],
)
async def test_another_clause_or_the_askers_own_thing_unsaid_is_not_answered(
    tmp_path: Path, emb: OnnxEmbedder, question: str, value: str
) -> None:
    result = await _ask(question, embedded_source(tmp_path, _files(), emb))
    assert value not in _said(result), question


async def test_a_page_the_asker_may_not_read_never_answers(
    tmp_path: Path, emb: OnnxEmbedder
) -> None:
    files = _files("access_scope: role\nallowed_roles: [manager]\n")
    result = await _ask(LONGEST, embedded_source(tmp_path, files, emb))
    assert "12 hours" not in _said(result)


async def test_withheld_it_is_refused(tmp_path: Path, emb: OnnxEmbedder) -> None:
    files = {k: v for k, v in _files().items() if k != "driving.md"}
    result = await _ask(LONGEST, embedded_source(tmp_path, files, emb))
    assert isinstance(result, Refusal)


async def test_switched_off_it_is_refused(
    tmp_path: Path, emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kind_meant, "KIND_MEANT", False)
    result = await _ask(LONGEST, embedded_source(tmp_path, _files(), emb))
    assert "12 hours" not in _said(result)


def test_a_rate_is_no_stretch_of_time() -> None:
    duration = kind_meant.VALUE_KINDS["duration"]
    assert not states_kind(duration, "Staff can work from home for up to 2 days a week.")
    assert not states_kind(duration, "Cashiers take 20 minutes per shift for a break.")
    assert states_kind(duration, "Your duty day, including loading, is limited to 12 hours.")
    assert states_kind(duration, "Up to 2 days a week, for no more than 6 months.")
