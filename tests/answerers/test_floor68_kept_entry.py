"""A record of a contacts list kept one per place, named by the place the question gives
(answerers/kept_entry.py, floor68): "I work in the South. Who's my HR person?" over "HR
business partner, South district: Tariq Mahmood, ..." beside the North's, the island's and the
head office's records answers with the South's record a little under the floor. Must stay
refused: a place no record keys, a role no record holds, two places named, a yes/no question,
and a list of only two records."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import kept_entry
from wikiqa.answerers.kept_entry import kept_record
from wikiqa.types import Answer, Principal, Refusal

CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head>\n<body>\n"
    "<h1>HR Contacts</h1>\n"
    "<p>Talk to your duty manager or centre manager first. Each district has an HR business "
    "partner for sickness, discipline, grievances, flexible working and family leave.</p>\n"
    "<dl>\n"
    "<dt>HR business partner, North district</dt>\n"
    "<dd>Joanne Whitlock, 01632 960 410, based at Wrenbury House</dd>\n"
    "<dt>HR business partner, South district</dt>\n"
    "<dd>Tariq Mahmood, 01632 960 420, based at Halston Leisure Centre</dd>\n"
    "<dt>HR business partner, Skerrin Island</dt>\n"
    "<dd>Morag Kinnear, 01632 960 430, based at Skerrin Leisure Centre</dd>\n"
    "<dt>HR business partner, sports development and Wrenbury House</dt>\n"
    "<dd>Helen Ashworth, 01632 960 440, based at Wrenbury House</dd>\n"
    "<dt>Payroll Helpdesk</dt>\n"
    "<dd>01632 960 450, Monday to Friday 09:00 to 16:30, payroll@trust.example</dd>\n"
    "<dt>Occupational health</dt>\n"
    "<dd>Calderbrook Occupational Health, 01632 960 495; referrals come from your manager</dd>\n"
    "</dl>\n"
    "<p>Head office: Wrenbury House, 14 Mill Lane, Kettleby KT4 2RS.</p>\n"
    "</body>\n</html>\n"
)
FILES = {
    "hr-contacts.html": CONTACTS,
    "annual-leave.md": (
        "# Annual Leave\n\nFull-time colleagues get 28 days a year including bank holidays. "
        "Book leave on the ShiftHub app at least 4 weeks ahead.\n"
    ),
    "uniform.md": (
        "# Uniform\n\nUniform is free. You get 3 tops when you start and 3 more each April.\n"
    ),
}
LINE = "HR business partner, South district: Tariq Mahmood, 01632 960 420, based at Halston"
TEXT = CONTACTS.replace("<dt>", "").replace("</dt>\n<dd>", ": ").replace("</dd>", "")
STAFF = Principal(user_id="u-1", roles=["gym_instructor"])


def _said(result: Answer | Refusal) -> str:
    assert isinstance(result, Answer), result
    return " ".join(c.quote for c in result.citations)


async def test_the_place_told_names_its_record(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as("I work in the South. Who's my HR person?", src, STAFF)
    assert "Tariq Mahmood" in _said(result)
    assert "Joanne Whitlock" not in _said(result)


async def test_switched_off_the_record_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept_entry, "KEPT_ENTRY", False)
    src = own_source(tmp_path, FILES)
    result = await ask_as("I work in the South. Who's my HR person?", src, STAFF)
    assert isinstance(result, Refusal)


async def test_a_place_no_record_keys_is_refused(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as("I work in the East. Who's my HR person?", src, STAFF)
    assert isinstance(result, Refusal)


def test_the_record_is_named_by_its_own_place_and_its_holder() -> None:
    q = "I work in the South. Who's my HR person?"
    assert kept_record(q, LINE, TEXT)
    # another record's line is not the one named
    north = "HR business partner, North district: Joanne Whitlock, 01632 960 410"
    assert not kept_record(q, north, TEXT)
    # a number asked is the record's number
    assert kept_record("I work in the South. What's my HR person's phone number?", LINE, TEXT)


def test_what_the_record_does_not_answer() -> None:
    # a role no record holds
    assert not kept_record("I work in the South. Who's my safety adviser?", LINE, TEXT)
    # two places named: no one record
    assert not kept_record("I'm in the South and the North. Who's my HR person?", LINE, TEXT)
    # a yes/no question asks whether, not who
    assert not kept_record("I work in the South. Is my HR person Tariq?", LINE, TEXT)
    # something else asked of the record
    assert not kept_record("I work in the South. What does my HR person deal with?", LINE, TEXT)


def test_two_records_are_no_list_kept_per_place() -> None:
    two = "\n".join(
        line for line in TEXT.splitlines() if "Skerrin" not in line and "sports" not in line
    )
    assert not kept_record("I work in the South. Who's my HR person?", LINE, two)
