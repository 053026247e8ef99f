"""The first line of the first page says, word by word or in other words, the whole main ask.

An employee asks in their own words and adds the case they are in as a clause of the same
sentence: "How long can I self-certify before I need a note from the doctor?" The answering
line ("For absences of up to 7 calendar days you fill in a self-certificate in the StaffRoom
app.") says the main ask ("how long can I self-certify": a duration, self-certifying) but not
the clause's words ("note", "doctor"), which pull its answerability under the floor.
ask_named.py reads a situation told in a sentence of its own before the ask; this reads the
same shape when the situation is a subordinate clause of the asking sentence (opened by
"before", "after", "until", "unless", "if", "once", "without", "while"), and lets a word of
the ask be said in other words: a word of the line, its heading or its title whose meaning
(the bundled embedder's cosine of the two words) is at least `WORD_MEANT` ("sacked" by
"dismissal", "moving house" by "relocation", "wages" by "pay").

Bounds, each as a careful reader would hold them:
- only a question of which something is set aside (a subordinate clause, a situation told
  before the ask, a reported question): a question that only asks ("How quickly must I
  report it?") was scored under the floor on the ask itself, which nothing discounts;
- only a question in which the asker speaks of themselves or to the reader (ask_named.PERSON):
  a workplace question, not an encyclopedia's, whose adversarial questions copy their
  paragraph's words;
- only the first-ranked line, a prose line (no table row: a row answers by a column the
  question names) of a document in force that retrieval put first, within
  ask_named.ASK_SLACK under the floor;
- every content word of the subordinate clause is said somewhere on the line's page ("before I
  get called into an absence review" asks a threshold by the meeting it brings on: a page
  that never names the meeting does not set it);
- every content word of the main ask (words of asking aside, ask_named.LIGHT) is said, a
  kind word ("how long", "how much", "who do I ring") by a value of its kind, and at least
  one word of the ask by the line itself (the heading and title frame every line under
  them); a question whose topic no document covers asks for a thing the line never names
  ("a cycle to work scheme", "a long service award"), which this never excuses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    KIND_WORDS,
    LIGHT,
    content_stems,
    prose_line_in_slack,
    said_like,
    told_situation,
)
from wikiqa.answerers.features import asked_clause
from wikiqa.text.terms import content_terms

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

ASK_MEANT = True  # switch: the main ask said, word by word or in other words (this module)
WORD_MEANT = 0.55  # the cosine at which a word of the line says a word of the ask
# a subordinate clause's opening word: the case the asker is in, not what they ask
_SUBORDINATE = re.compile(
    r"[,;]?\s+\b(?:before|after|until|unless|if|once|without|while|whenever)\b", re.I
)
_OPENS_SUBORDINATE = re.compile(
    r"^\s*(?:before|after|until|unless|if|once|without|while|whenever)\b[^,]*,\s*", re.I
)
_PERSON = re.compile(r"(?<![A-Za-z])I(?=['’]\w|\s+[a-z])|\b(?:me|my|we|our|us|you|your)\b", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# a question that reports another's question and then asks what to say ("A mum asked when the
# parent and baby screenings are. What do I tell her?"): the reported question is the ask
_REPORTED = re.compile(
    r"\b(?:asked|asks|asking|wants to know|wanted to know|wondering)\s+"
    r"((?:when|what|where|which|who|how|whether|if)\b[^.?!]*)",
    re.I,
)
# a kind word of the ask said by a value of its kind (ask_named.KIND_WORDS, and "when" by a
# day, a date or a time of day)
_WHEN_SAID = re.compile(
    r"\b(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|daily"
    r"|january|february|march|april|may|june|july|august|september|october|november"
    r"|december)\b|\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s*(?:am|pm)\b",
    re.I,
)
KINDS: dict[str, re.Pattern[str]] = {**KIND_WORDS, "when": _WHEN_SAID}


def main_ask(question: str) -> tuple[str, str]:
    """(the main clause of the question's asking sentence, its subordinate clause): a
    situation told before it (ask_named.told_situation) set aside, and a subordinate clause
    inside it ("... before I need a note from the doctor", "If I leave, ...") cut off."""
    told = told_situation(question)
    ask = told[1] if told is not None else asked_clause(question)
    at = question.rfind(ask)
    reported = _REPORTED.search(question[: max(at, 0)])
    if reported is not None and not _names_thing(ask):
        ask = reported.group(1)  # what the asker was asked, not "what do I tell her?"
    opening = _OPENS_SUBORDINATE.match(ask)
    clause = opening.group(0) if opening is not None else ""
    ask = ask[opening.end() :] if opening is not None else ask
    cut = _SUBORDINATE.search(ask)
    if cut is not None and cut.start() > 0:
        return ask[: cut.start()], f"{clause} {ask[cut.start() :]}".strip()
    return ask, clause


def _names_thing(ask: str) -> bool:
    """Does the ask name a thing of its own (a content word that is no word of asking and
    no kind word: "What do I tell her?" names none)?"""
    return any(
        s not in LIGHT and s not in KINDS for w in _WORD.findall(ask) for s in content_stems(w)
    )


def _names(question: str) -> set[str]:
    """The words of `question` written with a capital inside a sentence (a day, a place, a
    person): a particular is said only by its own name, never by a broader word meaning it
    ("Sunday" is not said by "weekend")."""
    return {
        m.group(0).lower() for m in re.finditer(r"(?<=[a-z,;:'’]\s)[A-Z][A-Za-z'’-]*", question)
    }


def _words(text: str) -> list[str]:
    """The content words of `text` as written (for the embedder), one each."""
    return list(dict.fromkeys(w.lower() for w in _WORD.findall(text) if content_terms(w)))


def ask_meant(
    e: Evidence, floor: float, similarities: Callable[[str, list[str]], list[float]] | None
) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor because it says
    every content word of the question's main ask (`main_ask`), by the word, by a value of
    the kind a kind word asks, or by a word of the line, its heading or its title meaning it
    (cosine at least WORD_MEANT; without an embedder, `similarities` None, by the word
    alone), at least one by the line itself (see the module docstring)?"""
    if not ASK_MEANT:
        return False
    line = prose_line_in_slack(e, floor)
    question = e.question.text
    if line is None or len(e.question.parts) > 1 or not _PERSON.search(question):
        return False
    ask, clause = main_ask(question)
    if ask.strip() == asked_clause(question).strip() and not clause:
        return False  # nothing set aside: a line under the floor was scored on the ask itself
    page = set(content_stems(line.doc.text))
    if any(s not in LIGHT and not said_like(s, page) for s in content_stems(clause)):
        return False  # the case the clause sets is one the page never speaks of
    context = line.context or ""
    title = line.doc.title
    said = set(content_stems(f"{line.span.text} {context} {title}"))
    own = set(content_stems(line.span.text))
    framing = _words(f"{line.span.text} {context} {title}")
    own_words = set(_words(line.span.text))
    names = _names(question)
    by_line = False
    named = 0
    for word in [w.lower() for w in _WORD.findall(ask)]:
        if word == "when" and _WHEN_SAID.search(line.span.text) is None:
            return False
        stems = [s for s in content_stems(word) if s not in LIGHT]
        if not stems:
            continue
        kind = next((KINDS[s] for s in stems if s in KINDS), None)
        if kind is not None:  # a kind word names no thing: it is said by a value of its kind
            if kind.search(line.span.text) is None and not all(said_like(s, own) for s in stems):
                return False
            continue
        if all(said_like(s, said) for s in stems):
            named += 1
            by_line = by_line or all(said_like(s, own) for s in stems)
            continue
        if similarities is None or not framing or word in names:
            return False
        cos = similarities(word, framing)
        best = max(range(len(framing)), key=lambda i: cos[i])
        if cos[best] < WORD_MEANT:
            return False
        named += 1
        by_line = by_line or framing[best] in own_words
    return named > 0 and by_line
