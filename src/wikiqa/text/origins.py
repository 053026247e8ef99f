"""Turn a cited character span into a place a person can find in the original file.

A quote may cross origins (the end of page 3 and the start of page 4, two spreadsheet rows),
so the label covers them: `pp. 3-4`, `slides 2-3`, `Offices!A3:C4`.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from wikiqa.types import Origin

_PAGE = re.compile(r"^p\. (\d+)$")
_SLIDE = re.compile(r"^slide (\d+)$")
_ROW = re.compile(r"^row (\d+)$")
_CELLS = re.compile(r"^(?P<sheet>.+)!(?P<first>[A-Z]+\d+)(?::(?P<last>[A-Z]+\d+))?$")


def covering(origins: Sequence[Origin], start: int, end: int) -> list[str]:
    """Distinct locations of the origins overlapping [start, end), in text order."""
    starts = [o.start for o in origins]
    i = max(0, bisect.bisect_right(starts, start) - 1)
    out: list[str] = []
    for o in origins[i:]:
        if o.start >= max(end, start + 1):
            break
        if o.end > start and o.location not in out:
            out.append(o.location)
    return out


def location_of(origins: Sequence[Origin], start: int, end: int) -> str | None:
    """The label for a quote at [start, end), or None when the document has no origins."""
    labels = covering(origins, start, end)
    if not labels:
        return None
    if len(labels) == 1:
        return labels[0]
    first, last = labels[0], labels[-1]
    for pattern, plural in ((_PAGE, "pp."), (_SLIDE, "slides"), (_ROW, "rows")):
        a, b = pattern.match(first), pattern.match(last)
        if a and b:
            return f"{plural} {a.group(1)}-{b.group(1)}"
    a, b = _CELLS.match(first), _CELLS.match(last)
    if a and b and a.group("sheet") == b.group("sheet"):
        return f"{a.group('sheet')}!{a.group('first')}:{b.group('last') or b.group('first')}"
    return first
