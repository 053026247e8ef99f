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

A number keys a range only when what it counts agrees with what the range counts. A range
that says its kind ("Bands 1 to 3", "Up to £5,000", "5 to 9 penalty points") holds a number the
question writes with a counted noun or a currency sign of its own ("3 points", "£40") only when
that is the range's kind, said before or after the number ("band 3", "3 bands"): three points on
a licence are no band, and £40 is no number of days. A bare number ("I'm 65") or a range that
names no kind ("65 and over", "1 to 3") keeps the old rule; units of time compare in days.
"""

from __future__ import annotations

import math
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from functools import lru_cache

from wikiqa.text.clock import CLOCK_TIME, clock_spans
from wikiqa.text.number_words import CARDINAL_WORDS

NUM = r"(\d[\d,]*(?:\.\d+)?)"
WORD_NUMBERS = {w: n for w, n in CARDINAL_WORDS.items() if n <= 12}  # "zero" to "twelve"
_DAYS = {"minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "week": 7.0, "month": 365.25 / 12,
         "year": 365.25, "min": 1 / 1440, "hr": 1 / 24, "yr": 365.25}  # fmt: skip
# a unit of time, one capturing group ("18 months", "12 hrs")
TIME_UNITS = r"(minutes?|hours?|days?|weeks?|months?|years?|mins?|hrs?|yrs?)"
_TIME = rf"(?:\s*{TIME_UNITS}\b)?"  # a unit of time after a number, if any
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
_GLUED = re.compile(r"[^\W\d_]\d")  # a number written against letters is a code ("W1")
_AFTER = re.compile(rf"\s*{TIME_UNITS}\b", re.I)
_CURRENCY = "£$€"
# words next to a number that count nothing: "65 and over", "3 to 5", "I'm 45 in May"
_NOT_NOUN_TEXT = (
    "a an and or to of in on at for from by with the this that than less more over under above "
    "below up upto i im me my we you it is are was be been am so but if as per each every "
    "last next ago old now then there here off out all plus how what when where who why which "
    "do does did have has had go can could will would should must may get got need"
)
_NOT_NOUNS = frozenset(_NOT_NOUN_TEXT.split())
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z'’]*)\s*$")
_WORD_AFTER = re.compile(r"(?:-|\s+)([A-Za-z][A-Za-z'’]*)(?:\s+([A-Za-z][A-Za-z'’]*))?")


class Number(float):
    """A number a question names, with its length in days when a unit of time follows it
    ("18 months"), what it counts when the question says so ("3 points": point, "£40": £)
    and the words beside it ("band 3": band); a float everywhere else."""

    days: float | None
    counted: str | None
    beside: frozenset[str]

    def __new__(
        cls,
        value: float,
        days: float | None = None,
        counted: str | None = None,
        beside: frozenset[str] = frozenset(),
    ) -> Number:
        self = super().__new__(cls, value)
        self.days, self.counted, self.beside = days, counted, beside
        return self


def _noun(word: str | None) -> str | None:
    """A word as a counted noun, singular and lower-case ("Bands" -> band, "years'" ->
    year), or None for a word that counts nothing ("and", "to", "I'm")."""
    if not word:
        return None
    w = word.lower().replace("’", "'").split("'")[0]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        w = w[:-1]
    return None if w in _NOT_NOUNS or len(w) < 2 else w


def _counts(text: str, start: int, end: int) -> tuple[str | None, frozenset[str]]:
    """What the number at text[start:end] counts (a currency sign before it, else the noun
    after it) and the nouns beside it, before and after."""
    after_m = _WORD_AFTER.match(text, end)
    after = _noun(after_m.group(1)) if after_m else None
    second = _noun(after_m.group(2)) if after_m and after else None  # "3 penalty points"
    before_m = _WORD_BEFORE.search(text, 0, start)
    before = _noun(before_m.group(1)) if before_m else None
    sign = text[start - 1] if start > 0 and text[start - 1] in _CURRENCY else None
    if sign is None and text[end : end + 1] == "%":
        sign = "%"
    counted = sign or after
    beside = {w for w in (sign, before, after, second) if w}
    if after in _DAYS and re.match(r"\s*\w+\s+old\b", text[end:], re.I):
        beside |= {"age", "aged"}  # "19 years old" is an age: "Aged 18 to 20" holds it
    return counted, frozenset(beside)


@dataclass(frozen=True)
class Range:
    """A cell's range: its bounds as written, and in days when it says a unit of time."""

    low: float
    high: float
    low_days: float | None = None
    high_days: float | None = None
    kind: frozenset[str] = frozenset()  # what the range counts, if it says: "Bands 1 to 3": band

    def holds(self, n: float) -> bool:
        days = getattr(n, "days", None)
        if days is not None and self.low_days is not None and self.high_days is not None:
            return self.low_days <= days <= self.high_days
        counted = getattr(n, "counted", None)
        if counted and self.kind and not self.kind & getattr(n, "beside", frozenset()):
            return False  # "3 points" is no band of "Bands 1 to 3"
        return self.low <= n <= self.high


def _float(text: str) -> float:
    return float(text.replace(",", ""))


def _days(n: float, unit: str | None) -> float | None:
    return n * _DAYS[unit.lower().rstrip("s")] if unit else None


_LADDER = sorted(set(_DAYS.values()))  # minute, hour, day, week, month, year


def unit_step(unit: str) -> int:
    """The place of a unit of time (as `TIME_UNITS` reads it) on the ladder minute, hour,
    day, week, month, year: "hrs" 1, "Months" 4."""
    return _LADDER.index(_DAYS[unit.lower().rstrip("s")])


