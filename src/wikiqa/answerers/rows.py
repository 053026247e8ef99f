"""Does a table row answer the question? The row the question names, asked for a column.

A table is read by its key: "How many public holidays does the Toronto office observe?"
names the row (its cell "Toronto") and asks for a column ("Public holidays"). So

* a row whose cell the question names is *keyed* on the question; when some row of a table
  is keyed, the table's other rows are about something else (the Berlin row does not answer
  a question about Toronto, however well it ranks);
* a row answers through a column the question asks for (its header named, its cell new);
  or, when the row is keyed and the question words the column differently ("How much does
  the company pay into retirement savings for Berlin staff?" and "Employer contribution"),
  when the table is about what the question asks beyond the row's key (its title, heading or
  other columns share a word with the question that is not the key's cell or column) and,
  for a who / when / how-many question, a cell holds the kind of thing asked for. So a
  question about the Berlin office's phone number is not answered by its leave days, nor
  one about its holidays by its parking places.

`STRONG`: the keyed row with a column the question names whole ("What are the Lisbon
office's opening hours?"), ranked before every other candidate that fits. `FITS`: any other
answer, ranked as it scores. `NO`: cannot answer.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wikiqa.answerers.features import answers_type, keys
from wikiqa.text.tables import TableRow, cells, table_rows

STRONG, FITS, NO = 0, 1, 2
TYPED = frozenset({"who", "when", "number"})  # answer types a single cell can show


@lru_cache(maxsize=4096)
def _keys(text: str) -> frozenset[str]:
    return frozenset(keys(text))


_ASIDE = re.compile(r"\([^)]*\)")


def named_cells(row: str, qset: frozenset[str]) -> list[int]:
    """Indexes of the cells the question names whole (every content word of the cell but a
    bracketed aside: "Lisbon (HQ)" is named by "Lisbon")."""
    out = []
    for i, c in enumerate(cells(row)):
        words = _keys(_ASIDE.sub(" ", c))
        if words and words <= qset:
            out.append(i)
    return out


def siblings(text: str, header_start: int) -> tuple[TableRow, ...]:
    """The rows of the table whose header row starts at `header_start`."""
    return tuple(r for r in table_rows(text) if r.header.start == header_start)


def row_fit(wh: str, qset: frozenset[str], text: str, title: str, header: str, row: str,
            header_start: int) -> int:  # fmt: skip
    """How well the row `row` (under `header`, in a document `text` titled `title`) answers
    a question of gated type `wh` with content keys `qset`: STRONG, FITS or NO."""
    columns, values = cells(header), cells(row)
    keyed = named_cells(row, qset)
    if not keyed and any(named_cells(r.row.text, qset) for r in siblings(text, header_start)):
        return NO  # the question names another row of this table
    if not answers_type(wh, row, set(qset)):
        return NO
    named = [_keys(c) <= qset for c in columns]  # headers the question names whole
    asked = [
        i
        for i, (c, v) in enumerate(zip(columns, values, strict=False))
        if c and v and _keys(c) & qset and not _keys(v) <= qset
    ]
    if asked:
        return STRONG if keyed and any(named[i] for i in asked) else FITS
    if not keyed:
        return NO
    new = [v for i, v in enumerate(values) if i not in keyed and v and not _keys(v) <= qset]
    # What the table is about, beyond the row's key: its title, heading and other columns.
    heading = next(
        (r.heading.text for r in siblings(text, header_start) if r.heading is not None), ""
    )
    others = [c for i, c in enumerate(columns) if i not in keyed]
    topic = _keys(title) | _keys(heading) | frozenset(k for c in others for k in _keys(c))
    key_words = {k for i in keyed for k in _keys(values[i]) | _keys(_at(columns, i))}
    if not new or not (qset - key_words) & topic:
        return NO
    if wh in TYPED:  # a cell of the kind asked for
        return FITS if any(answers_type(wh, v, set(qset)) for v in new) else NO
    return FITS


def _at(items: list[str], i: int) -> str:
    return items[i] if i < len(items) else ""
