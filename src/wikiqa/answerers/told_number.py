"""A number the question tells in words, read in the form a retrieved document writes it.

People say numbers as words; policies write them as figures. "After four and a half hours
behind the wheel, how long do I have to stop for?" is ruled on by "Take a break of at least 45
minutes after 4.5 hours of driving." (hb18-fact-16); "How many hours am I doing in the second
week back after my op?" by the asker's own plan's row "| Week 2 | 4 days of 5 hours |"
(hb18-fact-23); "starting before 6 in the morning" by "| Early start before 06:00 ... |". The
exact-term features and the row keys read "four", "second", "6 in the morning" as words the
line does not write, so the ruling line ranked under others and scored under the floor; asked
with the document's own figure ("4.5 hours", "Week 2"), it answers.

No synonym list is read: a number said in words is the same number in figures, and the form
is taken from the documents the question's own search read, never invented. Three tellings
are read (`tellings`):

- a count said in words, perhaps with "and a half", before a noun ("four and a half hours",
  "two weeks"): retold as a document writes that value before the same noun ("4.5 hours");
- an ordinal before a noun ("the second week", "my first stage"): retold as a document
  writes the noun followed by that figure ("Week 2", "Stage 1"), the way a plan's or a
  procedure's rows are keyed; "a second job" stays, as no document writes "Job 2";
- a time of day said in words ("6 in the morning", "seven o'clock at night", "half 8"):
  retold as a clock time a document writes for that hour and minute ("06:00", "8:30am").

`retold` rewrites the question only where a document writes the form, and `number_said`
keeps the answer to the rewritten question only when a line it cites writes every form the
rewrite put in: the answer must be the document's line about that very number, not another
line the rewording happened to lift. The reading runs only when the question as asked is
refused for want of evidence (ExtractiveAnswerer._answer_as), so it takes no answer the
question gets as asked; the search it reads is the asker's own, so another asker's private
document is never read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from wikiqa.answerers.told_bound import cited_lines
from wikiqa.text.clock import CLOCK_TIME, clock_value
from wikiqa.text.number_words import CARDINAL_WORDS as ALL_CARDINALS
from wikiqa.text.number_words import ORDINAL_WORDS as ALL_ORDINALS
from wikiqa.text.number_words import ordinal_value
from wikiqa.text.terms import STOPWORDS
from wikiqa.types import Document, Draft

CARDINAL_WORDS = {w: n for w, n in ALL_CARDINALS.items() if n >= 1}  # "one" to "ninety"
ORDINAL_WORDS = {w: n for w, n in ALL_ORDINALS.items() if n <= 12}  # "first" to "twelfth"

_CARD = "|".join(CARDINAL_WORDS)
_ORD = "|".join(ORDINAL_WORDS)
# a count said in words, or a figure with "and a half", before a noun
_COUNT = re.compile(
    rf"\b(?:(?P<word>{_CARD})|(?P<fig>\d{{1,3}}))(?P<half>\s+and\s+a\s+half)?"
    r"\s+(?P<noun>[a-z]{3,})\b",
    re.I,
)
# an ordinal before a noun, with the article before it if any ("the second week")
_ORDINAL = re.compile(
    rf"\b(?P<the>the\s+)?(?P<ord>{_ORD}|\d{{1,2}}(?:st|nd|rd|th))\s+(?P<noun>[a-z]{{3,}})\b",
    re.I,
)
_HOUR = rf"(?:{_CARD}|\d{{1,2}})"
# a time of day said in words: "6 in the morning", "seven o'clock at night", "half 8"
_TIME_OF_DAY = re.compile(
    rf"\b(?:(?P<hour>{_HOUR})(?:\s+o'?clock)?\s+(?:in\s+the\s+(?P<part>morning|afternoon|evening)"
    rf"|at\s+(?P<night>night))"
    rf"|(?P<oclock>{_HOUR})\s+o'?clock"
    rf"|half\s+(?:past\s+)?(?P<half>{_HOUR})(?!\s*[a-z]*\s*(?:hours?|minutes?|days?)\b))\b",
    re.I,
)


@dataclass(frozen=True)
class Telling:
    """A number the question says in words: its span, and the forms that would say it."""

    start: int
    end: int
    said: str  # as the question says it
    forms: tuple[re.Pattern[str], ...]  # how a document may write it
    ordinal: tuple[str, int] | None = None  # an ordinal's noun stem and figure ("week", 2)


def _value(word: str) -> int:
    return CARDINAL_WORDS.get(word.lower()) or ordinal_value(word)


def _noun_stem(noun: str) -> str:
    low = noun.lower()
    return low[:-1] if low.endswith("s") and not low.endswith("ss") else low


def _figure(value: float) -> str:
    """A value as figures write it: "4.5", "2" (a figure written with a trailing ".0" too)."""
    return f"{value:g}".replace(".", r"\.") + (r"(?:\.0)?" if value == int(value) else "")


def tellings(question: str) -> list[Telling]:
    """The numbers `question` says in words (the module's docstring: a count, an ordinal, a
    time of day), each with the patterns a document's figure form of it would match."""
    found: list[Telling] = []
    taken: list[tuple[int, int]] = []

    def add(
        m: re.Match[str],
        forms: tuple[re.Pattern[str], ...],
        ordinal: tuple[str, int] | None = None,
    ) -> None:
        if any(m.start() < e and s < m.end() for s, e in taken):
            return
        taken.append(m.span())
        found.append(Telling(m.start(), m.end(), m.group(), forms, ordinal))

    for m in _TIME_OF_DAY.finditer(question):
        hour = _value(m.group("hour") or m.group("oclock") or m.group("half"))
        if hour > 12:
            continue
        minute = 30 if m.group("half") else 0
        if m.group("part") == "morning" or (m.group("part") is None and not m.group("night")):
            hours = {hour % 12} if m.group("part") else {hour % 12, hour % 12 + 12}
        else:
            hours = {hour % 12 + 12}
        times = frozenset((h, minute) for h in hours)
        add(m, (_ClockForm(times),))  # type: ignore[arg-type]
    for m in _ORDINAL.finditer(question):
        noun = m.group("noun")
        if noun.lower() in STOPWORDS:
            continue
        n, stem = _value(m.group("ord")), _noun_stem(noun)
        add(m, (re.compile(rf"\b{re.escape(stem)}s?\s+{n}\b(?![.,:]?\d)", re.I),), (stem, n))
    for m in _COUNT.finditer(question):
        noun = m.group("noun")
        if noun.lower() in STOPWORDS or (m.group("fig") and not m.group("half")):
            continue  # a figure alone needs no retelling; "one of", "two and" count nothing
        value = _value(m.group("word") or m.group("fig")) + (0.5 if m.group("half") else 0)
        stem = re.escape(_noun_stem(noun))
        add(m, (re.compile(rf"(?<![\d.,]){_figure(value)}\s*{stem}s?\b", re.I),))
    return sorted(found, key=lambda t: t.start)


