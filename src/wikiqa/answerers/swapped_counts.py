"""A line counting the thing a question counts, with another count.

"What corresponds to solving the problem of multiplying *three numbers*?" over "... corresponds
to solving the problem of multiplying *two numbers*"; "What is the problem of determining if
*three finite graphs* are isomorphic?" over "... whether *two finite graphs* are isomorphic".
A count the question puts before a thing names the case it asks about, as a year or a code
does (`other_case.swapped_numbers`); a line that puts another count before the same thing,
and never says the asked count, speaks of the other case and names nothing that answers.
SQuAD 2.0 writes a share of its unanswerable questions by changing such a count.

Read only where the count is the case and not the asker's situation: a count of units of
time within three words ("worked *3 years*", "*12 hour* shifts", "*eight consecutive
weeks*"), a date or a span ("*27* December", "the 1992-93 season", "2025/26"), a count of
people ("*four* people on the van" over "*Two* people crew every collection van"), a count
that bounds or is a rate ("*at least* 3", "*up to* 5", "more than 2", "for *every* 4
people", on either side), a number written against letters ("20th", "8n2") and the word
"one" ("one of") are left alone, since a handbook line answers the asker's own numbers with
a band, a bound or another unit; a count a line says anywhere, or brackets between two of
its counts, is the asked one. A yes/no question is not read: the other count answers it
with a no.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import asked_clause, key
from wikiqa.answerers.list_entry import GENERIC_READERS
from wikiqa.answerers.other_case import BOUNDS_BEFORE
from wikiqa.answerers.ranges import TIME_UNITS, WORD_NUMBERS
from wikiqa.text.months import MONTHS
from wikiqa.text.terms import STOPWORDS

__all__ = ["swapped_counts"]

# A number is read with what is written against it: "20th" and "8n2" count nothing.
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|\d[\w.,]*\w|\d|[^\w\s]")
# Two numbers joined by a dash or a slash are a span or a date, no count ("the 1992-93
# season", "2011–12", "24/7").
_SPAN = re.compile(r"\d[\d.,]*\s*[-–—/]\s*\d[\d.,]*")
# Counts of two or more: "one" is as often "one of" or "a" as a count.
_COUNT_WORDS = {word: n for word, n in WORD_NUMBERS.items() if n >= 2}
_SMALL = re.compile(r"[1-9]\d{0,2}")  # a count, not a year, an amount or a code
# What a count of time is counted in: the asker's own span, answered by a band or a bound.
_TIME = re.compile(rf"{TIME_UNITS}|nights?|shifts?|weekends?|decades?|centur(?:y|ies)")
_MONTHS = frozenset(m.lower() for m in MONTHS)
_NOUN_WORDS = 3  # words after a count read for what it counts in ("eight consecutive weeks")
# A count of people is the asker's party or team ("four of us on the van"), which a rule
# answers with its own number ("Two people crew every collection van").
_PEOPLE = frozenset(key(w) for w in (*GENERIC_READERS, "person", "persons"))
# A count after these is a bound or a rate ("at least 3", "for every 4 people").
_BOUNDING = BOUNDS_BEFORE | {"every", "each", "per"}


def _count(token: str) -> int | None:
    if token in _COUNT_WORDS:
        return _COUNT_WORDS[token]
    return int(token) if _SMALL.fullmatch(token) and int(token) >= 2 else None


def _counts(text: str) -> tuple[list[tuple[int, str, bool]], set[int]]:
    """(count, key of the thing counted, bounded) for each count of a thing in `text` (the
    count's next word, a content word that is no unit of time and no month), and every
    count `text` says at all."""
    text = _SPAN.sub(" ", text).replace("-", " ")  # "4-cylinder" counts cylinders
    tokens = [t.lower() for t in _TOKEN.findall(text)]
    out = []
    said = set()
    for i, token in enumerate(tokens):
        n = _count(token)
        if n is None:
            continue
        said.add(n)
        thing = tokens[i + 1] if i + 1 < len(tokens) else ""
        if not thing.isalpha() or thing in STOPWORDS or thing in _MONTHS:
            continue
        following = tokens[i + 1 : i + 1 + _NOUN_WORDS]
        if any(_TIME.fullmatch(t) or key(t) in _PEOPLE for t in following):
            continue  # "eight consecutive weeks", "two senior staff"
        bounded = i > 0 and tokens[i - 1] in _BOUNDING
        out.append((n, key(thing), bounded))
    return out, said


def swapped_counts(question: str, wh: str, line: str) -> list[tuple[int, int, str]]:
    """(the asked count, the line's, the thing's key) for each count of a thing in the
    asking clause that the line does not say, where the line counts the same thing (the
    word after the count) with another count, neither bounded; [] for a yes/no question."""
    if wh == "yesno":
        return []
    asked, _ = _counts(asked_clause(question))
    if not asked:
        return []
    counted, said = _counts(line)
    found = []
    for n, thing, bounded in asked:
        if bounded or n in said or any(a < n < b for a in said for b in said):
            continue
        other = next((m for m, t, b in counted if t == thing and not b and m != n), None)
        if other is not None:
            found.append((n, other, thing))
    return found
