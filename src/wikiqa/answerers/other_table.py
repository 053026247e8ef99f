"""A table row whose table says nothing of the thing asked gives way to the row of another
table holding the same cell, whose table says it.

Handbooks key several tables by the same cells: a band's notice period and its probation, a
job's band and a band's salary. A question names the cell and the thing it asks of it: "I'm
starting a Band E job next month. How long is the trial period?", "What's the salary range
for a job on Band F?". The ranker weighs the cell the question names, so the row of whichever
table the search put first wins: "| Bands E and F | 3 months |" of Notice Periods, "| Area
manager | Band F |" of Jobs and Pay Bands. Neither table's words (its document's title, its
heading, its header, the row's cells) say the thing asked; the row of the other table holding
that very cell does ("| Band | Probation |", "Annual salary (full-time)").

One sentence: *when the question asks "how long/much/many is the X" or "what is the X" and
the first line of an evidence that clears the floor is a table row whose table and cells say
no word of X (beyond words naming only a kind of value: "period", "rate"), the highest-ranked
row among the top `lift.NEAR_POOL` of another table, in a document in force, that holds a cell
of the first row's naming a word of the question and whose table or cells say a word of X, is
lifted above it and answers.* X is read as asked and as told_start.py reads it (a trial
period is the documents' probation period).

Why it is bounded: the first row must say nothing of the thing asked, the other row must say
it and hold the very cell (the same text) the first row holds, the one the question names; a
row of a past edition (read_out_of_force) is never taken. Nothing is refused here: a row
whose table says nothing of X with no other table saying it stays the answer it was.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.attribute import KIND_NOUNS
from wikiqa.answerers.features import key, key_set
from wikiqa.answerers.lift import NEAR_POOL
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.told_start import plain_start
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

OTHER_TABLE = True  # switch: the row of the table saying the asked thing (wrong73)

# "How long is the trial period?", "What's the salary range for ...?", "What will the X be?":
# the noun phrase asked of, up to three words, ended by a preposition or the clause's end
_ASKED = re.compile(
    r"\b(?:how\s+(?:long|much|many)\s+(?:is|are|was|will\s+be)|"
    r"what(?:['’]s|\s+is|\s+are|\s+will\s+be|\s+would\s+be))\s+"
    r"(?:the|my|our|your|a|an)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?=\s+(?:for|of|on|in|at|if|when|after|before|from|per|with|during|under|like)\b"
    r"|\s*[?,.;!]|\s*$)",
    re.I,
)
_KIND_KEYS = frozenset(key(w) for w in KIND_NOUNS)


def asked_words(question: str) -> frozenset[str]:
    """The keys of the words naming the thing the question asks of ("trial" and, as the
    documents say it, "probation" for "How long is the trial period?"), without words naming
    only a kind of value ("period", "rate"); empty when it asks no such thing."""
    out: set[str] = set()
    for text in {question, plain_start(question)}:
        m = _ASKED.search(text)
        if m is not None:
            out.update(key_set(m.group("thing")) - _KIND_KEYS)
    return frozenset(out)


def _table_words(c: Candidate) -> frozenset[str]:
    """The keys of what a row is read under and says: its document's title, its table's
    heading and header, and its cells."""
    return key_set(c.doc.title) | key_set(c.reading or c.text)


def _cells(c: Candidate) -> frozenset[str]:
    return frozenset(" ".join(x.lower().split()) for x in cells(c.span.text) if x.strip())


def other_table_row(e: Evidence) -> Candidate | None:
    """The row of another table that says the asked thing and holds the question's cell of
    the first row, when the first line is a row whose table says nothing of it; else None."""
    if not OTHER_TABLE or not e.ranked:
        return None
    first = e.ranked[0]
    if first.header is None:
        return None
    asked = asked_words(e.question.text)
    if not asked or asked & _table_words(first):
        return None
    named = {x for x in _cells(first) if key_set(x) & set(e.question.terms)}
    if not named:
        return None
    for c in e.ranked[1:NEAR_POOL]:
        if c.header is None or c.doc.doc_id == first.doc.doc_id or read_out_of_force(c.doc):
            continue
        if named & _cells(c) and asked & _table_words(c):
            return c
    return None
