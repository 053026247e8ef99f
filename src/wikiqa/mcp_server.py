"""wikiqa as an MCP server (stdio, the official `mcp` SDK): agents get grounded answers.

Tools: `ask` (the grounded result: claims, verbatim citations with offsets, or a typed
refusal) and `search` (hits from a source, titles and snippets). Every call runs as the one
principal the server was started with (`wikiqa mcp --principal`, else WIKIQA_MCP_PRINCIPAL,
else anonymous: public documents only), never one a client sends; sources are limited to
WIKIQA_SOURCE plus WIKIQA_API_SOURCES, as for the HTTP API. As there, a call gets
WIKIQA_API_REQUEST_TIMEOUT seconds, opening the source included (then an error, and its
CPU work is stopped; an opening goes on in the background for the next call), and a search
query is checked like a question (Unicode, length), so no one call can hold the server.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from mcp.server.mcpserver import MCPServer

from wikiqa.errors import BadQuestion, WikiqaError
from wikiqa.settings import Settings
from wikiqa.sources.base import Source
from wikiqa.types import Principal

T = TypeVar("T")

INSTRUCTIONS = (
    "wikiqa answers questions only from text it has just read: each answer sentence carries "
    "verbatim quotes with character offsets into a named document, or the tool returns a "
    "typed refusal (no_evidence, ambiguous, ...). Cite the returned quotes; do not add facts."
)


class _Sources:
    """Sources opened once, on first use, in the background (api/opening.py), and closed
    when the server stops. A call waits for an opening only within its own time limit."""

    def __init__(self, settings: Settings) -> None:
        from wikiqa.api.opening import Opener
        from wikiqa.sources.registry import open_source

        self.settings = settings
        self.allowed = list(dict.fromkeys([settings.source, *settings.api_sources]))
        self._opener = Opener(settings, open_source)

    async def get(self, spec: str | None, seconds: float) -> tuple[str, Source]:
        from wikiqa.api.opening import SourceOpening

        spec = spec or self.settings.source
        if spec not in self.allowed:
            raise ValueError(f"source {spec!r} is not served; allowed: {', '.join(self.allowed)}")
        try:
            return spec, await self._opener.get(spec, seconds)
        except SourceOpening as exc:
            raise ValueError(str(exc)) from None
        except WikiqaError as exc:
            raise ValueError(f"source {spec!r} could not be opened: {exc}") from None

    async def aclose(self) -> None:
        await self._opener.aclose()


async def _within(started: float, limit: float, call: Awaitable[T]) -> T:
    """`call`, cancelled `limit` s after `started` (time.monotonic(); the source's opening
    spent part of it), its worker-thread work stopped too (workers.run_cpu)."""
    try:
        async with asyncio.timeout(max(0.0, limit - (time.monotonic() - started))):
            return await call
    except TimeoutError:
        raise ValueError(
            f"the call took longer than {limit:g} s (WIKIQA_API_REQUEST_TIMEOUT); retry later"
        ) from None


def build_server(settings: Settings, principal: Principal | None = None) -> MCPServer[Any]:
    """The MCP server with its two tools, bound to `principal`."""
    sources = _Sources(settings)
    who = principal or Principal()

    @asynccontextmanager
    async def lifespan(_: MCPServer[Any]) -> AsyncIterator[None]:
        try:
            yield
        finally:
            await sources.aclose()

    server: MCPServer[Any] = MCPServer(
        name="wikiqa", instructions=INSTRUCTIONS, version="0.1.0", lifespan=lifespan
    )

    @server.tool()
    async def ask(question: str, source: str | None = None) -> dict[str, Any]:
        """Answer a question from the source with verbatim cited spans, or refuse with a
        typed reason. `source`: one of the served specs (default: the server's)."""
        from wikiqa.pipeline import ask_async

        started = time.monotonic()
        _, src = await sources.get(source, settings.api_request_timeout)
        try:
            result = await _within(
                started,
                settings.api_request_timeout,
                ask_async(question, src, settings=settings, principal=who),
            )
        except BadQuestion as exc:
            raise ValueError(str(exc)) from None
        data = result.to_dict()
        data.pop("trace", None)  # steps are for debugging; the result is what agents cite
        return data

    @server.tool()
    async def search(query: str, k: int = 5, source: str | None = None) -> dict[str, Any]:
        """Search the source: the best hits (doc_id, title, snippet), most relevant first."""
        from wikiqa.pipeline import clean_question

        started = time.monotonic()
        try:  # checked before any source is opened for it
            query = clean_question(query, settings.max_question_chars)
        except BadQuestion as exc:
            raise ValueError(str(exc).replace("question", "query")) from None
        spec, src = await sources.get(source, settings.api_request_timeout)
        try:
            hits = await _within(
                started, settings.api_request_timeout, src.search(query, max(1, min(k, 50)), who)
            )
        except WikiqaError as exc:
            raise ValueError(f"search failed: {exc}") from None
        return {"source": spec, "hits": [h.model_dump(mode="json") for h in hits]}

    return server
