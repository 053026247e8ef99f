"""text/clock.py: one reading of clock times, shared by the how-many check
(answerers/features.py), the ranges of questions and cells (answerers/ranges.py) and the
bridges that compare a time the question names with a line's (hops.py, described.py)."""

from __future__ import annotations

import pytest

from wikiqa.answerers.features import answers_type, key_set, keys
from wikiqa.answerers.hops import unsaid_clocks
from wikiqa.answerers.ranges import cell_span, question_numbers
from wikiqa.text.clock import clock_spans, clock_value, clock_values


@pytest.mark.parametrize(
    ("text", "times"),
    [
        ("Phone before 10:00am.", ["10:00am"]),  # "10" is part of the time, not a count
        ("Phone before 10:00 a.m. or after 4pm.", ["10:00 a.m.", "4pm"]),
        ("Open 8:30 to 17:00.", ["8:30", "17:00"]),
        ("Doors at 9.30pm, last entry 2 am", ["9.30pm", "2 am"]),
        ("Logged at 17:45:00.", ["17:45:00"]),
        ("It costs 9.30 a head.", []),  # a bare dotted number is a price as often as a time
        ("A staff ratio of 1:100.", []),
        ("Run ollama:qwen2.5:32b locally.", []),
        ("The 3 amendments passed.", []),
        ("Score 10:75 overall.", []),  # no minute past 59
    ],
)
def test_clock_times_are_read_once(text: str, times: list[str]) -> None:
    assert [text[a:b] for a, b in clock_spans(text)] == times


def test_a_time_with_am_glued_to_it_counts_nothing() -> None:
    q = set(keys("How many sick days can I take?"))
    assert not answers_type("count", "Phone your manager before 10:00am on the first day.", q)
    assert answers_type("count", "You can take 10 sick days a year.", q)


def test_a_questions_clock_times_name_no_number() -> None:
    assert list(question_numbers("Which depot opens at 10:00am for band 6?")) == [6.0]
    assert list(question_numbers("I start at 9.30pm, am I in band 4?")) == [4.0]


def test_a_cell_of_times_is_no_range_of_quantities() -> None:
    assert cell_span("9am to 11am") is None
    assert cell_span("08:00–20:00") is None
    span = cell_span("Bands 9 to 11")
    assert span is not None and span.low == 9 and span.high == 11


@pytest.mark.parametrize(
    ("time", "value"),
    [("07:30", (7, 30)), ("7.30am", (7, 30)), ("5pm", (17, 0)), ("5:15 p.m.", (17, 15)),
     ("12am", (0, 0)), ("12pm", (12, 0)), ("17:45:00", (17, 45)), ("5:00", (5, 0))],
)  # fmt: skip
def test_a_clock_time_says_one_time_of_day(time: str, value: tuple[int, int]) -> None:
    assert clock_value(time) == value


def test_a_time_written_another_way_is_the_same_time() -> None:
    q = "Which depot opens at 07:30?"
    assert unsaid_clocks(q, "Kingsmead opens at 7:30am on weekdays.") == frozenset()
    assert unsaid_clocks(q, "Kingsmead has 30 places.") == key_set("07:30")
    assert clock_values("Open 5am to 5pm; gates shut 17:00.") == {(5, 0), (17, 0)}
