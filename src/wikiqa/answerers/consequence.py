"""The line stating what follows a condition, for a question asking what happens if it holds.

"What happens if I don't hand my uniform back when I leave?" shares its words with the line
that sets the duty ("Return your uniform and name badge on your last day."), so the ranker
puts that line first; but the duty is the question's own premise, not its answer. The answer
is the line that states the consequence: a conditional line ("If you do not, we may deduct up
to £60 from your final pay ..."), whose condition is either said in the question's words or,
elliptical ("If you do not, ...", "If not, ...", "Otherwise, ..."), is the line right before
it. Such a line repeats few of the question's words (the condition is all it shares, and an
elliptical one says none of them), and in meaning it is farther from the question than the
duty is, so neither the words nor the topic cosine (nearer_line.py) put it first.

One sentence: *a question asking what happens if (or when, unless) a condition holds is
answered by the conditional line of the first line's document, among the top
`lift.NEAR_POOL` ranked (no table row, the document in force), whose condition says a
content word of the question's condition or, elliptical, follows the first line directly,
when the first line itself states no condition; that line is ranked just above the first
line and answers if it is then first and clears the floor (or a reading under the floor
passes it).*

The same holds for a question that tells a situation and asks what to do ("found a needle
in one of the bags. what do i do"): what the asker must do is stated by the line whose
condition is the situation ("- If you find a needle, do not touch it; call the
supervisor ..."; every word of the condition, two at least, said by the situation), or,
when a line of the first document states the situation as its own subject ("A data breach
is any loss ...: an email to the wrong person, ..."; `STATED` words of it), by the line
right after it in the same paragraph ("Report it to the data protection lead ... within 2
hours ..."). The asker's past forms are read as their verbs ("found" as "find");
`instructed_case` is the reading under the floor that
passes such a line once first (the ask's own words, "what do i do", say nothing a line
could repeat, so the score cannot see the tie).

It runs only for a refused single evidence, after nearer_line.py, so it never moves a line
that answered, and it never reorders documents.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import LIGHT, first_prose_line, said_like
from wikiqa.answerers.features import key_set
from wikiqa.answerers.lift import first_document_lines
from wikiqa.answerers.stated_bound import says_every_name
from wikiqa.text.terms import content_terms, stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

# the question asks what follows: "what happens/will happen/would happen ... if/when/unless
# <condition>", "what if <condition>"; the condition is all the question says after the asking
# words ("to a student caught copying, if it's minor")
_ASKS = re.compile(
    r"\bwhat\s+(?:(?:happens|will\s+happen|would\s+happen|happened)\b"
    r"(?=.*\b(?:if|when|unless)\b)|if\b)(.+)$",
    re.I | re.S,
)
# a line opening with a condition (after a list mark or a step's number), up to its comma
_CONDITIONAL = re.compile(
    r"^\s*(?:[-*•]\s*|\d+[.)]\s*)?(?:if|unless|otherwise)\b([^,;:]*)[,;:]", re.I
)
# an elliptical condition, standing for the line before: "If you do not", "If not",
# "Otherwise", "If they don't", "Unless you can"
_ELLIPTICAL = re.compile(
    r"^\s*(?:(?:you|they|he|she|we|it|this|that|the\s+\w+)\s+)?"
    r"(?:(?:do|does|did|are|is|can|could|have|has|will|were|was)\s*(?:not|n['’]t)?"
    r"|not|cannot|can['’]t|don['’]t|doesn['’]t|won['’]t|fail\s+to)?\s*$",
    re.I,
)


SAID = 2  # words a line's condition must share with the situation (one is chance)
STATED = 3  # words of the situation a line must say to state it (as situation_stated.py)
# the ask is what to do: "what do/should/can/must I do", "what now", perhaps "... if/when
# <situation>" (group 2); group 1 is what the question tells before it
_TO_DO = re.compile(
    r"^(.*?)[\s,.;:–—-]*(?:\bbut\s+|\bso\s+)?\bwhat\s+(?:(?:do|should|can|must|shall)\s+"
    r"(?:i|we)\s+do|now)\b(?:\s+(?:if|when)\b(.+)|[^?.!]*[?.!]?\s*)$",
    re.I | re.S,
)
# words that tell no situation: a negation, "think", a verb's particle ("opt out", "let
# down": the verb and its object are the situation)
_NOT_SITUATION = frozenset(
    {"not", "no", "never", "think", "out", "up", "down", "back", "over", "away", "in", "on"}
)
# past forms not spelled -ed, read as their verbs: the asker tells what happened ("I found",
# "I lost"), a line says what to do if it happens ("If you find", "If you lose")
VERB_OF = {
    "found": "find", "lost": "lose", "left": "leave", "broke": "break", "broken": "break",
    "fell": "fall", "fallen": "fall", "sent": "send", "stole": "steal", "stolen": "steal",
    "took": "take", "taken": "take", "gave": "give", "given": "give", "saw": "see",
    "seen": "see", "spilt": "spill", "told": "tell", "made": "make", "bought": "buy",
    "paid": "pay", "forgot": "forget", "forgotten": "forget", "ran": "run", "drove": "drive",
    "driven": "drive", "came": "come", "caught": "catch", "bit": "bite", "bitten": "bite",
    "stuck": "stick", "felt": "feel", "kept": "keep", "wore": "wear", "worn": "wear",
    "wrote": "write", "written": "write", "threw": "throw", "thrown": "throw",
    "hurt": "hurt", "cut": "cut", "hit": "hit", "met": "meet", "heard": "hear",
}  # fmt: skip


def situation_words(text: str) -> set[str]:
    """The stems of `text`'s content words, past forms read as their verbs, light words of
    asking aside."""
    words = (
        VERB_OF.get(w.casefold(), w)
        for w in content_terms(text)
        if "'" not in w and "’" not in w and w.casefold() not in _NOT_SITUATION
    )
    return {s for s in (stem(w) for w in words) if s not in LIGHT}


def says_situation(text: str, situation: set[str]) -> bool:
    """Does `text` say at least STATED words of the situation (whole or by their first
    letters, `ask_named.said_like`)?"""
    said = situation_words(text)
    return sum(1 for w in situation if said_like(w, said)) >= STATED


def condition_is(condition: str, situation: set[str]) -> bool:
    """Is a line's condition the situation: at least SAID content words, each said by the
    situation ("you find a needle" of "found a needle in one of the bags"; "a guest asks for
    a copy of the data we hold" is not "a guest asked me for a copy of their bill")?"""
    words = situation_words(condition)
    return len(words) >= SAID and all(said_like(w, situation) for w in words)


def asked_to_do(question: str) -> str | None:
    """The situation a question asks what to do in: told before the ask ("found a needle in
    one of the bags. what do i do" -> "found a needle in one of the bags") or set by the
    ask's own "if"/"when" ("What do I do if my laptop is stolen?"); None when the question
    asks no such thing."""
    m = _TO_DO.match(question)
    if m is None or "?" in m.group(1):
        return None  # an earlier question: a compound question, not a situation
    situation = (m.group(2) or m.group(1)).strip()
    return situation or None


def _paragraph_next(before: Candidate, line: Candidate) -> bool:
    """Does `line` come right after `before` in the same paragraph of their document?"""
    if before.doc.doc_id != line.doc.doc_id or before.span.end > line.span.start:
        return False
    gap = before.doc.text[before.span.end : line.span.start]
    return not gap.strip() and "\n\n" not in gap


def _instruction_candidate(e: Evidence, first: Candidate, situation: str) -> Candidate | None:
    """The highest-ranked line of the first line's document among the top NEAR_POOL whose
    condition says the situation, or right after the first line in its paragraph when the
    first line says it; None when none qualifies."""
    words = situation_words(situation)
    first_says = says_situation(first.span.text, words)
    for c in first_document_lines(e):
        cond = line_condition(c.span.text)
        if cond and condition_is(cond, words):
            return c
        if first_says and cond is None and _paragraph_next(first, c):
            return c
    return None


def instructed_case(e: Evidence) -> bool:
    """A reading under the floor: the question asks what to do in a situation, and its first
    line (any score above 0, first-retrieved document in force, no table row) is what to do
    in it: its own condition says the situation, or, opening with none, it comes right after
    a line of its paragraph that says it; and the document says every name the question
    gives."""
    situation = asked_to_do(e.question.text)
    top = first_prose_line(e)
    if situation is None or top is None:
        return False
    words = situation_words(situation)
    cond = line_condition(top.span.text)
    if cond:
        stated = condition_is(cond, words)
    else:
        stated = cond is None and any(
            _paragraph_next(c, top) and says_situation(c.span.text, words) for c in e.ranked
        )
    return stated and says_every_name(e.question.text, top.doc)


def asked_condition(question: str) -> str | None:
    """The condition a question asks the consequence of ("I don't hand my uniform back when
    I leave" of "What happens if I don't hand my uniform back when I leave?"), or None when
    it asks no such thing."""
    m = _ASKS.search(question)
    return m.group(1) if m else None


def line_condition(text: str) -> str | None:
    """The condition a line opens with (the words between "If"/"Unless"/"Otherwise" and the
    first comma; "" for an elliptical one such as "If you do not,"), or None for a line that
    opens with no condition."""
    m = _CONDITIONAL.match(text)
    if m is None:
        return None
    cond = m.group(1)
    return "" if _ELLIPTICAL.match(cond) else cond


def _follows(first: Candidate, line: Candidate) -> bool:
    """Does `line` come right after `first` in their document (nothing but space between)?"""
    text = first.doc.text
    gap = text[first.span.end : line.span.start]
    return first.span.end <= line.span.start and not gap.strip()


def consequence_candidate(e: Evidence) -> Candidate | None:
    """The highest-ranked conditional line of the first line's document among the top
    NEAR_POOL (no table row) whose condition is the question's (a content word of it) or,
    elliptical, the first line's; None when the question asks no consequence, the first
    line opens with a condition itself, or no line qualifies."""
    if not e.ranked:
        return None
    asked = asked_condition(e.question.text)
    situation = None if asked is not None else asked_to_do(e.question.text)
    if asked is None and situation is None:
        return None
    first = e.ranked[0]
    if line_condition(first.span.text) is not None:
        return None
    if situation is not None:
        return _instruction_candidate(e, first, situation)
    words = key_set(asked or "")
    for c in first_document_lines(e):
        cond = line_condition(c.span.text)
        if cond is None:
            continue
        if (cond == "" and _follows(first, c)) or (cond and key_set(cond) & words):
            return c
    return None
