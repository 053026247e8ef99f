"""The row a question describes, picked by the line that files its thing under the row's key.

A handbook's answer table is keyed by a kind of place or thing ("| Area | HR business
partner | Email |", "| Hotel | Defibrillator | First aid room |"), and the question names its
row only by something the table never says: the office the asker is based at ("I'm based at
the Denholme office"), the country its hotel is in ("our Scottish hotel"). The question's
search finds the table (its column says what is asked) but not the row. Another document
files that thing under one of the table's keys: a directory's entry "Denholme office: The
Old Library, Station Road, Denholme. Central area." says the office and the key "Central
area"; "Ravensholt Canongate: Edinburgh, Royal Mile. 142 rooms. Scotland region." says the
hotel's key and Scotland. In one sentence: *a line of another document that says the
question's own name and exactly one key of the table the question's search ranked says which
row of that table the question means.*

Under the floor, for each table with a row among the first hop's top candidates and no row
the question names, one search for the table's key column with the question's words its
document does not say finds such a line; the table's row with that key answers when it
could answer the question (`fits_question`). Both the filing line (with the sentence of its
entry that says the key) and the row (with its header row) are cited. Every search is the
reader's own, so the chain cites only what the reader may read.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.asker_job import table_candidates
from wikiqa.answerers.features import analyse, key_set, keys
from wikiqa.answerers.hops import assess_search
from wikiqa.answerers.key_bridge import BRIDGE_POOL, same_table
from wikiqa.answerers.record_keys import line_bounds
from wikiqa.answerers.rows import named_cells, naming_keys, question_numbers
from wikiqa.text.sentences import cached_sentences
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.answerers.hop_input import HopInput

TOP = 5  # first-hop candidates one of which must be a row of the answer table
TABLES = 2  # answer tables tried (one search each)
MIN_ROWS = 3  # a table of fewer rows is no set of keys to choose among
_ASIDE = re.compile(r"\([^)]*\)")
_WORD = re.compile(r"[\w'’-]+")
_PRONOUN = re.compile(r"^i(?:['’]\w*)?$")  # "I", "I'm", "I've": capitalised, but no name


def _key_cells(c: Candidate) -> list[str]:
    """The key (first) cells of the rows of `c`'s table, each once, as written."""
    assert c.header is not None
    rows = [r for r in table_candidates(c.doc, c.passage_rank) if same_table(r, c)]
    return list(dict.fromkeys(k for r in rows if (k := cells(r.span.text)[0].strip())))


def answer_tables(q: QuestionInfo, ranked: list[Candidate]) -> list[Candidate]:
    """A row of each table among the first hop's TOP candidates whose rows the question names
    none of (in any form: `naming_keys`), and no key cell of which shares a word with the
    question, at most TABLES: the question's search chose the table, and the question says
    its row only in words of its own."""
    qset = naming_keys(frozenset(q.terms))
    numbers = question_numbers(q.text)
    out: list[Candidate] = []
    for c in ranked[:TOP]:
        if c.header is None or any(same_table(c, t) for t in out):
            continue
        rows = [r for r in table_candidates(c.doc, c.passage_rank) if same_table(r, c)]
        if len(rows) < MIN_ROWS or any(named_cells(r.span.text, qset, numbers) for r in rows):
            continue
        # a key sharing a word with the question ("Fenwick Science Library" for "when is
        # the library open ...") is named by it in part: the question says which row
        if any(key_set(k) & qset for k in _key_cells(c)):
            continue
        out.append(c)
    return out[:TABLES]


def own_names(q: QuestionInfo, said: frozenset[str]) -> frozenset[str]:
    """The keys of the question's names (its capitalised words, "I'm" aside) that a document
    saying `said` does not say, with their other forms ("Scottish": "Scotland")."""
    names = frozenset(e for e in q.entities if not _PRONOUN.match(e)) - said
    return naming_keys(names) - said if names else frozenset()


def _says(text: str, name: str) -> bool:
    """Does `text` say `name` (less a bracketed aside) whole, as words of its own?"""
    bare = _ASIDE.sub(" ", name).strip()
    return bool(bare) and re.search(rf"(?<!\w){re.escape(bare)}(?!\w)", text, re.I) is not None


def filed_key(line: str, own: frozenset[str], key_cells: list[str]) -> str | None:
    """The one key of `key_cells` the line files the question's own thing under: the line
    says a word of `own` (the question's words the table's document does not say, in any
    form) and exactly one key whole; None otherwise."""
    if not key_set(line) & own:
        return None
    said = [k for k in key_cells if _says(line, k)]
    return said[0] if len(said) == 1 else None


def _line(c: Candidate) -> str:
    """What the line of `c` says: a row itself, or the whole line of a sentence (a
    definition list's entry is one line: text/html.py)."""
    if c.header is not None:
        return c.span.text
    start, end = line_bounds(c)
    return c.doc.text[start:end]


