"""Numbers a question names and the ranges table cells state, with their units of time.

A table keyed by a range ("Bands 5 to 7", "Under 5 years", "2 years to less than 5 years",
"15 years or more") answers a question naming a number in it ("as a band 6", "I've been here
16 years"). A bound said with "less than", "under" or "below" is not in the range, nor one
said with "over", "above" or "more than": "2 years to less than 5 years" does not hold 5, so
"5 years to less than 15 years" is the row of five years' service. When the cell and the
question both say a unit of time, they are compared in days: "18 months" falls in "6 months to
less than 2 years", not in "5 years or more" (18 is more than 5, but not in years).

A sentence may state a range too: "Runs the rural routes 70 to 79." says which depot runs the
72 as plainly as a row "| Fellside | 70 to 79 |" would (`holds_numbers`), each range read by
the cell rule (no clock times, no codes such as "N1 to N9", whose numbers are parts of names).
"""

from __future__ import annotations

import math
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

NUM = r"(\d[\d,]*(?:\.\d+)?)"
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")  # fmt: skip
WORD_NUMBERS = {w: n for n, w in enumerate(_WORDS)}
_DAYS = {"minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "week": 7.0, "month": 365.25 / 12,
         "year": 365.25}  # fmt: skip
_UNITS = r"(minutes?|hours?|days?|weeks?|months?|years?)"
_TIME = rf"(?:\s*{_UNITS}\b)?"  # a unit of time after a number, if any
_RANGE_BETWEEN = re.compile(
    rf"{NUM}{_TIME}\D{{0,3}}?\s*(?:to|–|—|-)\s*(less than\s+|under\s+)?\D{{0,4}}?{NUM}{_TIME}",
    re.I,
)
_RANGE_BELOW = re.compile(rf"\b(under|below|less than|up to)\s+\D{{0,4}}?{NUM}{_TIME}", re.I)
_RANGE_ABOVE = re.compile(
    rf"(?:\b(over|above|more than)\s+\D{{0,4}}?{NUM}{_TIME})"
    rf"|(?:{NUM}{_TIME}\S*\s+(?:and|or)\s+(?:above|over|more|longer))",
    re.I,
)
_YEAR = re.compile(r"(19|20)\d\d")
_CLOCK = re.compile(r"\d:\d\d")
_GLUED = re.compile(r"[^\W\d_]\d")  # a number written against letters is a code ("W1")
_AFTER = re.compile(rf"\s*{_UNITS}\b", re.I)


class Number(float):
    """A number a question names, with its length in days when a unit of time follows it
    ("18 months"); a float everywhere else."""

    days: float | None

    def __new__(cls, value: float, days: float | None = None) -> Number:
        self = super().__new__(cls, value)
        self.days = days
        return self


@dataclass(frozen=True)
class Range:
    """A cell's range: its bounds as written, and in days when it says a unit of time."""

    low: float
    high: float
    low_days: float | None = None
    high_days: float | None = None

    def holds(self, n: float) -> bool:
        days = getattr(n, "days", None)
        if days is not None and self.low_days is not None and self.high_days is not None:
            return self.low_days <= days <= self.high_days
        return self.low <= n <= self.high


def _float(text: str) -> float:
    return float(text.replace(",", ""))


def _days(n: float, unit: str | None) -> float | None:
    return n * _DAYS[unit.lower().rstrip("s")] if unit else None


def question_numbers(question: str) -> tuple[Number, ...]:
    """The numbers a question names, in digits or as words ("three years", "band 6"); not
    years ("in 2026" is no point of a range such as "Over 10 years"), nor the word "one"
    without a unit of time after it ("one of my drivers", "on one order" name no 1 that
    "Up to £5,000" or "Under 5 years" would hold; "one day" does)."""
    found = []
    for m in re.finditer(NUM, question):
        if _YEAR.fullmatch(m.group(1)):
            continue
        n = _float(m.group(1))
        unit = _AFTER.match(question, m.end())
        found.append(Number(n, _days(n, unit.group(1) if unit else None)))
    for m in re.finditer(r"[a-z]+", question.lower()):
        if (w := m.group()) in WORD_NUMBERS:
            n = WORD_NUMBERS[w]
            unit = _AFTER.match(question.lower(), m.end())
            if w == "one" and unit is None:
                continue  # "one of my students", "on one order": a determiner, no quantity
            found.append(Number(n, _days(n, unit.group(1) if unit else None)))
    return tuple(found)


