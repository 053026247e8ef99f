"""The evidence behind a citation, the caller's identity, and the metrics.

POST /api/citation {"source", "doc_id", "start", "end", "quote"}: the cited document's text
around the quote, fetched as the caller's principal, so a key never sees a document it could
not have been cited (a forbidden or unknown document is the same 404). The quote is found at
its offsets in the document view it was cited from (lead first, then full text), else
anywhere in the text; a quote no longer there is a 404 that says so.
GET /api/me: the key's name and the sources it may use (the page's source picker).
GET /metrics: Prometheus text; behind a key when auth is on.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, HTTPException, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import ConfigDict, Field, model_validator

from wikiqa.api.app import MAX_SPEC_CHARS
from wikiqa.api.auth import CallerDep, check_source, principal_for
from wikiqa.api.guard import AskGate
from wikiqa.api.inputs import JsonBody
from wikiqa.errors import DocumentNotFound, SourceUnavailable
from wikiqa.grounding.injection_titles import shown_title
from wikiqa.sources.base import Source
from wikiqa.types import Document, Principal

WINDOW_CHARS = 600  # text shown on each side of the quote


MAX_OFFSET = 2**53  # past any document's length; bigger numbers are a client fault (422)


class CitationRequest(JsonBody):
    """A citation as the answer carried it (its other fields, title and url, are ignored)."""

    model_config = ConfigDict(extra="ignore")

    source: str = Field(
        max_length=MAX_SPEC_CHARS, description="The source spec, or the citation's source name."
    )
    doc_id: str = Field(max_length=2000)
    # strict: "0", true or 4.0 is a client's type error (422), not an offset to guess at
    start: int = Field(ge=0, le=MAX_OFFSET, strict=True)
    end: int = Field(ge=0, le=MAX_OFFSET, strict=True)
    quote: str = Field(min_length=1, max_length=20_000)
    principal: Principal | None = None  # only with auth off and WIKIQA_API_ALLOW_PRINCIPAL

    @model_validator(mode="after")
    def _ordered(self) -> CitationRequest:
        if self.end < self.start:
            raise ValueError("end must not be before start")
        return self


def locate(text: str, start: int, end: int, quote: str) -> int | None:
    """Where `quote` starts in `text`: at the cited offsets if it is there, else its first
    occurrence, else None."""
    if text[start:end] == quote:
        return start
    at = text.find(quote)
    return at if at >= 0 else None


def window(doc: Document, at: int, quote: str) -> dict[str, Any]:
    lo = max(0, at - WINDOW_CHARS)
    hi = min(len(doc.text), at + len(quote) + WINDOW_CHARS)
    return {
        "title": shown_title(doc.title, doc.doc_id),  # as the answer's citation showed it
        "url": doc.url,
        "revision_id": doc.revision_id,
        "before": doc.text[lo:at],
        "quote": quote,
        "after": doc.text[at + len(quote) : hi],
        "start": at,
        "end": at + len(quote),
        "truncated_before": lo > 0,
        "truncated_after": hi < len(doc.text),
    }


async def _evidence(source: Source, body: CitationRequest, principal: Principal | None) -> Any:
    """The window around the cited quote: in the view it was cited from (lead first), else
    in the full text; 404 when the document or the quote is gone."""
    for full in (False, True):
        try:
            doc = await source.fetch(body.doc_id, principal, full=full)
        except DocumentNotFound:
            raise HTTPException(404, "no such document in this source") from None
        except SourceUnavailable as exc:
            raise HTTPException(503, f"the source is unavailable: {exc}") from None
        at = locate(doc.text, body.start, body.end, body.quote)
        if at is not None:
            return window(doc, at, body.quote)
    raise HTTPException(404, "the quoted span is not in the document's current text")


def install(app: FastAPI) -> None:
    @app.post("/api/citation")
    async def citation(body: CitationRequest, request: Request, caller: CallerDep) -> Any:
        pool = request.app.state.pool
        spec = pool.resolve(body.source)
        check_source(caller, spec)
        principal = principal_for(caller, body.principal, pool.settings)
        source = await pool.get(spec)
        gate: AskGate = request.app.state.gate
        async with gate.slot():
            try:
                async with asyncio.timeout(gate.time_limit):  # as an ask: 504 past it
                    return await _evidence(source, body, principal)
            except TimeoutError:
                raise gate.timeout_error() from None

    @app.get("/api/me")
    async def me(request: Request, caller: CallerDep) -> dict[str, Any]:
        pool = request.app.state.pool
        sources = [s for s in pool.allowed() if caller.key is None or caller.key.may_use(s)]
        return {
            "auth": caller.key is not None,
            "key": caller.key.name if caller.key else None,
            "default_source": pool.settings.source,
            "sources": sources,
        }

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request, caller: CallerDep) -> Response:
        data = generate_latest(request.app.state.metrics.registry)
        return Response(data, media_type=CONTENT_TYPE_LATEST)
