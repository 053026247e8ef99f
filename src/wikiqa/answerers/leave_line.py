"""The line that grants or forbids, for a question asking whether someone may do or have a thing.

"Can scheme residents have a cat?" shares its words ("scheme", "residents") with lines that
say what the scheme does for its residents ("Scheme managers make a daily call to each
resident ..."), so the ranker puts one of those first; the answer is the line that rules on
the asked thing in its own, more general words ("Residents may keep a small pet with the
scheme manager's agreement."). Such a line is nearer the question in meaning than the first
line, but not by nearer_line.py's wide margin: the question's particular ("a cat") is said
by neither line, so both are only loosely near it.

One sentence: *a question asking leave ("Can/could/may <someone> <verb> ...", "Is/are
<someone> allowed/permitted to ...", "Is it OK to ...") is answered by the line of the first line's document,
among the top `lift.NEAR_POOL` ranked (no table row, the document in force), that says
a word of permission or prohibition (may, can, cannot, allowed, permitted, prohibited,
forbidden, never, must not) and is nearest the question in meaning, when the first line says
no such word and that line is nearer the question than it by at least `LEAVE_MARGIN`; that
line is ranked just above the first line and answers if it is then first and clears the floor
(or a reading under the floor passes it).* A first line that grants or forbids already
answers a leave question one way or the other, so nothing moves it.

It runs only for a refused single evidence, after nearer_line.py, so it never moves a line
that answered, and it never reorders documents.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.lift import (
    TopicCosines,
    first_document_lines,
    nearest_in_meaning,
)

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

LEAVE_MARGIN = 0.1  # how much nearer the question, in cosine, than the first line

# the asking clause asks leave: a modal, a subject of one to four words, then a verb; or
# "is/are/am <subject> allowed/permitted to", "is it OK (for <someone>) to"
_ASKS_LEAVE = re.compile(
    r"^\s*(?:(?:can|could|may)\s+(?!you\b)(?:[\w'’-]+\s+){1,4}?[a-z]+\b"
    r"|(?:is|are|am)\s+(?:[\w'’-]+\s+){1,4}?(?:allowed|permitted)\s+to\b"
    r"|(?:is|would)\s+it\s+(?:ok|okay|alright|all\s+right|fine)(?:\s+for\s+[\w'’-]+)?\s+to\b)",
    re.I,
)
# a word of permission or prohibition (a bare "must" obliges: another question)
_RULES = re.compile(
    r"\b(?:may|can|cannot|can['’]t|allowed|permitted|prohibited|forbidden|never"
    r"|must\s+not|mustn['’]t)\b",
    re.I,
)


def asks_leave(question: str) -> bool:
    """Does the question's asking clause ask whether someone may do or have a thing?"""
    return bool(_ASKS_LEAVE.match(asked_clause(question)))


def rules(text: str) -> bool:
    """Does the line say a word of permission or prohibition?"""
    return bool(_RULES.search(text))


def leave_candidate(e: Evidence, topic_cosines: TopicCosines) -> Candidate | None:
    """The line of the first line's document among the top NEAR_POOL (no table row) that
    grants or forbids and is nearest the question in meaning, when the question asks leave,
    the first line grants and forbids nothing, and that line is nearer the question than
    the first by at least LEAVE_MARGIN; `topic_cosines(question, texts, contexts)` as the
    answerer's."""
    if not e.ranked or not asks_leave(e.question.text) or rules(e.ranked[0].span.text):
        return None
    ruling = [c for c in first_document_lines(e) if rules(c.span.text)]
    return nearest_in_meaning(e, ruling, topic_cosines, LEAVE_MARGIN)
