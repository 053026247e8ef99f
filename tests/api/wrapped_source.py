"""A source that passes every call to the test corpus it wraps: the API tests subclass it
to make one call slow, heavy or failing, and keep the rest as the corpus answers."""

from __future__ import annotations

from wikiqa.types import Document, Hit, Principal


class WrappedSource:
    name = "wrapped"

    def __init__(self, inner: object) -> None:
        self.inner = inner

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        return await self.inner.search(query, k, principal)  # type: ignore[attr-defined]

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        return await self.inner.fetch(doc_id, principal, full=full)  # type: ignore[attr-defined]

    async def aclose(self) -> None:
        await self.inner.aclose()  # type: ignore[attr-defined]
