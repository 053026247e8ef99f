"""The Answerer protocol and the Reader it reads through.

An answerer never holds a Source directly: it gets a Reader, which the host built around
the source for this run. The reader binds the asking principal (so an answerer cannot
forget access control), records every search and fetch in the trace, and puts every
fetched document in the ledger the grounding validator checks quotes against.
"""

from __future__ import annotations

from typing import Protocol

from wikiqa.types import Document, Draft, Hit, Question


class Reader(Protocol):
    async def search(self, query: str, k: int = 5) -> list[Hit]: ...

    async def fetch(self, doc_id: str, *, full: bool = False) -> Document: ...


class Answerer(Protocol):
    name: str

    async def answer(self, question: Question, reader: Reader) -> Draft:
        """Read through `reader` and propose a Draft; the host validates it."""
        ...
