"""A name the question gives that nothing retrieved says, looked up where it is recorded.

"How much can Tom Asquith approve on a purchase order?" finds the purchasing limits, a
table keyed by role ("| Depot manager | £5,000 |"); no retrieved document names Tom
Asquith, so no row can be picked for him. The directory records him: "Depot manager: Tom
Asquith." (a definition list's line, text/html.py) or a staff table's row ("| Tom Asquith
| Depot manager |"). So when a name of several words the question gives is said by none of
the first hop's best candidates, a line recording it is looked for among the first hop's
lines or, when none of its documents says the name, by searching the name on its own: a line
that says it whole and records what it is (the label of a "Label: Name" line, or a table
row's other short cells, `key_bridge.carried_values`) is the bridge: its value keys the
answer as a row the question names does in the value bridge (`key_bridge.follow`: the
question asked again with the value in place of the name, "How much can Depot manager
approve on a purchase order?", an answer keyed by the value that clears the floor). The
role holder (role_holder.py) goes the other way, from a role to the person holding it.

A name of one word ("I've just started at Bankside", "the Bath hotel") is looked up too,
but only when no document read says it at all. A directory written as a definition list
(`<dt>Ravensholt Abbey</dt><dd>Bath, Abbey Churchyard. 88 rooms. South West region.</dd>`)
records a hotel's town in a sentence that names no hotel: the entry is one record, as a
table row is, so its term and its short sentences written as names are what it records of
a name any of its sentences says (`entry_values`).

A value a prose sentence merely mentions must key a table row (`follow`'s test; one a
directory's record carries may key a sentence saying it, hops18), and this runs only when
the first hop's top candidates hold a table row (as the value bridge's sentence bridges
do), so over prose alone (an encyclopedia) it never answers; it costs one search per such
question that names a person no retrieved document mentions.

A name ends at its sentence's end ("... her dad at Fernlea. What do I tell her?" gives
"Fernlea", `_within_sentences`). With no table row among the best lines, a document the
question's search read that holds a table still lets the name be looked up, and only a row of
such a document ends the chain (the question's search chose the table, the name's record
its row). (hop65)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import QuestionInfo, key_set
from wikiqa.answerers.hops import assess_search, bridge_entities, residual
from wikiqa.answerers.key_bridge import (
    BRIDGE_POOL,
    VALUES_PER_ROW,
    carried_values,
    follow,
    is_key,
    labelled,
)
from wikiqa.answerers.record_keys import entry_sentences, line_bounds, opens_record

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document

MAX_NAMES = 1  # unread names of the question looked up (one search each)
RECORDS = 2  # lines recording the name followed (each value one search)
TOP = 3  # first-hop candidates that, none saying the name, leave it unread
# a definition list's record of a document the question's search ranked ends the chain as a
# table row of one does (hop74)
DEFINED_ENDS = True


def unread_names(
    q: QuestionInfo, top: list[Candidate], read: list[Document] | None = None
) -> list[str]:
    """Names the question gives that none of the `top` candidates says (with its
    document's title), in any case: a name of several words (a person: "Tom Asquith"), or
    a name of one word that no document read says at all ("Bankside", "the Bath hotel"):
    a single word is often said in another form nearby, so only one nothing read says is
    unread. `read` is the documents read (by default those of `top`)."""
    texts = [f"{c.doc.title}\n{c.span.text}".lower() for c in top]
    docs = read if read is not None else [c.doc for c in top]
    return [
        n
        for n in _within_sentences(bridge_entities(q.text, set()))
        if (len(key_set(n)) >= 2 or _unsaid(n, docs)) and not any(n.lower() in t for t in texts)
    ][:MAX_NAMES]


_SENTENCE_END = re.compile(r"(?<=[a-z]{3})\.\s+(?=[A-Z])")  # "Fernlea. What", not "St. Helens"


def _within_sentences(names: list[str]) -> list[str]:
    """Each name cut at a sentence's end inside it: a capitalised run may cross a full stop
    ("... her dad at Fernlea. What do I tell her?" reads "Fernlea. What"), and a name is
    said within one sentence. The piece opening the next sentence is a name only when it
    has two words or more (a sentence opens with a capital whatever its first word is)."""
    out: list[str] = []
    for name in names:
        pieces = _SENTENCE_END.split(name)
        for i, piece in enumerate(pieces):
            piece = piece.strip(" .,;:")
            if piece and (i == 0 or " " in piece) and piece not in out:
                out.append(piece)
    return out


def _searched_record(c: Candidate, first: Evidence) -> bool:
    """Is `c` one record of a definition list ("HR business partner, Downland sites: Daniel
    Foster, ...", `record_keys.opens_record`) in a document the question's own search ranked?
    A directory written as a definition list keeps one record a line, as a table keeps one
    a row: the question's search chose the document, the name's record its line (hop74)."""
    return opens_record(c) and any(r.doc.doc_id == c.doc.doc_id for r in first.ranked)


def _line(c: Candidate) -> tuple[str, int]:
    """The line a candidate sits on (a definition's sentences are one record)."""
    return c.doc.doc_id, line_bounds(c)[0]


def _unsaid(name: str, docs: list[Document]) -> bool:
    """Does no document of `docs` say the name?"""
    return not any(name.lower() in f"{d.title}\n{d.text}".lower() for d in docs)


def _names(name: str, text: str) -> bool:
    """Does `text` say the name whole, in any case?"""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.I) is not None


def _labels(name: str, q: QuestionInfo, c: Candidate) -> bool:
    """Is `c` a "Label: Name" line for the name ("Depot manager: Tom Asquith.")?"""
    return _names(name, c.span.text) and bool(labelled(c.span.text, q))


def recorded_values(name: str, q: QuestionInfo, c: Candidate) -> list[tuple[str, str]]:
    """(column, value) pairs that `c` records of the name: the label of a "Label: Name" line
    ("Depot manager"), what a directory records nearest the name; else a definition's record
    (`entry_values`); else a row's other short cells or the names a sentence saying it adds
    (`carried_values`); [] for a line that does not say the name."""
    if _labels(name, q, c):
        return carried_values(q, c)
    return entry_values(name, q, c) or (carried_values(q, c) if _names(name, c.span.text) else [])


def entry_values(name: str, q: QuestionInfo, c: Candidate) -> list[tuple[str, str]]:
    """What a definition records beside the name, when `c` is a sentence of a line that
    defines a term (`record_keys.line_term`: a definition list's pair "Ravensholt Bankside:
    London, Southwark. 210 rooms. London region.") and the line says the name: the entry
    is one record, as a table row is, its term the key cell and each sentence a cell. So
    its term and its short sentences written as names ("Ravensholt Abbey" for "the Bath
    hotel" and the entry's "Bath, Abbey Churchyard."; "London region" for "Bankside"),
    those that do not say the name themselves, are its values, in the line's order, as a
    row's other short cells are; [] for any other line."""
    parts = entry_sentences(c)
    start, end = line_bounds(c)
    if not parts or not _names(name, c.doc.text[start:end]):
        return []
    qset = frozenset(q.terms)
    return [("", v) for v in dict.fromkeys(parts) if not _names(name, v) and is_key(v, qset)][
        :VALUES_PER_ROW
    ]


async def name_hop(at: HopInput) -> list[Candidate] | None:
    """[line recording the name, (link,) answer] for a question giving a name the first
    hop's best lines do not say, else None (see the module docstring). The chain is the
    answer at any score: the first hop's, whatever it scores, is not about the name."""
    answerer, q, first, docs, reader, skipped = at.parts()
    tables = {c.doc.doc_id for c in first.ranked if c.header is not None}
    if not tables:
        return None  # the value must key a row, and no table is near the question
    # no table among the best lines: the question's search chose a document holding one
    # (ranked below prose saying the question's words), and only a row of it may answer
    ending = None if any(c.header is not None for c in first.ranked[:BRIDGE_POOL]) else tables
    read = list({c.doc.doc_id: c.doc for c in first.ranked}.values())
    for name in unread_names(q, first.ranked[:TOP], read):
        found: Evidence | None = first
        if _unsaid(name, read):  # no document read says it: search it on its own
            found = await assess_search(at, name, {d.doc_id for d in read})
        if found is None:
            continue
        records: dict[tuple[str, int], tuple[Candidate, list[tuple[str, str]]]] = {}
        for c in found.ranked:  # best first, one per line (a definition is one record)
            if not (values := recorded_values(name, q, c)):
                continue
            if _line(c) in records:  # the line's label for the name is its nearest record
                if _labels(name, q, c):
                    records[_line(c)] = (c, values)
            elif len(records) < RECORDS:
                records[_line(c)] = (c, values)
        for line, values in records.values():
            rest = residual(q, line)
            for column, value in values:
                chain = await follow(
                    answerer, q, rest, [line], column, value, docs, reader, skipped
                )
                if chain is not None and (
                    ending is None
                    or chain[-1].doc.doc_id in ending
                    or (DEFINED_ENDS and _searched_record(chain[-1], first))
                ):
                    line.part = f"{name}: {value}"
                    return chain
    return None
