"""A table cell the question names by its row and its column answers under the floor
(named_cell.py); a withdrawn edition's row, a row named without its column, or a column
named without its row does not. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import keys
from wikiqa.answerers.named_cell import head_keys, header_named, named_column
from wikiqa.text.tables import table_rows
from wikiqa.types import Question

_TABLE = (
    "Everyone joins at the minimum of their band and moves up each April.\n\n"
    "| Pay band | Minimum | Maximum |\n|---|---|---|\n"
    "| Band 3 | £27,100 | £29,640 |\n"
    "| Band 4 | £30,420 | £34,320 |\n"
)
PAY = ("Pay Bands 2026-27", "# Pay Bands 2026-27\n\n" + _TABLE)
OLD_PAY = ("Pay Bands 2025-26 (superseded)", "# Pay Bands 2025-26 (superseded)\n\n" + _TABLE)
OVERTIME = (
    "Overtime",
    "# Overtime\n\nOvertime is paid at time and a half on weekdays and double time on Sundays.\n",
)
SICK = (
    "Sick Pay",
    "# Sick Pay\n\n| Length of service | Full pay | Half pay |\n|---|---|---|\n"
    "| Under 1 year | 4 weeks | 4 weeks |\n| 1 to 3 years | 6 weeks | 6 weeks |\n",
)


async def _answer(question: str, docs: dict[str, tuple[str, str]]) -> tuple[bool, list[str]]:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    draft = await answerer.answer(Question(text=question), TermSource(docs))  # type: ignore[arg-type]
    return draft.refusal is None, [q.quote for c in draft.claims for q in c.quotes]


def _row(doc: tuple[str, str], i: int) -> tuple[str, str]:
    r = table_rows(doc[1])[i]
    return r.header.text, r.row.text


def test_a_column_is_named_by_half_its_header_words() -> None:
    assert header_named("Full pay", frozenset(keys("how long on full wages")))
    assert header_named("Maximum", frozenset(keys("the maximum")))
    assert not header_named("Annual leave days", frozenset(keys("any extra leave")))
    assert not header_named("Maximum", frozenset(keys("what does band 4 involve")))


def test_a_column_is_named_by_the_noun_it_holds() -> None:
    # "Annual leave days" holds days: "how many days holiday" names it by one word of three
    assert head_keys("Annual leave days") == frozenset(keys("days"))
    assert header_named("Annual leave days", frozenset(keys("how many days holiday")))
    # what follows a function word says which limit or notice, not what the column holds
    assert head_keys("Limit per customer per year") == frozenset(keys("limit"))
    assert head_keys("Notice you give") == frozenset(keys("notice"))
    assert head_keys("What we pay") == frozenset(keys("pay"))
    assert head_keys("Sundays and public holidays") == frozenset(keys("Sundays holidays"))
    assert header_named("Sundays and public holidays", frozenset(keys("a bank holiday")))
    assert not header_named("Limit per customer per year", frozenset(keys("the most I can earn")))
    assert not header_named("Days held for the Christmas shutdown", frozenset(keys("days")))


def test_the_cell_named_by_its_row_and_its_column() -> None:
    q = "whats the top of band 4"
    assert named_column(q, frozenset(keys(q)), *_row(PAY, 1)) == 2  # "top" names "Maximum"
    assert named_column(q, frozenset(keys(q)), *_row(PAY, 0)) is None  # band 3's row
    q = "what does band 4 involve?"  # the row, but no column
    assert named_column(q, frozenset(keys(q)), *_row(PAY, 1)) is None
    q = "what is the maximum salary?"  # a column, but no row
    assert named_column(q, frozenset(keys(q)), *_row(PAY, 1)) is None
    q = "I've been here two years, how long do I get full pay when ill?"  # a number in range
    assert named_column(q, frozenset(keys(q)), *_row(SICK, 1)) == 1


async def test_a_named_cell_answers_under_the_floor_cited_with_its_header() -> None:
    ok, quotes = await _answer("whats the top of band 4", {"pay": PAY, "ot": OVERTIME})
    assert ok  # the old code refused: the row scored 0.27, under the floor
    assert quotes == ["| Pay band | Minimum | Maximum |", "| Band 4 | £30,420 | £34,320 |"]


async def test_a_withdrawn_editions_cell_stays_refused() -> None:
    ok, _ = await _answer("whats the top of band 4", {"old": OLD_PAY, "ot": OVERTIME})
    assert not ok  # keyed and headed like the current one: only its status tells


async def test_a_row_named_without_its_column_stays_refused() -> None:
    ok, _ = await _answer("what does band 4 involve?", {"pay": PAY, "ot": OVERTIME})
    assert not ok


LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n| Continuous service | Annual leave days | Public holidays |\n"
    "|---|---|---|\n| Less than 5 years | 26 | 8 |\n| 5 to 10 years | 28 | 8 |\n",
)


def test_a_stretch_of_time_keys_a_range_only_on_its_scale() -> None:
    q = "I work 12 hour shifts, how is my holiday worked out?"  # 12 hours < 5 years: by accident
    assert named_column(q, frozenset(keys(q)), *_row(LEAVE, 0)) is None
    q = "I've been here 3 years, how many public holidays do I get?"
    assert named_column(q, frozenset(keys(q)), *_row(LEAVE, 0)) == 2
    q = "After 18 months, how long do I get full pay when ill?"  # months, next to years
    assert named_column(q, frozenset(keys(q)), *_row(SICK, 1)) == 1  # "1 to 3 years"
    q = "Our baby came 8 weeks early, how long do I get full pay?"  # weeks: two steps off
    assert named_column(q, frozenset(keys(q)), *_row(SICK, 0)) is None  # "Under 1 year"


HOLIDAY = (
    "Annual Leave",
    "# Annual Leave\n\nThe leave year runs from 1 January to 31 December.\n\n"
    "| Length of service | Annual leave days | Days held for the Christmas shutdown |\n"
    "|---|---|---|\n| Less than 5 years | 25 | 3 |\n"
    "| 5 years to less than 10 years | 27 | 3 |\n",
)


async def test_a_cell_named_by_its_row_and_the_noun_its_column_holds_answers() -> None:
    q = "been here 6 years, how many days holiday do I get?"
    assert named_column(q, frozenset(keys(q)), *_row(HOLIDAY, 1)) == 1
    ok, quotes = await _answer(q, {"leave": HOLIDAY, "ot": OVERTIME})
    assert ok  # refused before: one header word of three ("days") was not half
    assert quotes[-1] == "| 5 years to less than 10 years | 27 | 3 |"
    q = "been here 6 years, do I get any extra leave?"  # "leave" is not what the column holds
    assert named_column(q, frozenset(keys(q)), *_row(HOLIDAY, 1)) is None


PLANT = (
    "Booking Plant",
    "# Booking Plant\n\nBook company plant before hiring it in.\n\n"
    "| What you need | Notice to give |\n|---|---|\n"
    "| Mini diggers and dumpers | 2 working days |\n"
    "| Excavators over 13 tonnes and telehandlers | 10 working days |\n",
)


def test_a_noun_two_columns_hold_names_neither() -> None:
    carry = "| Office | Annual leave days | Maximum carry-over days |"
    q = "How many days do Lisbon staff get?"
    assert named_column(q, frozenset(keys(q)), carry, "| Lisbon | 25 | 5 |") is None
    # the named row is not first-ranked as the row the question names with its column
    # (rows.STRONG needs more than half of "Notice to give"), so it still needs the floor
    q = "how much notice for a telehandler"
    assert named_column(q, frozenset(keys(q)), *_row(PLANT, 1)) == 1
