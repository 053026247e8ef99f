"""The asker's own guide names who handles the matter asked; the record keyed by that name
gives the contact (hop71, guide_contact.py).

"Who do I phone about a problem with my timesheet?", asked by an agency port operative: the
Agency Port Operatives' Guide says "Timesheets, pay, holiday and sickness are all handled by
Harbourline Recruitment.", and HR Contacts records "Harbourline Recruitment, Portcullen
branch: 01471 590 334 ...". Neither document answers alone, and the question names neither.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import guide_contact
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

AGENCY_GUIDE = (
    '---\ntitle: "Agency Port Operatives\' Guide"\naccess_scope: public\n---\n'
    "# Agency Port Operatives' Guide\n\n"
    "For agency port operatives at Kelvane Harbour, supplied by Harbourline Recruitment.\n\n"
    "- Timesheets, pay, holiday and sickness are all handled by Harbourline Recruitment.\n"
    "- Wear the hi-vis vest and safety boots the agency issues.\n"
    "- Your first day is a 1-day induction, paid by the agency.\n\n"
    "The harbour master's team gives you your daily tasks.\n"
)
RELIEF_GUIDE = (
    '---\ntitle: "Relief Crew Guide"\naccess_scope: public\n---\n# Relief Crew Guide\n\n'
    "Relief crew are deckhands on casual contracts who cover sickness, leave and refits.\n\n"
    "- Shifts are offered at least 5 days ahead; you may turn any shift down.\n"
    "- You are paid the hourly rate for your grade.\n"
    "- Bank holidays are paid at time and a half.\n"
    "- Bookings and crew changes go through the Crewing Office.\n"
)
CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head><body>\n"
    "<h1>HR Contacts</h1>\n<p>Talk to your master or manager first.</p>\n<dl>\n"
    "<dt>HR business partner</dt>\n"
    "<dd>Morag Fettes, 01470 552 210, based at Kelvane Harbour</dd>\n"
    "<dt>Crewing Office</dt>\n<dd>01470 552 240, every day 06:00 to 22:00</dd>\n"
    "<dt>Harbourline Recruitment, Portcullen branch</dt>\n"
    "<dd>01471 590 334, Monday to Friday 08:00 to 18:00</dd>\n"
    "</dl>\n</body></html>\n"
)
TOPICS = ("uniform", "parking", "training", "breaks", "lockers", "fire drills", "first aid")
OTHERS = {
    f"notice{i}.md": (
        f"---\ntitle: Staff Notice {i}\n---\n# Staff Notice {i}\n\n"
        f"Our {topic} rules changed this year. Ask your manager about {topic} before your"
        f" shift, and read the {topic} notes in the crew room.\n"
    )
    for i, topic in enumerate(TOPICS, 1)
}
AGENCY = Principal(user_id="u-7101", roles=["agency"], departments=[])
RELIEF = Principal(user_id="u-7102", roles=["relief"], departments=["deck"])
HARBOUR = Principal(user_id="u-7103", roles=["staff"], departments=["harbour"])


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    files = {"agency.md": AGENCY_GUIDE, "relief.md": RELIEF_GUIDE, "contacts.html": CONTACTS}
    return own_source(tmp_path, {**files, **OTHERS})


async def test_the_agency_guide_names_who_handles_timesheets(source: CollectionSource) -> None:
    q = "Who do I phone about a problem with my timesheet?"
    result = await ask_as(q, source, AGENCY)
    assert isinstance(result, Answer)
    assert "handled by Harbourline Recruitment" in result.text and "01471 590 334" in result.text
    assert {c.doc_id for c in result.citations} >= {"agency.md", "contacts.html"}
    await source.aclose()


async def test_the_relief_guide_names_the_office_that_books(source: CollectionSource) -> None:
    result = await ask_as("What number do I ring to get booked onto shifts?", source, RELIEF)
    assert isinstance(result, Answer)
    assert "Crewing Office" in result.text and "01470 552 240" in result.text
    await source.aclose()


async def test_a_record_only_mentioning_a_name_is_not_its_record(source: CollectionSource) -> None:
    # the guide's opening line names Kelvane Harbour too, and the HR partner's record says
    # "based at Kelvane Harbour" with a number: only the record the name opens is its own
    result = await ask_as("What's the phone number for my agency?", source, AGENCY)
    assert isinstance(result, Answer)
    assert "01471 590 334" in result.text and "01470 552 210" not in result.text
    await source.aclose()


async def test_switched_off_nothing_is_followed(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guide_contact, "GUIDE_CONTACT", False)
    q = "Who do I phone about a problem with my timesheet?"
    result = await ask_as(q, source, AGENCY)
    assert "01471 590 334" not in getattr(result, "text", "")
    await source.aclose()


async def test_must_refuse_neighbours(source: CollectionSource) -> None:
    asked = [
        # another kind of asker: the agency's guide is not theirs
        ("Who do I phone about a problem with my timesheet?", HARBOUR, "01471 590 334"),
        # a contact the record does not give
        ("What's the email address for my timesheet problems?", AGENCY, "Harbourline"),
        # another kind of number than one to ring
        ("What's the fax number for my agency?", AGENCY, "01471 590 334"),
        # a matter the asker's guide does not say
        ("What number do I ring about a broken vending machine?", AGENCY, "01471 590 334"),
        # another kind's guide says the matter: not the asker's
        ("What number do I ring to get booked onto shifts?", AGENCY, "01470 552 240"),
    ]
    for question, who, wrong in asked:
        result = await ask_as(question, source, who)
        assert wrong not in getattr(result, "text", ""), question
    await source.aclose()


def test_a_guide_is_the_askers_by_every_word_of_a_role() -> None:
    agency_worker = [frozenset({"agency", "worker"})]
    assert guide_contact.guide_for("Agency Workers' Guide", agency_worker)
    assert not guide_contact.guide_for("Agency Drivers' Guide", agency_worker)
    assert not guide_contact.guide_for("Concession Partner Guide", [frozenset({"hr", "partner"})])
    assert not guide_contact.guide_for(
        "Recruitment and Selection: Manager Guide", [frozenset({"manager"})]
    )
    assert guide_contact.guide_asked_contact("Who do I ring about my payslip?") == "phone"