def _span(low: float, high: float, low_unit: str | None, high_unit: str | None) -> Range | None:
    """A range from its bounds; a unit said once ("2 to 5 years") is both bounds' unit."""
    low_unit, high_unit = low_unit or high_unit, high_unit or low_unit
    low_days, high_days = _days(low, low_unit), _days(high, high_unit)
    if low_days is not None and high_days is not None:
        return Range(low, high, low_days, high_days) if low_days <= high_days else None
    return Range(low, high) if low <= high else None


def _below(n: float) -> float:
    return math.nextafter(n, -math.inf)


def _above(n: float) -> float:
    return math.nextafter(n, math.inf)


@lru_cache(maxsize=4096)
def cell_span(cell: str) -> Range | None:
    """The numeric range a cell states ("Bands 5 to 7", "£33,248 to £49,913", "Under 5
    years", "£49,914 and above", "2 years to less than 5 years", "15 years or more"), or
    None. A range of codes ("W1 to W3") is no range of quantities: "a class 1 driver" does not
    fall in it (rows.cell_codes); nor are times ("08:00–20:00")."""
    numbers = re.findall(NUM, cell)
    if _CLOCK.search(cell) or len(numbers) > 2 or _GLUED.search(cell):
        return None
    inf = math.inf
    if m := _RANGE_BETWEEN.search(cell):
        low, high = _float(m.group(1)), _float(m.group(4))
        span = _span(low, high, m.group(2), m.group(5))
        if span is None or not m.group(3):  # "... to less than 5 years" does not hold 5
            return span
        days = span.high_days
        return Range(low, _below(high), span.low_days, None if days is None else _below(days))
    if len(numbers) != 1:  # "1 in 4 or more" is no open range
        return None
    if m := _RANGE_BELOW.search(cell):
        n, days = _float(m.group(2)), _days(_float(m.group(2)), m.group(3))
        if m.group(1).lower() != "up to":  # "under 5" does not hold 5
            n, days = _below(n), None if days is None else _below(days)
        return Range(-inf, n, None if days is None else -inf, days)
    if m := _RANGE_ABOVE.search(cell):
        if m.group(2):  # "over 5 years" does not hold 5
            n, days = _float(m.group(2)), _days(_float(m.group(2)), m.group(3))
            n, days = _above(n), None if days is None else _above(days)
        else:  # "15 years or more", "£49,914 and above" hold it
            n, days = _float(m.group(4)), _days(_float(m.group(4)), m.group(5))
        return Range(n, inf, days, None if days is None else inf)
    return None


def cell_range(cell: str) -> tuple[float, float] | None:
    """`cell_span`'s bounds as written (None for a range whose bounds differ in unit)."""
    span = cell_span(cell)
    return (span.low, span.high) if span and span.low <= span.high else None


def in_range(cell: str, numbers: tuple[float, ...]) -> bool:
    """Does the cell's range hold one of the numbers (in days when both say a unit)?"""
    span = cell_span(cell)
    return span is not None and any(span.holds(n) for n in numbers)


# a closed range written in a line: two numbers joined by "to" or a dash, each with at most
# a currency sign or a unit-less prefix of a few characters ("£20 to £39")
_WRITTEN_RANGE = re.compile(
    r"(?<![\w:])\D{0,1}\d[\d,]*(?:\.\d+)?\s*(?:to|–|—|-)\s*\D{0,1}\d[\d,]*(?:\.\d+)?(?![\w:])",
    re.I,
)


def ranges_in(text: str) -> list[tuple[float, float]]:
    """The closed numeric ranges a line writes ("Runs routes 20 to 39 and the A1 Airport
    Express": [(20, 39)]); codes ("N1 to N9") and clock times are none."""
    found = []
    for m in _WRITTEN_RANGE.finditer(text):
        span = cell_range(m.group(0).strip())
        if span is not None and span[0] < span[1]:
            found.append(span)
    return found


def holds_numbers(numbers: AbstractSet[float], text: str) -> bool:
    """Does the line say each of `numbers`, or state a range holding it? ("Runs the rural
    routes 70 to 79." holds 72.)"""
    said = set(question_numbers(text))
    spans = ranges_in(text) if numbers - said else []
    return all(n in said or any(lo <= n <= hi for lo, hi in spans) for n in numbers)
