"""One question's searches, each run once.

The extractive answerer's steps search on their own (the question, each part, a bridge's
second hop, a directory hop, an edition's replacement), and two steps often ask the very same
query: on the handbook batteries' dev parts about one search in twelve repeated an earlier one
of the same question. The reader a question is answered through is bound to one principal and
lives for that question only, so its results can be reused for the rest of that question and
no longer: a repeated search is answered from the first (same query, same `k`, the same hits
in the same order), and nothing is kept for another question or another reader. Documents
read are already kept per reader (`optional.fetch_each`).
"""

from __future__ import annotations

from typing import Any

from wikiqa.answerers.base import Reader
from wikiqa.types import Document, Hit


class SearchOnce:
    """A reader that runs each distinct (query, k) search once and answers a repeat from
    the first run's hits; everything else (fetch, emit, locate, ...) is the wrapped reader's.
    Wrap the reader of one question only: the cache lives as long as this object."""

    def __init__(self, reader: Reader) -> None:
        self._reader = reader
        self._found: dict[tuple[str, int], tuple[Hit, ...]] = {}
        self.repeats = 0  # searches answered from an earlier one (a work count)

    async def search(self, query: str, k: int = 5) -> list[Hit]:
        key = (query, k)
        found = self._found.get(key)
        if found is None:
            found = tuple(await self._reader.search(query, k=k))
            self._found[key] = found
        else:
            self.repeats += 1
        return list(found)  # a fresh list: a caller may reorder or extend its own

    async def fetch(self, doc_id: str, *, full: bool = False, **kwargs: Any) -> Document:
        return await self._reader.fetch(doc_id, full=full, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)
