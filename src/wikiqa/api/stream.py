"""POST /api/ask/stream: the run as server-sent events, each step as it happens, then the result.

    event: trace   data: one Event (answerer choice, search, fetch, model turn, tool, repair, ...)
    event: result  data: the Answer or Refusal (with usage: tokens, tool calls, cost, latency)
    event: error   data: {"detail": "..."} when the run fails (e.g. the model key was rejected),
                   or {"detail": "...", "status": 504} when it runs past the time limit

Bad input fails before the stream opens, with the same status codes as POST /api/ask.
`install(app)` adds the route and maps configuration errors (no model key, a key the
provider rejects) to 503 with the fix, for both ask routes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse, StreamingResponse
from starlette.background import BackgroundTask

from wikiqa.api.app import AskRequest, SourcePool, note_result, prepare
from wikiqa.api.auth import CallerDep
from wikiqa.api.guard import AskGate
from wikiqa.api.inputs import JsonRoute
from wikiqa.errors import BadQuestion, ConfigError, WikiqaError
from wikiqa.types import Event

router = APIRouter(route_class=JsonRoute)


def sse(event: str, data: dict[str, Any]) -> str:
    """One server-sent event; JSON has no raw newlines, so one data line suffices."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


@router.post(
    "/api/ask/stream",
    response_class=StreamingResponse,
    responses={
        200: {"content": {"text/event-stream": {}}, "description": "trace events, then the result"}
    },
)
async def ask_stream(body: AskRequest, request: Request, caller: CallerDep) -> StreamingResponse:
    from wikiqa.api.observe import log_event
    from wikiqa.pipeline import ask_async, clean_question

    pool: SourcePool = request.app.state.pool
    settings = pool.settings
    spec, source, principal = await prepare(request, body, caller)
    try:
        clean_question(body.question, settings.max_question_chars)
    except BadQuestion as exc:
        raise HTTPException(422, str(exc)) from None
    gate: AskGate = request.app.state.gate
    slot = AsyncExitStack()
    await slot.enter_async_context(gate.slot())  # 503 before the stream opens when saturated

    queue: asyncio.Queue[Event] = asyncio.Queue()

    def on_event(event: Event) -> None:
        log_event(event)
        queue.put_nowait(event)

    async def events() -> AsyncIterator[str]:
        deadline = time.monotonic() + gate.time_limit
        task = asyncio.create_task(
            ask_async(
                body.question, source, settings=settings, principal=principal, on_event=on_event
            )
        )
        try:
            while not task.done() or not queue.empty():
                left = deadline - time.monotonic()
                if left <= 0:
                    yield sse("error", {"detail": gate.timeout_error().detail, "status": 504})
                    return
                getter = asyncio.ensure_future(queue.get())
                await asyncio.wait(
                    {getter, task}, timeout=left, return_when=asyncio.FIRST_COMPLETED
                )
                if getter.done():
                    yield sse("trace", getter.result().model_dump(mode="json"))
                else:
                    getter.cancel()
            try:
                result = task.result()
            except WikiqaError as exc:
                yield sse("error", {"detail": str(exc)})
            else:
                note_result(request, spec, result)
                yield sse("result", result.to_dict())
        finally:
            if not task.done():  # the client went away or time ran out: stop the work
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            await slot.aclose()

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
        # Also after the response, in case the client left before the stream ever started
        # (the generator's own `finally` then never runs); closing twice is a no-op.
        background=BackgroundTask(slot.aclose),
    )


def install(app: FastAPI) -> None:
    """Add the stream route and the configuration-error mapping to `app`."""
    app.include_router(router)

    async def config_error(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, 503)

    app.add_exception_handler(ConfigError, config_error)
