"""A threshold asked by the meeting it brings on ("How many days off sick can I have before
they call me in for an absence review?") is answered only by a line that names a meeting;
the public page's count for another matter (self-certification days, an occupational health
referral) does not answer it (called_in, refuse75). Must still answer: the managers' trigger
line for a manager, who may read it, and the neighbouring question the public line does
answer ("before I need a note from the doctor")."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import called_in
from wikiqa.answerers.called_in import asked_meeting, meeting_unnamed
from wikiqa.types import Answer, Draft, DraftClaim, DraftQuote, Principal, Refusal

SICKNESS = (
    "---\ntitle: Sickness Absence\naccess_scope: public\n---\n# Sickness Absence\n\n"
    "Phone the Crew Line before 08:00 on your first day off sick.\n\n"
    "For absences of up to 7 calendar days you fill in a self-certificate in the crew app.\n\n"
    "From the 8th calendar day you need a fit note from your doctor.\n\n"
    "If you have been off for 4 weeks or more, your manager may refer you to occupational "
    "health.\n"
)
TRIGGERS = (
    "---\ntitle: Absence Triggers (managers only)\naccess_scope: role\n"
    "allowed_roles: [manager]\n---\n# Absence Triggers (managers only)\n\n"
    "A Stage 1 absence review is held when a colleague has 4 separate absences, or 10 days "
    "off sick, in 12 months.\n"
)
STAFF = Principal(user_id="s-1", roles=["staff"], departments=[])
MANAGER = Principal(user_id="m-1", roles=["manager"], departments=[])
ASKED = "How many days off sick can I have before they call me in for an absence review?"


def _files() -> dict[str, str]:
    return {"sickness.md": SICKNESS, "triggers.md": TRIGGERS}


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def _draft(line: str) -> Draft:
    return Draft(claims=[DraftClaim(text=line, quotes=[DraftQuote(doc_id="d", quote=line)])])


def test_the_meeting_asked() -> None:
    assert asked_meeting(ASKED) == frozenset({"review"})
    assert asked_meeting("how many sick days before I'm called into a formal meeting?")
    assert asked_meeting("How many times can I be off sick before I'm called to a stage 1?")
    assert not asked_meeting("How many days can I be off ill before I need a note from the doctor?")
    assert not asked_meeting("How long does an absence review last?")  # no threshold asked


def test_a_line_naming_no_meeting_does_not_answer() -> None:
    assert meeting_unnamed(ASKED, _draft("For absences of up to 7 days you self-certify."))
    assert not meeting_unnamed(ASKED, _draft("A Stage 1 absence review is held after 4 absences."))
    assert not meeting_unnamed(ASKED, Draft(refusal="insufficient_evidence", reason="x"))


async def test_the_staff_reader_is_refused(tmp_path: Path) -> None:
    result = await ask_as(ASKED, own_source(tmp_path, _files()), STAFF)
    assert isinstance(result, Refusal)
    assert "self-certificate" not in _said(result)


async def test_the_manager_reads_the_trigger(tmp_path: Path) -> None:
    result = await ask_as(ASKED, own_source(tmp_path, _files()), MANAGER)
    assert isinstance(result, Answer)
    assert "Stage 1 absence review" in _said(result)


async def test_the_neighbouring_count_still_answers(tmp_path: Path) -> None:
    question = "How many calendar days off sick before I need a fit note from my doctor?"
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert isinstance(result, Answer)
    assert "fit note" in _said(result)


def test_switched_off_nothing_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(called_in, "CALLED_IN", False)
    assert not meeting_unnamed(ASKED, _draft("For absences of up to 7 days you self-certify."))
