"""The asker's told job looked up by its own words when the question's search read no job table.

hops57 made the asker's own job, told in the question ("As an HGV driver, what's my hourly
rate this year?", "I'm a butcher ..."), name the job table's row ("| HGV driver | Grade 4
|") as the value bridge's first row (`told_role.told_cell`, read by
`key_bridge.carried_values`). But the row must be among what the first hop read, and the
question's other words pull the pages about the job itself: the drivers' hours page, the
agency drivers' guide. The job grades page, which says the job in two words and nothing
else of the question, is never retrieved; the chain never starts and the question is
refused (hb18-hop-03, 0.16).

The told job is a key the asker gives in the table's own words, so it is looked up by
those words alone (`told_rows`): when the first hop stays under the floor, the asker tells
their job (`told_role.told_heads`) and no document read holds a job table row that the told
job names (`told_role.job_tables`, `told_cell`), the told job's words are searched alone
(LOOKUP_K hits: the pages about the job itself come first) and the rows of a job table in the documents found whose key cell the told job
names whole are offered as bridges. Each is then held to everything a ranked bridge row is
(`key_bridge.follow`: the value it carries must key a row of another document that clears
the floor for the question asked again with that value): the lookup finds the row, it
never makes the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.asker_job import table_candidates
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.told_role import job_tables, told_cell, told_heads
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document

TOLD_LOOKUP = True  # switch: look the told job up by its words alone (hop69)
LOOKUP_K = 20  # hits of that search: the pages about the job itself come first
# switch: a document the question's search read that holds the told job's row offers that
# row when the first hop ranked it nowhere (hop74)
READ_ROWS = True


def _told_rows(question: str, doc: Document) -> list[Candidate]:
    """The rows of `doc`'s job tables whose key cell the asker tells as their job whole."""
    keys_ = {k for _, table_keys in job_tables(doc.text) for k in table_keys}
    return [
        c
        for c in table_candidates(doc, 0)
        if (first := cells(c.span.text)[:1]) and first[0] in keys_ and told_cell(question, first[0])
    ]


async def told_rows(at: HopInput) -> tuple[list[Candidate], dict[str, Document]]:
    """(the job table rows the told job names, the new documents they were read from), when
    the first hop stays under the floor; else ([], {}) (see the module docstring). When a
    document read already holds such a row, no search is made: its rows the first hop did
    not rank are offered ("I'm an aquarist at Tunford. ..." ranks the lines saying Tunford
    over "| Aquarist | Band C |", which the question's search read; hop74)."""
    q = at.q
    if not TOLD_LOOKUP or at.first.score >= at.answerer.floor:
        return [], {}
    told = [" ".join(words) for words in told_heads(q.text) if words]
    if not told:
        return [], {}
    held = [c for d in at.docs.values() for c in _told_rows(q.text, d)]
    if held:  # read, yet the question's other words ranked other lines over its row (hop74)
        ranked = {c.at for c in at.first.ranked}
        return ([c for c in held if c.at not in ranked] if READ_ROWS else []), {}
    rows: list[Candidate] = []
    read: dict[str, Document] = {}
    for phrase in dict.fromkeys(told):
        hits = await search_or_nothing(at.reader, phrase, LOOKUP_K)
        for doc in (await at.fetch_new(hits)).values():
            if found := _told_rows(q.text, doc):
                rows += found
                read[doc.doc_id] = doc  # only the job table's page joins the documents read
    return rows, read