def cited_filing(c: Candidate, value: str, own: frozenset[str]) -> Candidate:
    """The filing line `c` cited by the sentences of its line that say the question's name
    and `value`, in the order written, one claim: "Denholme office: The Old Library, ..."
    then "Central area."; a row, or a sentence saying both, as it is."""
    if c.header is not None:
        return c
    start, end = line_bounds(c)
    said = [sp for sp in cached_sentences(c.doc.text) if start <= sp.start < end]
    name = next((sp for sp in said if key_set(sp.text) & own), None)
    key = next((sp for sp in said if _says(sp.text, value)), None)
    if name is None or key is None:
        return c
    if name.start == key.start:  # one sentence says both ("Depot manager: Tom Asquith.")
        if name.start == c.span.start:
            return c
        return dataclasses.replace(c, span=name, terms=keys(name.text), reading="", lead=None)
    lead, span = (name, key) if name.start < key.start else (key, name)
    return dataclasses.replace(
        c, span=span, terms=keys(f"{lead.text} {span.text}"), reading="", lead=lead, refers=True
    )


def as_filed(q: QuestionInfo, own: frozenset[str], value: str) -> QuestionInfo:
    """The question asked of the row's key: its own names (`own`) replaced by `value`, as
    the filing line says ("... at our Ravensholt Canongate hotel?" for "... at our Scottish
    hotel?"), so a table that names no "Scottish" is not taken for one that cannot answer."""
    words = re.findall(r"\S+", q.text)
    inside = [bool(key_set(w)) and key_set(w) <= own for w in words]
    if not any(inside):
        return q
    first = inside.index(True)
    last = len(inside) - 1 - inside[::-1].index(True)
    tail = re.sub(r"^[\w'’-]+", "", words[last])  # the run's closing "?", "." or "'s"
    return analyse(" ".join([*words[:first], value + tail, *words[last + 1 :]]))


def keyed_row(q: QuestionInfo, table: Candidate, value: str) -> Candidate | None:
    """The row of `table` whose key cell is `value`, when it could answer the question
    (asked of the value: `as_filed`)."""
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    qset = set(q.terms)
    for r in table_candidates(table.doc, table.passage_rank):
        if same_table(r, table) and cells(r.span.text)[0].strip() == value:
            return r if fits_question(q, qset, r) else None
    return None


def _filed_chain(
    q: QuestionInfo, table: Candidate, own: frozenset[str], lines: list[Candidate]
) -> list[Candidate] | None:
    """[filing line, row]: the first of `lines` (of other documents than the table's) that
    files the question's own names under one key of `table` whose row could answer."""
    key_cells = _key_cells(table)
    for c in lines:
        if c.doc.doc_id == table.doc.doc_id:
            continue
        value = filed_key(_line(c), own, key_cells)
        row = keyed_row(as_filed(q, own, value), table, value) if value else None
        if value is None or row is None:
            continue
        bridge = cited_filing(c, value, own)
        bridge.part, row.part = "bridge", "answer"
        return [bridge, row]
    return None


def filed_first(at: HopInput) -> list[Candidate] | None:
    """[filing line, row] when, under the floor, the first hop itself ranks a line that
    files the question's own names under one key of a table it ranks ("| Venlo distribution
    centre | Netherlands | Joost Verhoeven |" beside the shift allowances by country, for the
    site Joost Verhoeven manages): the two agree on the row, before any value the line
    carries is searched for (key_bridge.value_hop) and a row of a table the question's search
    never chose answers."""
    answerer, q, first, docs, _, _ = at.parts()
    if first.score >= answerer.floor:
        return None
    for table in answer_tables(q, first.ranked):
        said = key_set(docs[table.doc.doc_id].text) if table.doc.doc_id in docs else frozenset()
        own = own_names(q, said)
        chain = _filed_chain(q, table, own, first.ranked[:BRIDGE_POOL]) if own else None
        if chain is not None:
            return chain
    return None


async def filed_hop(at: HopInput) -> list[Candidate] | None:
    """[filing line, row] when, under the floor, a line of another document files the
    question's own thing under one key of a table the first hop ranked (module docstring)."""
    answerer, q, first, docs, _, _ = at.parts()
    if first.score >= answerer.floor:
        return None
    for table in answer_tables(q, first.ranked):
        said = key_set(docs[table.doc.doc_id].text) if table.doc.doc_id in docs else frozenset()
        words = [w for w in _WORD.findall(q.text) if key_set(w) - said]
        own = own_names(q, said)
        if not own:
            continue
        kind = cells(table.header.text)[0].strip() if table.header is not None else ""
        found = await assess_search(at, f"{kind} {' '.join(words)}", {table.doc.doc_id})
        chain = _filed_chain(q, table, own, found.ranked[:BRIDGE_POOL]) if found else None
        if chain is not None:
            return chain
    return None
