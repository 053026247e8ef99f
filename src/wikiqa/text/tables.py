"""Table rows as citable units: each data row with its header row and the table's heading.

A table row ("| Lisbon | 25 | 13 |") is not a sentence: read alone it never says that 25 is
the "Annual leave days". This module finds the tables of a text — Markdown pipe tables
(what the loaders make of PDF, DOCX and XLSX tables) and the pipe-joined rows html.py makes
of HTML tables — and gives every data row with the header row above it and the nearest
heading or caption line before the table, all as exact spans of the original text, so an
answer from a row can cite the row and its header verbatim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from wikiqa.text.headings import is_heading, parse_heading
from wikiqa.text.sentences import Span, line_spans

_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
# the things a cell lists as alternatives: "Sibling, grandparent or grandchild", "W1/W2"
_ALTERNATIVES = re.compile(r",\s*|\s+(?:or|and)\s+|\s*/\s*")
_SENTENCE_END = re.compile(r"[.!?]\s+(?=[A-Z0-9])")
MIN_COLUMNS = 2


@dataclass(frozen=True, slots=True)
class TableRow:
    """One data row of a table, with what gives its cells meaning."""

    row: Span
    header: Span
    heading: Span | None  # the nearest heading (or caption line) before the table
    lead: Span | None = None  # a lead-in line across a blank line ("... approve:"), if any

    def cells(self) -> list[str]:
        return cells(self.row.text)

    def columns(self) -> list[str]:
        return cells(self.header.text)

    def reading(self) -> str:
        """The row read with its header: "Office: Lisbon; Annual leave days: 25" (for
        ranking and similarity only; the answer cites the verbatim spans)."""
        pairs = [
            f"{h}: {c}" if h else c for h, c in zip(self.columns(), self.cells(), strict=False) if c
        ]
        heads = [
            _title(h.text).rstrip(":").rstrip() for h in (self.heading, self.lead) if h is not None
        ]
        return "".join(f"{h}. " for h in heads if h) + "; ".join(pairs)


def cells(line: str) -> list[str]:
    """The stripped cells of one table line."""
    inner = line.strip()
    if inner.startswith("|"):
        inner = inner[1:]
    if inner.endswith("|"):
        inner = inner[:-1]
    return [c.strip() for c in inner.split("|")]


def split_alternatives(cell: str) -> list[str]:
    """The parts of a cell that lists alternatives ("Sibling, grandparent or grandchild":
    three; the cell itself when it lists nothing), unstripped."""
    return _ALTERNATIVES.split(cell)


def _title(line: str) -> str:
    """A heading's title without its hashes (text/headings.py), or a caption line as written."""
    heading = parse_heading(line.strip())
    return heading[1] if heading is not None else line.strip()


def _titled_heading(line: str) -> bool:
    """Is `line` a heading with a title (an empty "##" names no table)?"""
    heading = parse_heading(line)
    return heading is not None and bool(heading[1])


def _is_row(line: str) -> bool:
    return line.count("|") >= MIN_COLUMNS - 1 and len(cells(line)) >= MIN_COLUMNS


@lru_cache(maxsize=512)
def table_rows(text: str) -> tuple[TableRow, ...]:
    """Every data row of every table in `text`, in order. A table is a run of two or more
    consecutive lines of `|`-separated cells, the first its header (a Markdown separator
    line under it is skipped); a narrower line ends it only when it heads a table of its
    own (`_heads_table`). A row with a cell too many
    (often an injected note) used to end the table, leaving the rows after it unread."""
    lines = line_spans(text)
    rows: list[TableRow] = []
    heading: Span | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if _titled_heading(line.text):
            heading = line
        if not _is_row(line.text) or _SEPARATOR.match(line.text):
            i += 1
            continue
        width = len(cells(line.text))
        j = i + 1
        body: list[Span] = []
        while j < len(lines) and lines[j].text:
            nxt = lines[j].text
            if _SEPARATOR.match(nxt) and j == i + 1:
                j += 1
                continue
            if not _is_row(nxt) or (len(cells(nxt)) < width and _heads_table(lines, j)):
                break  # a wider row stays (its extra cells are ignored, as GFM does)
            body.append(lines[j])
            j += 1
        if body:
            caption = _caption(lines, i)
            lead = None if caption else _lead_in(lines, i)
            rows.extend(TableRow(r, line, caption or heading, lead) for r in body)
            i = j
        else:
            i += 1
    return tuple(rows)


def _heads_table(lines: list[Span], i: int) -> bool:
    """Does line `i` head a table of its own (a Markdown separator line under it)? A
    narrower row that does not is a row of the table above with its last cells empty, as
    GFM pads it: an HTML row whose last `<td>` is empty ("| Team leader | £1,000 |" under
    "| Job | Single order limit | Notes |") is written without them (html.py)."""
    return i + 1 < len(lines) and _SEPARATOR.match(lines[i + 1].text) is not None


CAPTION_CHARS = 120  # a caption line is short (a paragraph above a table is no caption)


def _caption(lines: list[Span], header_index: int) -> Span | None:
    """A short non-table line right above the header (a caption), if there is one."""
    if header_index == 0:
        return None
    above = lines[header_index - 1]
    if above.text and not _is_row(above.text) and len(above.text) <= CAPTION_CHARS:
        return above
    return None


def _lead_in(lines: list[Span], header_index: int) -> Span | None:
    """Across one blank line, a short line ending in a colon that introduces the table
    ("Maximum amount each role may approve for a single purchase:"), if there is one; it is
    read beside the nearest heading, not instead of it."""
    if header_index < 2 or lines[header_index - 1].text:
        return None
    line = lines[header_index - 2]
    text = line.text.rstrip()
    if not text.endswith(":") or _is_row(text) or is_heading(text):
        return None
    # the sentence that ends in the colon ("... automatically. Member contributions are
    # tiered:"), not the paragraph before it
    cut = max((m.end() for m in _SENTENCE_END.finditer(text)), default=0)
    if len(text) - cut > CAPTION_CHARS:
        return None
    return Span(line.start + cut, line.start + len(text), text[cut:])


def table_extent(rows: tuple[TableRow, ...]) -> list[tuple[int, int]]:
    """Character ranges covered by table headers and rows (sentences inside them are not
    candidates: the rows stand for them)."""
    out: list[tuple[int, int]] = []
    for r in rows:
        out.append((r.header.start, r.header.end))
        out.append((r.row.start, r.row.end))
    return out
