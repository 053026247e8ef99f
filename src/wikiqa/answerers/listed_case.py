"""An item of a list whose lead-in line states what a yes/no question asks of the case it names.

A policy often answers "does this case have that consequence?" with a list: a lead-in line
states the consequence ("These are examples of gross misconduct, which can lead to dismissal
without notice for a first offence:") and each item names one case ("- falsifying
timesheets, permits or inspection records."). An employee asks it of one case in their own
words ("Could I get sacked on the spot for fiddling my timesheet?"): the item says the case
("timesheets"), the lead-in means the rest of the question ("sacked on the spot" /
"dismissal without notice"), and neither alone says it all, so the exact-term features put
the item under the floor, and the ranker may put first a line of another document sharing
the case's word in another topic ("Timesheets signed after the Monday 10:00 cut-off are paid
a week later.").

One sentence: *a yes/no question is answered by an item of a list among the top `POOL`
ranked (its document in force, no table row) whose lead-in line is near the question in
meaning (the bundled embedder's topic cosine at least `LEAD_NEAR`) and which itself says a
content word of the question its lead-in does not (the case asked about); the item, the
one saying most such words, is ranked first and answers at any score, quoted after its
lead-in.* The lead-in must carry the question's meaning and the item its case: a list whose
frame is near the question but whose items name none of its words (a case the list leaves
out, "Could I be sacked for being five minutes late?" over a gross-misconduct list) is left
refused, and so is an item saying the question's word under a lead-in about something else.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import asked_clause, key_set
from wikiqa.answerers.lift import NEAR_POOL, Redecide, TopicCosines, lifted_answers
from wikiqa.answerers.neighbours import read_out_of_force

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

POOL = NEAR_POOL  # ranked lines looked at
LEAD_NEAR = 0.5  # the least topic cosine of the question to the item's lead-in line

# a yes/no question: its asking clause opens with an auxiliary or modal verb
_YES_NO = re.compile(
    r"(?:^|[,;:])\s*(?:can|could|would|will|is|are|was|were|do|does|did|am|may|might|should"
    r"|shall|has|have)\b",
    re.I,
)


def asks_yes_no(question: str) -> bool:
    """Does the question's asking clause ask yes or no ("Could I get sacked ...?",
    "... would they get the sack on the spot?")?"""
    return bool(_YES_NO.search(asked_clause(question)))


def case_words(question_terms: frozenset[str], c: Candidate) -> frozenset[str]:
    """The question's content words (`features.key_set` keys) the list item says itself and
    its lead-in line does not: the case the item names; empty for a line that is no item."""
    if c.lead is None or c.refers:
        return frozenset()
    return (question_terms & key_set(c.span.text)) - key_set(c.lead.text)


def listed_candidate(e: Evidence, topic_cosines: TopicCosines) -> Candidate | None:
    """The list item among the top POOL ranked (its document in force, no table row) that
    says the most case words of a yes/no question (`case_words`) under a lead-in line at
    least LEAD_NEAR near the question in meaning; None when there is none."""
    if not e.ranked or not asks_yes_no(e.question.text):
        return None
    terms = frozenset(e.question.terms)
    items = [
        (c, said)
        for c in e.ranked[:POOL]
        if c.header is None
        and (said := case_words(terms, c))
        and not read_out_of_force(c.doc)
    ]
    if not items:
        return None
    leads = [c.lead.text for c, _ in items if c.lead is not None]
    cos = topic_cosines(e.question.text, leads, [c.context for c, _ in items])
    near = [(len(said), i) for i, (_, said) in enumerate(items) if cos[i] >= LEAD_NEAR]
    if not near:
        return None
    return items[max(near, key=lambda n: (n[0], -n[1]))[1]][0]


def listed_case(
    e: Evidence, floor: float, topic_cosines: TopicCosines, redecide: Redecide
) -> Evidence | None:
    """The evidence decided again with `listed_candidate` ranked first (`redecide(line,
    points)`), answering at any score when that item is then first; None otherwise."""
    return lifted_answers(
        e, listed_candidate(e, topic_cosines), floor, redecide, lambda again: True
    )
