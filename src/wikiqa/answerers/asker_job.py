"""The row of a job table the asker names by what they do.

Staff ask in their own words: "I do massages and facials in the spa. How long is my
probation?" names no job; the job-grades table says "| Spa therapist | Spa | Grade 3 |",
and the probation table is keyed by grade. The asker's opening statement about themselves
("I do massages and facials in the spa.", "I'm a KP,") is what the job table's key cell
names in a word of its own: so the statement is compared by meaning (the bundled
embedder's cosine) with each key cell of a table whose rows carry the kind of key the
answering table is keyed by ("Grade"), and the row it is clearly nearest (at least
MIN_COSINE, and MARGIN over every other row) is taken as the row the question names. Its
value ("Grade 3") keys the answer as a row the question names does in the value bridge
(`key_bridge.follow`: the answer must be keyed by the value and clear the floor). A row
the question names by its words, its head noun or its initials is found before this, by
`key_bridge.bridge_rows`; this runs only when none is, and never without an embedder.
Table rows not among the ranked candidates (a row the question names in no word of its own
ranks nowhere) are read from their document (`table_candidates`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set, keys
from wikiqa.text.tables import cells, table_rows

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, ExtractiveAnswerer
    from wikiqa.types import Document

MIN_COSINE = 0.4  # the statement's cosine to the row's key cell, at least
MARGIN = 0.1  # over the runner-up row: a statement near two jobs names neither

# "I do massages and facials in the spa." / "I'm a KP," / "I mostly wait tables -": a
# first-person statement opening the question, up to its end or the comma or dash after it
_STATEMENT = re.compile(r"^\s*(?P<said>I(?:'m|’m|'ve|’ve)?\s[^?]*?\w)\s*(?:[.!,;:–—]|\s-\s)\s*\S")


# "If I leave my job running a sheltered scheme, how ...", "Now that I'm a porter, ...": a
# clause opening the question that says what the asker is or does, up to its comma or dash
_LEADING_CLAUSE = re.compile(
    r"^\s*(?:if|when|once|as|since|now\s+that)\s+(?P<said>I(?:'m|’m|'ve|’ve)?\s[^?,;:]*?\w)"
    r"\s*(?:[,;:–—]|\s-\s)\s*\S",
    re.I,
)


def self_statement(question: str) -> str | None:
    """The asker's opening statement about themselves ("I do massages and facials in the
    spa"; "I leave my job running a sheltered scheme" of "If I leave my job running a
    sheltered scheme, how much notice ...?"), or None when the question opens otherwise."""
    m = _STATEMENT.match(question) or _LEADING_CLAUSE.match(question)
    return m.group("said") if m else None


def table_candidates(doc: Document, rank: int) -> list[Candidate]:
    """Every data row of `doc`'s tables as a candidate (read with its header and heading),
    for steps that look a row up by its key rather than by its rank."""
    from wikiqa.answerers.extractive import Candidate  # (imports this module)

    out = []
    for row in table_rows(doc.text):
        reading = row.reading()
        if terms := list(keys(reading)):
            out.append(Candidate(doc, row.row, terms, rank, header=row.header, reading=reading))
    return out


def kind_column(kind: str, c: Candidate) -> int | None:
    """The column of the row `c` headed by the kind ("Grade" of "| Job | Department |
    Grade |"), when it is not the key column, else None."""
    if c.header is None:
        return None
    columns = cells(c.header.text)
    want = key_set(kind)
    return next(
        (i for i, col in enumerate(columns) if i > 0 and want and want <= key_set(col)), None
    )


def described_row(
    answerer: ExtractiveAnswerer, statement: str, rows: list[Candidate]
) -> Candidate | None:
    """The row of `rows` (one table's) whose key cell the statement is clearly nearest in
    meaning (MIN_COSINE, MARGIN), or None (also without an embedder)."""
    if answerer.embedder is None or len(rows) < 2:
        return None
    firsts = [cells(c.span.text)[0].strip() for c in rows]
    scored = sorted(
        zip(answerer.similarities(statement, firsts), range(len(rows)), strict=True),
        reverse=True,
    )
    (best, at), (second, _) = scored[0], scored[1]
    return rows[at] if best >= MIN_COSINE and best - second >= MARGIN else None


def job_rows(kind: str, docs: list[Document], skip: set[str]) -> list[list[Candidate]]:
    """The tables of `docs` (not those of `skip`) whose rows carry a value of the kind in a
    column of its own ("| Job | Department | Grade |" for "Grade"), each as its rows."""
    tables: dict[tuple[str, int], list[Candidate]] = {}
    for doc in docs:
        if doc.doc_id in skip:
            continue
        for c in table_candidates(doc, 0):
            if c.header is not None and kind_column(kind, c) is not None:
                tables.setdefault((doc.doc_id, c.header.start), []).append(c)
    return list(tables.values())
