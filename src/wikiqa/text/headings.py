"""Markdown (ATX) headings: one reading for every module that asks where a section starts.

Why: the extractive answerer reads a sentence under its section's heading (`heading_at`), a
table beside the text of its own section (answerers/rows.py), a list's entries under the
heading right above them (text/records.py) and a line as a heading or not (text/lists.py,
text/tables.py, answerers/record_keys.py). Each used to carry its own pattern, and they
disagreed on indented headings, empty ones and closing hashes ("## C#" read as "C").
Here a line is read once, by CommonMark's rules for ATX headings: up to three spaces of
indent, one to six "#", then a space, a tab or the end of the line; the title is what
follows, trimmed, without an optional closing run of "#" that a space (or nothing) precedes
("## Fees ##" is "Fees", "## C#" is "C#", "##" and "## ##" are empty). A document's headings
are parsed once (`headings`) and searched by offset.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

_ATX = re.compile(r"^ {0,3}(#{1,6})(?=[ \t\r]|$)([^\n]*)", re.M)
_CLOSING = re.compile(r"(?:^|[ \t]+)#+$")  # the optional closing sequence of a trimmed title


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading line: where the line starts and ends, its level (the number of "#") and its
    title as written at `title_start` ("" for an empty heading)."""

    start: int
    end: int
    level: int
    title: str
    title_start: int


def _title(rest: str, at: int) -> tuple[str, int]:
    """The title in `rest` (what follows the hashes, starting at offset `at`) and its offset."""
    trimmed = rest.strip()
    title = _CLOSING.sub("", trimmed).rstrip()
    lead = len(rest) - len(rest.lstrip())
    return title, at + lead if title else at


def parse_heading(line: str) -> tuple[int, str] | None:
    """The level and title of `line` read as an ATX heading, or None when it is none
    ("### Fees ###": (3, "Fees"); "#hashtag", "####### x" and a four-space indent: None)."""
    m = _ATX.match(line)
    if m is None:
        return None
    return len(m.group(1)), _title(m.group(2), 0)[0]


def is_heading(line: str) -> bool:
    """Is `line` an ATX heading (`parse_heading`)?"""
    return _ATX.match(line) is not None


@lru_cache(maxsize=1024)
def headings(text: str) -> tuple[Heading, ...]:
    """The headings of `text` in order, parsed once per document."""
    return tuple(
        Heading(m.start(), m.end(), len(m.group(1)), *_title(m.group(2), m.start(2)))
        for m in _ATX.finditer(text)
    )


@lru_cache(maxsize=1024)
def _starts(text: str) -> tuple[int, ...]:
    return tuple(h.start for h in headings(text))


def heading_at(text: str, pos: int) -> Heading | None:
    """The heading of the section holding position `pos` (the last heading starting at or
    before it), or None before the first heading."""
    i = bisect_right(_starts(text), pos)
    return headings(text)[i - 1] if i else None


def title_at(text: str, pos: int) -> str:
    """The title of the heading of the section holding `pos` ("" when none, or empty)."""
    h = heading_at(text, pos)
    return h.title if h is not None else ""


def heading_starting(text: str, line_start: int) -> Heading | None:
    """The heading whose line starts at `line_start`, or None when that line is no heading."""
    h = heading_at(text, line_start)
    return h if h is not None and h.start == line_start else None


def section_bounds(text: str, pos: int) -> tuple[int, int]:
    """The section holding `pos`: from its heading's line (0 when none precedes it) to the
    next heading's line (the end of `text` when none follows)."""
    starts = _starts(text)
    i = bisect_right(starts, pos)
    return (starts[i - 1] if i else 0), (starts[i] if i < len(starts) else len(text))


__all__ = [
    "Heading",
    "heading_at",
    "heading_starting",
    "headings",
    "is_heading",
    "parse_heading",
    "section_bounds",
    "title_at",
]
