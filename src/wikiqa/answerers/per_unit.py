"""A value asked per unit of time names the column of that unit's rate.

"What should I be getting an hour?" asks for what is paid for each hour: the column a pay
table heads "London hourly rate", "Hourly rate in Jersey" or "Rate per hour". The question
says the unit ("hour", which `features.key` reads "hourly" as too) but not "rate", so the
column's header is said only by a third of its words and the row the question names by its
key ("Level 2") is not read as answering it (rows.column_named, named_cell.header_named).

One sentence: *a question asking a value "a", "an", "per" or "each" unit of time (hour, day,
week, month, year) names the header words "rate" and that unit*, so a column headed by the
unit's rate is named as a column whose words the question says. The question must ask
a value ("what", "how much"), the unit must follow the asking itself, not a count of
another unit ("how many hours a week" asks for hours, a count, and names no rate), and
"a"/"an" with the unit must close its clause or lead a preposition ("a day off" is a thing,
not a rate). It adds header words only: the row must still be named by its
key cell, and every refusal of a row (another row named, a table keyed otherwise, a
document out of force) reads as before.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wikiqa.answerers.features import key

PER_UNIT_RATE = True  # switch: a value asked per unit of time names that unit's rate column

_UNITS = {
    "hour": ("hour",),
    "day": ("day", "daily"),
    "week": ("week",),
    "month": ("month",),
    "year": ("year", "annual"),
}
# "an hour", "per week", "each day"; not after a count of time ("hours a week", "2 days a
# month": a count asked, not a rate)
_PER_UNIT = re.compile(
    r"(?<![\w-])(?P<before>[\w'-]+\s+)?(?P<per>an?|per|each)\s+(?P<unit>hour|day|week|month|year)\b"
    r"(?P<after>\s*(?:[?.,;!]|$|\s(?:on|for|in|at|as|if|when|before|after|from|with)\b))?",
    re.I,
)
_VALUE_ASKED = re.compile(r"\b(?:what|how\s+much)\b", re.I)
_COUNTED = re.compile(r"^(?:hours?|days?|weeks?|months?|years?|shifts?|\d+)$", re.I)


@lru_cache(maxsize=1024)
def rate_keys(question: str) -> frozenset[str]:
    """The header keys a question names by asking a value per unit of time ("What do I get
    an hour?": rate, hour), empty when it asks none or counts a unit per unit."""
    if not PER_UNIT_RATE:
        return frozenset()
    out: set[str] = set()
    if not _VALUE_ASKED.search(question):
        return frozenset()
    for m in _PER_UNIT.finditer(question):
        before = (m.group("before") or "").strip()
        if _COUNTED.match(before):
            continue
        if m.group("per").lower() in ("a", "an") and m.group("after") is None:
            continue  # "a day off", "a year's leave": a thing, not a rate
        out |= {key("rate"), *(key(w) for w in _UNITS[m.group("unit").lower()])}
    return frozenset(out)
