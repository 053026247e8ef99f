"""A support line named by what it gives ("the free counselling helpline") is the documents'
employee assistance programme (told_service, floor70): asked how to reach it, the question is
asked again with the programme's name in its place, and the contacts record naming the
programme answers with its number. Must stay refused: what the record does not say (whether
it covers a partner, how many sessions), another line named by whose it is ("the union's
counselling line"), and a collection with no such programme."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import told_service
from wikiqa.answerers.told_service import plain_service, service_named, service_said
from wikiqa.types import Answer, Draft, DraftClaim, DraftQuote, Principal, Refusal

CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head>\n<body>\n"
    "<h1>HR Contacts</h1>\n<p>Talk to your shift supervisor first.</p>\n<dl>\n"
    "<dt>HR business partner, shops</dt>\n<dd>Anita Sandhu, 01384 552 210, based at Head "
    "Office</dd>\n<dt>Employee Assistance Programme</dt>\n<dd>Lifeline Support, 0800 316 "
    "5517, free and confidential, 24 hours a day</dd>\n<dt>Payroll helpdesk</dt>\n<dd>01384 "
    "552 250, Monday to Friday 08:30 to 16:30</dd>\n<dt>Occupational health</dt>\n<dd>Thornbury "
    "Occupational Health, 01384 552 295; referrals come from your manager</dd>\n</dl>\n"
    "</body></html>\n"
)
FILES = {
    "hr-contacts.html": CONTACTS,
    "staff-food.md": (
        "---\ntitle: Staff Food and Drink\n---\n# Staff Food and Drink\n\n- On a shift of 6 hours "
        "or more you can have one hot drink and one sandwich free.\n- Bakery colleagues can have "
        "free tea and coffee in the canteen at any time.\n"
    ),
    "annual-leave.md": (
        "---\ntitle: Annual Leave\n---\n# Annual Leave\n\nFull-time colleagues get 28 days a "
        "year including bank holidays. Book leave on the app at least 4 weeks ahead.\n"
    ),
}
NUMBER = "0800 316 5517"
DEPOT = Principal(user_id="u-1", roles=["depot_operative"])


def _said(result: Answer | Refusal) -> str:
    assert isinstance(result, Answer), result
    return " ".join(c.quote for c in result.citations)


async def test_the_counselling_helpline_is_the_programme(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as("What's the number for the free counselling helpline?", src, DEPOT)
    assert NUMBER in _said(result)


async def test_switched_off_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(told_service, "TOLD_SERVICE", False)
    src = own_source(tmp_path, FILES)
    result = await ask_as("What's the number for the free counselling helpline?", src, DEPOT)
    assert isinstance(result, Refusal)


@pytest.mark.parametrize(
    "question",
    [
        "Does the counselling helpline cover my partner too?",
        "How many sessions does the free counselling service give?",
        "What's the number for the union's counselling line?",
        "What's the number for the free legal advice line?",
    ],
)
async def test_what_the_record_does_not_say_stays_refused(tmp_path: Path, question: str) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as(question, src, DEPOT)
    assert isinstance(result, Refusal) or NUMBER not in _said(result)


async def test_no_programme_no_answer(tmp_path: Path) -> None:
    files = {k: v for k, v in FILES.items() if k != "hr-contacts.html"}
    src = own_source(tmp_path, files)
    result = await ask_as("What's the number for the free counselling helpline?", src, DEPOT)
    assert isinstance(result, Refusal)


def test_the_line_said_as_the_programme() -> None:
    assert plain_service("What's the number for the free counselling helpline?") == (
        "What's the number for the employee assistance programme (free counselling helpline)?"
    )
    assert plain_service("Is there a counselling service?") == (
        "Is there an employee assistance programme (counselling service)?"
    )


@pytest.mark.parametrize(
    "question",
    [
        "How many free counselling sessions can I have?",  # no line named
        "When is the counselling line open?",  # a time asked, not how to reach it
        "What's the number for the union's counselling line?",  # another's line
        "What's the number for the counselling service for patients?",  # other readers
        "What number do I call for the employee assistance programme?",  # named already
    ],
)
def test_left_as_asked(question: str) -> None:
    assert service_named(question) is None
    assert plain_service(question) == question


def test_the_answer_must_name_the_programme_and_give_a_number() -> None:
    def draft(line: str) -> Draft:
        quote = DraftQuote(source="s", doc_id="d", quote=line)
        return Draft(claims=[DraftClaim(text=line, quotes=[quote])])

    asked = "What's the number for the free counselling helpline?"
    record = "Employee Assistance Programme: Lifeline Support, 0800 316 5517, free"
    assert service_said(asked, draft(record))
    assert not service_said(asked, draft("Payroll helpdesk: 01384 552 250"))
    assert not service_said(asked, draft("The Employee Assistance Programme is free."))
