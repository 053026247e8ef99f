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
from itertools import pairwise

from wikiqa.answerers.features import asked_clause, key_set, question_type
from wikiqa.answerers.kinds import asked_row_kind, asking_words, says_kind
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
# A line of a fact sheet: a capitalised label, a colon and its value, with no list mark
# ("Off-the-job training day: Wednesday", "Rounds: morning 07:00 to 13:00, teatime ...").
# One such line alone may be prose opening with a title ("Teen Titans: Trouble in Tokyo is
# a ..."); a run of SHEET_RUN of them, line after line, is a sheet of entries.
_SHEET_LINE = re.compile(r"^([A-Z][\w'’ -]{0,40}?):\s+(\S.*)$")
SHEET_RUN = 3
# An item of a value listing entries each keyed by its first words ("morning 07:00 to 13:00",
# "teatime 15:30 to 19:00"): the key is the words before the item's first figure.
_ITEM_KEY = re.compile(r"^([^\W\d_][\w'’ -]*?)\s+(?=\d)")
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
def sheet_lines(text: str) -> frozenset[str]:
    """The lines of `text` read as a fact sheet's entries: plain `Label: value` lines in a run
    of at least SHEET_RUN, one right after another."""
    out: set[str] = set()
    run: list[str] = []
    for line in [*text.splitlines(), ""]:
        m = _SHEET_LINE.match(line.strip())
        if m is not None and len(m.group(1).split()) <= MAX_LABEL_WORDS:
            run.append(line.strip())
            continue
        if len(run) >= SHEET_RUN:
            out.update(run)
        run = []
    return frozenset(out)


def entry_parts(line: str, text: str = "") -> tuple[str, str] | None:
    """The label and value of a labelled line (`label_and_value`) or of a line of a fact
    sheet of `text` (`sheet_lines`), else None."""
    parts = label_and_value(line)
    if parts is not None or line.strip() not in sheet_lines(text):
        return parts
    m = _SHEET_LINE.match(line.strip())
    return (m.group(1), m.group(2)) if m else None


@lru_cache(maxsize=256)
def repeated_labels(text: str) -> frozenset[str]:
    """The labels (lower case) of more than one labelled line of `text`: a field each of
    several records holds ("- HR adviser: Priya Kaur" under each region's heading), not the
    key of one entry."""
    seen: set[str] = set()
    again: set[str] = set()
    for line in text.splitlines():
        parts = entry_parts(line, text)
        if parts is not None:
            label = " ".join(parts[0].lower().split())
            (again if label in seen else seen).add(label)
    return frozenset(again)


def _items(value: str) -> list[tuple[frozenset[str], str]]:
    """The entries a value lists, each keyed by its words before its first figure
    ("teatime 15:30 to 19:00" keyed by "teatime"), when every item of two or more is so keyed;
    else none."""
    items = [p.strip() for p in re.split(r"[,;]\s*", value) if p.strip()]
    keyed = [(m, p) for p in items if (m := _ITEM_KEY.match(p)) is not None]
    if len(items) < 2 or len(keyed) != len(items):
        return []
    return [(key_set(m.group(1)), p) for m, p in keyed]


def _value_fits(
    question: str, qset: frozenset[str], label: str, value: str, kind: str | None
) -> bool:
    """Does the value say what the question asks for: the kind asked (a figure when none),
    and, for a value listing keyed entries, the one entry the question names?"""
    listed = _items(value)
    items = [p for k, p in listed if k and said_keys(k, qset) == k]
    if len(items) == 1:
        value = items[0]  # "the teatime round" names "teatime 15:30 to 19:00"
    elif listed and _other_case(question, label, value):
        return False  # "the night round" is none of "morning ..., teatime ..., evening ..."
    return says_kind(kind, value) if kind is not None else _FIGURE.search(value) is not None


def _other_case(question: str, label: str, value: str) -> bool:
    """Does the question write a word right before a word of the label that neither the label
    nor the value says ("the *night* round" over "Rounds: morning ..., teatime ..."): a case
    of the label's thing the entry does not list?"""
    words = _WORD.findall(question)
    label_keys = key_set(label)
    value_keys = key_set(value)
    return any(
        key_set(w) & label_keys and (k := key_set(before)) and not k & (label_keys | value_keys)
        for before, w in pairwise(words)
    )


