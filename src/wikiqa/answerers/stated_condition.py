"""A line that states the very condition a question sets on its asker, and what follows from it.

An employee often asks what follows if something happens to them: "What does my family get
if I die while I'm working here?", "Is there any life cover if I die while I work here?",
"If I'm ill, by what time do I have to ring in?". The ask itself is the asker's words ("my
family", "life cover", "ring in"); what ties a policy line to the question is the condition,
which the line states of its reader or of the people it covers in its own words: "Members of
the plan are covered for a lump sum of 3 times basic pay if they die in service.", "If you die
while employed by us, the scheme pays a lump sum of 4 times your annual salary ...", "If you
are ill, ring Buildforce before 06:30 ...". The exact-term answerability features count the
asker's wording of the ask and of the rest of the condition ("while I'm working here" for "in
service") as missing terms, so such a line sits under the floor, at any depth.

One sentence: *a question that sets its ask under a condition of the asker ("if I/we <verb>
...") is answered by its first-ranked line under the floor, in the document retrieval put
first and in force, not a table row, when that line states the same condition (an "if" clause
of its own saying the condition's first word, negated as the question's is or not) and, outside
that clause, what follows as a value (a number: a sum, a multiple, a time), for an ask a value
can answer (not who, whom, whose, where, which or why: a person, a place, a choice, a reason),
and the document says every name the question gives.* A line that only restates the condition and follows it
with a step ("If you are still ill after 6 weeks, the company doctor draws up a plan ...": the
one value is the condition's own) tells no amount or time of what follows, and is left
refused; so is a line whose "if" clause states another condition. The condition is the
asker's ("if I", "if we"): a question setting a condition on someone else asks about them.
No new constant: like `ruled_act.obliged_act`, the reading decides, not the score.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import LIGHT, content_stems, first_prose_line, said_like
from wikiqa.answerers.stated_bound import says_every_name

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence


# the asker's condition: "if I", "if we", perhaps with a be-verb, up to a clause mark
_ASKS_IF = re.compile(
    r"\bif\s+(?:i|we)(?:['’]m|['’]re|\s+am|\s+are|\s+was|\s+were)?\s+([^,;:.?!]*)", re.I
)
# a line's own condition: "if" and its clause, up to a clause mark
_STATES_IF = re.compile(r"\bif\s+([^,;:.?!]*)", re.I)
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n['’]t\b", re.I)
_VALUE = re.compile(r"\d")
# a question word asking for what no number says: a person, a place, a choice, a reason
_ASKS_NO_VALUE = re.compile(r"\b(?:who|whom|whose|where|which|why)\b", re.I)


def asked_condition(question: str) -> tuple[str, bool] | None:
    """(the condition's first word, stemmed; whether it is negated) when the question sets
    its ask under a condition of the asker ("What does my family get if I die while I'm
    working here?" -> ("die", False); "if I don't return it" -> ("return", True)); None
    otherwise, when the condition holds only light words ("if I get one"), or when the
    question asks for what no number says (who, where, which, why)."""
    m = _ASKS_IF.search(question)
    if m is None or _ASKS_NO_VALUE.search(question[: m.start()] + question[m.end() :]):
        return None
    words = [w for w in content_stems(m.group(1)) if w not in LIGHT and not _NEGATED.search(w)]
    if not words:
        return None
    return words[0], bool(_NEGATED.search(m.group(1)))


def states_condition(line: str, word: str, negated: bool) -> bool:
    """Does `line` state the condition (an "if" clause of its own saying `word`, negated as
    asked) and, outside that clause, what follows from it as a value (a number)?"""
    for m in _STATES_IF.finditer(line):
        clause = m.group(1)
        if bool(_NEGATED.search(clause)) != negated:
            continue
        if not said_like(word, set(content_stems(clause))):
            continue
        rest = line[: m.start()] + " " + line[m.end() :]
        if _VALUE.search(rest):
            return True
    return False


def stated_condition(e: Evidence) -> bool:
    """Does the evidence's first line answer under the floor because it states the condition
    the question sets on its asker and what follows from it (see the module docstring)?"""
    top = first_prose_line(e)
    if top is None:
        return False
    question = e.question.text
    asked = asked_condition(question)
    if asked is None or not states_condition(top.span.text, *asked):
        return False
    return says_every_name(question, top.doc)
