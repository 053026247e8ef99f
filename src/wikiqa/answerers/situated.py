"""The line about the situation the asker tells, before a line about another matter.

An employee's question often tells their situation before it asks ("If I'm off sick, by
what time do I have to ring my supervisor?"). Two documents may answer the ask in the same
words ("Tell your supervisor as soon as you can, before 07:00 if you work on site." in Time
Off for Dependants and Carers; "Site staff must phone their site supervisor before 07:00 on
the first day." in Sickness Absence and Sick Pay); the situation says which of them is the
asker's rule. When the first-ranked line, its heading and its document's title say no word
of the situation, while a line of another document that could answer as well (the same fit
to the asked kind) says one, that line comes first: the neighbour repeated the ask's words,
the asker's own matter is the other document's.

Only for a question that tells a situation (`ask_named.told_situation`), and only the
situation's words that the ask does not say and that do not run through most of the lines
read ("work", said by nearly every line about working, tells no matter apart).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import LIGHT, _said, _speaks_personally, _stems, told_situation

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

POOL = 10  # the lines looked at for one about the situation (= extractive.P_TOP_POOL)
# A conditional lead before the ask ("If I'm off sick, by what time ...?"), which
# `told_situation` does not part when the ask opens with a preposition.
_IF_LEAD = re.compile(
    r"^\s*(?P<situation>(?:if|when|whenever|while|now\s+that)\b[^,;:?]+)[,;:]\s*(?P<ask>[^?]+\?)\s*$",
    re.I,
)


def _told(question: str) -> tuple[str, str] | None:
    """(the situation, the ask): `told_situation`'s, or a conditional lead in the first or
    second person before the asking clause."""
    told = told_situation(question)
    if told is not None:
        return told
    m = _IF_LEAD.match(question)
    if m is None or not _speaks_personally(m.group("situation")):
        return None
    return m.group("situation"), m.group("ask")


def _words(c: Candidate) -> set[str]:
    return set(_stems(f"{c.text} {c.context or ''} {c.doc.title}"))


def situation_words(question: str, lines: list[Candidate]) -> set[str]:
    """The stems of the situation the question tells that its ask does not say and that
    fewer than three in four of `lines` (with their headings and titles) say."""
    told = _told(question)
    if told is None:
        return set()
    situation, ask = told
    asked = set(_stems(ask))
    words = {
        w
        for w in _stems(situation)
        if w.isalpha() and w not in LIGHT and not _said(w, asked)  # no "i'm"
    }
    if not words or not lines:
        return set()
    said = [_words(c) for c in lines]
    return {w for w in words if sum(_said(w, s) for s in said) * 4 < len(lines) * 3}


def situated_first(
    question: str, ranked: list[Candidate], level: dict[int, int]
) -> list[Candidate]:
    """`ranked` with the first line of another document that says the told situation
    (and fits the asked kind as well as the first line) put first, when the first line,
    its heading and its title say none of it; `ranked` itself otherwise."""
    if len(ranked) < 2:
        return ranked
    best = ranked[0]
    fit = level.get(id(best))
    pool = ranked[:POOL]
    words = situation_words(question, pool)
    if fit is None or not words or any(_said(w, _words(best)) for w in words):
        return ranked
    for c in pool[1:]:
        if (
            c.doc.doc_id != best.doc.doc_id
            and level.get(id(c)) == fit
            and any(_said(w, _words(c)) for w in words)
        ):
            return [c, *[x for x in ranked if x is not c]]
    return ranked
