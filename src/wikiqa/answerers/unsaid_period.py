"""A question set in a period of time its answering line's document never names.

"Who ruled Cyprus in the 11th century?" over "Survivors of the wrecks had been taken prisoner
by the island's despot Isaac Komnenos.", in a paragraph that tells of 1191; "What did the
Normans take part in in the 10th century?" over "They were major foreign participants in the
Reconquista in Iberia.", in a paragraph about the eleventh. A question that puts what it asks
in a period (a year, a decade, a century, a span of years) presumes a text that places
something in that period: the line, its heading or title, or the rest of its document must
name a time overlapping it. A document that names no such time tells of another time, or of
none, and its line does not answer for the period asked. SQuAD 2.0 writes a share of its
unanswerable questions by moving the period of an answerable one; `swapped_periods`
(other_case.py) reads the case where the line itself names the other period in the same
phrase, this one the case where the line names none and nothing around it names the asked
one.

Only a period the question asks about counts (`other_case.asked_periods`: its asking clause,
never a bound like "since 1970" or "after the 1960s"), and only where it reads as the time of
what is asked: after "in", "during", "throughout", "of" or "on" (a month, a season or "the
early" between: "in the late 1950s", "the summer of 1961", "on October 6, 1973"), not as a
name or a quantity ("the 1973 oil crisis", "1500 staff"), and not inside a description of a
noun ("the driver born in 1990", "a city founded in 1838", "the writer who died in 2007":
HotpotQA's bridge questions date the bridge, which the answering page need not). A text that
dates nothing is not about another time, so the rule reads only a document naming some
period; and a date given as a bound covers the times beyond it ("effective from 1 April
2026" answers for 2027). Periods are compared by the years they cover, so "the 1100s" and
"the 12th century" are one period. A yes/no question is never read: a line without the
period may answer it with a no.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import WH_WORDS, asked_clause
from wikiqa.answerers.other_case import asked_periods, named_periods, word_tokens
from wikiqa.text.months import MONTHS

__all__ = ["unsaid_period"]

_TIME_BEFORE = frozenset({"in", "during", "throughout", "of", "on"})
# words between the time word and the period ("in the late 1950s", "in the summer of")
_SETTING = frozenset({"the", "early", "late", "mid", "middle", "summer", "winter", "spring",
                      "autumn", "fall", "year"})  # fmt: skip
_MONTHS = frozenset(m.lower() for m in MONTHS)
_YEAR = re.compile(r"\d{4}\b")


_BE = frozenset({"is", "was", "were", "are", "be", "been", "being", "did", "does", "do", "has",
                 "have", "had"})  # fmt: skip
_RELATIVE = frozenset({"who", "whom", "whose", "which", "that", "where", "when"})
# past participles not spelled -ed ("a harbour built in 1150")
_PARTICIPLES = frozenset({"built", "made", "held", "written", "known", "taken", "given", "begun",
                          "sold", "won", "found", "set", "led", "run", "shown", "seen", "done",
                          "brought", "bought", "fought", "taught", "thought", "drawn", "grown",
                          "sent", "spent", "kept", "left", "lost", "met", "paid", "told"})  # fmt: skip
_NEAR = 4  # words before a period read for a participle that describes a noun


def _relative(words: list[str]) -> bool:
    """Does a relative word ("who", "which", "that", ...) follow the question's own
    question word ("Which city that ...", "the writer who died ...")?"""
    asking = next((n for n, w in enumerate(words) if w in WH_WORDS), len(words))
    return any(w in _RELATIVE for w in words[asking + 1 :])


def _describes(words: list[str]) -> bool:
    """Do the words before a period make it part of a description of a noun rather than the
    time of what is asked: a birth or a death ("the driver born in 1990"), a participle after a noun ("a city founded in
    1838"), not one after "was" or "did" ("What was developed in 1961?") or after the
    question word ("Who invaded Scotland in 1072?")?"""
    for n in range(max(0, len(words) - _NEAR), len(words)):
        w = words[n]
        if w in ("born", "died"):
            return True
        before = words[n - 1] if n > 0 else ""
        if (
            (w.endswith("ed") or w in _PARTICIPLES)
            and n >= 2
            and before not in _BE
            and not before.endswith("ly")
        ):
            return True
    return False


def reads_as_time(asked: str, start: int) -> bool:
    """Is the period at `start` a time the question asks about: after a word that sets a
    time ("in", "during", "of", "on", with a month, a season or "the early" between), or a
    span that says its bounds ("from 1974 to 1979"), and not part of a description of a
    noun (`_describes`)? A period used as a name ("the 1973 oil crisis", "the 2011-12
    season", "the January 2, 2012 game") or a count ("1500 staff") sets no time."""
    words = word_tokens(asked[:start])
    if _describes(words):
        return False
    if words[-1:] == ["the"] and _YEAR.match(asked, start):
        return False  # "the 2026 restructuring": a year naming a thing
    if word_tokens(asked[start:])[:1] in (["from"], ["between"]):
        return True
    while words and (words[-1] in _SETTING or words[-1] in _MONTHS):
        words.pop()
    return bool(words) and words[-1] in _TIME_BEFORE


_OPEN_AFTER = frozenset({"from", "since", "after", "effective", "onwards", "starting"})
_OPEN_BEFORE = frozenset({"until", "till", "before", "by", "to", "prior"})


def _held(text: str) -> list[tuple[int, int]]:
    """The years each period `text` names covers; a bound covers the times beyond it: "from
    2026" (or "since", "effective", "after") every year on, "until 1598" (or "before",
    "by") every year up to it, as a policy in force from a date answers for the years after."""
    out = []
    for a, b, start, _end, spanned in named_periods(text):
        before = word_tokens(text[max(0, start - 40) : start])[-2:]
        if not spanned and any(w in _OPEN_AFTER for w in before):
            b = 9999
        elif not spanned and any(w in _OPEN_BEFORE for w in before):
            a = 0
        out.append((a, b))
    return out


def unsaid_period(question: str, wh: str, line: str, context: str = "", document: str = "") -> str:
    """The period the asking clause sets its question in that no time named by the line,
    its `context` (heading, title) or its `document` overlaps; "" when there is none, or
    for a yes/no question (`wh` "yesno")."""
    if wh == "yesno":
        return ""
    asked = asked_clause(question)
    if _relative(word_tokens(asked)):
        return ""  # a relative clause may set the period of another thing than the asked
    periods = [p for p in asked_periods(asked) if reads_as_time(asked, p[2])]
    if not periods:
        return ""
    held = [*_held(line), *_held(context), *_held(document)]
    if not held:
        return ""  # a text that dates nothing is not about another time
    for a, b, start, end in periods:
        if not any(x <= b and a <= y for x, y in held):
            return asked[start:end]
    return ""
