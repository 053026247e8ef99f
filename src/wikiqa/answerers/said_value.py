"""A table row picked by a value the asker says in passing, and the column the asker asks.

Handbooks put their numbers in tables whose row is keyed by a value the asker mentions on
the way to the ask: "if I put **5%** into my pension how much does the trust add" (the row
`| 5% | 7% |` under `| You pay (of basic pay) | Tidewell pays |`), "How much can the
**chief exec** sign off on one order?" (`| Chief Executive | £150,000 | ... |`), "What's the
cut off for getting my expenses into **October's** pay?" (`| October 2026 | ... | 14 October
|`). The answerability model scores such a row low (0.03-0.32): read with its header it does
not look like an answer to the question's words. named_cell.py answers a row the question
names by its key *and* by the words of its column's header; here the column is read from
the question's ask instead, and the key must be a value only that row says.

One sentence: *a row answers when one of its cells says the value the question names and no
other row of its table says it, and the question asks for what one other cell of the row
holds* (`value_cell`):

* the value is the row's key cell (its first), the question saying every content word of
  it, a year aside ("October 2026" for "October's pay": the question's year is the
  calendar's, and a question saying another year keys nothing), a figure only as written
  with its sign ("5%"; "25 years" keys no "| 25 |"); no other key cell of the table says it
  (`| 3% | 5% |` says 5% under the employer's column, so it is no key: key_cell);
* the question says, beyond the row's and header's own words, a word of what names the
  table: its document title, the headings it sits under, its caption or lead-in paragraph
  (`_about`, structure_keys: "spend on one order" says nothing of "Handling Guest
  Complaints", nor "the shop tills each morning" of "Petty Cash"); a body sentence after
  the table is not the table's ("Room attendants are inspected weekly" under a referral
  bonus table says nothing for "a bonus for good inspection scores");
* the column asked is one whose header the question names (named_cell.header_named), a
  header qualifying its head noun ("Referral bonus", "Night rate") only when the question
  says the qualifier or qualifies the noun with nothing the table does not say (other_kind:
  "a bonus for good inspection scores" asks of another bonus), or else the one cell of the
  row that holds what the question word asks: a figure for "how much/many" (the only other
  cell with a digit), a person for "who", a column headed "When" for "when"/"at what point";
* the caller has found the row fits the question (rows.row_fit not NO) and ranks it first,
  no other row of the top NEAR_POOL or of the first document so keyed (two tables keyed
  "General Manager", the purchasing limits and the complaints goodwill, tell nothing
  apart: only_row); a row so keyed ranked lower is lifted first (value_row, one of
  extractive.LIFTED_LINES).

A value the table does not hold (2% where it holds 3% to 6%; a depot the directory does
not list) keys no row, and a value every row or two rows say ("Millstead Depot" of two staff)
keys none, so those questions stay refused.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import WH_WORDS, answers_type, key, key_set, question_type
from wikiqa.answerers.lift import NEAR_POOL
from wikiqa.answerers.named_cell import header_named
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.rows import (
    column_keys,
    head_keys,
    naming_keys,
    own_heads,
    said_keys,
    siblings,
)
from wikiqa.text.headings import headings, section_bounds
from wikiqa.text.tables import cells
from wikiqa.text.terms import without_possessive
from wikiqa.types import Document

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence

_ASIDE = re.compile(r"\([^)]*\)")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_WHEN_ASKED = re.compile(r"\bat\s+what\s+(?:point|stage)\b", re.I)
_WHEN_HEADER = frozenset({"when", "date", "deadline"})


def _value_words(cell: str) -> frozenset[str]:
    """The words a key cell's value is said by: the cell's, its bracketed aside and a year
    left out."""
    return frozenset(k for k in key_set(_ASIDE.sub(" ", cell)) if not _YEAR.match(k))


def _years_agree(cell: str, years: frozenset[str]) -> bool:
    """A year the cell says and the question does not is left out only when the question
    says no year: "April 2028's pay" keys no "April 2026"."""
    said = frozenset(k for k in key_set(cell) if _YEAR.match(k))
    return not years or not said or bool(said & years)


def _figure_said(cell: str, question: str) -> bool:
    """A key cell of figures alone ("5%") is said only as written, with its sign: "25 years"
    says no "| 25 |", nor "I'm on 3" a "| 3 |"."""
    if any(ch.isalpha() for ch in cell):
        return True
    figure = cell.strip()
    return (
        bool(_SIGNED.search(figure))
        and re.search(rf"(?<![\d.]){re.escape(figure)}", question) is not None
    )


_SIGNED = re.compile(r"[%£€$]")
_LIGHT = frozenset(key_set("get gets got getting"))
_PARAGRAPH = re.compile(r"\n\s*\n")
_TOKENS = re.compile(r"[\w%£€$]+(?:['’-]\w+)*|[^\w\s]")
_PARTICLES = frozenset({"off", "up", "out"})
_PREPOSITIONS = frozenset({"for", "of", "on", "at", "during", "in", "from", "with"})


def _question_words(question: str, qset: frozenset[str]) -> frozenset[str]:
    """The question's keys, a possessive read as its word too ("October's pay")."""
    return naming_keys(qset | key_set(without_possessive(question)))


