"""A rule line whose subject is the case a yes/no question tells, its predicate ruling on the ask.

An employee tells a case and asks in a few words whether something follows from it: "The crisps
are a day past their best before. Can we knock them down and sell them cheap?", "One of my
cellar technicians has just got her Cask Marque cellar qualification. Does that change her
pay?". A policy answers with a line in two halves: a subject naming the case ("Ambient products
past their best-before date", "A cellar technician who holds the Cask Marque cellar
qualification") and a predicate ruling on it ("are removed from sale ...; they are not sold
cheaply", "is paid £0.35 an hour above the Band C rate"). The asker's own words for the rest
("crisps", "knock them down", "change") are not the document's, so the exact-term features put
such a line a little under the floor, and no single word of the ask ties it to the question, as
the yes/no rule-line readings measured before found (history/extractive-history.md, under8,
colloq63: a rule line saying an asking word answers must-refuse questions as often as right
ones).

What ties this line to the question is its shape: the told case is said by the line's subject,
the ask by its ruling predicate, each half saying its own part of the question. One sentence:
*a yes/no question that tells a case in a sentence of its own before it asks (a last sentence
opening with an auxiliary or a modal) is answered by its first-ranked line under the floor at
any score above 0, in a document in force whichever retrieval put first (the line, not the
document, is what answers), not a table row, when that line parts at its first verb ("is",
"are", a modal, "not") into a subject saying at least `CASE_SAID` content words of the told
case and a predicate that rules (a modal, a negation, "only", or a sum of money) and says a
content word of the ask that the case does not say, and the document says every name the
question gives.* A line saying the case but ruling on another thing (its predicate saying
nothing asked), or ruling on the asked thing for another case (its subject saying one word of
the case or none), is left refused; so is a line whose rule sits in its subject only. Such a
question's own words beyond the case and the ask are the asker's, which the exact-term features
count as missing terms, so, as for `ruled_act.obliged_act`, no slack bounds the line's score:
what answers is the line's two halves each saying its part. SQuAD 2.0 and HotpotQA questions
tell no case in a sentence before a yes/no ask, so they never reach it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import (
    LIGHT,
    MONEY_SAID,
    first_prose_line,
    said_like,
    situation_stems,
)
from wikiqa.answerers.stated_bound import says_every_name

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

CASE_SAID = 2  # content words of the told case the line's subject must say

# the asking clause asks yes or no: it opens with an auxiliary or a modal
YES_NO = re.compile(
    r"^\s*(?:can|could|do|does|did|is|are|am|will|would|should|shall|may|must|have|has)\b",
    re.I,
)
# where a rule line's subject ends and its predicate begins: its first "is"/"are", modal or
# negation (a list mark or a step's number aside)
FIRST_VERB = re.compile(
    r"\b(?:is|are|must|may|can|cannot|can't|should|shall|will|need|needs|never|not|only)\b",
    re.I,
)
# a predicate that rules: a modal, a negation or "only" (a sum of money rules as well)
RULING = re.compile(
    r"\b(?:must|may|can|cannot|can't|should|shall|need|needs|never|not|no|only|allowed"
    r"|permitted|required|forbidden|prohibited)\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# irregular past forms a stem does not join to their verb ("paid" for "pay", "sold" for
# "sell"): English morphology, not any document's words
_IRREGULAR = {
    "paid": "pay",
    "sold": "sell",
    "bought": "buy",
    "kept": "keep",
    "left": "leav",
    "told": "tell",
    "gave": "give",
    "given": "give",
    "took": "take",
    "taken": "take",
    "seen": "see",
    "bitten": "bite",
    "brought": "bring",
    "spent": "spend",
    "lent": "lend",
    "sent": "send",
}


def _stems(text: str) -> set[str]:
    """`text`'s content stems, irregular past forms read as their verb."""
    out = set(situation_stems(text))
    return out | {_IRREGULAR[w] for w in out if w in _IRREGULAR}


def told_case(question: str) -> tuple[str, str] | None:
    """(the case, the ask) when the question tells a case in sentences of its own, none a
    question, before a last sentence asking yes or no; None otherwise."""
    sentences = [s.strip() for s in _SENTENCE.split(question.strip()) if s.strip()]
    if len(sentences) < 2:
        return None
    ask, told = sentences[-1], sentences[:-1]
    if not ask.endswith("?") or not YES_NO.match(ask):
        return None
    if any(not s.endswith((".", "!")) or s.endswith("...") for s in told):
        return None  # an earlier question, a title cut short, or no sentence of its own
    return " ".join(told), ask


def case_ruled(line: str, case: str, ask: str) -> bool:
    """Does `line` part at its first verb into a subject saying CASE_SAID words of `case`
    and a ruling predicate saying a word of `ask` that `case` does not say?"""
    m = FIRST_VERB.search(line)
    if m is None or m.start() == 0:
        return False
    subject, predicate = line[: m.start()], line[m.start() :]
    told = [w for w in _stems(case) if w not in LIGHT]
    said = _stems(subject)
    if sum(said_like(w, said) for w in told) < CASE_SAID:
        return False
    if not (RULING.search(predicate) or MONEY_SAID.search(predicate)):
        return False
    asked = [w for w in _stems(ask) if w not in LIGHT and not said_like(w, set(told))]
    ruled = _stems(predicate)
    return any(said_like(w, ruled) for w in asked)


def ruled_case(e: Evidence) -> bool:
    """Does the evidence's first line answer under the floor because its subject says the
    case the question tells and its predicate rules on what it asks (see the module
    docstring)?"""
    top = first_prose_line(e, first_doc=False)
    if top is None:
        return False
    question = e.question.text
    told = told_case(question)
    if told is None or not case_ruled(top.span.text, *told):
        return False
    return says_every_name(question, top.doc)
