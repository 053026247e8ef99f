"""A lower-case cell its table's other rows repeat in the same column sorts the rows into kinds.

The value bridge (`key_bridge.carried_values`) carries a row's short cells to a second
retrieval only when they are written as names or codes, with a capital ("G5", "Black
Country"): a lower-case cell ("full-time", "monthly") is mostly a description, not a key.
But a directory often sorts its rows by kind in lower case, and another page keys its table
by that kind: "Pennock Merry Hill | Brierley Hill | kiosk | Black Country" under "| Shop |
Town | Type | Region |", and the opening hours "| Kiosks | 06:00 to 19:00 | ... |" under
"| Type of shop | ... |". "What time does the Merry Hill shop open on a Sunday?" is answered
by the kiosk row only through the lower-case "kiosk".

What makes such a cell a key is the table's own structure: the same cell stands in the same
column of another row of that table ("kiosk" for four shops, "café shop" for six), so the
column classifies its rows rather than describing each one. A cell said once (a "Who" cell
naming the audience of one course, "lifeguards") stays a description. Everything after is
the value bridge's as for a capitalised key: the row the value keys in another document must
clear the floor for the question asked again with it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.text.tables import cells, table_rows

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

KIND_CELLS = True  # switch: a lower-case cell repeated down its column is a key (hop70)

_LOWER_WORDS = re.compile(r"[a-zà-ÿ][a-zà-ÿ'’-]*(?: [a-zà-ÿ][a-zà-ÿ'’-]*){0,3}")


def kind_cell(value: str, column: int, c: Candidate) -> bool:
    """Is `value`, the lower-case cell of column `column` of the table row `c`, a kind its
    table sorts rows by: plain lower-case words (no figure, no capital), said whole in the
    same column of another row of the same table?"""
    v = value.strip()
    if not KIND_CELLS or c.header is None or not _LOWER_WORDS.fullmatch(v):
        return False
    for row in table_rows(c.doc.text):
        if row.header.start != c.header.start or row.row.start == c.span.start:
            continue
        other = cells(row.row.text)
        if column < len(other) and other[column].strip() == v:
            return True
    return False


def is_kind(value: str) -> bool:
    """Is a value carried by a row written as a kind (plain lower-case words), not as a name
    or code? Only `kind_cell` carries such a value."""
    return _LOWER_WORDS.fullmatch(value.strip()) is not None


def kind_keyed(value: str, c: Candidate) -> bool:
    """May `c` be the row a carried lower-case kind (`kind_cell`) keys? Only a row of
    another table whose key cell is that kind ("| Kiosks | 06:00 to 19:00 | ..." for
    "kiosk"): the kind said in a later cell is a value of the row ("closed" on Sunday), not
    what it is about; a name or code keys a row by any cell (the value bridge's own tests)."""
    if c.header is None:
        return False
    row = cells(c.span.text)
    return bool(row) and key_set(row[0]) == key_set(value)
