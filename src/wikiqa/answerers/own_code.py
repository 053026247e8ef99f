"""The asker's own letter restating the band a general table's row gives their new job (gap77).

"What band will I be in once I'm bar supervisor?" asked by the kiosk assistant whose
promotion letter says "... you are promoted from kiosk assistant to Bar Supervisor ..." and
"Your new job is in Band C and you will be paid the Band C hourly rate.": the question names
the job, so the Job Bands table's row "| Bar supervisor | Band C |" clears the floor and is
the answer, the right band cited from the page for everyone. A first-person question asks
for the asker's case, and their letter states it: own_restated.py moves an answer from the
general rule's line to the asker's record of the same quantity, but never from a table row,
and a band is a code, not a quantity in a unit.

One sentence: *when a first-person question is answered by one table row of a document that
is nobody's own record, stating a code of a scale ("Band C", "Grade 4", "Level 2"), and a
document of the asker's own in force has a line, no table row, stating the same code of the
same scale, while the asker's record (its title and text) says every content word the
question and the row share ("bar", "supervisor", "band"), that line answers first, followed
by the row it restates.*

Why bounded so: it only moves an answer already given, from the table to the asker's own
letter stating the very same code; a letter for another job ("head greenkeeper" asked, the
letter promoting to bar supervisor) does not say the row's key and leaves the row; a letter
stating another band leaves it too. Another reader has no such document.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import said_like, stem_set

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

OWN_CODE = True  # switch: the asker's letter restating a table row's band or grade (gap77)

# a code of a scale: "Band C", "Grade 4", "band 2", "Level 3" (the scale's name, its code in
# capitals or digits)
_CODE = re.compile(r"\b(band|grade|level|scale|tier)\s+([A-Z]{1,2}|\d{1,2})\b(?![-\w])", re.I)


def codes(text: str) -> set[tuple[str, str]]:
    """The codes of a scale `text` states, as (scale, code) in lower case."""
    return {(m.group(1).lower(), m.group(2).lower()) for m in _CODE.finditer(text)}


def row_code(general: Candidate) -> bool:
    """Is `general` a table row of a page for everyone that states a code of a scale?"""
    return (
        OWN_CODE
        and general.header is not None
        and general.doc.owner_user_id is None
        and bool(codes(general.span.text))
    )


def restates_code(question: str, general: Candidate, line: Candidate) -> bool:
    """Does the asker's `line` (no table row) state the code `general`'s row states, its
    record saying every content word the question and the row share (see the docstring)?"""
    if line.header is not None or not (codes(general.span.text) & codes(line.span.text)):
        return False
    shared = stem_set(question) & stem_set(general.span.text)
    if not shared:
        return False
    said = stem_set(f"{line.doc.title}\n{line.doc.text}")
    return all(said_like(w, said) for w in shared)
