"""PDF text layer via pypdfium2 (PDFium: fast, keeps column reading order, joins hyphenated
line breaks); ruled tables via pdfplumber on the pages that draw lines.

Per page: lines become paragraphs (a paragraph ends at a vertical gap or a column change),
lines repeated at the top or bottom of most pages (running headers, footers, page numbers)
are dropped, and a table's lines are replaced by a Markdown table block. Every block's
origin is its page (`p. 4`).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wikiqa.store.loaders.base import (
    Extracted,
    ExtractError,
    FormatLimits,
    TextBuilder,
    cell_text,
    clean_text,
)

_DIGITS = re.compile(r"\d+")
# A bullet glyph opening a line is written as Markdown's "- ", the one list shape.
_BULLET = re.compile(r"^[\u2022\u25aa\u25e6\u2023\u2219\u00b7\u25cf\u2043]\s*")
_MAX_HEADING_CHARS = 150
_MIN_LINES_FOR_EDGES = 5  # pages shorter than this have no header/footer stripped
_MIN_PATHS_FOR_TABLES = 4  # a ruled table draws at least this many lines or boxes


@dataclass
class _Line:
    text: str
    top: float
    bottom: float
    left: float
    size: float = 0.0  # font size of the line's first character


def extract_pdf(path: Path, limits: FormatLimits, builder: TextBuilder) -> Extracted:
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        msg = str(exc)
        if "password" in msg.lower():
            raise ExtractError("encrypted (password-protected); cannot be read") from None
        raise ExtractError(f"not a readable PDF ({msg})") from None
    try:
        total = len(pdf)
        if total == 0:
            raise ExtractError("a PDF with no pages")
        count = min(total, limits.max_pages)
        if total > count:
            builder.warnings.append(
                f"{total:,} pages; only the first {count:,} were indexed (WIKIQA_FORMAT_MAX_PAGES)"
            )
        pages: list[list[_Line]] = []
        ruled: list[int] = []
        for i in range(count):
            if builder.out_of_time():
                builder.warnings.append(
                    f"time limit reached; only pages 1-{i} of {total:,} were indexed "
                    "(WIKIQA_FORMAT_TIMEOUT)"
                )
                break
            page = pdf[i]
            pages.append(_page_lines(page))
            if _count_paths(page, pdfium) >= _MIN_PATHS_FOR_TABLES:
                ruled.append(i)
        meta = pdf.get_metadata_dict(skip_empty=True)
    finally:
        pdf.close()
    if not pages:
        raise ExtractError("the time limit ran out before the first page was read")
    if not any(line.text.strip() for lines in pages for line in lines):
        raise ExtractError(
            "no text layer (a scanned PDF?); it needs OCR, which this install does not do"
        )
    empty = [i + 1 for i, lines in enumerate(pages) if not any(ln.text.strip() for ln in lines)]
    if empty:
        shown = ", ".join(map(str, empty[:10])) + (" ..." if len(empty) > 10 else "")
        builder.warnings.append(f"page(s) {shown} have no text layer (scanned?); not indexed")
    tables = _tables(path, ruled, builder) if ruled else {}
    repeated = _repeated_lines(pages)
    levels = _heading_levels(pages, tables)
    for i, lines in enumerate(pages):
        kept = [ln for j, ln in enumerate(lines) if not _is_repeated(ln, j, len(lines), repeated)]
        _emit_page(builder, kept, tables.get(i, []), f"p. {i + 1}", levels)
    return builder.build(title=meta.get("Title", ""), author=meta.get("Author", ""),
                         units=len(pages))  # fmt: skip


def _count_paths(page: Any, pdfium: Any) -> int:
    n = 0
    for _ in page.get_objects(filter=[pdfium.raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        n += 1
        if n >= _MIN_PATHS_FOR_TABLES:
            break
    return n


def _page_lines(page: Any) -> list[_Line]:
    """The page's text lines in PDFium's reading order, each with its box and font size."""
    import pypdfium2.raw as pdfium_c

    tp = page.get_textpage()
    try:
        text = tp.get_text_range()
        n = tp.count_chars()
        out: list[_Line] = []
        pos = 0
        for raw in text.split("\r\n"):
            start = pos
            pos += len(raw) + 2
            line = raw.replace("\ufffe", "").replace("\u00ad", "").replace("\x02", "")
            if not line.strip():
                continue
            first = start + (len(raw) - len(raw.lstrip()))
            if first < n:
                left, bottom, _, top = tp.get_charbox(first, loose=True)
                size = float(pdfium_c.FPDFText_GetFontSize(tp.raw, first))
            else:
                left = bottom = top = size = 0.0
            out.append(_Line(_BULLET.sub("- ", line.strip(), count=1), top, bottom, left, size))
        return out
    finally:
        tp.close()


def _key(text: str) -> str:
    return _DIGITS.sub("#", clean_text(text).lower())


def _repeated_lines(pages: list[list[_Line]]) -> set[str]:
    """Lines (digits ignored) among the first or last two of at least 60% of the pages that
    have body text (3 or more of them): running headers, footers and page numbers. A page of
    a line or two is all body: it keeps them."""
    full = [lines for lines in pages if len(lines) >= _MIN_LINES_FOR_EDGES]
    if len(full) < 3:
        return set()
    counts: Counter[str] = Counter()
    for lines in full:
        edge = {_key(ln.text) for ln in lines[:2] + lines[-2:]}
        counts.update(edge)
    need = max(3, int(0.6 * len(full)))
    return {k for k, c in counts.items() if c >= need}


def _is_repeated(line: _Line, index: int, count: int, repeated: set[str]) -> bool:
    edge = index < 2 or index >= count - 2
    return count >= _MIN_LINES_FOR_EDGES and edge and _key(line.text) in repeated


@dataclass
class _Table:
    rows: list[list[str]]
    left: float  # the table's box in PDF coordinates (origin bottom left, like PDFium's)
    bottom: float
    right: float
    top: float

    def holds(self, line: _Line) -> bool:
        """The line's text lies in the table (its middle inside the box)."""
        middle = (line.top + line.bottom) / 2
        return (
            self.bottom - 1 <= middle <= self.top + 1 and self.left - 2 <= line.left <= self.right
        )


