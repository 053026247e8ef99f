"""A day the question names is the label of a notice's paragraph: that paragraph rules for it.

A festive notice writes one paragraph per day, each opening with the day as its label:

    Boxing Day, Saturday 26 December 2026: pantomime performances at 14:00 and 18:30. Box
    offices open 12:00 to 18:30.

The group's regular page ("Box Office Hours": a table by type of venue and weekday) and a
place's supplement (its own box office hours by weekday) say the same matter in more of the
question's words, so "What are the box office hours on Boxing Day?" ranks their rows first,
and the notice's sentence that answers ("Box offices open 12:00 to 18:30.") names no day at
all: the day is said only by its paragraph's label. The regular page even says so ("Christmas
and New Year hours are in the festive notice."), but by description, not by title.

One sentence: *when the question names a day by a name of two words or more ("Boxing Day",
"Christmas Eve", "New Year's Day"; not a bare weekday or month) that one line of a retrieved
document labels, before its first colon and with its date, and the whole retrieval's first line is not of that
line, the sentence of the labelled line that says the most of what the question asks (at
least half of its matter words past the day's and the kind of value asked, and a value of the
kind asked) answers, cited after the label's sentence.*

Why it is bound so: the label must name the day the question names, whole, so a notice's line
answers only for its own day; a yes/no question or a matter the line does not say (a car park
on Boxing Day) is not read so; and the document is one the search gave this reader, read for
them (permissions, scope) as every other document is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wikiqa.answerers.features import asked_clause, key_set, question_type
from wikiqa.answerers.restated import matter_keys, says_asked
from wikiqa.text.months import MONTHS, WEEKDAYS
from wikiqa.types import Document

DAY_NOTICE = True  # switch: a day's labelled line answers for that day (trap72)

# A line opening with a label and a colon: "Boxing Day, Saturday 26 December 2026: ..."
_LABELLED = re.compile(r"^(?P<label>[A-Z][^:\n]{0,60}):[ \t]+(?P<body>\S[^\n]*)$", re.M)
# The label's name: two capitalised words or more at its start ("New Year's Day")
_NAME = re.compile(r"^[A-Z][\w'\u2019]*(?:\s+[A-Z][\w'\u2019]*)+")
_CALENDAR = frozenset(w.lower() for w in (*MONTHS, *WEEKDAYS))
_WORD = re.compile(r"[a-z0-9]+")
# what a question asks the kind of, not the matter of ("hours", "time", "when")
_KIND = key_set("time times hour hours when date day days open opening")


@dataclass(frozen=True)
class DayLine:
    """A labelled line of a document: its day's name, and where the line runs."""

    name: str
    start: int
    end: int


def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text.lower().replace("\u2019", "'").replace("'", "")))


def day_lines(doc: Document) -> list[DayLine]:
    """The lines of `doc` labelled by a day's name of two words or more, not all of them
    weekdays or months, dated after it ("Boxing Day, Saturday 26 December 2026: ..." ->
    Boxing Day; not "Head Office: ...")."""
    out: list[DayLine] = []
    for m in _LABELLED.finditer(doc.text):
        name = _NAME.match(m.group("label"))
        if name is None or all(w in _CALENDAR for w in _words(name.group(0))):
            continue
        if not set(_words(m.group("label")[name.end() :])) & _CALENDAR:
            continue  # a label dated by its weekday or month: a day, not a heading's name
        out.append(DayLine(name.group(0), m.start(), m.end()))
    return out


def _names(question: str, name: str) -> bool:
    words = _words(name)
    said = _words(question)
    n = len(words)
    return any(said[i : i + n] == words for i in range(len(said) - n + 1))


def named_line(question: str, doc: Document) -> DayLine | None:
    """The one line of `doc` whose label names a day the question names whole; None when
    none does or more than one."""
    if not DAY_NOTICE:
        return None
    lines = [d for d in day_lines(doc) if _names(question, d.name)]
    return lines[0] if len(lines) == 1 else None


def _without(text: str, name: str) -> str:
    """`text`'s words with every run of them saying the day's `name` left out."""
    words = _words(name)
    ws = _words(text)
    n = len(words)
    return " ".join(
        w
        for i, w in enumerate(ws)
        if not any(ws[j : j + n] == words for j in range(max(0, i - n + 1), i + 1))
    )


def answers_day(question: str, name: str, sentence: str) -> bool:
    """Does the labelled line's `sentence` say what the question asks of the day: no yes/no
    question, a value of the kind asked, and at least half (one or more) of the question's
    matter words once the day's name and the kind asked are set aside ("box", "office" of
    "What are the box office hours on Boxing Day?" by "Box offices open 12:00 to 18:30.")?"""
    if question_type(asked_clause(question)) == "yesno" or not says_asked(question, sentence):
        return False
    matter = set(matter_keys(_without(question, name))) - _KIND
    said = key_set(_without(sentence, name))  # "Boxing Day" says no "box" of "box office"
    hit = {k for k in matter if any(s.startswith(k) or k.startswith(s) for s in said)}
    return bool(hit) and 2 * len(hit) >= len(matter)
