"""The kind of value a question asks names the column of the row it keys.

A keyed row (keyed_row.py) answers from the cell of the column asked: a column whose header
the question names, a column of actions or points, the one cell of the kind asked
(`kinds.asked_row_kind`: a sum, a frequency ...), or the one figure for "how much/many/long".
A question asking how quickly or how soon asks for a stretch of time, and named none of
those: "The 3D has stopped working in screen 4. How quickly should it be fixed?" keys
"| Priority 2 | picture out of focus, one sound channel lost, 3D not working | within 4
hours |" under "| Priority | Example | Target time to fix |" (the told sentence keys it, as
the asking sentence points back to it with "it"), but no header is named whole ("fix" is
one word of "Target time to fix"), and the "4" of "screen 4" made "within 4 hours" read as a
cell the question says, so no column was asked and the question was refused.

One sentence: *when the question asks how long, how quickly, how fast or how soon
(`kinds.asks_duration`), the one cell of the keyed row past its key that states a stretch of
time (`kinds.says_duration`) is the column asked, unless the question says every word of
it (its own told time).* A careful reader reads "how quickly" across to the row's time as
"how much" is read across to its sum. So too, the words telling what happens in the time
asked ("How long does cytology take to come back, roughly?": "take to come back", up to two
words after "take (to)", and a hedge on the time, "roughly") ask for the time itself, so
the table need not say them once the keyed row states the one time (`timed_words`): "|
Cytology | 2 working days |" under "## Turnaround" and "| Test | Results by |" answers,
while a thing named after them ("take to get a parking permit") is still the table's to say.

Nothing else is loosened: the row must still be keyed by the question's own words, its table
must still say every other word of the asking sentence (`TABLE_ABOUT`), two cells stating a
time leave the column untold, and every bound of keyed_row (another place's, period's or
kind of worker's table, a document out of force, a key named in another document's table, a
value not of the type asked) still applies. Switch: ASKED_VALUE (value78).
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import key_set
from wikiqa.answerers.kinds import asks_duration, says_duration

ASKED_VALUE = True  # switch (value78): "how quickly" reads the keyed row's one time across
# "how long does cytology take to come back": the verb of what happens in the time asked, up
# to two lower-case words after "take (to)" (a thing named later, "to get a parking permit",
# stays for the table to say); and a hedge on the time ("roughly"): both ask for the time
_TAKES = re.compile(r"\btak(?:e|es|ing|en)\b(?:\s+(?:to|for)\b)?(?:\s+[a-z][\w'’-]*){0,2}")
_HEDGE = re.compile(r"\b(?:roughly|approximately|usually|normally|typically|generally)\b", re.I)


def duration_cell(
    question: str, row: list[str], header: list[str], said: frozenset[str]
) -> int | None:
    """The index of the one cell of `row` past its key (and under a header cell) stating a
    stretch of time, when the question asks how long, how quickly or how soon; None when
    the switch is off, no duration is asked, or none or several cells state one. A cell
    whose every word the question says (`said`, its keys: "I've been off 3 days") is the
    question's own, not the value asked; a cell the question says a word of beside its time
    is still the value ("screen 4" and "within 4 hours")."""
    if not ASKED_VALUE or not asks_duration(question):
        return None
    timed = [
        i
        for i in range(1, min(len(row), len(header)))
        if says_duration(row[i]) and not key_set(row[i]) <= said
    ]
    return timed[0] if len(timed) == 1 else None


def timed_words(question: str) -> frozenset[str]:
    """The keys of the words of a duration question that tell what happens in the time asked
    ("How long does cytology take to come back, roughly?": take, come, back, roughly; "take to
    get a parking permit": take, get, so "parking permit" is still the table's to say): the
    asking of the time itself, so the table need not say them once its row states the one
    time (`duration_cell`); empty when the switch is off or no duration is asked."""
    if not ASKED_VALUE or not asks_duration(question):
        return frozenset()
    said = [m.group(0) for m in _TAKES.finditer(question)] + _HEDGE.findall(question)
    return key_set(" ".join(said))
