"""A value asked of the asker's own record: the private document is no other engagement's
guide (neighbours.may_answer), and its first line, saying the asked kind of value and every
word asked, answers under the floor (own_record.py). Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import extractive, own_change
from wikiqa.answerers.neighbours import may_answer
from wikiqa.answerers.own_record import asked_words
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

HANDBOOK = (
    "---\ntitle: Apprentice Handbook\n---\n# Apprentice Handbook\n\n"
    "## College\n\n"
    "We pay your bus or train fare to college, or 45 pence a mile if you drive.\n\n"
    "## Leave\n\n"
    "Apprentices get 28 days of annual leave plus 8 public holidays.\n"
)
PAY = (
    "---\ntitle: Pay Dates\n---\n# Pay Dates\n\n"
    "You are paid monthly by bank transfer, normally on the 25th.\n\n"
    "When the 25th falls at a weekend, you are paid on the working day before.\n"
)
AGREEMENT = (
    "---\ntitle: 'Apprenticeship Agreement: Jo Quinn'\naccess_scope: private\n"
    "owner_user_id: u-4401\n---\n# Apprenticeship Agreement: Jo Quinn\n\n"
    "This agreement covers your Level 3 Plumbing apprenticeship, from 7 September 2026.\n\n"
    "- Your training provider is Tamesbridge College.\n"
    "- You attend college every Thursday in term time, which is paid working time.\n"
    "- Your end-point assessment is planned for June 2029.\n"
)
QUINN = Principal(user_id="u-4401", roles=["apprentice"], departments=["plumbing"])
OTHER = Principal(user_id="u-4499", roles=["apprentice"], departments=["plumbing"])
FILES = {
    "handbook.md": HANDBOOK,
    "pay.md": PAY,
    "private/apprenticeship-agreement-quinn.md": AGREEMENT,
}


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(tmp_path, FILES)


def test_the_words_asked_besides_the_kind() -> None:
    assert asked_words("Which day am I at college?") == {"colleg"}
    assert asked_words("what day is my college day") == {"colleg"}
    assert asked_words("What time does it start?") == {"start"}


def test_the_askers_own_record_is_no_guide_for_others() -> None:
    hits = [
        Hit(source="m", doc_id="h", title="Apprentice Handbook"),
        Hit(source="m", doc_id="p", title="Apprenticeship Agreement: Jo Quinn"),
    ]
    mine = Document(source="m", doc_id="p", title=hits[1].title, text="", owner_user_id="u-4401")
    docs = {"p": mine}
    question = "Which day am I at college?"
    # "Apprenticeship" names a kind of engagement the asker's role ("apprentice") does not
    assert [h.doc_id for h in may_answer(hits, question, QUINN)] == ["h"]
    assert [h.doc_id for h in may_answer(hits, question, QUINN, docs)] == ["h", "p"]
    # another reader's copy of the title is still a guide for others
    assert [h.doc_id for h in may_answer(hits, question, OTHER, docs)] == ["h"]


async def _said(question: str, source: CollectionSource, who: Principal) -> str | None:
    result = await ask_as(question, source, who)
    return result.text if isinstance(result, Answer) else None


async def test_the_day_asked_of_my_record_is_answered(source: CollectionSource) -> None:
    said = await _said("Which day am I at college?", source, QUINN)
    assert said is not None and "every Thursday" in said, said


async def test_without_the_readings_the_day_is_refused(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "own_value", lambda e: False)
    # own_change.py (own75) reads the asker's own line for the day asked too
    monkeypatch.setattr(own_change, "OWN_CHANGE", False)
    said = await _said("Which day am I at college?", source, QUINN)
    assert said is None or "Thursday" not in said


async def test_what_the_record_does_not_say_stays_refused(source: CollectionSource) -> None:
    # the record names no day for the assessment nor for payday, and another apprentice
    # never sees it
    for question, who in (
        ("Which day is my end-point assessment?", QUINN),
        ("Which day do I get my pay?", QUINN),
        ("Which day am I at college?", OTHER),
    ):
        result = await ask_as(question, source, who)
        assert isinstance(result, Refusal) or "Thursday" not in result.text, question
