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

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.text.headings import parse_heading
from wikiqa.text.lists import item_at
from wikiqa.text.records import heading_above
from wikiqa.text.sentences import Span, cached_sentences

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.types import Document

_MARKER = re.compile(r"^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+")
_ASIDE = re.compile(r"\([^)]*\)")
ITEM_WORDS = 6  # a list item that names one thing ("Beacon View (sheltered scheme)")
# a line opening with a term and a colon: a definition-list pair ("Kingsmead Depot: Kingsmead
# Way, ... Runs routes 20 to 39 ...", text/html.py) or a labelled line; at most six words
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


def item_heading(doc: Document, start: int, end: int) -> Span | None:
    """The heading a list item is filed under, as written (its words, without Markdown's
    `#` marks): the list follows the heading line with nothing but blank lines between
    ("## North area", "", "- Ashby Moor", "- The Brambles"), a Markdown heading or the line
    a section of the document opens with (an HTML `<h2>`). None for a sentence that is no
    list item, or a list with a lead-in line of its own or other text above it (an HTML
    heading is read as the list's lead-in, text/lists.py: it is the heading all the same)."""
    item = item_at(doc.text, start, end)
    if item is None:
        return None
    if (heading := heading_above(doc.text, item)) is not None:
        return heading
    first = item.siblings[0].start if item.siblings else item.item.start
    above = doc.text[:first].rstrip()
    line_start = above.rfind("\n") + 1
    line = above[line_start:]
    if any(s.start == line_start for s in doc.sections) and line.strip():
        at = line_start + len(line) - len(line.lstrip())
        return Span(at, line_start + len(line.rstrip()), line.strip())
    return None


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
        out.append(heading.text)
    parts = entry_sentences(c)
    start, end = line_bounds(c) if parts else (0, 0)
    if parts and key_set(c.doc.text[start:end]) & q.entities:
        out += [p for p in parts if not key_set(p) & q.entities]
    return list(dict.fromkeys(out))


def cited_record(c: Candidate, value: str) -> Candidate:
    """The bridge `c` cited with the part of its record that gave `value`: the heading its
    list item sits under ("North area" before "- The Brambles"), or its definition's
    sentence saying the value after the one naming the thing ("Carrow office: 14 Market
    Street, Carrow." then "North area."), each read as one claim; `c` itself when the value
    is no part of its record apart from the line (a row's cell, a name the line says)."""
    if c.header is not None:
        return c
    head = item_heading(c.doc, c.span.start, c.span.end)
    if head is not None and head.text == value:
        return dataclasses.replace(c, lead=head, refers=True)
    if c.lead is not None:
        return c
    if line_term(c) is None or value.lower() in c.span.text.lower():
        return c
    start, end = line_bounds(c)
    for sp in cached_sentences(c.doc.text):
        if (
            start <= sp.start < end
            and sp.start > c.span.start
            and sp.text.strip().rstrip(".").strip() == value
        ):
            return dataclasses.replace(c, span=sp, lead=c.span, refers=True)
    return c


# a record's term written as a name and the kind of thing it is ("Vale region", "Carrow office")
_KINDED = re.compile(
    r"^(?P<name>[A-Z][\w'’&-]*(?:\s+[A-Z0-9][\w'’&-]*){0,3})\s+(?P<kind>[a-z]{3,})$"
)


# a term that names a role and, after a comma, the place it is for ("HR business partner,
# Coastal region: ..."); read only for the place's name and kind (`kinded`)
ROLE_TERM = re.compile(
    r"(?:[-*+]\s+|\d{1,2}[.)]\s+)?(?P<term>[A-Z][\w'’&-]*(?:\s+[\w'’&-]+){0,5},"
    r"(?:\s+[\w'’&-]+){1,5}):\s"
)


def _line_kinded(c: Candidate) -> str | None:
    """The place the role term of the line of the sentence `c` is for ("Coastal region"
    in "HR business partner, Coastal region: Marianne Cole ..."), or None."""
    m = ROLE_TERM.match(c.doc.text, line_bounds(c)[0])
    k = kinded(m.group("term")) if m is not None and m.end() <= c.span.end else None
    return k.group(0) if k is not None else None


def kinded(term: str) -> re.Match[str] | None:
    """`term` read as a name and its kind ("Vale region"), whole or as the part after its
    last comma ("HR business partner, Coastal region": a directory of one role per place
    keys each record by the role and the place, and the place is what another document
    files things under); None when neither reads so."""
    whole = _KINDED.match(term)
    if whole is not None or "," not in term:
        return whole
    return _KINDED.match(term.rsplit(",", 1)[1].strip())


def _line_term(line: str) -> str | None:
    """The term a line opens with: a labelled line's, a heading's title (text/headings.py)
    or a role term's; None when it opens with none."""
    m = _TERM.match(line)
    if m is None and (heading := parse_heading(line)) is not None:
        return heading[1]
    m = m or ROLE_TERM.match(line)
    return m.group("term") if m is not None else None


def opens_record(c: Candidate) -> bool:
    """Does the line of the sentence `c` open with a term and a colon, a definition list's
    term or a role term ("HR business partner, Downland sites: Daniel Foster, ...")? Such a
    line is one record of a directory, as a table row is (hop74)."""
    if c.header is not None:
        return False
    start = line_bounds(c)[0]
    m = _TERM.match(c.doc.text, start) or ROLE_TERM.match(c.doc.text, start)
    return m is not None and m.end() <= c.span.end


def kinded_terms(doc: Document) -> dict[str, list[str]]:
    """The keys of `doc`'s records written as a name and a kind, by kind, for kinds that
    key two records or more ("region": ["Coast region", "Vale region", "Moors region"] for
    an HR contacts list keyed by region): a directory keyed by a kind of place. A key is a
    line's term ("Vale region: Ben Tolley, HR adviser.") or a Markdown heading a list is
    filed under ("## Vale region" over "- HR adviser: Ben Tolley")."""
    found: dict[str, list[str]] = {}
    for line in doc.text.splitlines():
        term = _line_term(line)
        k = kinded(term) if term else None
        if k is not None and k.group(0) not in found.get(k["kind"], []):
            found.setdefault(k.group("kind"), []).append(k.group(0))
    return {kind: terms for kind, terms in found.items() if len(terms) >= 2}


def record_terms(c: Candidate) -> list[str]:
    """The keys of the records the line `c` belongs to: the term its line opens with, the
    place a role term is for ("Coastal region" of "HR business partner, Coastal region:
    ..."), and the heading its list item is filed under ("HR adviser" and "Vale region"
    for "- HR adviser: Ben Tolley" under "## Vale region"); none for a table row."""
    if c.header is not None:
        return []
    heading = item_heading(c.doc, c.span.start, c.span.end)
    own = (line_term(c), _line_kinded(c), heading.text if heading else None)
    return list(dict.fromkeys(t for t in own if t is not None))
