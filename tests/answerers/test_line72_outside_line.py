"""The independent line asked for by what it lets the asker do (told_concern.plain_outside,
line72): "I think someone's fiddling the takings. Is there an outside line I can call?" is
asked again as the independent whistleblowing service's number; and ringing in confidence
about one's own money worries asks for the assistance programme (told_service). Must stay
unanswered by the whistleblowing line: the asker's home life, another's line, a count asked;
and by the programme: another's money worries, a debt advice line."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import told_concern, told_service
from wikiqa.answerers.told_concern import outside_asked
from wikiqa.answerers.told_service import support_asked
from wikiqa.types import Answer, Principal, Refusal

CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head>\n<body>\n"
    "<h1>HR Contacts</h1>\n<p>Talk to your duty manager first.</p>\n<dl>\n"
    "<dt>HR business partner, Pennine venues</dt>\n<dd>Joanne Marsh, 01422 870 210, based at "
    "Wrayburn House</dd>\n<dt>Employee Assistance Programme</dt>\n<dd>Curtain Call Support, 0800 "
    "318 4455, free and confidential, 24 hours a day</dd>\n<dt>Payroll helpdesk</dt>\n<dd>01422 "
    "870 250, Monday to Friday 09:00 to 16:30</dd>\n</dl>\n</body></html>\n"
)
FILES = {
    "hr-contacts.html": CONTACTS,
    "whistleblowing.md": (
        "---\ntitle: Whistleblowing\n---\n# Whistleblowing\n\nIf you are worried about "
        "wrongdoing, such as fraud, danger to the public or a cover-up, raise it with your "
        "manager or with the company secretary. If you would rather not, ring the independent "
        "Openline service on 0800 915 2260, which is confidential and open 24 hours a day. You "
        "will not be treated unfairly for raising a concern in good faith.\n"
    ),
    "alcohol.md": (
        "---\ntitle: Alcohol and Drugs\n---\n# Alcohol and Drugs\n\n- You must not drink "
        "alcohol in the 6 hours before a call.\n- If you are taking medicine that may make you "
        "drowsy, tell your duty manager before your call.\n"
    ),
    "annual-leave.md": (
        "---\ntitle: Annual Leave\n---\n# Annual Leave\n\nFull-time staff get 28 days a year "
        "including bank holidays. Book leave on the rota app at least 4 weeks ahead.\n"
    ),
}
OPENLINE = "0800 915 2260"
PROGRAMME = "0800 318 4455"
USHER = Principal(user_id="u-1", roles=["staff"], departments=["front_of_house"])


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


@pytest.mark.parametrize(
    "question",
    [
        "I think someone's fiddling the takings. Is there an outside line I can call?",
        "is there a number I can ring without giving my name about stuff going on at work",
    ],
)
async def test_the_outside_line_is_the_whistleblowing_line(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), USHER)
    assert OPENLINE in _said(result)


async def test_outside_switched_off_it_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(told_concern, "TOLD_OUTSIDE", False)
    question = "I think someone's fiddling the takings. Is there an outside line I can call?"
    result = await ask_as(question, own_source(tmp_path, FILES), USHER)
    assert OPENLINE not in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        "Is there a number I can ring without giving my name about stuff at home?",
        "Is there an outside line customers can call about fraud?",
        "How many days does the anonymous fraud line take to get back to me?",
    ],
)
async def test_other_matters_are_not_the_whistleblowing_line(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), USHER)
    assert OPENLINE not in _said(result)


async def test_money_worries_in_confidence_is_the_programme(tmp_path: Path) -> None:
    question = "Is there somewhere I can ring in confidence about money worries?"
    result = await ask_as(question, own_source(tmp_path, FILES), USHER)
    assert PROGRAMME in _said(result)


async def test_money_worries_switched_off_it_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(told_service, "TOLD_SERVICE", False)
    question = "Is there somewhere I can ring in confidence about money worries?"
    result = await ask_as(question, own_source(tmp_path, FILES), USHER)
    assert PROGRAMME not in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        "Is there somewhere my wife can ring in confidence about money worries?",
        "Is there a free debt advice line I can ring in confidence?",
    ],
)
async def test_another_asker_or_line_is_not_the_programme(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), USHER)
    assert PROGRAMME not in _said(result)


def test_the_readings() -> None:
    assert outside_asked(
        "I think my manager is stealing stock. Who can I ring without giving my name?"
    )
    assert outside_asked("I think stock is being stolen. Is there an outside line I can ring?")
    assert not outside_asked("Is there an outside line I can call?")  # no matter said
    assert not outside_asked("Is there an outside line I can call about bullying?")
    assert support_asked("Is there a number I can ring confidentially about my money problems?")
    assert not support_asked("Is there somewhere I can ring in confidence?")  # no matter said
    assert not support_asked("Is there somewhere I can ring in confidence about my pay?")
