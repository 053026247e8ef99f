"""A line whose subject is the thing a "may" question asks about, and whose predicate rules on it.

A question asking whether something may be done names the act in the asker's words ("Can I
just text my boss that I'm sick?", "Can the company let someone go on the spot without
notice?"). A policy often answers it with a line that makes that act, or the thing it is done
with, its subject and rules on it in its predicate: "A text or a message through a colleague is
not enough, unless you are in hospital.", "Summary dismissal without notice is possible only
for gross misconduct ...", "Premium economy is allowed for a single flight ...". Such a line
is about exactly whether the thing is allowed; the rest of the question (the asker's boss, that
they are sick, "on the spot") is the asker's, and the exact-term features count it as missing
terms, so the line sits under the floor at any depth. `ruled_act` reads the other form, the
asked verb beside a word of permission ("You may accept gifts ..."), within the slack.

One sentence: *a question asking whether an act may be done ("Can/could/may <someone> <verb>
...", "Is it OK to <verb> ...", "Am I allowed to <verb> ...", after a situation told first;
a light verb names no act) is answered by its first-ranked line under the floor, in the
document retrieval put first and in force, not a table row, when that line's subject (the
words before "is"/"are" and a ruling predicate: allowed, permitted, accepted, acceptable,
enough, possible, prohibited, forbidden, banned, perhaps after not, only, never or always)
says a word of the ask's act or of what it is done with, and the document says every name the
question gives.* A line ruling on another thing ("Reasonable personal use of computers is
allowed" for "Can I get money towards glasses for computer work?": "get" names no act) or
whose subject says nothing of the ask is left refused; so is a place or a group the question
names that the document never does. No new constant.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    LIGHT,
    content_stems,
    first_prose_line,
    said_like,
    told_situation,
)
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.text.terms import stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence


# the asking clause asks whether an act may be done: the verb after the doer and the modal
# (perhaps after a softening adverb), or after "is it OK to" / "am I allowed to", and the rest
_ASKS_MAY = re.compile(
    r"^\s*(?:(?:can|could|may)\s+(?:i|we|you|someone|anyone|staff|employees?"
    r"|(?:the|a|an|my|our)\s+\w+)"
    r"|(?:is|would)\s+it\s+(?:ok|okay|alright|all\s+right|fine|allowed)(?:\s+for\s+\w+)?\s+to"
    r"|(?:am\s+i|are\s+we)\s+(?:allowed|permitted)\s+to)"
    r"\s+(?:(?:just|still|really|actually|ever)\s+)?([a-z]+)\b(.*)$",
    re.I | re.S,
)
# a line whose subject a predicate rules on: "<subject> is (not/only) allowed/enough/..."
_RULED = re.compile(
    r"^\s*(?:[-*•]\s*)?(.{3,80}?)\s+(?:is|are)\s+(?:not\s+|only\s+|never\s+|always\s+)?"
    r"(?:allowed|permitted|accepted|acceptable|enough|possible|prohibited|forbidden|banned)\b",
    re.I,
)
_NO_ACT = frozenset({"have", "be"})  # light verbs beyond ask_named.LIGHT


def asked_may(question: str) -> list[str] | None:
    """The stemmed words of the act a question asks leave for and of what it is done with
    ("Can I just text my boss that I'm sick?" -> ["text", "boss", ...]), less light words;
    None when the asking clause (less a situation told first) asks no such thing, or its
    verb is a light one ("Can I get ...?")."""
    told = told_situation(question)
    m = _ASKS_MAY.match(told[1] if told else asked_clause(question))
    if m is None:
        return None
    verb = stem(m.group(1).lower())
    if verb in LIGHT or verb in _NO_ACT:
        return None
    return [w for w in content_stems(f"{m.group(1)} {m.group(2)}") if w not in LIGHT]


def rules_on_thing(line: str, words: list[str]) -> bool:
    """Is `line`'s subject, ruled on by its predicate (`_RULED`), saying one of `words`?"""
    m = _RULED.match(line)
    if m is None:
        return False
    subject = set(content_stems(m.group(1)))
    return any(said_like(w, subject) for w in words)


def ruled_thing(e: Evidence) -> bool:
    """Does the evidence's first line answer under the floor because its subject is the
    thing the question asks leave for and its predicate rules on it (see the docstring)?"""
    top = first_prose_line(e)
    if top is None:
        return False
    question = e.question.text
    words = asked_may(question)
    if not words or not rules_on_thing(top.span.text, words):
        return False
    return says_every_name(question, top.doc)
