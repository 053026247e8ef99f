"""The special times of the working week told in everyday words ("time off between two
shifts", "how often do I get paid", "finish in the winter", "rostered on for my weekend")
are read as the documents write them ("rest period between the end of one shift and the
start of the next", "paid weekly or monthly", "winter hours", "weekend working, weekend
allowance": told_shift.py) when the question as told is refused; what the reading answers
must say the situation and name no kind of staff the question does not. Small documents
written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over
from test_told_money import _answered

from wikiqa.answerers import extractive, kind_meant
from wikiqa.answerers.told_shift import plain_shift, shift_said, shift_told
from wikiqa.store.embed import OnnxEmbedder

HOURS = (
    "Working Hours",
    "# Working Hours\n\n"
    "Site teams work a 5-day week. Saturday working is overtime.\n\n"
    "| Hours | Monday to Friday | Saturday |\n|---|---|---|\n"
    "| Summer hours, March to October | 07:30 to 17:30 | 08:00 to 13:00, when worked |\n"
    "| Winter hours, November to February | 07:30 to 16:30 | 08:00 to 12:00, when worked |\n\n"
    "Everyone must have at least 11 hours between finishing one shift and starting the next.\n",
)
RANGERS = (
    "Ranger Handbook",
    "# Ranger Handbook\n\n"
    "Rangers check the stiles and gates on every path once a month.\n\n"
    "Rangers work 1 weekend in 3 on a rota. Each weekend day worked is paid with a weekend "
    "allowance of £45 on top of normal pay, or taken as a day off in lieu.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\nSite staff are given two pairs of safety boots a year.\n",
)
EXPENSES = (
    "Expenses",
    "# Expenses\n\nClaim mileage at 45p a mile through the expenses app within 3 months.\n",
)
WINTER = "What time do we finish on site in the winter?"
ROSTERED = "I'm rostered on for my weekend this Saturday. What extra do I get for the day?"


def test_the_special_time_told_is_said_as_the_documents_say_it() -> None:
    assert shift_told("How much time off do I need between two bus shifts?") == [
        "rest between shifts"
    ]
    assert shift_told("How long a break do I get between a late and an early?") == [
        "rest between shifts"
    ]
    assert shift_told("How often do I get paid?") == ["pay frequency"]
    assert plain_shift("Are we paid weekly or monthly?") == (
        "Are we paid weekly or monthly (payday, pay dates: paid weekly or monthly)?"
    )
    assert plain_shift(WINTER) == (
        "What time do we finish on site in the winter (winter hours, November to February)?"
    )
    assert shift_told("I'm rostered on for my weekend this Saturday. What extra?") == [
        "weekend working"
    ]
    assert shift_told("What do I get for working a Sunday in the kitchen?") == ["weekend working"]


def test_other_times_are_left_as_told() -> None:
    for same in (
        "How long is the gap between my split shifts?",  # a split shift's gap, not rest
        "When the 25th falls on a weekend, when am I paid?",  # a pay date, not weekend work
        "Who grits the car park in winter?",  # winter, not winter hours
        "How often is the fire alarm tested?",  # how often, not pay
        "What is the weekend rate for a waiter?",  # a rate asked of a weekend, told plainly
    ):
        assert plain_shift(same) == same, same


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for docs, question, said in (
        ({"h": HOURS, "u": UNIFORM, "e": EXPENSES}, WINTER, "16:30"),
        (
            {"r": RANGERS, "u": UNIFORM, "e": EXPENSES},
            ROSTERED,
            "£45",
        ),
    ):
        quotes = await quotes_over(emb, docs, question)
        assert quotes is not None and any(said in q for q in quotes), (question, quotes)


async def test_without_the_reading_the_weekend_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """kind_meant (round 77) answers the same question by the sum it asks ("What extra do I
    get"), rightly; it is switched off here so that this shows what plain_shift adds."""
    monkeypatch.setattr(extractive, "plain_shift", lambda text: text)
    monkeypatch.setattr(kind_meant, "KIND_MEANT", False)
    quotes = await quotes_over(emb, {"r": RANGERS, "u": UNIFORM, "e": EXPENSES}, ROSTERED)
    assert quotes is None or not any("£45" in q for q in quotes)


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    for question in (
        WINTER,
        "How often do I get paid?",
        "How much time off do I need between two shifts?",
        "What extra do I get for working a Sunday?",
    ):
        assert await quotes_over(emb, {"u": UNIFORM, "e": EXPENSES}, question) is None, question


def test_the_answer_must_say_the_time_for_the_askers_kind() -> None:
    often = "How often do I get paid?"
    hourly = _answered("Hourly-paid staff are paid weekly, every Friday.")
    assert shift_said(often, hourly).refusal is not None  # another kind's rule
    assert shift_said("I'm hourly paid. How often do I get paid?", hourly) == hourly
    agency = _answered("Buildforce pays you weekly.")
    assert shift_said(often, agency) == agency
    bank = _answered("- Bank workers are paid weekly, every Friday.")
    assert shift_said("How often do bank staff get paid?", bank) == bank
    weekend = "I'm rostered on for my weekend. What extra do I get?"
    paydate = _answered("When the 25th falls on a weekend, pay goes in on the Friday before.")
    assert shift_said(weekend, paydate).refusal is not None
    allowance = _answered("Each weekend day worked is paid with a weekend allowance of £45.")
    assert shift_said(weekend, allowance) == allowance
