"""Numbers said as words, read as numbers: one table of cardinals ("two" 2) and one of
ordinals ("second" 2) for every reading that needs them.

Why: other_case.py (a century asked as "the tenth century") and told_number.py (a plan's row
asked as "the second week") each kept a table of ordinal words and the same function turning
a word or a figure ("2nd") into its number; ranges.py ("two weeks") and told_number.py ("the
two weeks before") each kept a table of cardinal words. A reading that accepts fewer words
narrows its own view of the table (ranges reads "zero" to "twelve"); the table stays one.
"""

from __future__ import annotations

import re

_CARDINAL_NAMES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
)
_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90}
# "zero" 0 to "twenty" 20, then the tens a rule says in words, in that order (a pattern
# joining them keeps it)
CARDINAL_WORDS = {w: n for n, w in enumerate(_CARDINAL_NAMES.split())} | _TENS

_ORDINAL_NAMES = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
)
ORDINAL_WORDS = {w: n for n, w in enumerate(_ORDINAL_NAMES.split(), 1)}


def ordinal_value(word: str) -> int:
    """The number an ordinal says: "second" 2, "2nd" 2 (a figure read by its leading digits)."""
    low = word.lower()
    return ORDINAL_WORDS.get(low) or int(re.match(r"\d+", low).group())  # type: ignore[union-attr]