def _tables(path: Path, pages: list[int], builder: TextBuilder) -> dict[int, list[_Table]]:
    """Tables found on the ruled pages (rows of cell texts and their box), by page index."""
    try:
        import pdfplumber
    except ImportError:  # tables then stay as plain lines of text
        return {}
    out: dict[int, list[_Table]] = {}
    try:
        with pdfplumber.open(str(path)) as doc:
            for i in pages:
                if builder.out_of_time():
                    break
                found = []
                page = doc.pages[i]
                height = float(page.height)
                for table in page.find_tables():
                    rows = [[cell_text(c) for c in row] for row in table.extract() if row]
                    if len(rows) >= 2 and max(len(r) for r in rows) >= 2:
                        x0, top, x1, bottom = (float(v) for v in table.bbox)
                        found.append(_Table(rows, x0, height - bottom, x1, height - top))
                page.close()  # drop the page's parsed objects: memory stays flat
                if found:
                    out[i] = found
    except Exception as exc:  # a table we cannot read leaves the page's text as lines
        builder.warnings.append(f"tables not recovered ({type(exc).__name__}: {exc})")
    return out


def _heading_levels(pages: list[list[_Line]], tables: dict[int, list[_Table]]) -> dict[float, int]:
    """Font size -> heading level, for sizes at least 15% above the body text's (the size
    most characters outside tables have); the largest is level 1. Short lines in them
    become headings."""
    by_size: Counter[float] = Counter()
    for i, lines in enumerate(pages):
        boxes = tables.get(i, [])
        for ln in lines:
            if not any(t.holds(ln) for t in boxes):
                by_size[round(ln.size, 1)] += len(ln.text)
    if not by_size:
        return {}
    body = by_size.most_common(1)[0][0]
    bigger = sorted((s for s in by_size if s >= body * 1.15), reverse=True)
    return {s: min(i + 1, 6) for i, s in enumerate(bigger)}


def _emit_page(
    builder: TextBuilder,
    lines: list[_Line],
    tables: list[_Table],
    location: str,
    levels: dict[float, int],
) -> None:
    """Paragraphs from lines (joined with spaces), headings (by font size) as `#` lines, and
    table lines replaced by tables."""
    placed: dict[int, list[list[str]]] = {}  # first line index -> table rows
    inside: set[int] = set()  # lines of text the tables replace (wrapped cells included)
    for table in tables:
        members = [j for j, ln in enumerate(lines) if j not in inside and table.holds(ln)]
        if members:
            placed[members[0]] = table.rows
            inside.update(members)
    pitches = sorted(a.top - b.top for a, b in itertools.pairwise(lines))
    pitches = [p for p in pitches if p > 0]
    pitch = pitches[len(pitches) // 2] if pitches else 14.0
    para: list[str] = []
    prev: _Line | None = None
    i = 0
    while i < len(lines):
        if i in inside:
            if i in placed:
                if para:
                    builder.paragraph(" ".join(para), location)
                    para = []
                builder.table(placed[i], location)
                prev = None
            i += 1
            continue
        line = lines[i]
        level = levels.get(round(line.size, 1), 0)
        if level and len(line.text) <= _MAX_HEADING_CHARS:
            if para:
                builder.paragraph(" ".join(para), location)
                para = []
            builder.heading(line.text, level, location)
            prev = None
            i += 1
            continue
        if prev is not None and para and _breaks(prev, line, pitch):
            builder.paragraph(" ".join(para), location)
            para = []
        para.append(line.text)
        prev = line
        i += 1
    if para:
        builder.paragraph(" ".join(para), location)


def _breaks(prev: _Line, line: _Line, pitch: float) -> bool:
    """A new paragraph: lines further apart than the page's usual line pitch (by a quarter),
    or a jump up the page (the next column). Boxes are font boxes, so glyph shapes (caps,
    descenders) do not move them."""
    step = prev.top - line.top
    return step > 1.25 * pitch or step < -0.5 * pitch or line.text.startswith("- ")