class _ClockForm:
    """A pattern-like finder of a clock time a text writes for one of the given times."""

    def __init__(self, times: frozenset[tuple[int, int]]) -> None:
        self.times = times

    def search(self, text: str) -> re.Match[str] | None:
        for m in CLOCK_TIME.finditer(text):
            if clock_value(m.group()) in self.times:
                return m
        return None


def retold(question: str, docs: Iterable[Document]) -> tuple[str, tuple[str, ...]]:
    """`question` with each number it says in words replaced by the form a document of
    `docs` writes it in (the first such document's first such form), and the forms put in;
    the question itself and () when no document writes any."""
    texts = [d.text for d in docs]
    out, last, put = [], 0, []
    for t in tellings(question):
        form = next(
            (m.group().strip() for text in texts for f in t.forms if (m := f.search(text))),
            None,
        )
        if form is None:
            continue
        out.append(question[last : t.start])  # "in the second week" -> "in Week 2"
        out.append(form)
        last = t.end
        put.append(form)
    if not put:
        return question, ()
    return "".join([*out, question[last:]]), tuple(put)


def ordinal_clash(question: str, draft: Draft) -> str:
    """The row an answer cites keyed by another figure of the noun the question gives an
    ordinal ("the second week" answered by "| Week 1 | 3 hours a day |"): "Week 1 for the
    second week"; "" when the answer cites no such row, or also the row of the figure asked.
    A table keyed "Week 1", "Week 2", ... says by its keys which row is the second week, so an
    answer from another of its rows answers another week."""
    if draft.refusal is not None:
        return ""
    rows = [ln for ln in cited_lines(draft) if ln.lstrip().startswith("|")]
    for t in tellings(question):
        if t.ordinal is None:
            continue
        stem, n = t.ordinal
        key = re.compile(rf"^\|\s*{re.escape(stem)}s?\s+(\d+)\b", re.I)
        keyed = [(int(m.group(1)), ln) for ln in rows if (m := key.match(ln.lstrip()))]
        if keyed and all(k != n for k, _ in keyed):
            return f"{stem.capitalize()} {keyed[0][0]} for the {t.said.split()[-2].lower()} {stem}"
    return ""


# a question asking for a value: a wh-word ("how long", "what", "which") in it
_ASKS_VALUE = re.compile(r"\b(?:how|what|when|which|who|where)\b", re.I)


def number_said(question: str, forms: tuple[str, ...], draft: Draft) -> bool:
    """Whether the answer to the retold question stands: the question asks for a value (a
    wh-question, not "do I get paid extra after four and a half hours?", which a line
    naming the figure does not rule on), the answer cites a line writing every form the
    rewrite put in (the line about that very number), and its lines give a figure of their
    own besides those forms (the value asked: "45 minutes" beside "4.5 hours")."""
    if draft.refusal is not None or not _ASKS_VALUE.search(question):
        return False
    lines = cited_lines(draft)
    low = [ln.lower() for ln in lines]
    if not all(any(f.lower() in ln for ln in low) for f in forms):
        return False
    rest = " ".join(low)
    for f in forms:
        rest = rest.replace(f.lower(), " ")
    return bool(re.search(r"\d", rest))


__all__ = [
    "CARDINAL_WORDS",
    "ORDINAL_WORDS",
    "Telling",
    "number_said",
    "ordinal_clash",
    "retold",
    "tellings",
]
