"""Ordinals said as words, read as numbers: one table for every reading that needs "second" as 2.

Why: other_case.py (a century asked as "the tenth century") and told_number.py (a plan's row
asked as "the second week") each kept a table of ordinal words and the same function turning
a word or a figure ("2nd") into its number. A reading that accepts fewer ordinals narrows
the words its own pattern matches; the table and the value stay one.
"""

from __future__ import annotations

import re

_ORDINAL_NAMES = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
)
ORDINAL_WORDS = {w: n for n, w in enumerate(_ORDINAL_NAMES.split(), 1)}


def ordinal_value(word: str) -> int:
    """The number an ordinal says: "second" 2, "2nd" 2 (a figure read by its leading digits)."""
    low = word.lower()
    return ORDINAL_WORDS.get(low) or int(re.match(r"\d+", low).group())  # type: ignore[union-attr]