def key_cell(question: str, qset: frozenset[str], text: str, header_start: int, row: str) -> bool:
    """Does the question say the value of the row's key cell (its first), which no other key
    cell of the table says?"""
    naming = _question_words(question, qset)
    years = frozenset(k for k in naming if _YEAR.match(k))
    values = cells(row)
    words = _value_words(values[0]) if values else frozenset()
    if not (
        words
        and words <= naming
        and _figure_said(values[0], question)
        and _years_agree(values[0], years)
    ):
        return False
    return not any(
        words <= _value_words(r.cells()[0])
        for r in siblings(text, header_start)
        if r.row.text != row and r.cells()
    )


def _enclosing_titles(text: str, pos: int) -> str:
    """The titles of the headings the position sits under: its own section's and each
    heading of a higher level above it ("Pay > Salaried staff")."""
    titles: list[str] = []
    level = 99
    for h in reversed(headings(text)):
        if h.start <= pos and h.level < level:
            titles.append(h.title)
            level = h.level
    return " ".join(titles)


def _introduction(text: str, header_start: int) -> str:
    """What the document says to open its table, in the table's section before its header
    row: a caption line and the paragraph leading into the table (the last two paragraphs
    before it). A sentence after the table, or in another section, is the body's, not the
    table's ("Room attendants are inspected weekly" after a referral bonus table)."""
    start, _ = section_bounds(text, header_start)
    before = text[start:header_start].strip()
    return " ".join(_PARAGRAPH.split(before)[-2:])


def structure_keys(doc: Document, header: str, header_start: int) -> frozenset[str]:
    """The keys of what names the table itself: its document's title, the headings it sits
    under, its caption and lead-in paragraph, and its header row."""
    said = (
        doc.title,
        _enclosing_titles(doc.text, header_start),
        _introduction(doc.text, header_start),
        header,
    )
    return frozenset(k for part in said for k in key_set(part))


def _about(question: str, qset: frozenset[str], doc: Document, header: str, header_start: int,
           row: str) -> bool:  # fmt: skip
    """Does the question say, beyond the row's and header's own words, a word of what names
    the table (structure_keys: its title, headings, caption or lead-in)? "spend on one
    order" says nothing of "Handling Guest Complaints", nor "the shop tills each morning" of
    "Petty Cash", nor "good inspection scores" of "Refer a Friend" (though a sentence after
    that table says "inspected"), where "order" is said where the purchasing limits open
    and "pension" titles the contributions."""
    beyond = _question_words(question, qset) - key_set(row) - key_set(header) - _LIGHT
    beyond = frozenset(k for k in beyond if not k[0].isdigit())
    return bool(beyond & structure_keys(doc, header, header_start))


def _qualifiers(question: str, heads: frozenset[str]) -> frozenset[str]:
    """The keys of the words the question qualifies a head noun of `heads` with: the words
    just before it ("an *attendance* bonus", "the *overtime* rate") and the noun phrase of
    a preposition just after it ("a bonus *for good inspection scores*"); a clause after the
    preposition ("the cut off for getting my expenses in") names the act, not the kind."""
    tokens = _TOKENS.findall(question)
    found: set[str] = set()
    for i, token in enumerate(tokens):
        if not (key(token) in heads or (i + 1 < len(tokens) and
                                        key(f"{token}-{tokens[i + 1]}") in heads)):  # fmt: skip
            continue
        j = i - 1
        while j >= 0 and key_set(tokens[j]) and tokens[j].lower() not in WH_WORDS:
            found |= key_set(tokens[j])
            j -= 1
        j = i + 1
        while j < len(tokens) and tokens[j].lower() in _PARTICLES:
            j += 1
        if j < len(tokens) and tokens[j].lower() in _PREPOSITIONS:
            j += 1
            while j < len(tokens) and not key_set(tokens[j]) and tokens[j].isalpha():
                j += 1  # a determiner or possessive
            if j < len(tokens) and key_set(tokens[j]) & _LIGHT:
                continue
            while j < len(tokens) and key_set(tokens[j]) and tokens[j].lower() not in WH_WORDS:
                found |= key_set(tokens[j])
                j += 1
    return frozenset(found)