def question_numbers(question: str) -> tuple[Number, ...]:
    """The numbers a question names, in digits or as words ("three years", "band 6"); not
    years ("in 2026" is no point of a range such as "Over 10 years"), nor clock times
    ("opens at 05:00", "at 2am"), nor the word "one"
    without a unit of time after it ("one of my drivers", "on one order" name no 1 that
    "Up to £5,000" or "Under 5 years" would hold; "one day" does)."""
    found = []
    clocks = clock_spans(question)  # "at 05:00", "9.30am", "2am": no quantity for a range
    for m in re.finditer(NUM, question):
        if _YEAR.fullmatch(m.group(1)):
            continue
        if any(a <= m.start() < b for a, b in clocks):
            continue  # "the depot that opens at 05:00" names no 5 for "Over 3 years" to hold
        n = _float(m.group(1))
        unit = _AFTER.match(question, m.end())
        counted, beside = _counts(question, m.start(), m.end())
        found.append(Number(n, _days(n, unit.group(1) if unit else None), counted, beside))
    for m in re.finditer(r"[a-z]+", question.lower()):
        if (w := m.group()) in WORD_NUMBERS:
            n = WORD_NUMBERS[w]
            unit = _AFTER.match(question.lower(), m.end())
            if w == "one" and unit is None:
                continue  # "one of my students", "on one order": a determiner, no quantity
            counted, beside = _counts(question.lower(), m.start(), m.end())
            found.append(Number(n, _days(n, unit.group(1) if unit else None), counted, beside))
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


def _cell_kind(cell: str) -> frozenset[str]:
    """What a cell's range counts, when it says: a currency sign or "%" by its numbers, the
    noun before its first number ("Bands 1 to 3": band) or after its last ("5 to 9 penalty
    points": penalty; "Under 5 years": year)."""
    numbers = list(re.finditer(NUM, cell))
    if not numbers:
        return frozenset()
    first, last = numbers[0], numbers[-1]
    signs = {cell[m.start() - 1] for m in numbers if m.start() and cell[m.start() - 1] in _CURRENCY}
    if signs:
        return frozenset(signs)
    if any(cell[m.end() : m.end() + 1] == "%" for m in numbers):
        return frozenset({"%"})
    before = _WORD_BEFORE.search(cell, 0, first.start())
    if kind := _noun(before.group(1) if before else None):
        return frozenset({kind})
    after = _WORD_AFTER.match(cell, last.end())
    if after is None or (kind := _noun(after.group(1))) is None:
        return frozenset()
    second = _noun(after.group(2))  # "5 to 9 penalty points": penalty, point
    return frozenset({kind, second} if second else {kind})


@lru_cache(maxsize=4096)
def cell_span(cell: str) -> Range | None:
    """`_span_of` with what the range counts, when the cell says (`_cell_kind`)."""
    span = _span_of(cell)
    return None if span is None else replace(span, kind=_cell_kind(cell))


def _span_of(cell: str) -> Range | None:
    """The numeric range a cell states ("Bands 5 to 7", "£33,248 to £49,913", "Under 5
    years", "£49,914 and above", "2 years to less than 5 years", "15 years or more"), or
    None. A range of codes ("W1 to W3") is no range of quantities: "a class 1 driver" does not
    fall in it (rows.cell_codes); nor are times ("08:00–20:00", "9am to 11am")."""
    numbers = re.findall(NUM, cell)
    if CLOCK_TIME.search(cell) or len(numbers) > 2 or _GLUED.search(cell):
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


# a key bounding what it names by a span of time from its start: "Pregnancy, first 12 weeks"
# holds 12 weeks, "Saturday, after 4 hours" does not hold 4 hours
_TIME_BOUND = re.compile(rf"\b(first|after)\s+{NUM}\s*{TIME_UNITS}\b", re.I)


def key_bound(cell: str) -> Range | None:
    """The span of time a key cell bounds what it names to ("Pregnancy, first 12 weeks":
    up to 12 weeks; "Saturday, after 4 hours": over 4 hours), in days; None for a cell with
    no such bound, with another number, or with a clock time."""
    m = _TIME_BOUND.search(cell)
    if m is None or CLOCK_TIME.search(cell) or len(re.findall(NUM, cell)) != 1:
        return None
    n = _float(m.group(2))
    days = _days(n, m.group(3))
    if days is None:
        return None
    if m.group(1).lower() == "first":
        return Range(-math.inf, n, -math.inf, days)
    return Range(_above(n), math.inf, _above(days), math.inf)


def _on_scale(bound: Range, n: float) -> bool:
    """Is `n` a stretch of time in the bound's unit or the next one up or down ("8 weeks"
    for "first 12 weeks", not "6 years" for "first 4 hours": a number of another scale is
    the asker's other particulars, named_cell.on_its_scale's reading)?"""
    days = getattr(n, "days", None)
    if days is None or not n:
        return False
    edge, edge_days = (
        (bound.high, bound.high_days) if math.isfinite(bound.high) else (bound.low, bound.low_days)
    )
    if not edge or edge_days is None:
        return False
    step = _LADDER.index(min(_LADDER, key=lambda d: abs(d - days / n)))
    own = _LADDER.index(min(_LADDER, key=lambda d: abs(d - edge_days / edge)))
    return abs(step - own) <= 1


def excludes(cell: str, numbers: tuple[float, ...]) -> bool:
    """Does the key cell bound what it names by a span of time (`key_bound`) that holds none
    of the stretches of time the question gives on its scale ("Pregnancy, after 12 weeks" for
    "8 weeks pregnant")? Such a key is the row of other cases, however many of its other
    words the question says."""
    bound = key_bound(cell)
    if bound is None:
        return False
    same = [n for n in numbers if _on_scale(bound, n)]
    return bool(same) and not any(bound.holds(n) for n in same)


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