def _ask_keys(question: str, kind: str) -> tuple[frozenset[str], frozenset[str]]:
    """The keys of the asking sentence less the words asking for the kind ("which day",
    "what time"), and the keys of those words."""
    clause = asked_clause(question)
    m = asking_words(kind, clause)
    asking = key_set(m) if m else frozenset()
    return key_set(clause) - asking, asking


@lru_cache(maxsize=256)
def _entries(text: str) -> tuple[tuple[str, str, str], ...]:
    """Every labelled line of `text` (stripped) with its label and value, read once."""
    out = []
    for line in text.splitlines():
        parts = entry_parts(line.strip(), text)
        if parts is not None:
            out.append((line.strip(), *parts))
    return tuple(out)


@lru_cache(maxsize=256)
def _value_labels(text: str) -> dict[str, tuple[tuple[str, frozenset[str]], ...]]:
    """For each key said by an entry's value, every such entry with its label's keys: the
    document's own names for the things its values say, indexed once per document."""
    out: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for line, label, value in _entries(text):
        for k in key_set(value):
            out.setdefault(k, []).append((line, key_set(label)))
    return {k: tuple(v) for k, v in out.items()}


def _sheet_words(key: str, line: str, text: str) -> frozenset[str]:
    """The keys of the labels of the other entries whose value says `key`: the document's own
    name for the thing ("Training provider: Calderdale Skills College" says what a "college"
    is in this sheet)."""
    entries = _value_labels(text).get(key, ())
    return frozenset().union(*(keys for other, keys in entries if other != line.strip()))


def _says_ask(question: str, line: str, text: str, kind: str) -> bool:
    """Does the entry say the whole ask in the document's words: every key of the asking
    sentence (less the words asking for the kind) said by its label or value, or by the label
    of another entry whose value says it, its label the entry's subject (its last word the
    noun asked for, or a word of the ask), and no other entry of the document so read?"""
    rest, asking = _ask_keys(question, kind)
    if not rest:
        return False

    def fits(entry: str, label: str, value: str) -> bool:
        if not says_kind(kind, value):
            return False
        own = key_set(label) | key_set(value)
        named = {k: _sheet_words(k, entry, text) for k in rest}
        said = {k for k in rest if k in own or named[k] & key_set(label)}
        if said != rest:
            return False
        head = key_set(label.split()[-1])
        return bool(head & asking) or bool(key_set(label) & (rest | set().union(*named.values())))

    parts = entry_parts(line.strip(), text)
    if parts is None or not fits(line.strip(), *parts):
        return False
    return not any(fits(*e) for e in _entries(text) if e[0] != line.strip())


def named_entry(question: str, qset: frozenset[str], line: str, text: str = "") -> bool:
    """Is `line` (of a document whose text is `text`) a labelled line whose label the
    question names whole, the only line of the document with that label, and whose value
    says what the question asks for (the asked kind, or a figure when it asks none)? A yes/no
    question (its asking sentence, features.asked_clause: "I'm on a course. Do I get ...?")
    asks whether, not for a value: "Do I get paid for lunch?" may be answered by
    another line ("Lunch is not paid on training days"), and the entry's value is judged
    there as any line is, by the answer-type gate and the floor. A line of a fact sheet
    (`sheet_lines`) is such a line too, and so is an entry saying the whole ask in the
    document's words (`_says_ask`: "what day is my college day" and "Off-the-job training
    day: Wednesday" beside "Training provider: Calderdale Skills College")."""
    parts = entry_parts(line, text)
    if parts is None or question_type(asked_clause(question)) == "yesno":
        return False
    label, value = parts
    if " ".join(label.lower().split()) in repeated_labels(text):
        return False  # a field of several records: the question must name which record
    kind = asked_row_kind(question)
    sheet = label_and_value(line) is None  # a fact sheet's line, not a list's item
    if kind is None and sheet:
        return False  # a sheet's line answers a kind asked ("Home carers: 58" is no place)
    words = key_set(label)
    if not words or said_keys(words, qset) != words:
        return sheet and kind is not None and _says_ask(question, line, text, kind)
    said = {w.lower() for w in _WORD.findall(question)}
    if any(w.lower() not in said for w in _WORD.findall(label) if _light(w)):
        return False  # "Own car" is not named by "a hire car": "own" says whose
    if not sheet:  # a labelled list item is read as main 462fcdb reads it
        return says_kind(kind, value) if kind is not None else _FIGURE.search(value) is not None
    return _value_fits(question, qset, label, value, kind)
