"""HTTP API: `create_app(settings)`; routes stay thin, `ask_async` does the work.

POST /api/ask   {"question": "...", "source": optional spec, "principal": optional}
POST /api/ask/stream   the same body; server-sent events of each step, then the result
POST /api/citation   the cited document's text around a quote (evidence.py)
GET  /api/me, /metrics   the caller's key and sources; Prometheus metrics
GET  /          the web page (web.py, static/)
GET  /healthz   liveness: the process answers
GET  /readyz    readiness: 503 until sources and models are loaded, while a served
                collection is missing or damaged, or while a source's last ask failed upstream;
                answered on its own thread, so it stays fast while the workers are busy
With auth on, data routes need an API key (auth.py); limits are in guard.py and limits.py.
Bad input is a 4xx with a message (413 over the body limit, 415 for a body that is not
JSON, 422 for an empty, oversized, malformed or too deeply nested body, 400 for an unknown
source or a principal when they are not allowed; inputs.py), never a 500; a served
collection whose file is damaged is a 503.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated

import anyio
from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ConfigDict, Field

from wikiqa.api.auth import Caller, CallerDep, check_source, principal_for
from wikiqa.api.inputs import JsonBody, JsonOnlyMiddleware, JsonRoute, validation_error
from wikiqa.api.limits import RequestLimitsMiddleware
from wikiqa.api.readiness import served_specs
from wikiqa.errors import BadQuestion, CollectionCorrupt, WikiqaError
from wikiqa.settings import Settings
from wikiqa.sources.base import Source
from wikiqa.types import Answer, Principal, Refusal
from wikiqa.workers import configure_workers, run_cpu

MAX_SPEC_CHARS = 1000  # a source spec is a short name or path; longer is refused (422)


class AskRequest(JsonBody):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(description="The question, in any language or script.")
    source: str | None = Field(
        default=None,
        max_length=MAX_SPEC_CHARS,
        description="A source spec; must be one the server allows (api_sources).",
    )
    principal: Principal | None = Field(
        default=None,
        description="Who is asking; accepted only when WIKIQA_API_ALLOW_PRINCIPAL is true.",
    )


class SourcePool:
    """Sources are opened once per app and closed at shutdown (HTTP clients, DB files).
    An opening runs in the background (opening.py): a request waits for it at most
    `api_request_timeout` s, then gets a 503 while it carries on."""

    def __init__(self, settings: Settings) -> None:
        from wikiqa.api.opening import Opener
        from wikiqa.sources.registry import open_source

        self.settings = settings
        self._opener = Opener(settings, open_source)
        self._open = self._opener.open

    def allowed(self) -> list[str]:
        return served_specs(self.settings)

    async def get(self, spec: str | None, *, wait: bool = False) -> Source:
        """The opened source; a 503 past the request time limit unless `wait` (startup)."""
        from wikiqa.api.opening import SourceOpening

        spec = spec or self.settings.source
        if spec not in self.allowed():
            raise HTTPException(
                400, f"source {spec!r} is not served here; allowed: {', '.join(self.allowed())}"
            )
        limit = None if wait else self.settings.api_request_timeout
        try:  # on a worker: opening a docs: source indexes the folder
            return await self._opener.get(spec, limit)
        except SourceOpening as exc:
            raise HTTPException(503, str(exc), {"Retry-After": "10"}) from None
        except CollectionCorrupt as exc:
            logging.getLogger(__name__).error("source %s: %s", spec, exc)
            why = "its collection file is damaged; see the server log"
            raise HTTPException(503, f"source {spec!r} is unavailable: {why}") from None
        except WikiqaError as exc:
            raise HTTPException(400, str(exc)) from None

    def resolve(self, spec_or_name: str) -> str:
        """A served spec given either the spec or the name of an opened source (a
        citation carries the name, e.g. "wikipedia:en")."""
        if spec_or_name in self.allowed():
            return spec_or_name
        named = [s for s, src in self._open.items() if src.name == spec_or_name]
        return named[0] if named else spec_or_name

    async def aclose(self) -> None:
        await self._opener.aclose()


def get_pool(request: Request) -> SourcePool:
    pool: SourcePool = request.app.state.pool
    return pool


PoolDep = Annotated[SourcePool, Depends(get_pool)]


def create_app(settings: Settings | None = None, *, auth: bool = False) -> FastAPI:
    """The app. `auth=True` requires an API key on every data route (the key store is
    WIKIQA_HOME/keys.sqlite); `wikiqa serve` turns it on for any non-loopback address."""
    from wikiqa.api.guard import AskGate, RateLimiter
    from wikiqa.api.keys import KeyStore
    from wikiqa.api.observe import Metrics, ObserveMiddleware

    settings = settings or Settings()
    configure_workers(settings.worker_threads)
    pool = SourcePool(settings)
    metrics = Metrics()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await _warm(app, pool)
        yield
        await pool.aclose()

    app = FastAPI(
        title="wikiqa",
        version="0.1.0",
        description="Grounded question answering: verbatim cited spans, or a typed refusal.",
        lifespan=lifespan,
    )
    app.router.route_class = JsonRoute  # bodies parse through inputs.parse_json

    app.add_middleware(JsonOnlyMiddleware)  # 415 for a body that is not UTF-8 JSON
    app.add_middleware(
        RequestLimitsMiddleware,
        max_bytes=settings.api_max_body_bytes,
        read_timeout=settings.api_read_timeout,
        max_header_bytes=settings.api_max_header_bytes,
        body_timeout=settings.api_body_timeout,
    )
    app.add_middleware(ObserveMiddleware, metrics=metrics)  # outermost: sees every refusal
    app.state.pool = pool
    app.state.keys = KeyStore.for_settings(settings) if auth else None
    app.state.limiter = RateLimiter(settings.api_rate_per_minute, settings.api_rate_burst)
    app.state.gate = AskGate(
        settings.api_max_inflight, settings.api_queue_timeout, settings.api_request_timeout
    )
    app.state.metrics = metrics
    app.state.ready = False
    app.state.upstream = {}  # spec -> why its last ask failed upstream (cleared on success)
    from wikiqa.api.evidence import install as install_evidence
    from wikiqa.api.stream import install as install_stream
    from wikiqa.api.web import install as install_web

    install_stream(app)  # POST /api/ask/stream (server-sent events), see stream.py
    install_evidence(app)  # POST /api/citation, GET /api/me, GET /metrics
    install_web(app)  # GET / and /static/*: the web page
    app.add_exception_handler(RequestValidationError, validation_error)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz")
    async def readyz() -> JSONResponse:
        from wikiqa.api.readiness import readiness

        if not app.state.ready:
            return JSONResponse({"status": "starting"}, 503)
        # A file check, not question work: on its own thread, never queued behind the
        # questions on the bounded CPU pool (a busy server must still answer its probe).
        problems = await anyio.to_thread.run_sync(readiness, settings)
        problems.update({s: why for s, why in app.state.upstream.items() if s not in problems})
        if problems:
            return JSONResponse({"status": "unavailable", "sources": problems}, 503)
        return JSONResponse({"status": "ready"})

    @app.post("/api/ask", response_model=Answer | Refusal)
    async def ask_route(body: AskRequest, request: Request, caller: CallerDep) -> Answer | Refusal:
        from wikiqa.api.observe import log_event
        from wikiqa.pipeline import ask_async

        spec, source, principal = await prepare(request, body, caller)
        gate: AskGate = app.state.gate
        async with gate.slot():
            try:
                async with asyncio.timeout(gate.time_limit):
                    result = await ask_async(
                        body.question,
                        source,
                        settings=settings,
                        principal=principal,
                        on_event=log_event,
                    )
            except BadQuestion as exc:
                raise HTTPException(422, str(exc)) from None
            except TimeoutError:
                raise gate.timeout_error() from None
        note_result(request, spec, result)
        return result

    return app


async def prepare(
    request: Request, body: AskRequest, caller: Caller
) -> tuple[str, Source, Principal | None]:
    """The spec, the opened source and the principal for an ask, after every access check
    (403 for a source the key may not use, 400 for a body principal not accepted)."""
    pool: SourcePool = request.app.state.pool
    spec = body.source or pool.settings.source
    check_source(caller, spec)
    principal = principal_for(caller, body.principal, pool.settings)
    return spec, await pool.get(spec), principal


def note_result(request: Request, spec: str, result: Answer | Refusal) -> None:
    """Metrics, and the upstream health /readyz reports: a source that just failed is not
    ready until an ask from it succeeds again."""
    request.app.state.metrics.record(result)
    upstream: dict[str, str] = request.app.state.upstream
    if isinstance(result, Refusal) and result.code.value == "source_unavailable":
        upstream[spec] = "upstream failing"
    else:
        upstream.pop(spec, None)


async def _warm(app: FastAPI, pool: SourcePool) -> None:
    """Open every served source and load the answerer's models before reporting ready; a
    source that cannot open is logged and reported by /readyz, not fatal."""
    log = logging.getLogger(__name__)
    for spec in pool.allowed():
        try:
            await pool.get(spec, wait=True)
        except HTTPException as exc:
            log.warning("source %s not opened at startup: %s", spec, exc.detail)
    if pool.settings.answerer in ("auto", "extractive"):
        await run_cpu(_load_models, pool.settings)
    app.state.ready = True


def _load_models(settings: Settings) -> None:
    """Load the extractive answerer's embedding model now (it loads lazily), so the first
    question does not pay for it and /readyz means what it says."""
    from wikiqa.pipeline import extractive_answerer

    warm = getattr(extractive_answerer(settings), "warm", None)
    if callable(warm):
        warm()
