"""POST /api/ask/stream: the run as server-sent events, each step as it happens, then the result.

    event: trace   data: one Event (answerer choice, search, fetch, model turn, tool, repair, ...)
    event: result  data: the Answer or Refusal (with usage: tokens, tool calls, cost, latency)
    event: error   data: {"detail": "..."} when the run fails (e.g. the model key was rejected)

Bad input fails before the stream opens, with the same status codes as POST /api/ask.
`install(app)` adds the route and maps configuration errors (no model key, a key the
provider rejects) to 503 with the fix, for both ask routes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse, StreamingResponse

from wikiqa.api.app import AskRequest, SourcePool
from wikiqa.errors import BadQuestion, ConfigError, WikiqaError
from wikiqa.types import Event

router = APIRouter()


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
async def ask_stream(body: AskRequest, request: Request) -> StreamingResponse:
    from wikiqa.pipeline import ask_async, clean_question

    pool: SourcePool = request.app.state.pool
    settings = pool.settings
    if body.principal is not None and not settings.api_allow_principal:
        raise HTTPException(
            400, "this server does not accept a principal (WIKIQA_API_ALLOW_PRINCIPAL=false)"
        )
    source = await pool.get(body.source)
    try:
        clean_question(body.question, settings.max_question_chars)
    except BadQuestion as exc:
        raise HTTPException(422, str(exc)) from None

    queue: asyncio.Queue[Event] = asyncio.Queue()

    async def events() -> AsyncIterator[str]:
        task = asyncio.create_task(
            ask_async(
                body.question,
                source,
                settings=settings,
                principal=body.principal,
                on_event=queue.put_nowait,
            )
        )
        try:
            while not task.done() or not queue.empty():
                getter = asyncio.ensure_future(queue.get())
                await asyncio.wait({getter, task}, return_when=asyncio.FIRST_COMPLETED)
                if getter.done():
                    yield sse("trace", getter.result().model_dump(mode="json"))
                else:
                    getter.cancel()
            try:
                result = task.result()
            except WikiqaError as exc:
                yield sse("error", {"detail": str(exc)})
            else:
                yield sse("result", result.to_dict())
        finally:
            if not task.done():  # the client went away: stop the model and the reads
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
    )


def install(app: FastAPI) -> None:
    """Add the stream route and the configuration-error mapping to `app`."""
    app.include_router(router)

    async def config_error(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, 503)

    app.add_exception_handler(ConfigError, config_error)
