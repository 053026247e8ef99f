"""A column header left open by its last word is completed by the row's cell: "Refresh every"
over "5 years" says "every 5 years".

A table row whose cell gives how often something recurs usually says it in the cell ("every
3 years", handbook15-19's mandatory training tables). Some tables put the recurring word in
the column header instead, and the cell holds only the stretch: "| Course | Who | Refresh
every |" over "| Crowd management | crew on passenger vessels | 5 years |" (handbook20).
`extractive.fit_level` reads the kind a question asks ("How often do I need to redo crowd
management?" asks a frequency, kinds.asked_kind) in the row's own text, and a row that does
not say it is ordered after every line that could answer (rows.LOOSE), so the named row lost
to a line of another document that says nothing of the course (hb20-fact-74).

`header_completed` reads such a header with its cell, only where the header's last word is
one that needs what follows it to say anything ("every", "each": a determiner with no noun)
and the cell gives a figure; a header that closes its own phrase ("Annual leave days",
"Weekly alarm test", "Rate per mile") is not read into its cells, so no count of days or
price becomes a frequency.
"""

from __future__ import annotations

import re

from wikiqa.answerers.rows import cells

# a header whose last word is a determiner waiting for its noun: "Refresh every", "Checked
# each"
_OPEN_END = re.compile(r"\b(?:every|each)\s*$", re.I)


def header_completed(header: str, row: str) -> str:
    """The row's cells that complete an open header, each read after its header ("Refresh
    every 5 years"), joined; "" when no header of the table is left open so."""
    said = [
        f"{c.strip()} {v.strip()}"
        for c, v in zip(cells(header), cells(row), strict=False)
        if _OPEN_END.search(c) and any(ch.isdigit() for ch in v)
    ]
    return "; ".join(said)
