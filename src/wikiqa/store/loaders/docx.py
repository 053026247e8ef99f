"""Word (.docx) via python-docx: headings, paragraphs and tables in document order.

Headings become `#` lines; each block's origin is its heading path (`Policies > Leave`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from wikiqa.store.loaders.base import Extracted, ExtractError, FormatLimits, TextBuilder, cell_text

_HEADING_STYLE = re.compile(r"^(?:Heading|Überschrift|Titre|Titolo|Kop)\s*(\d)$", re.IGNORECASE)


def extract_docx(path: Path, limits: FormatLimits, builder: TextBuilder) -> Extracted:
    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    try:
        document = docx.Document(str(path))
    except Exception as exc:  # python-docx raises many types for a damaged package
        raise ExtractError(f"not a readable Word file ({type(exc).__name__}: {exc})") from None
    trail: list[tuple[int, str]] = []  # open headings: (level, title)

    def where() -> str:
        return " > ".join(t for _, t in trail)

    for block in document.iter_inner_content():
        if builder.out_of_time():
            builder.warnings.append("time limit reached; the rest was not indexed")
            break
        if isinstance(block, Paragraph):
            text = block.text.strip()
            if not text:
                continue
            level = _heading_level(block)
            if level:
                while trail and trail[-1][0] >= level:
                    trail.pop()
                trail.append((level, " ".join(text.split())))
                builder.heading(text, level, where())
            elif _is_list(block):
                builder.paragraph("- " + text, where())
            else:
                builder.paragraph(text, where())
        elif isinstance(block, Table):
            rows = [[cell_text(c.text) for c in _unique_cells(row)] for row in block.rows]
            builder.table(rows, where())
    props = document.core_properties
    return builder.build(title=props.title or "", author=props.author or "", units=1)


def _heading_level(paragraph: object) -> int:
    style = getattr(paragraph, "style", None)
    name = getattr(style, "name", "") or ""
    if name == "Title":
        return 1
    m = _HEADING_STYLE.match(name)
    return int(m.group(1)) if m else 0


def _is_list(paragraph: Any) -> bool:
    """A bulleted or numbered paragraph (list style or numbering properties)."""
    name = getattr(getattr(paragraph, "style", None), "name", "") or ""
    if name.startswith("List"):
        return True
    ppr = paragraph._p.pPr
    return ppr is not None and ppr.numPr is not None


def _unique_cells(row: object) -> list[Any]:
    """A row's cells with horizontally merged cells once (python-docx repeats them)."""
    out: list[Any] = []
    for cell in getattr(row, "cells", []):
        if not out or getattr(cell, "_tc", None) is not getattr(out[-1], "_tc", None):
            out.append(cell)
    return out
