"""The row of the job a question names, chained past a sentence that speaks of no job.

"I'm a boat engineer thinking of handing my notice in. How much notice do I owe?" finds,
over the floor, the annual leave page's "Give at least 4 weeks' notice for a week or more
off": a sentence that shares the question's words ("notice", "weeks") but is said of
booking leave, for every job alike. The job-bands table's "| Boat engineer | Band D |" is
retrieved too, and "| Bands C and D | 4 weeks |" of the notice periods answers for the
asker's band. "How long is the probation period for a porter?" is the same shape: the
probation page's sentence about notice during probation against "| Grade 2 | ... | porter,
library assistant |" and "| Professional services, Grades 1 to 5 | 6 months | ... |".

A careful reader who is told the asker's job looks up what the organisation keeps per job
(a band or grade) before reading a rule that never says that job. So over the floor a
sentence answer gives way to the value chain through a row the question names by its job
cell (a Job, Role or Title column, `other_role.job_cells`) when that sentence, with its
document's title, says no word of the job and sits in another document than the job's
row. The chain itself is held to every test `key_bridge.follow` makes: its answer is a row
or record keyed by the carried value (a band "holds" in "Bands C and D"), in another
document, saying something still open and clearing the floor; when it fails the sentence
answer stands. A sentence that names the job ("Laboratory analysts work one weekend in
four") is about it and is left to the other chains.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.other_role import job_cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

# switch: a sentence over the floor gives way to the chain through the named job's row
JOB_OVER_PROSE = True


def job_over_prose(named: frozenset[str], bridge: Candidate, top: Candidate) -> bool:
    """Does the first hop's best candidate `top`, a sentence over the floor, give way to the
    chain through `bridge`, a row of another document whose job cell the question names by
    the keys `named` (`key_bridge._resolved`), because `top` and its title say no word of
    that job? A rule that never names the job is said of no one job in particular, while
    the job's row leads to what is kept for it (see the module docstring)."""
    if not JOB_OVER_PROSE or top.header is not None or bridge.header is None:
        return False
    if bridge.doc.doc_id == top.doc.doc_id:
        return False
    job = {k for cell in job_cells(bridge) for k in key_set(cell)} & named
    if not job:
        return False
    said = set(top.terms) | key_set(top.doc.title)
    return not job & said
