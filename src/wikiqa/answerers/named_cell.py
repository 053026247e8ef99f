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
from functools import lru_cache

from wikiqa.answerers.features import key, key_set
from wikiqa.answerers.neighbours import out_of_force
from wikiqa.answerers.ranges import NUM, TIME_UNITS, WORD_NUMBERS, question_numbers, unit_step
from wikiqa.answerers.rows import (
    HEADER_FUNCTION,
    column_keys,
    extreme_keys,
    named_cells,
    naming_keys,
    said_keys,
)
from wikiqa.text.tables import cells
from wikiqa.text.terms import STOPWORDS, words
from wikiqa.types import Document, Hit

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


# Words that join two nouns a header holds side by side ("Sundays and public holidays").
_COORDINATING = frozenset({"and", "or", "&"})


@lru_cache(maxsize=2048)
def head_keys(header_cell: str) -> frozenset[str]:
    """The keys of the nouns a column header holds: the last content word of its opening
    phrase, and of each phrase "and"/"or" join to it there ("Annual leave days": days;
    "Sundays and public holidays": sundays, holidays; "Limit per order": limit; "Notice you
    give": notice). The phrase ends at the first function word that is not such a join, so
    what qualifies the noun after it ("per order", "you give", "for the shutdown") is left
    out: the column holds a limit, a notice, days; the rest says which."""
    heads: set[str] = set()
    last = ""
    for w in words(header_cell):
        low = w.lower()
        if low in _COORDINATING:
            if last:
                heads.add(last)
                last = ""
            continue
        k = key(w)
        if low in STOPWORDS or k in HEADER_FUNCTION:
            if last or heads:
                break
            continue  # "What we pay": the noun comes after the opening function words
        last = k
    if last:
        heads.add(last)
    return frozenset(heads)


def header_named(header_cell: str, qset: frozenset[str]) -> bool:
    """Does the question say at least half of a column header's content keys (whole or
    clipped), or the noun the column holds (head_keys)? "full wages" names "Full pay"; "top"
    names "Maximum" through extreme_keys; "how many days holiday" names "Annual leave days"
    by its days, where "extra leave" names no column of days."""
    words = column_keys(header_cell)
    said = said_keys(words, qset)
    return bool(said) and (2 * len(said) >= len(words) or bool(said & head_keys(header_cell)))


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
    for i, (column, value) in enumerate(zip(columns, values, strict=False)):
        if i not in keyed and column and value.strip() and header_named(column, asked):
            return i
    return None


def cell_answers(question: str, qset: frozenset[str], doc: Document, header: str, row: str) -> bool:
    """Does the named cell of `row` answer the question under the floor? The caller has
    found the row first and rows.STRONG; here: both row and column named, and the row's
    document in force (an archived edition's row is keyed and headed exactly like the
    current one's, so only its status tells them apart)."""
    if out_of_force(doc, Hit(source=doc.source, doc_id=doc.doc_id, title=doc.title)):
        return False
    return named_column(question, qset, header, row) is not None
