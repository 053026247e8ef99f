"""Request limits as a pure ASGI middleware: header size, body size and body read time,
whatever the framing.

Why here and not in a route: a route sees the body only after the framework has read all
of it into memory. Wrapping `receive` counts bytes as they arrive, so a `Content-Length`
over the limit is refused before a byte is read, a `Transfer-Encoding: chunked` body is cut
off at the limit (the server never holds more than one network read beyond it), and a body
that stalls is dropped after `read_timeout` seconds instead of holding its connection
forever. Every refusal closes the connection, so the unread rest is never drained.
"""

from __future__ import annotations

import json

import anyio
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class _BodyRefused(HTTPException):
    """Raised from the wrapped `receive`; the app's handlers or this middleware answer it."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(status, detail, headers={"connection": "close"})


class RequestLimitsMiddleware:
    """431 for headers over `max_header_bytes`, 413 for a body over `max_bytes`, 408 for a
    body that stalls longer than `read_timeout` between reads or takes longer than
    `body_timeout` in all (a trickle that never stalls), 400 for an unreadable
    Content-Length or one sent beside Transfer-Encoding; the connection is then closed."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        max_bytes: int,
        read_timeout: float,
        max_header_bytes: int,
        body_timeout: float = 30.0,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.read_timeout = read_timeout
        self.max_header_bytes = max_header_bytes
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # h11 caps headers only while they arrive piecemeal; one large read slips past it.
        head = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        head += sum(len(k) + len(v) + 4 for k, v in scope["headers"])
        if head > self.max_header_bytes:
            await refuse(
                send,
                431,
                f"request line and headers over {self.max_header_bytes} bytes "
                "(WIKIQA_API_MAX_HEADER_BYTES)",
            )
            return
        lengths = [v for k, v in scope["headers"] if k.lower() == b"content-length"]
        if lengths and any(k.lower() == b"transfer-encoding" for k, _ in scope["headers"]):
            # RFC 9112 6.3: both framings is a smuggling attempt; refuse, do not pick one
            await refuse(send, 400, "send Content-Length or Transfer-Encoding, not both")
            return
        if lengths:
            value = lengths[0].strip()
            if len(set(lengths)) > 1 or not value.isdigit():
                await refuse(send, 400, "the Content-Length header is not a number")
                return
            if int(value) > self.max_bytes:
                await refuse(send, 413, self._too_large())
                return

        received = 0
        started = False
        body_done = False
        body_deadline: float | None = None  # set at the first read of the body

        async def limited_receive() -> Message:
            nonlocal received, body_done, body_deadline
            if body_done:  # later calls wait for a disconnect (e.g. a streaming response)
                return await receive()
            now = anyio.current_time()
            if body_deadline is None:
                body_deadline = now + self.body_timeout
            wait = min(self.read_timeout, body_deadline - now)
            try:
                with anyio.fail_after(max(wait, 0.0)):
                    message = await receive()
            except TimeoutError:
                if wait < self.read_timeout:
                    raise _BodyRefused(
                        408,
                        f"the request body took over {self.body_timeout:g} s to arrive "
                        "(WIKIQA_API_BODY_TIMEOUT)",
                    ) from None
                raise _BodyRefused(
                    408, f"the request body stalled for over {self.read_timeout:g} s"
                ) from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise _BodyRefused(413, self._too_large())
                body_done = not message.get("more_body", False)
            else:
                body_done = True
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracked_send)
        except _BodyRefused as exc:  # raised where no handler turned it into a response
            if started:
                raise
            await refuse(send, exc.status_code, exc.detail)

    def _too_large(self) -> str:
        return f"request body over {self.max_bytes} bytes (WIKIQA_API_MAX_BODY_BYTES)"


async def refuse(send: Send, status: int, detail: str) -> None:
    """A JSON error response that also closes the connection (the body is left unread)."""
    body = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
