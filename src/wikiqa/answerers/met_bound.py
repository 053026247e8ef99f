"""A quantity the asker tells about their own case, read against the bound a rule line's
condition sets on that measure.

An employee tells their case with a measure and asks what follows: "I live about 40 km from
the quay. Is there anywhere I can stay during the season?", "I've been off 9 days with a chest
infection. Do I need a note from the GP?", "If I quit after 18 months, do I have to give back
the relocation money?", "I want a fortnight off in the summer. How far ahead do I have to book
it?". A policy rules for a range of that measure, never for the told value: "Colleagues who
live more than 25 kilometres away may use the staff house ...", "From the 8th calendar day you
need a fit note from your doctor.", "...; between 12 and 24 months, half of it.", "Give at
least 4 weeks' notice for a week or more off, ...". The exact-term features read "40 km",
"9 days", "18 months", "fortnight" as words the line does not say, so the line ranks first or
second of its document and scores under the floor; what ties it to the question is that the
told value falls in the range its condition sets, as a careful reader compares them.

One sentence: *a question telling a situation first (`ask_named.told_situation`) that gives a
plain quantity of a measure (a count of minutes, hours, days, weeks, a fortnight, months,
years, kilometres or miles, in figures or words, not itself bounded by "more than", "up to",
"within" ...) is answered, at any score above 0, by the highest-ranked of the first
`TOP_LINES` ranked lines, of the first-ranked line's document whichever retrieval put
first (prose, in force; the line, not the document, is what answers, as for `ruled_case`),
whose condition bounds the same measure from below or both ways ("more than 25 kilometres", "over 6 hours",
"from the 8th calendar day", "a week or more", "between 12 and 24 months", "at least N" inside
an "if/when/who/whose/once" clause) or names it as a kind ("a 12-hour rota") so that the told value
meets it, when that line or its heading says a content word of the question besides the
measure, and the document says every name the question gives.*

Why it is bounded: the told value is compared with the line's, so a line whose range the told
value falls outside ("more than 25 kilometres" for 20 km) is never read, nor a line bounding
another measure (miles for days); a bound the line sets on its answer rather than on its case
("at least 4 weeks' notice") is read only as a condition inside a clause that sets one. Only
lines of the first-ranked line's document the asker's own searches read are looked at, so
another reader's private document never answers; a superseded edition is not read; a name the
question gives that the document does not say (another place's page) leaves it refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    LIGHT,
    content_stems,
    prose_in_force,
    said_like,
    told_situation,
)
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.text.number_words import CARDINAL_WORDS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

MET_BOUND = True  # a told quantity read against the bound a rule line's condition sets
TOP_LINES = 3  # ranked lines looked at (the first document's among them)

# a measure's words: (the measure, how many of its base unit one of them is)
_UNITS: dict[str, tuple[str, float]] = {
    "minute": ("minute", 1),
    "min": ("minute", 1),
    "hour": ("hour", 1),
    "hr": ("hour", 1),
    "day": ("day", 1),
    "week": ("day", 7),
    "fortnight": ("day", 14),
    "month": ("month", 1),
    "year": ("month", 12),
    "km": ("km", 1),
    "kilometre": ("km", 1),
    "kilometer": ("km", 1),
    "mile": ("mile", 1),
}
_UNIT = r"(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?|km|kilomet(?:re|er)s?|miles?)"
_WORDS = "|".join(sorted(CARDINAL_WORDS, key=len, reverse=True))
_NUM = rf"(?:\d+(?:\.\d+)?|{_WORDS}|an?)"
# a plain quantity the question tells ("40 km", "9 days", "a fortnight", "18 months")
_TOLD = re.compile(rf"(?<![\w£€$.,-])(?P<n>{_NUM})[\s-]*{_UNIT}\b", re.I)
# a told quantity itself bounded is no told value but an ask ("more than 2 weeks", "up to")
_BOUNDED_BEFORE = re.compile(
    r"\b(?:more|less|fewer|longer|shorter|greater)\s+than\s*$|\b(?:over|under|above|below"
    r"|within|up\s+to|at\s+(?:least|most)|no\s+more\s+than|every|per|each)\s*$",
    re.I,
)
# a count a few words before "a <unit>" makes that unit a rate ("three days a week")
_COUNTED_BEFORE = re.compile(rf"\b(?:\d+|{_WORDS})\b(?:\s+[\w'’-]+){{0,3}}\s*$", re.I)
_QTY = rf"(?P<n>{_NUM})[\s-]*(?:calendar\s+|working\s+)?{_UNIT}"
# lower bounds a line's condition sets: (pattern, inclusive)
_LOWER: tuple[tuple[re.Pattern[str], bool], ...] = (
    (re.compile(rf"\b(?:more|longer|greater)\s+than\s+{_QTY}\b", re.I), False),
    (re.compile(rf"\b(?:over|above|beyond|exceeding)\s+{_QTY}\b", re.I), False),
    (re.compile(rf"(?<![\w.,]){_QTY}\s+or\s+(?:more|longer|over)\b", re.I), True),
    (
        re.compile(
            r"\b(?:from|after|on)\s+(?:the\s+)?(?P<n>\d+)(?:st|nd|rd|th)\s+"
            r"(?:calendar\s+|working\s+)?(?P<unit>day|week|month|year)\b",
            re.I,
        ),
        True,
    ),
)
_AT_LEAST = re.compile(rf"\bat\s+least\s+{_QTY}\b", re.I)
# "at least" bounds a case only inside a clause that sets a condition
# ("for" is no such opener: "Rotas for the pubs are published ... at least 14 days ahead")
_CONDITION_CLAUSE = re.compile(r"\b(?:if|when|whenever|once|who|whose)\b[^,;:.]*$", re.I)
_BETWEEN = re.compile(
    rf"\bbetween\s+(?P<lo>\d+(?:\.\d+)?)\s+and\s+{_QTY}\b",
    re.I,
)
# a measure named as a kind ("a 12-hour rota"): the told value equals it
_KIND = re.compile(rf"(?<![\w.,])(?P<n>\d+(?:\.\d+)?)-{_UNIT}\b", re.I)


@dataclass(frozen=True)
class Told:
    """A quantity the question tells: its measure and its value in that measure's base unit."""

    measure: str
    value: float


