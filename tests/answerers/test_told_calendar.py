"""The working year and the start of the working day told in everyday words ("when does the
holiday year start and end", "what time do we finish up for christmas", "what time should I
get in if I'm opening the shop") are asked as the documents write them ("leave year ...
runs", "close for", "before opening time": told_calendar.py), so the line ruling on it
answers, over another line of the calendar; and what no document rules on stays refused.
Small documents written here."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from memsource import quotes_over
from test_told_money import _answered

from wikiqa.answerers import extractive
from wikiqa.answerers.told_calendar import (
    calendar_ask,
    calendar_said,
    opening_ask,
    opening_said,
    plain_calendar,
)
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft

LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year.\n\n"
    "The leave year runs from 1 April to 31 March.\n\n"
    "You may carry up to 5 days into the next leave year.\n",
)
BANK = (
    "Bank Holidays",
    "# Bank Holidays\n\n"
    "You get 8 bank holidays a year on top of your annual leave. In 2026 they are:\n\n"
    "1. New Year's Day, Thursday 1 January\n"
    "2. Good Friday, 3 April\n"
    "3. Christmas Day, Friday 25 December\n"
    "4. Boxing Day, substitute day Monday 28 December\n",
)
CLOSURE = (
    "Christmas Closure 2026",
    "CHRISTMAS CLOSURE 2026\n\n"
    "All restaurants and the central kitchen close at 15:00 on Thursday 24 December 2026 and "
    "reopen at 11:00 on Saturday 2 January 2027.\n\n"
    "The staff party for each restaurant is arranged locally in January.\n",
)
OPENING = (
    "Opening and Closing a Shop",
    "# Opening and Closing a Shop\n\n"
    "Only keyholders may hold keys and alarm codes.\n\n"
    "## Opening\n\n"
    "1. Arrive 15 minutes before opening time, with at least one other person.\n"
    "2. Turn off the alarm within 30 seconds of opening the door.\n",
)
HOTEL_LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 28 days of annual leave a year.\n\n"
    "- Book leave through the rota app at least 4 weeks ahead.\n"
    "- Leave over Christmas Eve, Christmas Day, Boxing Day and New Year's Eve is granted "
    "only with the General Manager's agreement, because these are our busiest days.\n",
)
FESTIVE = (
    "Festive Season 2026",
    "FESTIVE SEASON 2026: NOTICE TO ALL HOTEL STAFF\n\n"
    "Christmas rotas will be published on Monday 2 November 2026.\n\n"
    "Staff who work both Christmas Day and New Year's Eve get first choice of leave dates in "
    "January 2027.\n",
)
SHOP_XMAS = (
    "christmas opening 2026",
    "CHRISTMAS AND NEW YEAR OPENING 2026: NOTICE TO ALL STAFF\n\n"
    "Shops close at 16:00 on Thursday 24 December 2026 and stay closed on 25 and 26 "
    "December. They reopen at 10:00 on Sunday 27 December 2026 and all shops reopen on "
    "Monday 28 December 2026 at normal times.\n",
)
UNIFORM = ("Uniform", "# Uniform\n\nKitchen staff are given three sets of chef whites a year.\n")
YEAR = "when does the holiday year start and end"
XMAS = "what time do we finish up for christmas this year"
OPEN = "what time should I get in if I'm opening the shop?"
DAY_OFF = "Any chance of getting Christmas Day off this year?"


def test_the_year_and_the_closing_are_said_as_the_documents_say_them() -> None:
    assert plain_calendar(YEAR) == "when does the leave year run"
    assert plain_calendar("When does the holiday year begin?") == "When does the leave year run?"
    assert plain_calendar(XMAS) == "what time do we close for christmas this year"
    assert plain_calendar("When do we break up for the summer holidays?") == (
        "When do we close for the summer holidays?"
    )
    assert opening_ask(OPEN) == (
        "how long before opening time should I arrive if I'm opening the shop?"
    )
    assert opening_ask("What time do I need to be in to open up the restaurant?") == (
        "How long before opening time should I arrive to open up the restaurant?"
    )
    assert calendar_ask(DAY_OFF) == "Is leave over Christmas Day granted this year?"
    assert calendar_ask("Can I have Boxing Day off?") == "Is leave over Boxing Day granted?"


def test_what_is_not_the_calendar_is_left_as_told() -> None:
    for same in (
        "How many days of annual leave do I get?",
        "What time do we finish on Friday?",  # a finishing time, not a closing for an occasion
        "Is the restaurant open on Boxing Day?",
        "When does the shop open?",  # opening hours, not the time to be in to open up
        "What time should I get in on Monday?",
    ):
        assert plain_calendar(same) == same, same
        assert calendar_ask(same) == same, same


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    docs = {"l": LEAVE, "b": BANK, "c": CLOSURE, "o": OPENING, "u": UNIFORM}
    for question, said in (
        (YEAR, "1 April to 31 March"),
        (XMAS, "15:00 on Thursday 24 December"),
        (OPEN, "15 minutes before opening time"),
    ):
        quotes = await quotes_over(emb, docs, question)
        assert quotes is not None and any(said in q for q in quotes), (question, quotes)


async def test_a_festive_day_off_is_answered_by_the_leave_rule(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"l": HOTEL_LEAVE, "f": FESTIVE, "u": UNIFORM}, DAY_OFF)
    assert quotes is not None and any("General Manager" in q for q in quotes), quotes


async def test_without_the_reading_the_year_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = {"l": LEAVE, "b": BANK, "u": UNIFORM}
    monkeypatch.setattr(extractive, "plain_calendar", lambda text: text)
    quotes = await quotes_over(emb, docs, YEAR)
    assert quotes is None or not any("1 April to 31 March" in q for q in quotes)


async def test_without_the_reading_the_opening_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = {"o": OPENING, "x": SHOP_XMAS, "b": BANK, "u": UNIFORM}
    assert any("before opening" in q for q in await quotes_over(emb, docs, OPEN) or [])
    monkeypatch.setattr(extractive, "calendar_ask", lambda text: text)
    quotes = await quotes_over(emb, docs, OPEN)
    assert quotes is None or not any("before opening time" in q for q in quotes)


@pytest.mark.parametrize(
    ("names", "question"),
    [
        ("bu", "What time do we finish up for the summer?"),
        ("lu", "What time should I get in if I'm opening the gate?"),
        ("ou", "When do we break up for Easter?"),
    ],
)
async def test_what_no_document_rules_on_stays_refused(
    emb: OnnxEmbedder, names: str, question: str
) -> None:
    everything = {"l": LEAVE, "b": BANK, "o": OPENING, "u": UNIFORM}
    assert await quotes_over(emb, {n: everything[n] for n in names}, question) is None


JANUARY = (
    "Staff who work both Christmas Day and New Year's Eve get first choice of leave dates in "
    "January 2027."
)
YEAR_SPAN = "The leave year runs from 1 April to 31 March."


@pytest.mark.parametrize(
    ("bound", "asked", "line", "stands"),
    [
        (opening_said, OPEN, "They reopen at 10:00 on Sunday 27 December 2026.", False),
        (opening_said, OPEN, "1. Arrive 15 minutes before opening time.", True),
        # a festive day off: the leave rule's line, not the day beside leave in January
        (opening_said, DAY_OFF, JANUARY, False),
        (
            opening_said,
            DAY_OFF,
            "- Leave over Christmas Eve and Christmas Day is granted ...",
            True,
        ),
        # a question not asking when to be in to open up is left to the answerer
        (opening_said, "When does the shop open?", JANUARY, True),
        (
            calendar_said,
            YEAR,
            "Up to 5 days may be carried forward into the next leave year.",
            False,
        ),
        (calendar_said, YEAR, YEAR_SPAN, True),
        # a line for all staff does not rule for agency drivers
        (calendar_said, "When does the holiday year start for agency drivers?", YEAR_SPAN, False),
        (calendar_said, XMAS, "All sites close at 12:00 on Friday 18 December 2026.", True),
        (calendar_said, XMAS, "7. Christmas Day, Friday 25 December", False),
    ],
)
def test_the_answer_must_say_what_the_reading_asked(
    bound: Callable[[str, Draft], Draft], asked: str, line: str, stands: bool
) -> None:
    draft = _answered(line)
    assert (bound(asked, draft) == draft) is stands


def test_a_closing_and_its_occasion_are_said_in_one_line() -> None:
    summer = "What time do we break up for the summer holidays?"
    apart = _answered("Bank holidays cover the other closed days.", "6. Summer bank holiday")
    assert calendar_said(summer, apart).refusal is not None
