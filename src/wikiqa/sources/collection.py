"""A local document collection as a Source: search returns passages, fetch the document."""

from __future__ import annotations

from wikiqa.errors import DocumentNotFound
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Document, Hit, Principal


class CollectionSource:
    """Reads one SQLite collection. Access control is enforced by the store's queries."""

    def __init__(self, store: SqliteStore, name: str) -> None:
        self.store = store
        self.name = name

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        # SQLite answers in milliseconds; a thread hop would cost more than it saves.
        return self.store.search_lexical(query, k, principal, self.name)

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        doc = self.store.get_document(doc_id, principal, self.name)
        if doc is None:
            raise DocumentNotFound(f"no document {doc_id!r} in {self.name}")
        return doc

    async def aclose(self) -> None:
        self.store.close()
