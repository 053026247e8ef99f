"""Lists as citable units: each item with the lead-in sentence that gives it meaning.

A list item ("- return your ID badge, smartcard and uniforms") rarely says what it is an
item of; the line above the list does ("On or before your last day you must:"). A question
about the list ("What do I have to hand back when I leave?") is answered by the lead-in and
its items together. This module finds Markdown lists (`-`, `*`, `•`, `1.`, `1)` items) and
the lead-in line right above each (a blank line may separate them; a heading or a table row
is not a lead-in), all as exact spans of the original text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from wikiqa.text.headings import is_heading
from wikiqa.text.sentences import Span, line_spans

_ITEM = re.compile(r"^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+\S")
MAX_LEAD_CHARS = 300


@dataclass(frozen=True, slots=True)
class ListItem:
    """One item of a list, with its lead-in line (None when the list follows a heading)."""

    item: Span
    lead: Span | None
    siblings: tuple[Span, ...]  # every item of the same list, in order (this one included)


def _is_lead(line: Span) -> bool:
    text = line.text
    return (
        bool(text)
        and not is_heading(text)
        and not text.startswith("|")
        and not _ITEM.match(text)
        and len(text) <= MAX_LEAD_CHARS
    )


@lru_cache(maxsize=512)
def list_items(text: str) -> tuple[ListItem, ...]:
    """Every item of every list in `text`, in order. A list is a run of item lines (blank
    lines between items allowed); its lead-in is the non-item line right above the first
    item, or above one blank line."""
    lines = line_spans(text)
    out: list[ListItem] = []
    i = 0
    while i < len(lines):
        if not _ITEM.match(lines[i].text):
            i += 1
            continue
        first = i
        items: list[Span] = []
        while i < len(lines) and (_ITEM.match(lines[i].text) or not lines[i].text):
            if lines[i].text:
                items.append(lines[i])
            i += 1
        lead = None
        above = first - 1
        if above >= 0 and not lines[above].text:
            above -= 1
        if above >= 0 and _is_lead(lines[above]):
            lead = lines[above]
        siblings = tuple(items)
        out.extend(ListItem(item, lead, siblings) for item in items)
    return tuple(out)


@lru_cache(maxsize=512)
def _item_starts(text: str) -> tuple[int, ...]:
    return tuple(it.item.start for it in list_items(text))


def item_at(text: str, start: int, end: int) -> ListItem | None:
    """The list item whose line holds the span [start, end) (a sentence of the item). Asked
    for every candidate sentence, so found by bisection over the items (in text order, not
    overlapping), not by a scan: a long page has hundreds of items and sentences."""
    n = bisect_right(_item_starts(text), start) - 1
    if n < 0:
        return None
    it = list_items(text)[n]
    return it if end <= it.item.end else None


def items_after(text: str, lead: Span) -> tuple[Span, ...]:
    """The items of the list `lead` introduces (empty when it introduces none)."""
    for it in list_items(text):
        if it.lead is not None and it.lead.start == lead.start:
            return it.siblings
    return ()


_LIST_PHRASE = re.compile(
    r"\b(?:list|name)\s+(?:the|all|every)\b|\bwhat\s+(?:are|were)\s+the\s+\w+s\b"
    r"|\bwhat\s+(?:do|must|should)\s+(?:i|we|you)\s+(?:need|have)\s+to\b",
    re.I,
)
_VERBS = frozenset({"is", "was", "has", "does", "are", "were", "do", "did", "can", "must",
                    "should", "will", "would", "could", "may"})  # fmt: skip


def _plural(word: str) -> bool:
    w = word.lower()
    return len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")) and w not in _VERBS


def asks_for_list(question: str) -> bool:
    """Does the question ask for several things ("Which sources can wikiqa read from?",
    "What options are there ...?", "What do I need to hand back?"): a plural noun right
    after which/what (one modifier allowed), or a listing phrase."""
    if _LIST_PHRASE.search(question):
        return True
    words = re.findall(r"[A-Za-z'-]+", question)
    if not words or words[0].lower() not in ("which", "what"):
        return False
    for word in words[1:3]:
        if word.lower() in _VERBS:
            return False
        if _plural(word):
            return True
    return False
