"""A line a little under the floor that names, whole, what the question asks.

An employee's question often tells a situation and then asks in a few words ("My grandad
passed away on Sunday. How many days off do I get?"). The situation's words are the asker's,
not the document's, and pull the answerability of the line that answers under the floor. The
asking clause (`features.asked_clause`) is what the line must say: when every content word of
it is said by the first-ranked line, the heading it sits under or its document's title, and
that document is the one retrieval put first, the line answers within `ASK_SLACK` under the
floor. A word of the ask that names the kind of answer ("how quickly", "how fast", "who do I
ring", "how much money") is said by a value of that kind in the line ("within 1 hour",
"extension 2222", "£900"), not by the word; a light word of asking ("need", "tell", "get",
"allowed", "anything") needs saying by nobody. An ask that names no thing of its own ("What
should I do?", "How quickly do I need to tell someone?") is not enough: the thing asked
about is then in the situation, which this does not read. A question the readable documents cannot answer (a permission or an
unanswerable question) asks for a thing they never name ("the pay range for Grade 8", "a
cycle to work scheme"), which this does not excuse.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import ANSWER_FEATURES, asked_clause
from wikiqa.text.terms import content_terms, stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

ASK_SLACK = 0.15  # how far under the floor a line naming the whole ask may answer
PREFIX = 4  # two words sharing their first PREFIX letters are one word said otherwise
# words of asking, not of what is asked (stemmed)
LIGHT = frozenset({
    "get", "got", "need", "do", "can", "allow", "anyth", "anyon", "someon", "someth", "thing",
    "ok", "okay", "what", "whats", "sure", "go", "still", "actual", "realli", "just", "tell",
    "know", "happen", "help", "first", "off", "hold", "abl",
})  # fmt: skip
_DURATION = re.compile(
    r"\b\d+\s*(?:working\s+|calendar\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?)\b"
    r"|\bimmediately\b|\bstraight away\b|\bat once\b|\bsame day\b",
    re.I,
)
_PHONE = re.compile(r"\bextension\s*\d+|\b\d{3,}[\d ]{4,}", re.I)
_MONEY = re.compile(r"[£€$]\s?\d")
# a word of the ask naming the kind of answer -> what says a value of that kind
KIND_WORDS: dict[str, re.Pattern[str]] = {
    "quick": _DURATION, "fast": _DURATION, "soon": _DURATION, "long": _DURATION,
    "ring": _PHONE, "call": _PHONE, "phone": _PHONE, "number": _PHONE,
    "money": _MONEY, "cost": _MONEY, "much": _MONEY,
}  # fmt: skip
_DOC_TOP = ANSWER_FEATURES.index("doc_top")


def _stems(text: str) -> list[str]:
    return [stem(w) for w in content_terms(text)]


def _said(word: str, said: set[str]) -> bool:
    """`word` is in `said`, whole or sharing its first PREFIX letters with a word there."""
    if word in said:
        return True
    return len(word) >= PREFIX and any(
        len(s) >= PREFIX and s[:PREFIX] == word[:PREFIX] for s in said
    )


def names_the_ask(question: str, line: str, context: str, title: str) -> bool:
    """Does `line` (under `context`, in the document `title`) say every content word of the
    question's asking clause, a kind word by a value of its kind, and at least one word of
    the ask itself (kind and light words alone name no thing: "How quickly do I need to
    tell someone?" is about what the situation says)?"""
    said = set(_stems(f"{line} {context} {title}"))
    named = 0
    for word in _stems(asked_clause(question)):
        if word in LIGHT:
            continue
        if _said(word, said):
            named += 1
            continue
        kind = KIND_WORDS.get(word)
        if kind is None or not kind.search(line):
            return False
    return named > 0


def ask_named(e: Evidence, floor: float) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor because it
    names the whole ask, in the document retrieval put first?"""
    if not e.ranked or e.score < floor - ASK_SLACK or e.score >= floor:
        return False
    if e.features[_DOC_TOP] < 1.0:
        return False
    top = e.ranked[0]
    return names_the_ask(e.question.text, top.span.text, top.context, top.doc.title)
