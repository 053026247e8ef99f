"""A row is keyed by its key cell: the one row whose whole first cell the question says.

A table's first column names what each row is about ("| Sunday | time and a quarter |");
its other columns hold values, and a value may mention another row's thing in passing
("| Irrigation on call | £20 a night on weekdays, £30 a night on Saturdays and Sundays |").
`keyed_row` keys a row by a word that no other row says anywhere, so a thing named again in
another row's value cell left the row the question names unread ("What extra do I get for
working on a Sunday?"), or a stray word of the question in another row's value ("£1.25 an
hour extra") keyed the wrong row. A careful reader looks the question's thing up in the key
column: when the question says every content word of exactly one row's first cell (not all
of them the header's own words), that row is the one named, whatever other rows' values
mention. Every bound of `keyed_row` still applies after this (a table about what is asked,
another place's or another kind of worker's table, a column asked, a value of the type
asked), and a row of another retrieved document's table whose key cell the question names
too leaves the asked one untold.

Switch: KEY_CELL (value77; docs/extractive.md).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key, key_set
from wikiqa.answerers.kinds import says_kind
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.types import Document

KEY_CELL = True  # switch: the row whose whole key cell the question says is the row keyed
KEY_DOCS = 3  # the first retrieved documents whose tables a named key cell is looked up in
# "extra", "more", "additional": words asking for what is added to pay, the value itself
ADDED_WORDS = frozenset(key(w) for w in ("extra", "additional", "more"))
# "for working on a Sunday", "when starting before 6": the asker's doing, told as a gerund
_GERUND = re.compile(r"\b(?:for|when|while|from|by)\s+([a-z]+ing)\b", re.I)


def key_named(rows: list[list[str]], header: list[str], said: frozenset[str]) -> int | None:
    """The index of the one row whose first cell's every content word `said` holds (and not
    only the header's words), when no other row's first cell is so said; else None."""
    if not KEY_CELL:
        return None
    head = key_set(" ".join(header))
    named = [
        i
        for i, r in enumerate(rows)
        if r and (words := key_set(r[0])) and words <= said and not words <= head
    ]
    return named[0] if len(named) == 1 else None


def key_named_elsewhere(ranked: list[Candidate], doc_id: str, said: frozenset[str]) -> bool:
    """Does a row of another retrieved document's table have a first cell the question
    names whole too? Two tables keyed by the same thing leave the asked one untold."""
    for c in ranked:
        if c.header is None or c.doc.doc_id == doc_id:
            continue
        row = cells(c.span.text)
        words = key_set(row[0]) if row else frozenset()
        if words and words <= said and not words <= key_set(c.header.text):
            return True
    return False


def key_docs(ranked: list[Candidate]) -> list[Document]:
    """The distinct documents of the ranked candidates in their order: the first alone when
    KEY_CELL is off, else up to KEY_DOCS (a table naming the thing may rank under a page
    that repeats more of the question's words)."""
    docs: list[Document] = []
    limit = KEY_DOCS if KEY_CELL else 1
    for c in ranked:
        if all(d.doc_id != c.doc.doc_id for d in docs):
            docs.append(c.doc)
            if len(docs) >= limit:
                break
    return docs


def light_topic(sentence: str, values: list[str]) -> frozenset[str]:
    """The keys of the asking sentence's words that need no table to say them once a row
    is named by its key cell: the asker's doing told as a gerund ("for working on a
    Sunday"), and a word asking for what is added ("What extra do I get") when one of the
    row's `values` is an addition to pay (a sum, a share or a multiple of pay: "time and a
    quarter"; "24 bays" adds nothing to pay, so "extra" must then be said by the table)."""
    doing = frozenset(k for m in _GERUND.finditer(sentence) for k in key_set(m.group(1)))
    paid = any(says_kind("value", v) for v in values)
    return (ADDED_WORDS & key_set(sentence) if paid else frozenset()) | doing


def value_column(header: list[str], row: list[str]) -> int | None:
    """The value cell of a two-column row (key and value): what a question naming the key
    asks when it names no column; None for a wider table, whose column must be named."""
    if len(header) == 2 and len(row) == 2 and row[1].strip():
        return 1
    return None