def _unit(word: str) -> tuple[str, float]:
    low = word.lower()
    if low.endswith("s") and low[:-1] in _UNITS:
        low = low[:-1]
    return _UNITS[low]


def _number(word: str) -> float:
    low = word.lower()
    if low in ("a", "an"):
        return 1.0
    return float(CARDINAL_WORDS[low]) if low in CARDINAL_WORDS else float(low)


def told_quantities(question: str) -> list[Told]:
    """The plain quantities the situation the question tells first gives (the module's
    docstring); [] when it tells no situation or none."""
    told = told_situation(question)
    if told is None:
        return []
    situation = told[0]
    found: list[Told] = []
    for m in _TOLD.finditer(situation):
        before = situation[: m.start()]
        if _BOUNDED_BEFORE.search(before):
            continue
        if m.group("n").lower() in ("a", "an") and _COUNTED_BEFORE.search(before):
            continue  # "4 days a week", "5 lessons a week": a rate, no told length
        measure, factor = _unit(m.group("unit"))
        found.append(Told(measure, _number(m.group("n")) * factor))
    return found


def _value(m: re.Match[str], key: str = "n") -> tuple[str, float]:
    measure, factor = _unit(m.group("unit"))
    return measure, _number(m.group(key)) * factor


def met(line: str, told: list[Told]) -> bool:
    """Does `line` set a condition on a measure (a lower bound, a range, a kind) that a told
    quantity of that measure meets?"""
    for pattern, inclusive in _LOWER:
        for m in pattern.finditer(line):
            measure, bound = _value(m)
            if any(
                t.measure == measure and (t.value >= bound if inclusive else t.value > bound)
                for t in told
            ):
                return True
    for m in _AT_LEAST.finditer(line):
        if not _CONDITION_CLAUSE.search(line[: m.start()]):
            continue
        measure, bound = _value(m)
        if any(t.measure == measure and t.value >= bound for t in told):
            return True
    for m in _BETWEEN.finditer(line):
        measure, high = _value(m)
        _, factor = _unit(m.group("unit"))
        low = float(m.group("lo")) * factor
        if any(t.measure == measure and low <= t.value <= high for t in told):
            return True
    for m in _KIND.finditer(line):
        measure, kind = _value(m)
        if any(t.measure == measure and t.value == kind for t in told):
            return True
    return False


_MEASURE_WORDS = re.compile(rf"{_NUM}[\s-]*{_UNIT}", re.I)


def _question_words(question: str) -> list[str]:
    """The question's content stems beyond its measures and light asking words."""
    return [
        w for w in dict.fromkeys(content_stems(_MEASURE_WORDS.sub(" ", question))) if w not in LIGHT
    ]


def met_line(e: Evidence) -> Candidate | None:
    """The line whose condition the told quantity meets (the module's docstring), or None."""
    if not MET_BOUND or not e.ranked or e.score <= 0.0:
        return None
    question = e.question.text
    told = told_quantities(question)
    if not told:
        return None
    first = e.ranked[0]
    if read_out_of_force(first.doc):
        return None  # a superseded edition ranked first
    words = _question_words(question)
    for c in e.ranked[:TOP_LINES]:
        if c.doc.doc_id != first.doc.doc_id or not prose_in_force(c):
            continue
        if not met(c.span.text, told):
            continue
        said = set(content_stems(f"{c.span.text} {c.context}"))
        if not any(said_like(w, said) for w in words):
            continue
        return c if says_every_name(question, c.doc) else None
    return None
