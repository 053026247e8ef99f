"""The second hop searched with the bridge value, the table chosen by what is asked.

A value bridge (key_bridge.py) carries a value from the row the question names to a second
retrieval searched with the question's own words beside it: "Do housing officers get paid
for working extra hours, and at what rate?" finds "| Housing officer | FH4 |" and searches
"get paid working extra hours Grade FH4". The documents keyed by FH4 do not say "extra
hours": they say "Overtime" ("| FH4 and FH5 | Yes | Plain time, or time off in lieu |"
under "| Grade | Overtime paid? | Rate |"), so the second search ranks another page and the
chain answers nothing, while the question asked in the table's own words is answered.

One sentence: *the value the first document gives is searched, and of the tables of
other documents with exactly one row keyed by it, the one whose title, heading and columns
are clearly nearest in meaning to what the question still asks answers with that row.*

* the value is searched twice, beside what is still asked and alone, as the bridge names
  it (`as_named`: "Grade FH4"), VALUE_K hits each (a code is a weak word for a search: the
  overtime page is beyond the first ten hits of either search, among pages that mention
  FH4 in passing);
* a table counts when it is in another document than the chain's, in force, and exactly
  one of its rows has a key cell naming the value by its words or code (`names_key`: "FH4
  and FH5", "Grades A to D" for Grade D, "Bands 5 to 7" for Band 6; a date's numbers are no
  code, so "Over 5 years" keys no "Friday 24 April 2026");
* what is still asked is the question's words the bridge left unsaid (`hops.asked_words`);
  each table is read as its document's title, its heading and its header row without the
  key column; the bundled embedder's cosine picks the nearest when it is at least
  MIN_COSINE and MARGIN over the next table's (a pay scale, a probation table and a
  standby table keyed by the same grade compete, so a question about a thing none of them
  covers, "a company car", is near none and stays refused); a lone table keyed by the
  value is no choice (nearer than nothing), and is left to the other steps: "Will the
  Brindle Cross shop be open on Sunday 27 December?" would take the store formats' usual
  Sunday hours for Superstores, which the Christmas notice overrides;
* the row then stands in for the second retrieval's answer, read as on the question's
  topic (its table was chosen for being about what is asked), and is held to what `follow`
  holds any answer to (`fits_question`; the last checks run on the chain as on any).

Without an embedder this never runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.asker_job import table_candidates
from wikiqa.answerers.features import key_set
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.rows import alternatives, cell_codes, cell_range, question_numbers
from wikiqa.text.tables import cells
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate, ExtractiveAnswerer
    from wikiqa.types import Document

MIN_COSINE = 0.40  # what is asked, to the table it is asked of, at least
MARGIN = 0.08  # over the next table keyed by the same value
VALUE_K = 20  # hits of the search for the value alone


def described(c: Candidate) -> str:
    """A table as what it is about: its document's title, its heading and its header row
    without the key column ("Overtime and Call-out Pay. Overtime paid? Rate")."""
    columns = cells(c.header.text)[1:] if c.header is not None else []
    heading = c.context if c.context and c.context != c.doc.title else ""
    return ". ".join(p for p in (c.doc.title, heading, " ".join(x.strip() for x in columns)) if p)


def names_key(cell: str, value: str) -> bool:
    """Does a key cell hold the value by its words or its code: the whole value, one thing
    the cell lists ("Grades A to D" holds Grade D), a code in the cell's codes or open range
    ("FH4 to FH6" holds FH5, "FH6 and above" FH7), or, for a short coded value, its number in
    the cell's range ("Bands 5 to 7" holds Band 6)? A date's numbers are no code: "Over 5
    years" does not hold "Friday 24 April 2026"."""
    from wikiqa.answerers.key_bridge import aside_free, open_range_holds

    bare = key_set(aside_free(value)) or key_set(value)
    coded = len(value.split()) <= 2 and any(ch.isdigit() for ch in value)
    span = cell_range(cell) if coded else None
    return bool(bare) and (
        bare <= key_set(aside_free(cell))
        or any(bare <= alt for alt in alternatives(cell))
        or bool(cell_codes(cell) & key_set(value))
        or (coded and open_range_holds(cell, value))
        or (span is not None and any(span[0] <= n <= span[1] for n in question_numbers(value)))
    )


def keyed_rows(value: str, docs: list[Document], seen: set[str]) -> list[Candidate]:
    """The row keyed by `value` of each table that has exactly one (its key cell, the first,
    `names_key`), in documents in force outside the chain (`seen`)."""
    out: dict[tuple[str, int], list[Candidate]] = {}
    for doc in docs:
        if doc.doc_id in seen or "|" not in doc.text or read_out_of_force(doc):
            continue
        # each read as its search's first passage: the one chosen is chosen for being
        # about what is asked (`nearest_table`), which rows.row_fit otherwise reads off rank
        for c in table_candidates(doc, 0):
            first = cells(c.span.text)[:1]
            if c.header is not None and first and names_key(first[0], value):
                out.setdefault((doc.doc_id, c.header.start), []).append(c)
    return [rows[0] for rows in out.values() if len(rows) == 1]


def nearest_table(
    asks: str, rows: list[Candidate], answerer: ExtractiveAnswerer
) -> Candidate | None:
    """The row of the table clearly nearest in meaning to `asks` (module docstring)."""
    if not asks or len(rows) < 2 or answerer.embedder is None:
        return None  # a lone table keyed by the value is nearer than nothing: no choice
    sims = answerer.similarities(asks, [described(c) for c in rows])
    order = sorted(range(len(rows)), key=lambda i: sims[i], reverse=True)
    top = sims[order[0]]
    second = sims[order[1]]
    return rows[order[0]] if top >= MIN_COSINE and top - second >= MARGIN else None


async def value_row(
    answerer: ExtractiveAnswerer,
    asks: str,
    name: str,
    value: str,
    seen: set[str],
    docs: dict[str, Document],
    reader: Reader,
) -> Candidate | None:
    """The row answering what is still asked (`asks`) of the value, searched as `name`
    (module docstring), or None."""
    if answerer.embedder is None:
        return None
    hits = [
        h
        for query in (f"{asks} {name}", name)
        for h in await search_or_nothing(reader, query, VALUE_K)
        if h.doc_id not in seen
    ]
    if not hits:
        return None
    new = await answerer._fetch([h for h in hits if h.doc_id not in docs], reader)
    read = {**docs, **new}
    order = list({h.doc_id: read[h.doc_id] for h in hits if h.doc_id in read}.values())
    rows = keyed_rows(value, order, seen)
    row = await run_cpu(nearest_table, asks, rows, answerer)  # embeds: off the loop
    if row is not None:  # the documents read are kept only when one of them answers
        docs[row.doc.doc_id] = row.doc
    return row
