"""The asker's own record restating the general rule's line, with their own figure.

"How long is the trial of my new hours?" asked by a nurse whose flexible-working outcome
letter is hers alone: the search ranks the Flexible Working policy first, and its line "A
new pattern may start with a trial period of up to 12 weeks." clears the floor. It says the
rule for anyone; her letter says her case: "There will be a trial period of 12 weeks, ending
on 25 January 2027, when we will meet again to review it." A first-person question asks for
the asker's case, and a document the store gives to its owner only (`Document.owner_user_id`)
is the asker's own record.

One sentence: *when a one-part first-person question is answered by one line of a document
that is nobody's own record, and a document of the asker's own (read already, else found as
`own_hop.own_documents` finds it) in force has a line, no table row, that states a quantity
in a unit the general line's quantity is stated in ("12 weeks" and "12 weeks"; "£40 a month"
and "£60"; "contracted for 19.5 hours a week" and "Your contracted hours stay at 39 a week",
the unit named before a quantity given per day, week, month or year), and says (with its heading and its record's title, whole or by first letters)
every content word the question and the general line share but at most one, with at least
one, that line answers first, followed by the general line it restates (within the answer's
sentence limit): the record says the asker's case, the rule says whose rule it is. The
record's line is the first such among the asker's lines in the ranking for the question.

Why bounded so: it never refuses and never answers a question nothing answered; it only
moves an answer from the general rule to the asker's own record of the same thing. A record
line stating another unit ("ending on 25 January 2027" for "up to 12 weeks") or about
another matter (no word the question and the rule share) leaves the rule's line. Another
reader has no such document: the store never gives a private record to anyone else.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import MONEY_SAID, said_like, stem_set
from wikiqa.answerers.hops import whole_hit
from wikiqa.answerers.neighbours import owned_by_asker, read_out_of_force
from wikiqa.answerers.own_code import restates_code, row_code
from wikiqa.answerers.own_hop import first_person, own_documents
from wikiqa.text.shares import SHARE_FIGURE
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput

OWN_LINES = 5  # the asker's best-ranked lines looked at

# A quantity and its unit: "12 weeks", "30 minutes", "2 working days", "£40", "10%".
_UNIT = re.compile(
    r"\b\d+(?:\.\d+)?\s+(?:(?:working|calendar|clear|full)\s+)?"
    r"(minute|hour|day|night|shift|week|month|year)s?\b",
    re.I,
)
# the unit named before a quantity given per a stretch of time ("Contracted hours: 37.5 a
# week", "Your contracted hours stay at 39 a week"): the hours are what is counted
_UNIT_BEFORE = re.compile(
    r"\b(minute|hour|day|night|shift|week|month|year)s?\b[^.\d]{0,40}?"
    r"\b\d+(?:\.\d+)?\s+(?:a|per|each)\s+(?:day|week|month|year)\b",
    re.I,
)


def units(text: str) -> set[str]:
    """The units `text` states a quantity in ("week", "money", "share")."""
    out = {m.group(1).lower() for m in _UNIT.finditer(text)}
    out |= {m.group(1).lower() for m in _UNIT_BEFORE.finditer(text)}
    if MONEY_SAID.search(text):
        out.add("money")
    if SHARE_FIGURE.search(text):
        out.add("share")
    return out


def restates(question: str, general: Candidate, line: Candidate) -> bool:
    """Does the asker's `line` restate the `general` line for the question (the docstring's
    test: a unit of the general line's quantity, and the words the question and it share)?"""
    if line.header is not None or not (units(general.span.text) & units(line.span.text)):
        return False
    shared = stem_set(question) & stem_set(general.span.text)
    if not shared:
        return False
    said = stem_set(f"{line.span.text}\n{line.context}\n{line.doc.title}")
    unsaid = [w for w in shared if not said_like(w, said)]
    return len(unsaid) <= 1 and len(unsaid) < len(shared)


async def own_restated(at: HopInput, chosen: list[Candidate]) -> Candidate | None:
    """The asker's own line restating the one general line chosen, else None (docstring)."""
    principal = at.principal
    if (
        len(chosen) != 1
        or principal is None
        or principal.user_id is None
        or not first_person(at.q.text)
    ):
        return None
    general = chosen[0]
    coded = row_code(general)  # a table row's band or grade (own_code.py)
    if not coded and (general.header is not None or general.doc.owner_user_id is not None):
        return None
    if not coded and not units(general.span.text):
        return None
    own = [
        d
        for d in await own_documents(at, principal)
        if owned_by_asker(d, principal) and not read_out_of_force(d)
    ]
    if not own:
        return None
    answerer = at.answerer
    mine = await run_cpu(answerer.assess, at.q, [whole_hit(d) for d in own], at.docs, at.skipped)
    if mine is None:
        return None
    for line in mine.ranked[:OWN_LINES]:
        if restates_code(at.q.text, general, line) if coded else restates(at.q.text, general, line):
            return line
    return None
