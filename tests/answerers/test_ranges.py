"""Ranges in table cells with their units of time and open bounds (answerers/ranges.py)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.ranges import cell_span, in_range, question_numbers

LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nThe leave year runs from 1 April to 31 March.\n\n"
    "| Continuous service | Annual leave days | Extra days for weekend working |\n"
    "|---|---|---|\n"
    "| Less than 2 years | 25 | 1 |\n"
    "| 2 years to less than 5 years | 27 | 1 |\n"
    "| 5 years to less than 15 years | 29 | 2 |\n"
    "| 15 years or more | 31 | 2 |\n",
)
SICK_PAY = (
    "Sick Pay",
    "# Sick Pay\n\nSick pay depends on your continuous service.\n\n"
    "| Continuous service | Full pay | Half pay |\n|---|---|---|\n"
    "| Less than 6 months | Statutory Sick Pay only | none |\n"
    "| 6 months to less than 2 years | 4 weeks | 4 weeks |\n"
    "| 2 years to less than 5 years | 8 weeks | 8 weeks |\n"
    "| 5 years or more | 16 weeks | 16 weeks |\n",
)


def held(cell: str, question: str) -> bool:
    return in_range(cell, question_numbers(question))


def test_a_bound_said_with_a_unit_and_less_than_or_or_more() -> None:
    assert held("2 years to less than 5 years", "I've been here 3 years")
    assert not held("2 years to less than 5 years", "I've been here 5 years")
    assert held("5 years to less than 15 years", "I've been here 5 years")
    assert held("15 years or more", "I've been here 16 years now")
    assert held("65 and over", "I'm 65")
    assert not held("Under 45", "I'm 45")  # under is not up to
    assert held("Up to £13,259", "if I earn £13,259")
    assert not held("Over 5 years", "after 5 years")


def test_units_of_time_are_compared_in_days() -> None:
    q = "I've been here 18 months"
    assert held("6 months to less than 2 years", q)
    assert not held("5 years or more", q)  # 18 > 5, but months are not years
    assert not held("Less than 6 months", q)
    assert held("Less than 2 years", "I started three weeks ago")
    assert held("More than 10 hours", "I'm on a course for 11 hours")
    assert held("More than 10 hours", "I am away for 3 days")  # 72 hours
    span = cell_span("6 months to less than 2 years")
    assert span is not None and not span.holds(3.0)  # a bare 3 falls in neither unit


async def rows_first(question: str, doc: tuple[str, str]) -> str:
    src = TermSource({"doc": doc})
    hits = await src.search(question)
    docs = {h.doc_id: await src.fetch(h.doc_id) for h in hits}
    ev = ExtractiveAnswerer().assess(analyse(question), hits, docs)
    assert ev is not None
    return ev.ranked[0].span.text


async def test_the_row_of_the_service_the_question_names_is_the_best_evidence() -> None:
    q = "I've been here 16 years now, how many days annual leave am I on?"
    assert await rows_first(q, LEAVE) == "| 15 years or more | 31 | 2 |"
    q = "I've been driving here 3 years. How much annual leave do I get?"
    assert await rows_first(q, LEAVE) == "| 2 years to less than 5 years | 27 | 1 |"
    q = "I've been here 18 months. How many weeks of full pay do I get if I'm off sick?"
    assert await rows_first(q, SICK_PAY) == "| 6 months to less than 2 years | 4 weeks | 4 weeks |"


def test_one_is_a_number_only_before_a_unit_of_time() -> None:
    assert question_numbers("How much can a manager sign off on one order?") == ()
    assert question_numbers("I'm seeing one of my students. What do I do?") == ()
    assert [n.days for n in question_numbers("How many hours in one day?")] == [1.0]
    assert question_numbers("two orders") == (2,)


PURCHASING = (
    "Limits",
    """# Purchasing limits

| Role | Single purchase limit |
|---|---|
| Team leader | Up to £500 |
| General Manager | Up to £5,000 |
| Chief Executive | £150,000 |

# Time off for public duties

| Public duty | Time off |
|---|---|
| Magistrate | Up to 18 days a year |
| School governor | Up to 5 days a year |
""",
)


async def test_one_order_picks_no_row_by_a_range_holding_1() -> None:
    q = "How much can the Chief Executive sign off on one order?"
    assert await rows_first(q, PURCHASING) == "| Chief Executive | £150,000 |"


def test_a_number_keys_only_a_range_of_what_it_counts() -> None:
    points = "I got 3 points on my licence last week - do I need to tell anyone?"
    assert not held("Bands 1 to 3", points)  # three points are no band
    assert not held("Bands 1 to 3", "I spent £2 on a sandwich")
    assert not held("Up to £5,000", "a course of 3 weeks")  # weeks are no pounds
    assert held("Bands 1 to 3", "I'm band 3")  # the range's own kind before the number
    assert held("Bands 1 to 3", "someone three bands up")  # ... or after it
    assert held("Bands 1 to 3", "I'm on 3")  # a bare number keeps the range rule
    assert held("5 to 9 penalty points", "I have 6 points")
    assert held("Up to £5,000", "Can I spend £40 on a chair?")
    assert held("Aged 18 to 20", "I'm 19 years old")  # years old are an age
    assert held("1 to 3", "I got 3 points")  # a range naming no kind holds any number
    assert held("Bands 1 to 3", "I'm band 3 - do I get extra for Sundays?")  # "do" counts nothing
    assert held("Bands 5 to 7", "my shift starts at 7, when do I ring in?")
    assert held("Up to 30 minutes", "I fixed it in 20 mins")  # "mins" is a unit of time
    assert not held("Up to 30 minutes", "I fixed it in 40 mins")
    # "Stage 1" of an absence meeting is no length of service
    assert not held("1 to 2 years", "a Stage 1 absence meeting")


PROBATION = (
    "Staff Rules",
    "# Staff Rules\n\n"
    "| Pay band | Probation period |\n|---|---|\n"
    "| Bands 1 to 3 | 12 weeks |\n"
    "| Bands 4 and 5 | 20 weeks |\n\n"
    "Tell your manager within 2 working days if you get penalty points on your licence.\n",
)


async def test_points_on_a_licence_do_not_key_the_row_of_bands() -> None:
    q = "I got 3 points on my licence last week - do I need to tell anyone?"
    assert await rows_first(q, PROBATION) == (
        "Tell your manager within 2 working days if you get penalty points on your licence."
    )
    q = "I'm band 3, how long is my probation?"
    assert await rows_first(q, PROBATION) == "| Bands 1 to 3 | 12 weeks |"
