"""Clock times: one reading for every check that must not take a time of day for a quantity.

Why: "before 10:00am" says when, not how many; "the depot that opens at 05:00" names no 5
that "Over 3 years" could hold; a cell "9am to 11am" is no range of bands. A how-many check
(answerers/features.py), the numbers a question names and the ranges cells state
(answerers/ranges.py) each had a pattern of their own, and they disagreed: one left the "10"
of "10:00am" as a number. A clock time is hours and minutes with a colon ("10:00", "7:30",
"17:45:00"), with or without "am"/"pm" glued or spaced ("10:00am", "10:00 a.m."), or an hour
or hours and minutes (colon or dot) said with "am"/"pm" ("2am", "9.30 pm"). A bare "9.30"
is not one: it is as often a price or a decimal.
"""

from __future__ import annotations

import re

_MERIDIEM = (
    r"\s?(?:[ap]\.m\.|[ap]\.?m\b)"  # "am", "a.m.", "pm" (a full stop after "pm" ends the sentence)
)
CLOCK_TIME = re.compile(
    rf"\b\d{{1,2}}:[0-5]\d(?::[0-5]\d)?(?:{_MERIDIEM}|(?!\w))"
    rf"|\b\d{{1,2}}(?:[.:][0-5]\d)?{_MERIDIEM}",
    re.I,
)


def clock_value(time: str) -> tuple[int, int]:
    """The time of day a clock time (as `CLOCK_TIME` reads it) says, as hour and minute on
    the 24-hour clock: "5pm" (17, 0), "07:30" and "7.30am" (7, 30), "12am" (0, 0); a time
    without "am"/"pm" as written ("5:00" is (5, 0))."""
    digits = re.findall(r"\d+", time)
    hour, minute = int(digits[0]), int(digits[1]) if len(digits) > 1 else 0
    if meridiem := re.search(r"[ap]", time, re.I):
        hour = hour % 12 + (12 if meridiem.group().lower() == "p" else 0)
    return hour, minute


def clock_values(text: str) -> frozenset[tuple[int, int]]:
    """The times of day `text` says (`clock_value`): "05:00", "5:00am" and "5am" are one."""
    return frozenset(clock_value(m.group()) for m in CLOCK_TIME.finditer(text))


def clock_spans(text: str) -> list[tuple[int, int]]:
    """The spans of the clock times in `text`."""
    return [m.span() for m in CLOCK_TIME.finditer(text)]


__all__ = ["CLOCK_TIME", "clock_spans", "clock_value", "clock_values"]
