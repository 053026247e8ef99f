"""Numbers a line holds: said, or inside a range it states, in a table cell or in prose.

A table row's key cell may be a range ("Bands 5 to 7" holds band 6: rows.cell_range), and
so may a sentence: "Runs the rural routes 70 to 79." says which depot runs the 72 as
plainly as a row "| Fellside | 70 to 79 |" would. A line holds a number the question names
when it says it, or when one of the closed ranges it writes ("70 to 79", "20–39") holds it,
each range read by the table rule (`rows.cell_range`: no clock times, no codes such as
"N1 to N9", whose numbers are parts of names).
"""

from __future__ import annotations

import re

from wikiqa.answerers.rows import cell_range, question_numbers

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


def holds_numbers(numbers: set[float], text: str) -> bool:
    """Does the line say each of `numbers`, or state a range holding it? ("Runs the rural
    routes 70 to 79." holds 72.)"""
    said = set(question_numbers(text))
    spans = ranges_in(text) if numbers - said else []
    return all(n in said or any(lo <= n <= hi for lo, hi in spans) for n in numbers)
