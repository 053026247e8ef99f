"""The directory bridge: a row a directory keys by the site or job the question names.

A handbook files what a site or a job is under a directory or a job-band table ("| Ranger |
Reserve management, ... | Band 3 |", "| Brindle Cross | Superstore | Vale | ... |", "|
Priya Desai | Site manager | Elmfield Leisure Centre | ... |"), and states what the question
asks under a column of that row in another document (the salary of Band 3, what a
Superstore takes, the parking at Elmfield Leisure Centre). The question names the row in
everyday words the value bridge (key_bridge.py) does not take as a key: one common noun ("a
ranger"), a possessive ("Priya Desai's site"), or the distinctive part of a key whose other
words every key of the directory shares ("Bankside" of "Ravensholt Bankside").

Under the floor, a row of a read document whose key cell the question names so, the only
such row of its table, is a bridge when it leaves part of the question unsaid; each value
it carries (a short name or code under its column) is followed as the value bridge follows
one (`key_bridge.follow`: the value searched with what is still asked, the question asked
again with the value, an answer of another document keyed by the value clearing the floor
and saying something still open). Both the row (with its header row) and the answer are
cited. Every document comes through the reader's own search and fetch, so
a bridge reaches only what the reader may read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.asker_job import table_candidates
from wikiqa.answerers.features import key_set
from wikiqa.answerers.hops import residual
from wikiqa.answerers.key_bridge import (
    BRIDGE_POOL,
    VALUES_PER_ROW,
    follow,
    is_key,
    kind_values,
)
from wikiqa.answerers.kind_column import is_kind
from wikiqa.answerers.rows import siblings
from wikiqa.text.tables import cells
from wikiqa.text.terms import without_possessive

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.answerers.hop_input import HopInput

MAX_ROWS = 2  # directory rows tried as bridges


def question_keys(question: str) -> frozenset[str]:
    """The question's word keys with a possessive ending dropped ("Desai's" -> "desai"): a
    directory keys a person or a site by the name alone. Read only here, for a row's key
    cell, not for ranking (keying possessives everywhere answered a permission question
    from readable lines, open10)."""
    return frozenset(key_set(without_possessive(question)))


def shared_words(key_cells: list[str]) -> frozenset[str]:
    """Words that at least half of a table's key cells (three or more) hold: a brand or a
    kind every row repeats ("Ravensholt" of "Ravensholt Bankside"), which names no row."""
    if len(key_cells) < 3:
        return frozenset()
    counts: dict[str, int] = {}
    for cell in key_cells:
        for k in key_set(cell):
            counts[k] = counts.get(k, 0) + 1
    return frozenset(k for k, n in counts.items() if 2 * n >= len(key_cells))


def _key_cells(c: Candidate) -> list[str]:
    """The key (first) cells of the rows of `c`'s table."""
    assert c.header is not None
    return [cells(r.row.text)[0] for r in siblings(c.doc.text, c.header.start) if cells(r.row.text)]


def names_row(asked: frozenset[str], c: Candidate) -> bool:
    """Does the question (its keys, `asked`) name the table row `c` by its key cell, every
    word of it but those the table's keys share, and is it the only row of its table so
    named?"""
    if c.header is None:
        return False
    row = cells(c.span.text)
    if len(row) < 2:
        return False
    keys_ = _key_cells(c)
    common = shared_words(keys_)

    def named(cell: str) -> bool:
        own = key_set(cell) - common
        return bool(own) and own <= asked

    return named(row[0]) and sum(named(k) for k in keys_) == 1


def directory_rows(q: QuestionInfo, ranked: list[Candidate]) -> list[Candidate]:
    """Rows of the documents the first hop ranked best that the question names by their key
    cell (`names_row`), best-ranked document first, up to MAX_ROWS."""
    asked = question_keys(q.text)
    out: list[Candidate] = []
    seen: set[str] = set()
    for c in ranked[:BRIDGE_POOL]:
        if c.doc.doc_id in seen or "|" not in c.doc.text:
            continue
        seen.add(c.doc.doc_id)
        out += [r for r in table_candidates(c.doc, c.passage_rank) if names_row(asked, r)]
    return out[:MAX_ROWS]


def row_values(q: QuestionInfo, c: Candidate) -> list[tuple[str, str]]:
    """(column, value) pairs of the row's other cells that can key another table."""
    assert c.header is not None
    values, columns = cells(c.span.text), cells(c.header.text)
    qset = question_keys(q.text)
    return [
        (columns[i].strip() if i < len(columns) else "", v.strip())
        for i, v in enumerate(values)
        if i > 0 and is_key(v, qset)
    ][:VALUES_PER_ROW] + kind_values(q, c, [0])


async def directory_hop(at: HopInput) -> list[Candidate] | None:
    """[directory row, answer] when, under the floor, a row the question names by its key
    cell carries a value keying the answer in another document (module docstring)."""
    answerer, q, first, docs, reader, skipped = at.parts()
    if first.score >= answerer.floor:
        return None
    for bridge in directory_rows(q, first.ranked):
        rest = residual(q, bridge)
        if not rest:
            continue
        for column, value in row_values(q, bridge):
            chain = await follow(
                answerer,
                q,
                rest,
                [bridge],
                column,
                value,
                docs,
                reader,
                skipped,
                kind=is_kind(value),
            )
            if chain is not None:
                return chain
    return None
