"""The place the asker tells they work at, looked up by its name when no row of it was read.

"I'm working at Evesby this summer. What time do we open and close?" ranks first the
opening hours' row for the place's kind ("| Day boat station | 09:00 to 17:00 every day |
closed |"), under the floor: nothing read says Evesby is a day boat station. The sites
table does ("| Evesby Day Boats | Evesby | day boat station | 10 day boats | Severn |"), but
the question's other words never retrieve it: it says the place's name and nothing else of
the question.

The told place is a key the asker gives in the directory's own words, so, as a told job is
(`told_lookup.py`), it is looked up by those words alone: when the first hop stays under the
floor, the asker tells where they are or work by a proper name (`told_place.told_name`) and
no document read holds a table row whose key cell (its first) says that name whole, the
name is searched alone (PLACE_K hits) and the rows of the documents found whose key cell
says it are offered as value bridges. Each is held to everything a ranked bridge row is
(`key_bridge.follow`: a value it carries, "day boat station", must key a row of another
document answering the question asked again with that value, the kind by its key cell);
the lookup finds the row, it never makes the answer. A place that is the key of no row,
or whose carried values key no answer, adds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.asker_job import table_candidates
from wikiqa.answerers.features import key_set
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.told_place import told_name
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document

PLACE_LOOKUP = True  # switch: look the told place up by its name alone (hop75)
PLACE_K = 10  # hits of that search
MAX_ROWS = 2  # place rows offered as bridges


def place_rows(name: str, doc: Document) -> list[Candidate]:
    """The rows of `doc`'s tables whose key cell (the first) says every word of the told
    place's name ("Evesby Day Boats" for Evesby)."""
    named = key_set(name)
    return [
        c
        for c in table_candidates(doc, 0)
        if named and (first := cells(c.span.text)[:1]) and named <= key_set(first[0])
    ]


async def told_place_rows(at: HopInput) -> tuple[list[Candidate], dict[str, Document]]:
    """(the rows keyed by the told place, the new documents they were read from), when the
    first hop stays under the floor and no document read holds such a row; else ([], {})
    (see the module docstring)."""
    if not PLACE_LOOKUP or at.first.score >= at.answerer.floor:
        return [], {}
    name = told_name(at.q.text)
    if not name or any(place_rows(name, d) for d in at.docs.values()):
        return [], {}
    rows: list[Candidate] = []
    read: dict[str, Document] = {}
    hits = await search_or_nothing(at.reader, name, PLACE_K)
    for doc in (await at.fetch_new(hits)).values():
        if found := place_rows(name, doc):
            rows += found
            read[doc.doc_id] = doc
    return rows[:MAX_ROWS], read
