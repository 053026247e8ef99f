"""A line a little under the floor that states the point or the bound the question asks for.

Two kinds of question ask not for a thing but for where a rule starts or stops, and a policy
answers them by stating that point or bound, in its own words for the thing:

- *From what point a requirement holds* ("When do I need a doctor's note for being off
  sick?", "After how many days off ill do I need a note from my GP?", "After what time does
  an evening home visit need my manager's OK?"). The line that answers states a threshold
  ("from the fourth day", "from the 8th calendar day", "after 19:00") at which a requirement
  holds ("you need a medical certificate", "a fit note ... is required", "need your
  manager's agreement"). `states_threshold`.
- *An upper or a lower bound* ("What's the most the Trust will pay towards moving house?",
  "What is the per-head limit when taking clients out?", "what's the least I get paid"). The
  line that answers bounds a value in the same direction ("The maximum reimbursement is
  £8,000", "up to €75 per person", "a minimum of 3 hours"). `states_bound`.

The exact-term answerability features, fitted to SQuAD whose questions copy their paragraph's
words, read the thing said in the policy's words ("medical certificate" for "doctor's note",
"reimbursement" for "pay towards moving house") as missing terms and put such a line a little
under the floor; what the question asks (a point, a bound) is what the line says.

One sentence: *a question whose asking clause asks from what point a requirement holds, or
for an upper or lower bound, is answered by its first-ranked line within
`ask_named.ASK_SLACK` under the floor, in the document retrieval put first and in force, not a
table row, when that line states a threshold with a requirement, or bounds a value in the
asked direction, says (by itself, its heading or its title) a word of the ask beyond the
asking words, and its document says every name the question gives.*

What it refuses: a line naming the asked concept without bounding a value ("Executives have a
monthly limit of €10,000." for a per-head limit: "limit" is the question's word, not a bound
the line sets in a direction), a line bounding in the other direction, a line with no
requirement or no threshold ("You may self-certify for the first 7 calendar days of
absence."), a table row (a row answers by a cell under a column the question names,
named_cell.py: a permission question's nearest readable row carries a bound too), and a line
whose document does not say a place or a name the question gives.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    LIGHT,
    content_stems,
    prose_line_in_slack,
    said_like,
    told_situation,
)
from wikiqa.answerers.features import asked_clause, key, key_set
from wikiqa.answerers.list_entry import given_names, word_runs
from wikiqa.text.months import MONTHS, WEEKDAYS
from wikiqa.text.terms import initials, stem

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence
    from wikiqa.types import Document

_DATES = frozenset((*MONTHS, *WEEKDAYS))
_AUX = r"(?:do|does|is|are|will|should|must|can)"
# an ask for the point from which something holds: "When do I ...", "After how many days
# ...", "From which day ...", "After what time ..."
_ASKS_POINT = re.compile(
    rf"^\s*(?:when\s+{_AUX}\b|(?:after|from)\s+(?:how\s+(?:many|much|long)|which|what)\b)",
    re.I,
)
# a requirement, in the question or the line
_REQUIRED = re.compile(
    r"\b(?:need|needs|needed|required|requires|require|must|have\s+to|has\s+to)\b", re.I
)
_ORDINAL = (
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
)
# a threshold the line states: from / after a point in time or a count
_THRESHOLD = re.compile(
    rf"\b(?:from|after)\s+(?:the\s+)?(?:{_ORDINAL}\b|\d{{1,2}}[:.]\d{{2}}\b|\d+\s+\w+)", re.I
)
# the bound a question asks for, by direction: a word naming a bound, or "the most" / "the
# least" standing for an amount ("the most the Trust will pay", "the least I get paid"), not
# a superlative of a word after it ("the most common", "the largest city")
_ASKS_UPPER = re.compile(
    r"\b(?:(?:maximum|max|limits?|caps?)\b|(?:the\s+)?most(?=\s+(?:a|an|the|my|our|your|i|we|you|they|he|"
    r"she|it|someone|anyone|one|that)\b|\s*[?.,]|\s*$))",
    re.I,
)
_ASKS_LOWER = re.compile(
    r"\b(?:(?:minimum|min)\b|(?:the\s+)?least(?=\s+(?:a|an|the|my|our|your|i|we|you|they|he|she|"
    r"it|someone|anyone|one|that)\b|\s*[?.,]|\s*$))",
    re.I,
)
_VALUE = r"(?:[£€$]\s?\d|\d)"
# a value the line bounds, by direction: the bound's words, then a value within a few words
_UPPER = re.compile(
    rf"\b(?:up\s+to|maximum|at\s+most|no\s+more\s+than|not\s+more\s+than)\b(?:\W+\w+){{0,3}}?"
    rf"\W+{_VALUE}",
    re.I,
)
_LOWER = re.compile(
    rf"\b(?:at\s+least|minimum|no\s+less\s+than|not\s+less\s+than)\b(?:\W+\w+){{0,3}}?"
    rf"\W+{_VALUE}",
    re.I,
)
# the asking words of these two questions, said by no line to name the thing
_ASKING = frozenset(
    content_stems(
        "when after from which what how many much long time day days point most maximum max "
        "limit cap least minimum min need needs "
        "required require must"
    )
)


def asked_bound(ask: str) -> str:
    """ "point" when the ask asks from what point a requirement holds, "upper" or "lower"
    when it asks for a bound in that direction, "" otherwise."""
    if _ASKS_POINT.match(ask) and _REQUIRED.search(ask):
        return "point"
    if _ASKS_UPPER.search(ask) and not _ASKS_LOWER.search(ask):
        return "upper"
    if _ASKS_LOWER.search(ask) and not _ASKS_UPPER.search(ask):
        return "lower"
    return ""


def states(bound: str, line: str) -> bool:
    """Does `line` state what an ask of kind `bound` asks for: a threshold with a
    requirement ("point"), or a value bounded in the asked direction?"""
    if bound == "point":
        return bool(_THRESHOLD.search(line) and _REQUIRED.search(line))
    if bound == "upper":
        return bool(_UPPER.search(line))
    if bound == "lower":
        return bool(_LOWER.search(line))
    return False


def names_a_word(ask: str, line: str, context: str, title: str) -> bool:
    """Does the line, its heading or its title say a content word of the ask beyond the
    asking words (`_ASKING`, ask_named.LIGHT)?"""
    said = set(content_stems(f"{line} {context} {title}"))
    return any(
        said_like(w, said) for w in content_stems(ask) if w not in LIGHT and w not in _ASKING
    )


def unsaid_name(question: str, document: str) -> str:
    """A name the question gives (a capitalised word past the first of its sentence, not a
    word of asking such as "OK", nor a month's or a day's name, which tell when, not of
    whom) that the document does not say, whole or as initials: the question is about a
    place, a group or a thing the document is not about; "" when none."""
    named = key_set(document)
    caps = {initials(p) for p in word_runs(document)}
    for name in given_names(question):
        if key(name) in named or name.upper() in caps or stem(name.lower()) in LIGHT:
            continue
        if name.capitalize() in _DATES:
            continue
        return name
    return ""


def says_every_name(question: str, doc: Document) -> bool:
    """Does the document (its title and text) say every name the question gives? A line
    answering under the floor must come from a document about the question's own place,
    group or thing (`unsaid_name`)."""
    return not unsaid_name(question, f"{doc.title}\n{doc.text}")


def stated_bound(e: Evidence, floor: float) -> bool:
    """Does the evidence's first line answer within ASK_SLACK under the floor because it
    states the point or the bound the question asks for (see the module docstring)?"""
    top = prose_line_in_slack(e, floor)
    if top is None:
        return False
    question = e.question.text
    told = told_situation(question)
    ask = told[1] if told else asked_clause(question)
    bound = asked_bound(ask)
    if not bound or not states(bound, top.span.text):
        return False
    context, title = top.context or "", top.doc.title
    if not names_a_word(ask, top.span.text, context, title):
        return False
    return says_every_name(question, top.doc)
