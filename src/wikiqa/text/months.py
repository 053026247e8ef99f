"""The names of the months and of the days of the week, spelled once.

Why: a date check (answerers/features.py, answerers/dated.py), the test that a capitalised
run is a date and not an entity (answerers/hops.py, features.py) and the infobox date
formatter (sources/infobox.py) each spelled the twelve months; a misspelling in one copy
would make one check blind to a month the others read.
"""

from __future__ import annotations

import re

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# regex alternations, for patterns that group them: rf"\b(?:{MONTH_NAMES})\b"
MONTH_NAMES = "|".join(MONTHS)
WEEKDAY_NAMES = "|".join(WEEKDAYS)
# a weekday's name, one or several ("Tuesdays"), in any case
WEEKDAY_WORD = re.compile(rf"\b(?:{WEEKDAY_NAMES})s?\b", re.I)


def month_number(name: str) -> int:
    """The month a name says, 1 to 12, in any case ("december" 12); ValueError for no month."""
    return [m.lower() for m in MONTHS].index(name.lower()) + 1


__all__ = ["MONTHS", "MONTH_NAMES", "WEEKDAYS", "WEEKDAY_NAMES", "month_number"]
