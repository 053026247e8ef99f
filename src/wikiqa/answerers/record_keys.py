"""What a line records of the thing it names, read with the key of its record.

A directory does not always put a thing and what it belongs to in one table row. A list
filed under headings ("## North area" over "- The Brambles") says the estate's area only
by where the item sits; a definition list ("Carrow office: 14 Market Street, Carrow. North
area. Open 9:00 to 16:30.") says the office's area in a sentence of the entry that names no
office. A line the question names is then a bridge (`key_bridge.carried_values`) carrying
what its record says of it: the heading its list sits right under, and the short sentences
of its definition written as names (`entry_values`, as name_lookup.py reads a directory
entry). A value that says a name of the question ("14 Market Street, Carrow" for the Carrow
office) is the thing itself, not what is recorded of it.

Only a line whose own words the question names whole carries them ("The Brambles",
"Beacon View (sheltered scheme)" less its aside): a heading is what every item under it
shares, so an item merely mentioning a question word says nothing of the asked thing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.text.lists import item_at
from wikiqa.text.sentences import cached_sentences

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.types import Document

_MARKER = re.compile(r"^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+")
_ASIDE = re.compile(r"\([^)]*\)")
ITEM_WORDS = 6  # a list item that names one thing ("Beacon View (sheltered scheme)")

_TERM = re.compile(r"(?:[-*+]\s+|\d{1,2}[.)]\s+)?(?P<term>[A-Z][\w'’&-]*(?:\s+[\w'’&-]+){0,5}):\s")


def line_bounds(c: Candidate) -> tuple[int, int]:
    """Where the line holding the sentence `c` starts and ends in its document (a
    definition list's pair is one line: text/html.py)."""
    text = c.doc.text
    end = text.find("\n", c.span.end)
    return text.rfind("\n", 0, c.span.start) + 1, len(text) if end < 0 else end


def line_term(c: Candidate) -> str | None:
    """The term the line of the sentence `c` defines ("Fellside Outstation" for "Runs the
    rural routes 70 to 79." in the line "Fellside Outstation: Station Yard, ... Runs the
    rural routes 70 to 79. ..."): what every sentence of a definition is about, though it
    says no name of its own. None for a table row or a line that defines no term."""
    if c.header is not None:
        return None
    m = _TERM.match(c.doc.text, line_bounds(c)[0])
    return m.group("term") if m is not None and m.end() <= c.span.end else None


def item_heading(doc: Document, start: int, end: int) -> str | None:
    """The heading of the section a list item sits right under: the list follows the
    heading line with nothing but blank lines between ("## North area", "", "- Ashby Moor",
    "- The Brambles"), so every item is filed under it. None for a sentence that is no list
    item, a list with a lead-in line of its own, or a list further down its section."""
    item = item_at(doc.text, start, end)
    if item is None or item.lead is not None:
        return None
    first = item.siblings[0].start if item.siblings else item.item.start
    held = [s for s in doc.sections if s.start < first <= s.end]
    if not held:
        return None
    section = max(held, key=lambda s: s.start)  # the innermost
    heading_end = doc.text.find("\n", section.start)
    if heading_end < 0 or doc.text[heading_end:first].strip():
        return None  # text between the heading and the list: the list is not filed under it
    return section.title.strip() or None


def item_name(text: str) -> str:
    """What a list item names, less its marker, its bracketed aside and closing stop
    ("- Beacon View (sheltered scheme)" -> "Beacon View")."""
    return _ASIDE.sub(" ", _MARKER.sub("", text)).strip().rstrip(".;,").strip()


def named_item(q: QuestionInfo, c: Candidate) -> bool:
    """Is `c` a short list item the question names whole, by a name of its own?"""
    if c.header is None and item_at(c.doc.text, c.span.start, c.span.end) is not None:
        own = key_set(item_name(c.span.text))
        return (
            0 < len(c.span.text.split()) <= ITEM_WORDS
            and bool(own)
            and own <= set(q.terms)
            and bool(own & q.entities)
        )
    return False


def entry_sentences(c: Candidate) -> list[str]:
    """The parts of the definition `c` is a sentence of: its term, then each sentence of
    its line, the first without the term ("Carrow office", "14 Market Street, Carrow",
    "North area", ...); [] for a line that defines no term."""
    term = line_term(c)
    if term is None:
        return []
    text = c.doc.text
    start, end = line_bounds(c)
    said = [text[sp.start : sp.end] for sp in cached_sentences(text) if start <= sp.start < end]
    parts = [term, *(p.split(":", 1)[1] if p.startswith(f"{term}:") else p for p in said)]
    return [p.strip().rstrip(".").strip() for p in parts]


def recorded(q: QuestionInfo, c: Candidate) -> list[str]:
    """What the record of a line the question names says of it, best first: the heading a
    named list item sits under, then the parts of the definition whose line says a name of
    the question, those saying no name of the question themselves (module docstring).
    Callers keep those that can key a table (`key_bridge.is_key`)."""
    if c.header is not None:
        return []
    out: list[str] = []
    if named_item(q, c) and (heading := item_heading(c.doc, c.span.start, c.span.end)):
        out.append(heading)
    parts = entry_sentences(c)
    start, end = line_bounds(c) if parts else (0, 0)
    if parts and key_set(c.doc.text[start:end]) & q.entities:
        out += [p for p in parts if not key_set(p) & q.entities]
    return list(dict.fromkeys(out))
