"""The row of the asker's own record keyed by the ordinal the question tells.

A plan made for one person is a table keyed by its stages: a phased return's "| Week 1 | 3
shifts of 3 hours |", "| Week 2 | 3 shifts of 5 hours |". Its owner asks of it in their own
words and by an ordinal: "What am I working in my second week back?". `told_number` retells
the ordinal as the document writes it ("Week 2"), but only when the question as asked is
refused, and the retold question is answered only when its words (an "hours" the row's value
says) lift the row over the floor; "what am I working" says none of the row's words, so a
line of a general page (flexible working patterns) answered instead, and the asker's own row,
retrieved and read, was passed by.

A careful reader opens their own plan, finds the row for the week they named, and reads it.
One sentence: *a question asked in the first person for a value (what, how, which, when) that
tells one ordinal before a noun ("my second week") is answered by the one table row, of a
document private to the asker, whose first cell is that noun with the ordinal's figure
("Week 2"), cited with its header row.*

What stays as it was:
- a question in no person, or about someone else ("What is Erik allowed to do in his first
  week back?"): another person's record is never retrieved for the asker, and the reading
  needs the asker's own words;
- a yes/no question ("Can I kneel in my second week back?"): a row's value does not rule on it;
- a general table keyed the same way (an apprentice's "| Year 2 | £10.30 |"): it is no one's
  record, and the other readings (told_number, keyed_row, key_cell) decide it;
- no row, or more than one, keyed by the told figure: nothing is lifted.

Switch: OWN_ROW (gap78; docs/extractive.md).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import speaks_personally
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.told_number import ORDINAL_WORDS, tellings
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

OWN_ROW = True  # switch: the asker's own record's row keyed by the told ordinal (this module)

# the asking clause opens with a word asking for a value, not for a yes or a no
_ASKS_VALUE = re.compile(r"^\W*(?:what|what's|how|which|when)\b", re.I)
# any ordinal the question says, before a noun or not ("the first and second weeks")
_ANY_ORDINAL = re.compile(r"\b(?:" + "|".join(ORDINAL_WORDS) + r"|\d{1,2}(?:st|nd|rd|th))\b", re.I)


def told_ordinal(question: str) -> tuple[str, int] | None:
    """The one ordinal the question tells before a noun, as (the noun's stem, its figure):
    ("week", 2) for "my second week back"; None for none or several."""
    said = [t.ordinal for t in tellings(question) if t.ordinal is not None]
    if len(said) != 1 or len(_ANY_ORDINAL.findall(question)) != 1:
        return None
    return said[0]


def own_row(e: Evidence) -> Candidate | None:
    """The one ranked table row of a document private to the asker whose first cell is the
    told ordinal's noun and figure ("Week 2"), with a value beside it, when the question is
    asked in the first person for a value; else None."""
    question = e.question.text
    if not OWN_ROW or not speaks_personally(question):
        return None
    if not _ASKS_VALUE.search(asked_clause(question)):
        return None
    ordinal = told_ordinal(question)
    if ordinal is None:
        return None
    stem, n = ordinal
    key = re.compile(rf"{re.escape(stem)}s?\s+{n}", re.I)
    found: dict[tuple[str, int], Candidate] = {}
    for c in e.ranked:
        # the store gives a private document to its owner only: an owner is the asker
        if c.header is None or c.doc.owner_user_id is None:
            continue
        row = cells(c.span.text)
        if len(row) > 1 and key.fullmatch(row[0].strip()) and any(v.strip() for v in row[1:]):
            found.setdefault(c.at, c)
    return next(iter(found.values())) if len(found) == 1 else None


def own_row_first(clear: list[Evidence]) -> bool:
    """Is the one evidence deciding the answer led by the asker's own record's row keyed by
    the told ordinal (`own_row`)? That row is the answer: no bridge to another document is
    read from a line it put aside."""
    if len(clear) != 1 or not clear[0].ranked:
        return False
    mine = own_row(clear[0])
    return mine is not None and mine.at == clear[0].ranked[0].at
