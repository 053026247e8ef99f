"""What every binary-format loader returns, and the one builder that writes it.

All formats come out in one shape, Markdown-like, so the chunker, the answerers and the
grounding validator treat a PDF like the Markdown file it might have been: headings as
`## Title` lines, paragraphs separated by blank lines, and tables as Markdown table blocks
(header row, `| --- |` rule, one line per row, every cell in its column). Each piece of text
records where it came from (`p. 4`, `slide 2`, `Offices!A3:C3`, `Policies > Leave`), so a
citation can say where to look in the original file.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from wikiqa.types import Origin

# Typographic ligatures a PDF may carry as single code points; folded so words match.
_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi",
                            "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"})  # fmt: skip
_SPACES = re.compile(r"[ \t\u00a0]+")


class ExtractError(Exception):
    """The file cannot be read as its format; the message is the reason, for the report."""


@dataclass(frozen=True)
class FormatLimits:
    """Bounds on one binary file (WIKIQA_FORMAT_* settings); past them a file is skipped or
    read in part, with a warning naming it."""

    max_bytes: int = 100_000_000
    max_pages: int = 1000  # PDF pages, slides, or spreadsheet rows / 100
    timeout: float = 60.0  # seconds per file; the parse runs in a worker that is killed
    max_unzipped_bytes: int = 500_000_000  # DOCX/XLSX/PPTX: total uncompressed size
    max_zip_ratio: float = 100.0  # uncompressed / compressed, for archives over 10 MB
    max_memory_bytes: int = 2_000_000_000  # address space of the parsing worker


@dataclass
class Extracted:
    kind: str
    text: str
    origins: list[Origin]
    title: str = ""
    author: str = ""
    units: int = 0  # pages, slides or sheets read
    warnings: list[str] = field(default_factory=list)


def clean_text(text: str) -> str:
    """One line of extracted text: ligatures folded, runs of spaces collapsed, no '|' or
    newline surprises (used for table cells and headings)."""
    text = text.translate(_LIGATURES).replace("\r", " ").replace("\n", " ")
    return _SPACES.sub(" ", text).strip()


def cell_text(value: object) -> str:
    """A table cell as text: integers without '.0', no pipes or line breaks inside."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if hasattr(value, "isoformat"):
        value = value.isoformat()
    return clean_text(str(value)).replace("|", "/")


class TextBuilder:
    """Appends blocks of text with their origin; blocks are separated by a blank line."""

    def __init__(self, kind: str, deadline: float | None = None) -> None:
        self.kind = kind
        self._parts: list[str] = []
        self._pos = 0
        self.origins: list[Origin] = []
        self.warnings: list[str] = []
        self.deadline = deadline
        self._in_list = False  # the last block was a list item: the next one follows tightly

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def _append(self, text: str, location: str, item: bool = False) -> None:
        if not text:
            return
        if self._parts:
            gap = "\n" if item and self._in_list else "\n\n"
            self._parts.append(gap)
            self._pos += len(gap)
        self._in_list = item
        start = self._pos
        self._parts.append(text)
        self._pos += len(text)
        if location:
            last = self.origins[-1] if self.origins else None
            if last is not None and last.location == location and start - last.end <= 2:
                self.origins[-1] = Origin(start=last.start, end=self._pos, location=location)
            else:
                self.origins.append(Origin(start=start, end=self._pos, location=location))

    def paragraph(self, text: str, location: str) -> None:
        """A paragraph; one starting with "- " is a list item, kept on the next line after
        another list item (as Markdown writes a list)."""
        text = text.translate(_LIGATURES).strip()
        self._append(text, location, item=text.startswith("- "))

    def heading(self, text: str, level: int, location: str) -> None:
        title = clean_text(text)
        if title:
            self._append("#" * max(1, min(level, 6)) + " " + title, location)

    def table(
        self,
        rows: Sequence[Sequence[str]],
        location: str,
        row_locations: Sequence[str] | None = None,
    ) -> None:
        """A Markdown table: the first row is the header. `row_locations` (one per row)
        give each line its own origin (a spreadsheet row's cell range)."""
        kept = [list(r) for r in rows if any(c.strip() for c in r)]
        if not kept:
            return
        width = max(len(r) for r in kept)
        rows = [r + [""] * (width - len(r)) for r in kept]
        header = [c or f"Column {i + 1}" for i, c in enumerate(rows[0])]
        lines = [_row(header), _row(["---"] * width), *(_row(r) for r in rows[1:])]
        if row_locations is None:
            self._append("\n".join(lines), location)
            return
        locs = [row_locations[0], row_locations[0], *list(row_locations)[1 : len(rows)]]
        self._in_list = False
        if self._parts:
            self._parts.append("\n\n")
            self._pos += 2
        for i, (line, loc) in enumerate(zip(lines, locs, strict=False)):
            if i:
                self._parts.append("\n")
                self._pos += 1
            start = self._pos
            self._parts.append(line)
            self._pos += len(line)
            self.origins.append(Origin(start=start, end=self._pos, location=loc or location))

    def build(self, title: str = "", author: str = "", units: int = 0) -> Extracted:
        return Extracted(kind=self.kind, text="".join(self._parts), origins=self.origins,
                         title=clean_text(title), author=clean_text(author), units=units,
                         warnings=self.warnings)  # fmt: skip


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(c if c else " " for c in cells) + " |"
