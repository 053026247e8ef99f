"""A thing the question names by a table row's key, read as the kind the key column names.

A page lists the instances of a kind in a table keyed by name and rules on the kind in its
prose: "| Bank holiday | Date |" over "| Easter Monday | Monday 29 March 2027 |", then
"## Working a bank holiday" and "If you work a bank holiday, you are paid double time ... and
you do not get a day in lieu." The asker names the instance ("I'm down to work Easter Monday.
Do I get a day back for it as well as the pay?"): the row the name keys says only its date,
and the ruling line says "bank holiday", a word the question does not write, so it ranked
under the row and scored under the floor (hb16-fact-05). `told_kind.py` joins an instance to
its kind by a list of everyday words; here the document itself says the join: the row's key
cell is the name, the key column's header is the kind.

`instance_kind` reads it only where the table says it plainly: the table is a calendar (a
column headed "Date" gives the named row's date: each row is an occasion of the kind, not a
place, a job or an office a directory lists, which other readings key, though it may date
when a site opened); the question writes a capitalised
key cell whole (a name, two words or more, or one word of six letters or more:
not "Band", "Day"); the key column's header is a noun phrase of one to three words that the
question does not say and that is no bare label (`LABELS`: "Name", "Type", "Date", "Item");
the same document says that header in lower case outside its table (its rule for the kind:
"If you work a bank holiday"); no document read names the instance outside a table (a rule of
its own: "Christmas Day and New Year's Day are paid at double time plus a day in lieu" is
the answer for Christmas Day, not the kind's "you do not get a day in lieu", and the question
as asked already read it); and one kind only is so named over the documents read. The
question is then asked again with the kind said beside the name ("Easter Monday (a bank
holiday)"), as `told_bound.said_beside` says a situation, and `kind_said` keeps that answer
only when a cited line out of a table says the kind and none is the named row (the row and
its header say the kind too, but say only the date the question as asked already had). The reading runs only when the question as asked is
refused for want of evidence, so it takes no answer the question gets as asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wikiqa.answerers.told_bound import cited_lines, says_any
from wikiqa.text.tables import table_rows
from wikiqa.types import Document, Draft

# the headers that say which row, not what the rows are instances of
LABELS = frozenset(
    {
        "name",
        "names",
        "item",
        "items",
        "type",
        "types",
        "date",
        "dates",
        "description",
        "detail",
        "details",
        "what",
        "who",
        "when",
        "where",
        "thing",
        "key",
        "title",
        "label",
        "option",
        "category",
        "level",
        "grade",
        "band",
        "stage",
        "step",
        "code",
        "number",
        "month",
        "day",
        "year",
        "period",
        "time",
    }
)
_HEADER = re.compile(r"[A-Z][a-z]+(?: [a-z]+){0,2}")  # "Bank holiday", "Centre", "Pool"
_NAME = re.compile(r"[A-Z][A-Za-z'’-]*(?: [A-Z][A-Za-z'’-]*)*")  # "Easter Monday", "Millbrook"
_VOWEL = re.compile(r"^[aeiou]", re.I)
# a calendar date: "Monday 29 March 2027", "25 December", "March 29"
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
)
_WHEN = re.compile(r"(?:dates?|when|day)", re.I)  # a calendar's date column
_DATE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b", re.I
)


def _named(cell: str, question: str) -> bool:
    """Whether the question writes the key cell whole, as a name (its own capitals)."""
    if not _NAME.fullmatch(cell) or (" " not in cell and len(cell) < 6):
        return False
    return re.search(rf"(?<![\w'’-]){re.escape(cell)}(?![\w'’-])", question) is not None


def _table_spans(doc: Document) -> list[tuple[int, int]]:
    """Where each table row of the document stands, with its header."""
    return [(r.header.start, r.row.end) for r in table_rows(doc.text)]


def _ruled_outside(doc: Document, said: str, spans: list[tuple[int, int]]) -> bool:
    """Whether the document says `said` (as written, or with an "s") outside its tables."""
    for m in re.finditer(rf"\b{re.escape(said)}s?\b", doc.text):
        if not any(a <= m.start() < b for a, b in spans):
            return True
    return False


def instance_kind(question: str, docs: Iterable[Document]) -> tuple[str, str] | None:
    """The (name, kind) the question names by a table row's key cell, the kind the key
    column's header (see the module's docstring), or None when none or more than one kind."""
    found: set[tuple[str, str]] = set()
    asked = question.lower()
    read = list(docs)
    for doc in read:
        rows = table_rows(doc.text)
        if not rows:
            continue
        spans = _table_spans(doc)
        for row in rows:
            keys, heads = row.cells(), row.columns()
            if not keys or not heads:
                continue
            cell, header = keys[0].strip(), heads[0].strip()
            dated = (
                _DATE.search(c) and _WHEN.fullmatch(h.strip())
                for h, c in zip(heads[1:], keys[1:], strict=False)
            )
            if not any(dated) or _DATE.search(cell):
                continue  # a calendar of occasions, each keyed by its name
            if not _HEADER.fullmatch(header) or not _named(cell, question):
                continue
            kind = header.lower()
            if kind in LABELS or kind.split()[-1] in LABELS:
                continue
            if re.search(rf"\b{re.escape(kind)}", asked):
                continue
            if _ruled_outside(doc, kind, spans):
                found.add((cell, kind))
    found = {
        (c, k) for c, k in found if not any(_ruled_outside(d, c, _table_spans(d)) for d in read)
    }
    kinds = {k for _, k in found}
    if len(kinds) != 1 or len(found) != 1:
        return None
    return found.pop()


def with_kind(question: str, name: str, kind: str) -> str:
    """The question with the kind said beside the name's first writing ("Easter Monday (a
    bank holiday)")."""
    article = "an" if _VOWEL.match(kind) else "a"
    m = re.search(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])", question)
    if m is None:
        return question
    return f"{question[: m.end()]} ({article} {kind}){question[m.end() :]}"


def kind_said(name: str, kind: str, draft: Draft) -> bool:
    """Whether the reworded answer stands: answered, a line it cites says the kind, and none
    is the named row (which the question as asked reads for itself, with the kind's header:
    only a line ruling on the kind is what the reading adds)."""
    lines = cited_lines(draft)
    row = re.compile(rf"^\|\s*{re.escape(name)}\s*\|")
    return (
        draft.refusal is None
        and says_any(re.escape(kind) + "s?", [ln for ln in lines if not ln.startswith("|")])
        and not any(row.match(ln) for ln in lines)
    )
