"""Hours, shifts and time off told in everyday words ("doing nights", "got called out at
2am", "a shift I'd picked up got cancelled", "a year out to travel") are read as the
documents write them ("night", "callout", "cancel", "career break": told_shift.py) when the
question as told is refused, so the line ruling on it answers; and what no document rules
on stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over
from test_told_money import _answered

from wikiqa.answerers import extractive
from wikiqa.answerers.told_shift import plain_shift, shift_said, shift_told
from wikiqa.store.embed import OnnxEmbedder

PAY = (
    "Overtime and Shift Pay",
    "# Overtime and Shift Pay\n\n"
    "Overtime is time worked beyond your contracted hours in a week, and only counts if your "
    "manager asked for it in advance.\n\n"
    "Hours worked between 23:00 and 06:00 carry a night premium of £1.50 an hour on top of "
    "basic pay.\n",
)
STANDBY = (
    "Standby Rules",
    "# Standby Rules\n\n"
    "Standby staff must be able to reach any site within 45 minutes.\n\n"
    "If you work on a callout after midnight, you must have a rest break of 11 hours before "
    "you start your next normal shift.\n",
)
BREAKS = (
    "Career Breaks",
    "# Career Breaks\n\n"
    "Staff with at least 3 years' continuous service can apply for an unpaid career break of "
    "between 3 months and 2 years.\n\n"
    "- Only one career break is allowed in any 5-year period.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays.\n\n"
    "- Requests for more than three consecutive days must be made at least 10 working days "
    "in advance.\n"
    "- Up to 5 days may be carried forward into the next leave year.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\nKitchen staff are given three sets of chef whites a year.\n",
)
DOCS = {"p": PAY, "s": STANDBY, "b": BREAKS, "l": LEAVE, "u": UNIFORM}
NO_LEAVE = {"p": PAY, "s": STANDBY, "b": BREAKS, "u": UNIFORM}
YEAR_OUT = "I want to take a year out to travel. How long do I have to have worked here first?"


def test_the_situation_told_is_said_as_the_documents_say_it() -> None:
    assert plain_shift("Do I get anything extra for doing nights?") == (
        "Do I get anything extra for doing nights (night shifts, night allowance or premium)?"
    )
    assert plain_shift("Got called out at 2am. When am I back in?") == (
        "Got called out (callout, rest break before the next normal shift) at 2am. "
        "When am I back in?"
    )
    assert plain_shift("Can I ask to go part time?") == (
        "Can I ask to go part time (flexible working request)?"
    )
    assert plain_shift("I want to take a year out to travel.") == (
        "I want to take a year out (career break or sabbatical, unpaid leave) to travel."
    )
    assert shift_told("How far ahead do I have to ask if I want a whole week off?") == [
        "leave notice"
    ]
    assert shift_told("A shift I'd picked up got cancelled the night before.") == [
        "cancelled shift"
    ]
    assert shift_told("What's the extra for signing on before 5 in the morning?") == []
    assert shift_told("Can I roll unused holiday over into next year?") == ["carry forward"]
    assert shift_told("If I stay an hour late to finish, is that overtime?") == ["overtime"]


def test_what_is_not_the_situation_is_left_as_told() -> None:
    for same in (
        "How many days of annual leave do I get?",
        "What time does the night bus leave?",  # a night, not night work
        "Who do I call if I am sick?",  # a call, not a call-out
        "Can I change my bank details?",  # not my hours
        "Where do I travel for training?",  # travel, not going travelling
        "What takes precedence over national law?",  # carries no time off forward
    ):
        assert plain_shift(same) == same, same


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for docs, question, said in (
        (DOCS, "Got called out at 2am last night. When do I have to be back in?", "rest break"),
        (NO_LEAVE, YEAR_OUT, "3 years"),
        (DOCS, "How far ahead do I have to ask if I want a whole week off?", "10 working days"),
    ):
        quotes = await quotes_over(emb, docs, question)
        assert quotes is not None and any(said in q for q in quotes), question


async def test_without_the_reading_the_year_out_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_shift", lambda text: text)
    quotes = await quotes_over(emb, NO_LEAVE, YEAR_OUT)
    assert quotes is None or not any("3 years" in q for q in quotes)


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    for docs, question in (
        ({"l": LEAVE, "u": UNIFORM}, "Got called out at 3am. When do I have to be back in?"),
        ({"l": LEAVE, "u": UNIFORM}, "Do I get anything extra for doing nights?"),
        ({"p": PAY, "u": UNIFORM}, "Can I take a few months off to go travelling?"),
        ({"l": LEAVE, "u": UNIFORM}, "My shift got cancelled the night before. Am I paid?"),
    ):
        assert await quotes_over(emb, docs, question) is None, question


def test_the_answer_must_say_the_situation_told() -> None:
    nights = "Do I get anything extra for doing nights?"
    wrong = _answered("- You can pay more than 5% at any time.")
    assert shift_said(nights, wrong).refusal is not None
    right = _answered("Hours worked between 23:00 and 06:00 carry a night premium.")
    assert shift_said(nights, right) == right
    year = "I want to take a year out to travel."
    unpaid = _answered("If the funeral is abroad, you may add up to 5 days of unpaid leave.")
    assert shift_said(year, unpaid).refusal is not None
    # a question telling no such situation is left to the answerer
    assert shift_said("How long can I have off?", wrong) == wrong
