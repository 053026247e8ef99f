"""A question searched as the reader's documents write it: the one rewrite both stores run.

Two steps, in this order, each read off the words of the rows the reader may read and never
another reader's (a word only a forbidden document says rewrites nothing):

1. a misspelt word as the word of the collection it misspells, or a word in the other number
   when the documents say only that one (store/respell.py);
2. a clipped, joined or split word as the documents write it, an initialism with the
   definition they give, or one they never write with the capitalised phrase it spells out
   (store/lexicon.py).

The words come from `ReadableRows` (store/readable_rows.py): an in-memory lexical index of
the collection with the reader's row mask. The SQLite store reads them off the BM25 index it
searches (reads.py); the PostgreSQL store off an index of its tables' words built per index
generation, masked by the access clause run in the database (pg_vocabulary.py). Hits found by
a rewritten query carry it (`Hit.query`), so the answerer reads the question as it was
searched (sources/search_query.respelled).
"""

from __future__ import annotations

from wikiqa.store.lexicon import reworded
from wikiqa.store.readable_rows import ReadableRows
from wikiqa.store.respell import respelled
from wikiqa.types import Hit


def searched_as(query: str, readable: ReadableRows | None) -> str:
    """`query` with its misspelt words respelled and its words the readable documents write
    otherwise written as they do; as asked when there are no words to read it against (the
    collection is over the store's in-memory bound)."""
    if readable is None:
        return query
    return reworded(respelled(query, readable.frequency), readable)


def carrying_query(hits: list[Hit], asked: str, query: str) -> list[Hit]:
    """`hits`, each saying the query it was found by when that is not the one asked."""
    if query == asked:
        return hits
    return [h.model_copy(update={"query": query}) for h in hits]
