"""The line naming the day a yes/no question asks whether a place is open on.

"Is the contact centre open on New Year's Day?" shares its words with the line giving the
place's opening days ("The Castlebridge Contact Centre is open 09:00 to 17:00 on 29, 30 and
31 December ..."), so the ranker puts that line first; but the asked day is not among them.
The answer is the next line, which names it among the days the place is closed ("It is
closed on 25 December, 26 December and 1 January."): a pronoun for the place, "closed" for
the asked "open", and the day by its date rather than its name, so the exact-term features
read it as saying almost nothing of the question.

One sentence: *a yes/no question asking whether a place is open, closed or running on a day
(a date, or a holiday on a fixed date: Christmas Eve and Day, Boxing Day, New Year's Eve and
Day) is answered by the line of the first line's document, among the top `lift.NEAR_POOL`
ranked (no table row, the document in force), that says the place is open or closed (shut,
running) on a list of dates naming that day, its subject saying every content word of the
place asked (or, a pronoun, the subject of the line right before it in the paragraph), when
the document says every name the question gives; that line is lifted just above the first
line (`lift.lifted_answers`) and passes by `named_day`, the same reading of a first line
under the floor.*

Why the day and the subject: a line of the same place for other days ("open ... on 29, 30
and 31 December" for 1 January) or of another place for the day asked ("Weir House ...
close ... on Thursday 24 December" for the laboratory) is the near miss; it names no such
day, or its subject is not the place asked. It runs only for a refused single evidence, so
it never moves a line that answered, and it never reorders documents.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import first_prose_line, said_like, stem_set
from wikiqa.answerers.lift import first_line_saying
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.text.months import MONTHS

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

_MONTHS = tuple(m.lower() for m in MONTHS)
# holidays on a fixed date, by their names
_HOLIDAYS = {
    "christmas eve": (24, 12),
    "christmas day": (25, 12),
    "boxing day": (26, 12),
    "new year's eve": (31, 12),
    "new years eve": (31, 12),
    "new year's day": (1, 1),
    "new years day": (1, 1),
}
_STATE = r"open|opens|closed|closes|close|shut|shuts|running|run|runs"
# the ask: "is/are/will <place> (be) open/closed/shut/running (on) <day>"
_ASKS_DAY = re.compile(
    rf"^\s*(?:is|are|will|does|do)\s+(.+?)\s+(?:be\s+)?(?:{_STATE})\b(?:\s+on)?\s+(.+?)\s*\??\s*$",
    re.I,
)
# a line's statement: "<subject> is/are open/closed ... on <dates>"
_STATES_DAYS = re.compile(
    rf"^\s*(?:[-*•]\s*)?(?P<subject>[^.;:]*?)\s+(?:(?:is|are|will\s+be|stays?|remains?)\s+)?"
    rf"(?:{_STATE})\b(?P<rest>[^.;]*)",
    re.I,
)
_DATE_WORD = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\b|\b({'|'.join(_MONTHS)})\b", re.I)
_PRONOUNS = frozenset({"it", "they", "this", "these", "both"})


def _dates(text: str) -> set[tuple[int, int]]:
    """The (day, month) dates `text` names: the day numbers before a month's name belong to
    it ("29, 30 and 31 December" -> three dates)."""
    found: set[tuple[int, int]] = set()
    pending: list[int] = []
    for m in _DATE_WORD.finditer(text):
        if m.group(1):
            day = int(m.group(1))
            pending = [*pending, day] if 1 <= day <= 31 else []
        else:
            month = _MONTHS.index(m.group(2).casefold()) + 1
            found.update((d, month) for d in pending)
            pending = []
    return found


def asked_day(question: str) -> tuple[str, tuple[int, int]] | None:
    """(the place, the (day, month)) a yes/no question asks whether it is open on ("the
    contact centre", (1, 1)) of "Is the contact centre open on New Year's Day?"), or None."""
    m = _ASKS_DAY.match(question)
    if m is None:
        return None
    when = m.group(2).casefold().replace("’", "'")
    day = next((d for name, d in _HOLIDAYS.items() if name in when), None)
    if day is None:
        dates = _dates(when)
        if len(dates) != 1:
            return None
        day = next(iter(dates))
    return m.group(1), day


def _without_holiday(question: str) -> str:
    """The question less a holiday's name: the name says when, read as its date, not a
    place or a group the document must name (as a month's or a day's name)."""
    for name in _HOLIDAYS:
        question = re.sub(re.escape(name).replace("'", "['’]?"), " ", question, flags=re.I)
    return question


def _subjectstem_set(line: Candidate, ranked: list[Candidate]) -> set[str]:
    """The content words of the subject of a line stating days; a pronoun's are those of the
    subject of the line right before it in its paragraph (among the ranked lines)."""
    m = _STATES_DAYS.match(line.span.text)
    if m is None:
        return set()
    subject = m.group("subject").strip()
    if subject.casefold() not in _PRONOUNS:
        return stem_set(subject)
    for c in ranked:
        gap = line.doc.text[c.span.end : line.span.start]
        if (
            c.doc.doc_id == line.doc.doc_id
            and c.span.end <= line.span.start
            and not gap.strip()
            and "\n\n" not in gap
        ):
            before = _STATES_DAYS.match(c.span.text)
            return stem_set(before.group("subject")) if before else stem_set(c.span.text)
    return set()


def names_day_of(
    line: Candidate, place: str, day: tuple[int, int], ranked: list[Candidate]
) -> bool:
    """Does `line` say `place` is open or closed on a list of dates naming `day`, its
    subject (or a pronoun's) saying every content word of the place?"""
    m = _STATES_DAYS.match(line.span.text)
    if m is None or day not in _dates(m.group("rest")):
        return False
    subject = _subjectstem_set(line, ranked)
    asked = stem_set(place)
    return bool(asked) and all(said_like(w, subject) for w in asked)


def named_day(e: Evidence) -> bool:
    """A reading under the floor: a yes/no question asks whether a place is open on a day,
    and its first line (any score above 0, first-retrieved document in force, no table row)
    says the place is open or closed on dates naming that day, in a document saying every
    name the question gives (a holiday's name aside: it is read as its date)."""
    asked = asked_day(e.question.text)
    top = first_prose_line(e)
    if asked is None or top is None:
        return False
    place, day = asked
    return names_day_of(top, place, day, e.ranked) and says_every_name(
        _without_holiday(e.question.text), top.doc
    )


def day_candidate(e: Evidence) -> Candidate | None:
    """The highest-ranked line of the first line's document among the top NEAR_POOL (no
    table row) saying the asked place is open or closed on the asked day; None when the
    question asks no such thing, the first line says it already, or no line does."""
    asked = asked_day(e.question.text)
    if asked is None:
        return None
    place, day = asked
    return first_line_saying(e, lambda c: names_day_of(c, place, day, e.ranked))
