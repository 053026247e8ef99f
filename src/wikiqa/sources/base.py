"""The Source protocol: where text comes from. Every source is async so one `ask()` path
can serve the CLI, the HTTP API and the eval runner alike."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from wikiqa.types import Document, Hit, Principal


@runtime_checkable
class Source(Protocol):
    """Search, then fetch. Implementations enforce access control themselves, so a
    forbidden document never leaves them (search skips it, fetch raises DocumentNotFound)."""

    name: str

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        """Best hits for `query`, most relevant first."""
        ...

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        """The document's text. `full=False` may return only the lead/intro where the source
        distinguishes; raises DocumentNotFound or SourceUnavailable."""
        ...

    async def aclose(self) -> None:
        """Release connections and files."""
        ...
