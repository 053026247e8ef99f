"""The confidential support line asked for by what it is for, naming no line ("Is there a
helpline I can ring to talk to someone in confidence about stuff at home?", "Is there
someone confidential I can talk to?"), is the documents' employee assistance programme
(told_service, told71): asked again as "Is there an employee assistance programme I can
ring?", the contacts record naming the programme answers. Must stay refused: a line for
another matter (a concern raised, money, customers), someone else to talk, what the record
does not say, and a collection with no programme."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import told_service
from wikiqa.answerers.told_service import plain_service, support_asked
from wikiqa.types import Answer, Principal, Refusal

CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head>\n<body>\n"
    "<h1>HR Contacts</h1>\n<p>Talk to your shift supervisor first.</p>\n<dl>\n"
    "<dt>HR business partner, vessels</dt>\n<dd>Morag Lindsay, 01470 552 210, based at the "
    "harbour office</dd>\n<dt>Employee Assistance Programme</dt>\n<dd>Anchor Assist, 0800 412 "
    "7730, free and confidential, 24 hours a day</dd>\n<dt>Payroll helpdesk</dt>\n<dd>01470 "
    "552 250, Monday to Friday 08:30 to 16:30</dd>\n<dt>Occupational health</dt>\n<dd>Strathmore "
    "Occupational Health, 01470 552 295; referrals come from your manager</dd>\n</dl>\n"
    "</body></html>\n"
)
FILES = {
    "hr-contacts.html": CONTACTS,
    "lone-working.md": (
        "---\ntitle: Lone Working\n---\n# Lone Working\n\n- Staff working alone at a terminal must "
        "check in with the duty manager every 2 hours.\n- Carry the radio at all times and keep "
        "it on channel 4.\n"
    ),
    "annual-leave.md": (
        "---\ntitle: Annual Leave\n---\n# Annual Leave\n\nFull-time staff get 28 days a year "
        "including bank holidays. Book leave on the rota app at least 4 weeks ahead.\n"
    ),
}
NUMBER = "0800 412 7730"
DECK = Principal(user_id="u-1", roles=["deckhand"])
ASKED = [
    "Is there a helpline I can ring to talk to someone in confidence about stuff at home?",
    "Things are hard at home at the moment. Is there someone confidential I can talk to?",
    "Who can I talk to in confidence about personal problems?",
]


def _said(result: Answer | Refusal) -> str:
    assert isinstance(result, Answer), result
    return " ".join(c.quote for c in result.citations)


@pytest.mark.parametrize("question", ASKED)
async def test_the_confidential_line_is_the_programme(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), DECK)
    assert NUMBER in _said(result)


async def test_switched_off_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(told_service, "TOLD_SERVICE", False)
    result = await ask_as(ASKED[0], own_source(tmp_path, FILES), DECK)
    assert isinstance(result, Refusal)


@pytest.mark.parametrize(
    "question",
    [
        "Is there a confidential line I can ring to talk to someone about my mortgage?",
        "Is there a confidential helpline our passengers can ring to talk to someone?",
        "Can my kids ring the confidential helpline to talk to someone about stuff at home?",
        "How many sessions can I have with the confidential line to talk to someone about home?",
    ],
)
async def test_another_line_or_matter_stays_refused(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), DECK)
    assert isinstance(result, Refusal) or NUMBER not in _said(result)


async def test_no_programme_no_answer(tmp_path: Path) -> None:
    files = {k: v for k, v in FILES.items() if k != "hr-contacts.html"}
    result = await ask_as(ASKED[0], own_source(tmp_path, files), DECK)
    assert isinstance(result, Refusal)


def test_which_questions_ask_for_the_programme() -> None:
    for question in ASKED:
        assert support_asked(question), question
        assert plain_service(question) == "Is there an employee assistance programme I can ring?"
    for question in (
        "Is there a confidential number I can ring to report fraud?",
        "Can I call a confidential line about bullying?",
        "Can I talk to someone in confidence about my manager?",
        "Is there someone in IT I can talk to privately about my password?",
        "Who can I talk to in confidence about a safety concern?",
        "Is there someone confidential I can talk to about my pay?",
        "Is there someone I can talk to about my shifts?",  # nothing confidential or of home
        "Is there a helpline I can ring?",  # no one to talk to, nothing in confidence
    ):
        assert not support_asked(question), question
        assert plain_service(question) == question, question
