"""RequestLimitsMiddleware in isolation: the read timeout covers the body only."""

from __future__ import annotations

import asyncio

from starlette.types import Message, Receive, Scope, Send

from wikiqa.api.limits import RequestLimitsMiddleware


async def test_waiting_for_a_disconnect_after_the_body_is_not_a_stall() -> None:
    """A streaming response listens for the client's disconnect with `receive()` long after
    the body ended; that wait must not be cut off by the body read timeout."""
    messages: list[Message] = [
        {"type": "http.request", "body": b"{}", "more_body": False},
    ]
    disconnect = asyncio.Event()

    async def receive() -> Message:
        if messages:
            return messages.pop(0)
        await disconnect.wait()
        return {"type": "http.disconnect"}

    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        assert (await receive())["type"] == "http.request"
        await send({"type": "http.response.start", "status": 200, "headers": []})
        asyncio.get_running_loop().call_later(0.3, disconnect.set)
        assert (await receive())["type"] == "http.disconnect"  # after 0.3 s > the timeout
        await send({"type": "http.response.body", "body": b"done"})

    limited = RequestLimitsMiddleware(app, max_bytes=100, read_timeout=0.1, max_header_bytes=1000)
    scope: Scope = {"type": "http", "headers": [], "raw_path": b"/", "query_string": b""}
    await limited(scope, receive, send)
    assert sent[0]["status"] == 200 and sent[-1]["body"] == b"done"
