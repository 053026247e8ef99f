"""The key of the record a sentence sits in.

Why: a directory, a definition list or a list of entries under headings is a set of
records, each opened by its key: a definition list's term (`<dt>Saltmarsh office</dt>`,
read as the line "Saltmarsh office: Unit 3, Quayside. East area. Open to tenants 9:00 to
16:00.", text/html.py), a labelled line ("Boxing Day: Sunday timetable. Staff are paid
...", "- **Larkmoor Pier**: Whitby. 60 rooms."), or the heading a list sits under ("## East area" above "- Sandpiper
Rise"). Every sentence of the record is about its key, but only the first says it: "Open
to tenants 9:00 to 16:00." alone is every office's line at once, and the question naming
the office ("What time does the Saltmarsh office shut?") matches the record's first
sentence, which gives the address. So a sentence is read, ranked and cited with its key,
as a table row is with its header (`record_key`, `keyed_reading`; when a term's sentence
is read so is the answerer's to decide: answerers/record_asks.py).
"""

from __future__ import annotations

import re

from wikiqa.text.headings import heading_starting
from wikiqa.text.lists import ListItem, item_at
from wikiqa.text.sentences import Span

# A line opening with a term and a colon: a definition list's pair, or a labelled line
# ("Boxing Day: ...", "- **Larkmoor Pier**: ..."), the term capitalised and at most six words.
_TERM = re.compile(
    r"[ \t]*(?:[-*+\u2022][ \t]+|\d{1,2}[.)][ \t]+)?(?:\*\*|__)?"
    r"(?P<term>[A-Z][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,5}?)"
    r"(?P<close>\*\*|__)?(?P<colon>:)(?:\*\*|__)?[ \t]+\S"
)
MAX_ENTRY_WORDS = 6  # a list item of more words is a sentence, not a name
_MARKER = re.compile(r"^(?:[-*+\u2022]|\d{1,2}[.)])[ \t]+")


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def term_key(text: str, start: int, end: int) -> Span | None:
    """The term that opens the line of the sentence [start, end) with a colon, when the
    sentence comes after it ("Saltmarsh office:" for "Open to tenants 9:00 to 16:00." in
    "Saltmarsh office: Unit 3, Quayside. ... Open to tenants 9:00 to 16:00."): the span
    of the term, with its colon when the colon follows it directly. None for the line's
    first sentence (it says the term itself) or a line that opens with no term."""
    line = _line_start(text, start)
    newline = text.find("\n", line)
    if newline >= 0 and newline < end:
        return None
    m = _TERM.match(text, line)
    if m is None or start < m.end("colon"):
        return None
    stop = m.end("colon") if m.group("close") is None else m.end("term")
    return Span(m.start("term"), stop, text[m.start("term") : stop])


def _entry(item: str) -> bool:
    """Is the list item a bare entry, a name rather than a sentence ("- Sandpiper Rise",
    "- Orchard Court (sheltered scheme)")? Such an item says nothing by itself: the heading
    above says what it is. An item that is a sentence ("- Requests ... must be made at least
    10 working days in advance.") says it, and its heading is only its section's topic."""
    body = _MARKER.sub("", item.strip())
    return (
        bool(body)
        and not body.endswith((".", "!", "?", ";", ":"))
        and len(body.split()) <= MAX_ENTRY_WORDS
    )


def heading_key(text: str, start: int, end: int) -> Span | None:
    """The Markdown heading a list sits right under, for a sentence of one of its items
    ("East area" for "- Sandpiper Rise" under "## East area"): the list's items are the
    section's records and its heading what they share. Only for an item that is a bare
    entry (`_entry`); None when the list has a lead-in line of its own (it says what the
    items are) or no heading right above it."""
    item = item_at(text, start, end)
    if item is None or item.lead is not None or not _entry(item.item.text):
        return None
    return heading_above(text, item)


def heading_above(text: str, item: ListItem) -> Span | None:
    """The Markdown heading on the nearest line above `item`'s list that is not blank, its
    title as written ("East area" for "## East area"; text/headings.py); None when that line
    is no heading or an empty one."""
    first = item.siblings[0].start if item.siblings else item.item.start
    end_above = _line_start(text, first) - 1
    while end_above > 0:  # the nearest line above the list that is not blank
        begin = _line_start(text, end_above)
        if text[begin:end_above].strip():
            h = heading_starting(text, begin)
            if h is None or not h.title:
                return None
            return Span(h.title_start, h.title_start + len(h.title), h.title)
        end_above = begin - 1
    return None


def record_key(text: str, start: int, end: int) -> Span | None:
    """The key of the record the sentence [start, end) sits in, verbatim: the term its line
    opens with, else the heading its list sits under; None when it sits in no record or
    says the key itself."""
    return term_key(text, start, end) or heading_key(text, start, end)


def keyed_reading(key: Span, sentence: str) -> str:
    """The sentence read under its record's key, for scoring ("Saltmarsh office: Open to
    tenants 9:00 to 16:00."); what is cited stays the key and the sentence, verbatim."""
    return f"{key.text.rstrip(':').strip()}: {_MARKER.sub('', sentence.strip())}"


__all__ = ["heading_above", "heading_key", "keyed_reading", "record_key", "term_key"]
