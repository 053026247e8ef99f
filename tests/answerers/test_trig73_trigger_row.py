"""A threshold question answered by the row of a trigger table counting the kind it counts,
under a lead-in that says the question's outcome (trigger_row, trig73): "At how many days off
sick in a year does someone hit an absence review?" by "| 8 working days' absence in 12 months
| first review meeting |" under "A formal absence review is held when a colleague reaches any
of these triggers in a rolling 12 months:". Must stay refused: the same table asked about
something its lead-in does not say, a stage no row of the kind says, the reading switched off,
and a document the asker may not read."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import trigger_row
from wikiqa.answerers.trigger_row import counted_kind
from wikiqa.types import Answer, Principal, Refusal

FILES = {
    "absence-triggers.md": (
        "---\ntitle: Absence Triggers (managers only)\naccess_scope: role\n"
        "allowed_roles: [manager]\n---\n# Absence Triggers (managers only)\n\n"
        "A formal absence review is held when a colleague reaches any of these triggers in a "
        "rolling 12 months:\n\n"
        "| Trigger | Action |\n|---|---|\n"
        "| 4 separate absences in 12 months | first review meeting |\n"
        "| 9 working days' absence in 12 months | first review meeting |\n"
        "| Any further absence within 6 months of a first review | second review meeting |\n\n"
        "Speak to HR before a second review meeting.\n"
    ),
    "sickness.md": (
        "---\ntitle: Sickness Absence\n---\n# Sickness Absence\n\n"
        "Ring your supervisor before your shift starts if you are ill.\n\n"
        "Keep in touch with your supervisor while you are away.\n"
    ),
}
MANAGER = Principal(user_id="m-1", roles=["manager"], departments=[])
STAFF = Principal(user_id="s-1", roles=["staff"], departments=[])


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


@pytest.mark.parametrize(
    ("question", "row"),
    [
        ("At how many days off sick in a year does someone hit an absence review?", "9 working"),
        ("How many times can someone in my team be off before a formal review?", "4 separate"),
    ],
)
async def test_the_row_of_the_kind_counted_answers(tmp_path: Path, question: str, row: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), MANAGER)
    assert isinstance(result, Answer)
    assert row in _said(result)
    assert "| Trigger | Action |" in _said(result)


async def test_switched_off_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trigger_row, "TRIGGER_ROW", False)
    question = "At how many days off sick in a year does someone hit an absence review?"
    result = await ask_as(question, own_source(tmp_path, FILES), MANAGER)
    assert not ("9 working" in _said(result) and isinstance(result, Answer))


async def test_another_readers_table_stays_refused(tmp_path: Path) -> None:
    question = "How many times can I be off sick before I get called into a formal review?"
    result = await ask_as(question, own_source(tmp_path, FILES), STAFF)
    assert "separate absences" not in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        # something the lead-in does not say (an absence review's triggers)
        "At how many days off sick is someone referred to occupational health?",
        # the kind asked is counted by no row
        "How many weeks off sick before a colleague reaches a formal review?",
    ],
)
async def test_what_the_lead_in_does_not_say_is_not_answered(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), MANAGER)
    assert "9 working" not in _said(result)
    assert "4 separate" not in _said(result)


def test_the_kind_counted() -> None:
    assert counted_kind("How many days off sick before a review?") is not None
    assert counted_kind("I've been off three times. At what point does a review start?")
    assert counted_kind("How many days holiday do I get?") is None  # no threshold
    assert counted_kind("How many times and how many days before a review?") is None
