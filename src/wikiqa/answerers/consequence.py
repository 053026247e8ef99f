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

It runs only for a refused single evidence, after nearer_line.py, so it never moves a line
that answered, and it never reorders documents.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.lift import Redecide, first_document_lines, lifted_answers

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
    if asked is None:
        return None
    first = e.ranked[0]
    if line_condition(first.span.text) is not None:
        return None
    words = key_set(asked)
    for c in first_document_lines(e):
        cond = line_condition(c.span.text)
        if cond is None:
            continue
        if (cond == "" and _follows(first, c)) or (cond and key_set(cond) & words):
            return c
    return None


def consequence_line(
    e: Evidence,
    floor: float,
    redecide: Redecide,
    under_floor: Callable[[Evidence], bool] | None = None,
) -> Evidence | None:
    """The evidence decided again with `consequence_candidate` ranked just above the first
    line, when that line is then first and answers (lift.lifted_answers); None
    otherwise."""
    return lifted_answers(e, consequence_candidate(e), floor, redecide, under_floor)
