"""A holder the asker's own documents name, reached through the holder's record (line72):
the agency guide names the agency only in its opening line, and the contacts record keyed by
the agency says the matter asked ("Who do I ring about my timesheet or my pay?",
guide_contact's GUIDE_BY_RECORD); the asker's phased-return plan names who assessed them,
and the contacts record gives that name's number ("What's the phone number for the people
who assessed me before I came back?", own_hop.own_contact). Must stay refused: another
kind of asker, a matter the record does not say, an asker with no plan."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import guide_contact, own_hop
from wikiqa.types import Answer, Principal, Refusal

CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head>\n<body>\n"
    "<h1>HR Contacts</h1>\n<p>Talk to your duty manager first.</p>\n<dl>\n"
    "<dt>HR business partner, Pennine venues</dt>\n<dd>Joanne Marsh, 01422 870 210, based at "
    "Wrayburn House</dd>\n<dt>Gateway Event Security, Ashbury branch</dt>\n<dd>0161 555 0187, "
    "for agency security stewards: timekeeping and shifts</dd>\n<dt>Occupational "
    "health</dt>\n<dd>Brightwell Occupational Health, 01422 870 295; referrals come from your "
    "manager</dd>\n</dl>\n</body></html>\n"
)
FILES = {
    "hr-contacts.html": CONTACTS,
    "agency-guide.md": (
        "---\ntitle: Agency Security Stewards' Guide\n---\n# Agency Security Stewards' Guide\n\n"
        "This guide is for security stewards supplied to our venues by Gateway Event Security. "
        "You are employed by the agency, not by Wrayburn Theatres.\n\n"
        "- Wear your SIA licence where it can be seen at all times on duty.\n"
        "- Your timesheet is signed by the duty manager at the end of each shift and sent to "
        "the agency.\n- Agency stewards do not handle cash or tickets.\n"
    ),
    "private/phased-return-okafor.md": (
        "---\ntitle: 'Phased Return Plan: Grace Okafor'\naccess_scope: private\nowner_user_id: "
        "u-3003\n---\n# Phased Return Plan: Grace Okafor\n\nAgreed with Grace Okafor, wardrobe "
        "assistant, after her assessment by Brightwell Occupational Health.\n\n"
        "- The return starts on Monday 9 November 2026.\n- You are paid your normal pay "
        "throughout the phased return.\n"
    ),
    "hours.md": (
        "---\ntitle: Recording Your Hours\n---\n# Recording Your Hours\n\n- Employed staff "
        "record their hours on the rota app by Monday noon.\n- Payslips are on the rota app "
        "on the last Friday of the month.\n"
    ),
    "sickness.md": (
        "---\ntitle: Sickness Absence\n---\n# Sickness Absence\n\nPhone the duty manager at your "
        "venue at least 3 hours before your call. When you come back you have a return to work "
        "chat with your manager on your first day back.\n"
    ),
}
AGENCY = Principal(user_id="u-7", roles=["agency"])
USHER = Principal(user_id="u-8", roles=["staff"], departments=["front_of_house"])
GRACE = Principal(user_id="u-3003", roles=["staff"], departments=["wardrobe"])
TIMESHEET = "Who do I ring about my timesheet?"
ASSESSED = "What's the phone number for the people who assessed me before I came back?"


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


async def test_the_agency_the_guide_names_by_its_record(tmp_path: Path) -> None:
    result = await ask_as(TIMESHEET, own_source(tmp_path, FILES), AGENCY)
    assert "0161 555 0187" in _said(result)


async def test_guide_by_record_switched_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guide_contact, "GUIDE_BY_RECORD", False)
    result = await ask_as(TIMESHEET, own_source(tmp_path, FILES), AGENCY)
    assert "0161 555 0187" not in _said(result)


@pytest.mark.parametrize(
    ("question", "who"),
    [
        (TIMESHEET, USHER),  # no guide is the usher's
        ("Who do I ring about my SIA licence renewal?", AGENCY),  # the record says no licence
    ],
)
async def test_the_agency_record_stays_unread(
    tmp_path: Path, question: str, who: Principal
) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), who)
    assert "0161 555 0187" not in _said(result)


async def test_who_assessed_me_by_the_plan_and_the_record(tmp_path: Path) -> None:
    result = await ask_as(ASSESSED, own_source(tmp_path, FILES), GRACE)
    assert "01422 870 295" in _said(result)


async def test_own_contact_switched_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(own_hop, "OWN_CONTACT", False)
    result = await ask_as(ASSESSED, own_source(tmp_path, FILES), GRACE)
    assert "01422 870 295" not in _said(result)


@pytest.mark.parametrize(
    ("question", "who"),
    [
        (ASSESSED, USHER),  # no plan of the usher's
        ("What's the email address for the people who assessed me before I came back?", GRACE),
        ("What's the fax number for the people who assessed me before I came back?", GRACE),
    ],
)
async def test_no_plan_or_no_such_contact_stays_refused(
    tmp_path: Path, question: str, who: Principal
) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), who)
    assert "01422 870 295" not in _said(result)
