"""A line whose own condition states the situation a question tells, and what follows as a value.

An employee often tells their situation and then asks in a few words of their own: "The
company paid for my diploma, but I've been offered a job elsewhere 6 months after finishing
it. Will I owe anything?", "I work from home three days a week and my back is killing me. Can
the uni help with a proper chair?". The ask is in the asker's words ("owe", "the uni", "a
proper chair"), which the policy says otherwise ("pay back", "claim ... towards an office
chair"), so no line names it (`ask_named`) and the exact-term features hold the answering
line under the floor. What ties the line to the question is its own condition, the clause in
which it says whom or which case it is for: "If you leave within 12 months of finishing a
course we paid for, you pay back 100% of the fees.", "Staff who work from home for 2 or more
days a week may claim up to £120 towards an office chair ...". When that clause says the
situation the question tells, in several of the situation's own words, the line is written
for the asker's case, and the value it gives is what follows for them.

One sentence: *a question that tells a situation first (`ask_named.told_situation`) and asks
what a value can answer (not who, whom, whose, where, which or why) is answered by its
first-ranked line under the floor, in the document retrieval put first and in force, not a
table row, when a condition clause of the line (opened by "if", "when" or "who") says at least
`STATED` content words of the situation and the line, outside that clause, gives a value (a
number), and the document says every name the question gives.* It is `stated_condition`'s
reading (an "if I ..." condition stated by the line's "if" clause) for a condition told as the
asker's situation; one or two words of a situation are said by many lines of a handbook ("if
you work", "when you visit"), three are said only by a line about that case. The situation
must be the asker's own, with the asker as a subject in it ("I've been offered", "we moved"),
not only a possessor ("My mate left his job ...": his case, not theirs), as
`stated_condition` reads only an "if I" condition. SQuAD's and HotpotQA's questions tell no
situation (`told_situation`), so they never reach it (history/extractive-history.md, facts26).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    content_stems,
    first_prose_line,
    said_like,
    situation_stems,
    told_situation,
)
from wikiqa.answerers.stated_bound import says_every_name

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

STATED = 3  # words of the situation a line's condition must say to be about the asker's case
# a line's condition: "if", "when" or a "who" relative clause, up to a clause mark or the
# modal that opens what follows ("Staff who work from home ... | may claim up to £120")
_CONDITION = re.compile(
    r"\b(?:if|when|who)\s+((?:(?!\b(?:may|must|can|cannot|will|should|shall)\b)[^,;:.?!])*)",
    re.I,
)
_VALUE = re.compile(r"\d")
# the asker as the subject of the situation ("I've been offered", "we moved"), not only its
# possessor ("My mate left his job"): a situation about someone else is theirs to ask about
_ASKER_SUBJECT = re.compile(r"(?<![A-Za-z])I(?=['’]\w|\s+[a-z])|\b[Ww]e\b")
# a question word asking for what no number says: a person, a place, a choice, a reason
_ASKS_NO_VALUE = re.compile(r"\b(?:who|whom|whose|where|which|why)\b", re.I)


def condition_states(line: str, situation: str) -> bool:
    """Does a condition clause of `line` say at least STATED distinct content words of
    `situation` (light words of asking aside), with a value (a number) in the line outside
    that clause?"""
    told = situation_stems(situation)
    for m in _CONDITION.finditer(line):
        clause = set(content_stems(m.group(1)))
        if sum(said_like(w, clause) for w in told) < STATED:
            continue
        if _VALUE.search(line[: m.start()] + " " + line[m.end() :]):
            return True
    return False


def situation_stated(e: Evidence) -> bool:
    """Does the evidence's first line answer under the floor because its own condition states
    the situation the question tells and it gives a value (see the module docstring)?"""
    top = first_prose_line(e)
    if top is None:
        return False
    question = e.question.text
    told = told_situation(question)
    if told is None or _ASKS_NO_VALUE.search(told[1]) or not _ASKER_SUBJECT.search(told[0]):
        return False
    if not condition_states(top.span.text, told[0]):
        return False
    return says_every_name(question, top.doc)
