"""A labelled line is a table row written as a line: the entry the question names.

A handbook often lists its rates as labelled lines, not a table:

    ## Meals and overnight stays
    - Breakfast: up to £6, if you leave home before 6:30.
    - Lunch: up to £8, if you are away from your usual workplace for more than 5 hours.

Each line is a row of a two-column table whose key is its label and whose one cell is what
follows the colon. A question that names the label whole ("What's the most I can claim for
lunch when I'm out visiting other shops?") names that row, and with one cell there is no
column left to name: the line is the entry the question asks about, as a table row keyed by
the question and asked for its column is (rows.STRONG). The situation the asker tells ("if I
drive my own car", "for lunch") names the entry ("- Own car: 45 pence a mile ..."), while a
neighbour document that repeats more of the question's words ("Driving University Vehicles")
ranks its own lines first.

Read so only for a question asking for a value (not a yes/no question), and only when the
value says what the question asks for: the kind its wording asks
(kinds.asked_row_kind: a sum for "how much", a rate for "what's the mileage rate"), or, when
it asks none, a figure; a label that only opens a sentence ("Note: ...", "Holiday: the agency
pays ...") is no entry for a question asking for another kind of thing. The label is a short
noun phrase (at most MAX_LABEL_WORDS words) every content word of which the question says,
whole or clipped (rows.said_keys).
"""

from __future__ import annotations

import re
from functools import lru_cache

from wikiqa.answerers.features import asked_clause, key_set, question_type
from wikiqa.answerers.kinds import asked_row_kind, says_kind
from wikiqa.answerers.rows import said_keys

MAX_LABEL_WORDS = 4  # "Own car", "Evening meal", "Lunch": a name, not a clause
# A list item that opens with a capitalised label and a colon ("- Own car: 45 pence a mile"),
# or a line whose label is set in bold ("**Lunch:** up to £8"). A sentence of prose opening
# with a name and a colon ("Teen Titans: Trouble in Tokyo is a 2006 film ...") is a title,
# not an entry; a clock time ("at 10:30") has no label before it.
_LABELLED = re.compile(
    r"^\s*(?:(?:[-*+]\s+|\d+[.)]\s+)(?:\*\*|__)?([A-Z][\w'’ -]{0,40}?)(?:\*\*|__)?"
    r"|(?:\*\*|__)([A-Z][\w'’ -]{0,40}?)(?:\*\*|__)?)\s*:(?:\*\*|__)?\s+(\S.*)$",
    re.S,
)
_FIGURE = re.compile(r"\d")
_WORD = re.compile(r"[^\W\d_]+")
# Words of a label that join or frame its nouns; any other word a matching key drops ("own",
# "other", "first") still says which entry it is, and must be said as written.
_JOINING = frozenset(
    {"a", "an", "the", "of", "for", "in", "on", "at", "to", "and", "or", "with", "by", "per"}
)


def _light(word: str) -> bool:
    """Is `word` of a label one no matching key holds, and no joining word?"""
    return not key_set(word) and word.lower() not in _JOINING


def label_and_value(line: str) -> tuple[str, str] | None:
    """The label and the value of a labelled line, or None when it is not one."""
    m = _LABELLED.match(line)
    if m is None:
        return None
    label = m.group(1) or m.group(2)
    return (label, m.group(3)) if len(label.split()) <= MAX_LABEL_WORDS else None


@lru_cache(maxsize=256)
def repeated_labels(text: str) -> frozenset[str]:
    """The labels (lower case) of more than one labelled line of `text`: a field each of
    several records holds ("- HR adviser: Priya Kaur" under each region's heading), not the
    key of one entry."""
    seen: set[str] = set()
    again: set[str] = set()
    for line in text.splitlines():
        parts = label_and_value(line)
        if parts is not None:
            label = " ".join(parts[0].lower().split())
            (again if label in seen else seen).add(label)
    return frozenset(again)


def named_entry(question: str, qset: frozenset[str], line: str, text: str = "") -> bool:
    """Is `line` (of a document whose text is `text`) a labelled line whose label the
    question names whole, the only line of the document with that label, and whose value
    says what the question asks for (the asked kind, or a figure when it asks none)? A yes/no
    question (its asking sentence, features.asked_clause: "I'm on a course. Do I get ...?")
    asks whether, not for a value: "Do I get paid for lunch?" may be answered by
    another line ("Lunch is not paid on training days"), and the entry's value is judged
    there as any line is, by the answer-type gate and the floor."""
    parts = label_and_value(line)
    if parts is None or question_type(asked_clause(question)) == "yesno":
        return False
    label, value = parts
    if " ".join(label.lower().split()) in repeated_labels(text):
        return False  # a field of several records: the question must name which record
    words = key_set(label)
    if not words or said_keys(words, qset) != words:
        return False
    said = {w.lower() for w in _WORD.findall(question)}
    if any(w.lower() not in said for w in _WORD.findall(label) if _light(w)):
        return False  # "Own car" is not named by "a hire car": "own" says whose
    kind = asked_row_kind(question)
    return says_kind(kind, value) if kind is not None else _FIGURE.search(value) is not None
