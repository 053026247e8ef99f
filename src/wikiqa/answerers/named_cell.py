"""A table cell the question names by both its row and its column.

The answerability model (answerability.py) was fitted mostly on prose: it scores a table row
read with its header ("Band 4. Minimum: £30,420; Maximum: £34,320") low even when the
question names that row by its key cell ("band 4") and its column by the header's words
("the top of" naming "Maximum", rows.extreme_keys). Such a cell answers what is asked as
plainly as a sentence saying it, so it clears the floor whatever its score, when nothing
says the table is not about the question: the row must be the ranking's first candidate
and the row the question names with an asked column (rows.STRONG, which already refuses a
row of a table keyed by another row, another region, another office), and its document
must be in force (not a superseded, archived or draft edition: neighbours.out_of_force).

The column must be named by its header's own words, at least half of them, whole or
clipped (rows.said_keys; "full wages" names "Full pay", "days holiday" names "Annual leave
days" only with a third: not enough). A column picked only by the kind of value asked ("how
long" and a cell saying "3 months") is not enough here: on the withheld copies of the
batteries (each answerable task asked again without its expected documents) that reading
answered the notice-period row for "how long is my trial period" and a goodwill limit for
"the most I can earn", where the expected document was withheld.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import key_set
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.ranges import NUM, TIME_UNITS, WORD_NUMBERS, question_numbers, unit_step
from wikiqa.answerers.rows import (
    column_keys,
    extreme_keys,
    head_keys,
    named_cells,
    naming_keys,
    own_heads,
    said_keys,
)
from wikiqa.text.tables import cells
from wikiqa.types import Document

# A unit of time, and one said after a number of the question ("12 hour shifts", "two years").
_UNIT_WORD = re.compile(rf"\b{TIME_UNITS}\b", re.I)
_NUMBER_UNIT = re.compile(rf"(?:{NUM}|\b(?:{'|'.join(WORD_NUMBERS)}))\s*-?\s*{TIME_UNITS}\b", re.I)


def _steps(found: list[str]) -> frozenset[int]:
    return frozenset(unit_step(u) for u in found)


def on_its_scale(question: str, cell: str) -> bool:
    """Is a stretch of time the question names said in a unit the key's range says, or the
    next one up or down? "3 years" keys "2 to 4 years" and "18 months" "1 to 3 years", but
    "12 hour shifts" falls in "Less than 5 years" only by accident (compared in days, as
    ranges.py does for ranking), and so does "8 weeks early": a key picked so is no row the
    question names. A question naming no stretch of time, or a range saying no unit of
    time, is not judged here."""
    asked = _steps([m.group(2) for m in _NUMBER_UNIT.finditer(question)])
    said = _steps(_UNIT_WORD.findall(cell))
    return not asked or not said or any(abs(a - b) <= 1 for a in asked for b in said)


def header_named(
    header_cell: str, qset: frozenset[str], heads: frozenset[str] | None = None
) -> bool:
    """Does the question say at least half of a column header's content keys (whole or
    clipped), or a noun the column holds that no other column does (`heads`, rows.own_heads;
    the header cell's own head_keys when not given)? "full wages" names "Full pay"; "top"
    names "Maximum" through extreme_keys; "how many days holiday" names "Annual leave days"
    by its days, where "extra leave" names no column of days."""
    words = column_keys(header_cell)
    said = said_keys(words, qset)
    held = head_keys(header_cell) if heads is None else heads
    return bool(said) and (2 * len(said) >= len(words) or bool(said & held))


def named_column(question: str, qset: frozenset[str], header: str, row: str) -> int | None:
    """The index of the cell of `row` (under `header`) the question names by its row and its
    column: the row by a key cell (its words, a listed thing, a code, or a number the
    question names inside the cell's range: rows.named_cells), the column by its header's
    words beyond the key's (header_named). A stretch of time keys a range only on the range's
    scale (on_its_scale). None when the question does not name both."""
    naming = naming_keys(qset)
    by_words = named_cells(row, naming)
    columns, values = cells(header), cells(row)
    keyed = [
        i
        for i in named_cells(row, naming, question_numbers(question))
        if i in by_words or on_its_scale(question, values[i])
    ]
    if not keyed:
        return None
    key_words = {k for i in keyed if i < len(values) for k in key_set(values[i])}
    asked = frozenset(qset - key_words) | extreme_keys(qset)
    heads = own_heads(columns)
    for i, (column, value) in enumerate(zip(columns, values, strict=False)):
        if i not in keyed and column and value.strip() and header_named(column, asked, heads[i]):
            return i
    return None


def cell_answers(question: str, qset: frozenset[str], doc: Document, header: str, row: str) -> bool:
    """Does the named cell of `row` answer the question under the floor? The caller has
    found the row first and rows.STRONG; here: both row and column named, and the row's
    document in force (an archived edition's row is keyed and headed exactly like the
    current one's, so only its status tells them apart)."""
    if read_out_of_force(doc):
        return False
    return named_column(question, qset, header, row) is not None