def other_kind(question: str, qset: frozenset[str], column: str, known: frozenset[str]) -> bool:
    """Does the question ask for another kind of the thing a qualified column holds? A header
    that qualifies its head noun ("Referral bonus", "Night rate") is asked only when the
    question says its qualifier (a word of it, whole or clipped) or qualifies the noun with
    nothing but words the table already says (`known`: its row, header, title, headings,
    caption): "a bonus for good inspection scores" asks of another bonus than the
    referral's, "the overtime rate for bank holidays" of another rate than the night one."""
    heads = head_keys(column)
    qualifier = column_keys(column) - heads
    if not qualifier or said_keys(qualifier, qset):
        return False
    own = _qualifiers(question, heads) - known - _LIGHT
    return any(not k[0].isdigit() for k in own)


def _asked_by_type(question: str, qset: frozenset[str], columns: list[str],
                   values: list[str], key: int) -> int | None:  # fmt: skip
    """The one cell of the row, not the key, that holds what the question word asks."""
    wh = "when" if _WHEN_ASKED.search(question) else question_type(question)
    rest = [i for i, v in enumerate(values) if i != key and v.strip()]
    if wh == "number":
        found = [i for i in rest if any(ch.isdigit() for ch in values[i])]
    elif wh == "who":
        found = [i for i in rest if answers_type("who", values[i], set(qset))]
    elif wh == "when":
        found = [i for i in rest if i < len(columns) and columns[i].strip().lower() in _WHEN_HEADER]
    else:
        return None
    return found[0] if len(found) == 1 else None


def value_cell(question: str, qset: frozenset[str], doc: Document, header: str,
               header_start: int, row: str) -> int | None:  # fmt: skip
    """The index of the cell of `row` that answers: the row keyed by a value only it says
    (key_cell), about what the question asks (_about), the column named by its header's
    words or read from the question word."""
    if read_out_of_force(doc) or not key_cell(question, qset, doc.text, header_start, row):
        return None
    if not _about(question, qset, doc, header, header_start, row):
        return None
    columns, values = cells(header), cells(row)
    asked = qset - _value_words(values[0])
    heads = own_heads(columns)
    named = [
        i
        for i, (c, v) in enumerate(zip(columns, values, strict=False))
        if i and c and v.strip() and header_named(c, asked, heads[i])
    ]
    if len(named) > 1:
        return None
    if named:
        known = structure_keys(doc, header, header_start) | key_set(row)
        return None if other_kind(question, qset, columns[named[0]], known) else named[0]
    return _asked_by_type(question, qset, columns, values, 0)


def row_cell(e: Evidence, c: Candidate) -> int | None:
    """value_cell of a ranked candidate that is a table row; None for any other line."""
    if c.header is None:
        return None
    q = e.question
    return value_cell(q.text, frozenset(q.terms), c.doc, c.header.text, c.header.start, c.span.text)


def value_row(e: Evidence) -> Candidate | None:
    """The one table row, of the top NEAR_POOL ranked or of the first line's document, that a
    value only it says keys with a column the question asks (value_cell); None when the first
    line is one already, or when no row or two rows are."""
    if not e.ranked or row_cell(e, e.ranked[0]) is not None:
        return None
    found = keyed_rows(e)
    return found[0] if len(found) == 1 else None


def keyed_rows(e: Evidence) -> list[Candidate]:
    """The table rows, of the top NEAR_POOL ranked or of the first line's document, that a
    value only they say in their table keys with a column the question asks (value_cell)."""
    if not e.ranked:
        return []
    first = e.ranked[0].doc.doc_id
    pool = [
        c
        for i, c in enumerate(e.ranked)
        if c.header is not None and (i < NEAR_POOL or c.doc.doc_id == first)
    ]
    return list({c.at: c for c in pool if row_cell(e, c) is not None}.values())


def only_row(e: Evidence) -> bool:
    """Is the first line the one row so keyed? Two tables keyed by the same value ("General
    manager" of the purchasing limits and of the complaints goodwill table) tell the asked
    one from the other by nothing this reading reads."""
    found = keyed_rows(e)
    return len(found) == 1 and found[0] is e.ranked[0]
