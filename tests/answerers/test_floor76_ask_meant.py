"""The first line of the first page says the question's whole main ask, its subordinate
clause's case set aside (ask_meant.py, floor76): "How long can I self-certify before I need a
note from the doctor?" by "For absences of up to 7 calendar days you fill in a
self-certificate ...", and a reported question asked for ("A mum asked when the parent and
baby screenings are. What do I tell her?"). Must stay refused: a clause whose case the page
never names, a thing the line never says, a particular said only by a broader word, a page
the asker may not read, the document withheld, a topic no document covers, and the reading
switched off. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import ask_meant
from wikiqa.answerers.ask_meant import main_ask
from wikiqa.types import Answer, Principal, Refusal

SICKNESS = (
    "---\ntitle: Sickness Absence\n{scope}---\n# Sickness Absence\n\n## Telling us\n\n"
    "Phone the Cover Line at least 2 hours before your shift starts on your first day off.\n\n"
    "For absences of up to 7 calendar days you fill in a self-certificate in the StaffRoom "
    "app. From the eighth day you need a fit note from your doctor.\n\n"
    "## Sick pay\n\nCompany sick pay is paid from the first day for colleagues with a year's "
    "service.\n"
)
HOURS = (
    "---\ntitle: Opening Hours\n---\n# Opening Hours\n\n"
    "Our cinemas open 30 minutes before the first film.\n\n## Matinees\n\n"
    "Parent and baby screenings are on Tuesdays at 10:30 and seniors' matinees on Wednesdays "
    "at 11:00, at every multiplex.\n\n"
    "Lantern House is open Monday to Friday.\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\n---\n# Annual Leave\n\n"
    "Book annual leave through the StaffRoom app at least 2 weeks ahead.\n\n"
    "You may carry up to 5 days into the next holiday year.\n"
)
STAFF = Principal(user_id="s-1", roles=["staff"], departments=[])
CERTIFY = "How long can I self-certify before I need a note from the doctor?"
MUM = "A mum asked when the parent and baby screenings are. What do I tell her?"


def _files(scope: str = "") -> dict[str, str]:
    return {
        "sickness.md": SICKNESS.format(scope=scope),
        "hours.md": HOURS,
        "leave.md": LEAVE,
    }


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def test_the_main_ask() -> None:
    assert main_ask(CERTIFY) == (
        "How long can I self-certify",
        "before I need a note from the doctor?",
    )
    assert main_ask(MUM) == ("when the parent and baby screenings are", "")
    assert main_ask("If I leave, do I pay the course back?")[0] == "do I pay the course back?"
    assert main_ask("What is the notice period?") == ("What is the notice period?", "")


@pytest.mark.parametrize(
    ("question", "line"),
    [
        (CERTIFY, "up to 7 calendar days"),
        (MUM, "Tuesdays at 10:30"),
    ],
)
async def test_the_line_saying_the_main_ask_answers(
    tmp_path: Path, question: str, line: str
) -> None:
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert isinstance(result, Answer), question
    assert line in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        # the clause's case (a meeting) is one the page never names
        "How many days can I self-certify before I get called into an absence review?",
        # a thing no line says
        "How long can I self-certify before I need a note from the doctor in Gibraltar?",
        "Is there a cycle to work scheme I can join before the summer?",
        "A mum asked when the autism-friendly screenings are. What do I tell her?",
    ],
)
async def test_a_case_or_thing_the_page_does_not_say_is_not_answered_by_it(
    tmp_path: Path, question: str
) -> None:
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert "self-certificate" not in _said(result) and "Tuesdays" not in _said(result)


async def test_a_page_the_asker_may_not_read_never_answers(tmp_path: Path) -> None:
    files = _files("access_scope: role\nallowed_roles: [manager]\n")
    result = await ask_as(CERTIFY, own_source(tmp_path, files), STAFF)
    assert "self-certificate" not in _said(result)


async def test_withheld_it_is_refused(tmp_path: Path) -> None:
    files = {k: v for k, v in _files().items() if k != "sickness.md"}
    result = await ask_as(CERTIFY, own_source(tmp_path, files), STAFF)
    assert isinstance(result, Refusal)


async def test_switched_off_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ask_meant, "ASK_MEANT", False)
    result = await ask_as(CERTIFY, own_source(tmp_path, _files()), STAFF)
    assert "self-certificate" not in _said(result)
