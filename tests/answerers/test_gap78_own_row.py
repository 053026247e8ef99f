"""The asker's own record's row keyed by the ordinal the question tells (gap78: own_row.py).

"What am I working in my second week back?" asked by the housekeeper whose phased return
plan has "| Week 2 | 3 shifts of 5 hours |": the question says none of the row's words but the
week, so a general page's line answered instead. Only the plan's owner meets the plan.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import own_row as own_row_module
from wikiqa.answerers.own_row import told_ordinal
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

PLAN = (
    '---\ntitle: "Phased Return Plan: Grace Mwangi"\naccess_scope: private\n'
    "owner_user_id: u-7801\n---\n# Phased Return Plan: Grace Mwangi\n\n"
    "Agreed on 25 November 2026 with occupational health after Grace's knee operation. Grace"
    " returns as a housekeeping assistant on Monday 11 January 2027.\n\n"
    "| Week | Hours |\n|---|---|\n| Week 1 | 3 shifts of 3 hours |\n"
    "| Week 2 | 3 shifts of 5 hours |\n| Week 3 | 4 shifts of 5 hours |\n"
    "| Week 4 | normal hours |\n\n"
    "- Grace is paid her normal pay for the whole phased return.\n"
)
FLEXIBLE = (
    '---\ntitle: "Flexible Working"\naccess_scope: public\n---\n# Flexible Working\n\n'
    "Anyone can ask for flexible working from their first day.\n\n"
    "Patterns we often agree: compressed weeks, school-hours contracts and weekday-only"
    " shifts outside the school holidays.\n"
)
SICKNESS = (
    '---\ntitle: "Sickness Absence"\naccess_scope: public\n---\n# Sickness Absence\n\n'
    "Your line manager holds a return to work talk with you after any absence.\n\n"
    "After 3 weeks off or more we may refer you to occupational health, and a phased return"
    " may be agreed.\n"
)
APPRENTICE = (
    '---\ntitle: "Apprentice Handbook"\naccess_scope: public\n---\n# Apprentice Handbook\n\n'
    "| Year | Hourly rate |\n|---|---|\n| Year 1 | £7.55 |\n| Year 2 | £10.30 |\n"
)
GRACE = Principal(user_id="u-7801", roles=["housekeeping_assistant"], departments=["parks"])
OTHER = Principal(user_id="u-7802", roles=["housekeeping_assistant"], departments=["parks"])

SECOND_WEEK = "What am I working in my second week back?"


def _source(tmp_path: Path, withheld: bool = False) -> CollectionSource:
    files = {"flexible.md": FLEXIBLE, "sickness.md": SICKNESS, "apprentice.md": APPRENTICE}
    if not withheld:
        files |= {"private/phased-return-mwangi.md": PLAN}
    return own_source(tmp_path, files)


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return _source(tmp_path)


def test_the_ordinal_told() -> None:
    assert told_ordinal(SECOND_WEEK) == ("week", 2)
    assert told_ordinal("What's my plan for the third week?") == ("week", 3)
    assert told_ordinal("What am I working next week?") is None
    # two ordinals name no one row
    assert told_ordinal("What do I work in the first and second weeks?") is None


async def test_the_owner_is_answered_from_their_plans_row(source: CollectionSource) -> None:
    result = await ask_as(SECOND_WEEK, source, GRACE)
    assert isinstance(result, Answer)
    assert "3 shifts of 5 hours" in result.text
    assert "3 shifts of 3 hours" not in result.text
    assert "private/phased-return-mwangi.md" in {c.doc_id for c in result.citations}
    await source.aclose()


async def test_another_reader_never_sees_the_plan(source: CollectionSource) -> None:
    for question in (SECOND_WEEK, "What is Grace working in her second week back?"):
        result = await ask_as(question, source, OTHER)
        cited = {c.doc_id for c in getattr(result, "citations", [])}
        assert not {d for d in cited if d.startswith("private/")}, question
        assert "3 shifts of 5 hours" not in getattr(result, "text", "")
    await source.aclose()


async def test_withheld_the_plan_is_not_answered_from_it(tmp_path: Path) -> None:
    source = _source(tmp_path, withheld=True)
    result = await ask_as(SECOND_WEEK, source, GRACE)
    assert "shifts of" not in getattr(result, "text", "")
    await source.aclose()


async def test_must_refuse_neighbours_of_the_owner(source: CollectionSource) -> None:
    asked = [
        # a week the plan has no row for
        "What am I working in my sixth week back?",
        # a yes/no question: the row's value does not rule on it
        "Can I kneel to clean showers in my second week back?",
        # someone else's week, in no person of the asker's
        "What is Erik working in his second week back?",
    ]
    for question in asked:
        result = await ask_as(question, source, GRACE)
        assert "3 shifts of 5 hours" not in getattr(result, "text", ""), question
    await source.aclose()


async def test_switched_off_the_row_is_not_read(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(own_row_module, "OWN_ROW", False)
    result = await ask_as(SECOND_WEEK, source, GRACE)
    assert "3 shifts of 5 hours" not in getattr(result, "text", "")
    await source.aclose()
