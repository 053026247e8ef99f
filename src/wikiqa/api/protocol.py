"""uvicorn's h11 protocol with a deadline on the request head: a slow client cannot hold a
connection by sending nothing, or its request line and headers a byte at a time.

Why: uvicorn closes an *idle kept-alive* connection, but not one that opens and sends
nothing, nor one that trickles its head; each such connection counts against
`WIKIQA_API_MAX_CONNECTIONS`, so 64 of them would shut everyone else out (503). The body
has its own deadlines in the ASGI middleware (`limits.py`); the head never reaches the app,
so its deadline lives here. The clock starts when the connection opens and again when a
response ends; it stops while a request is being served, however long the question takes.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class HeadDeadlineH11Protocol(H11Protocol):
    """h11 protocol that answers 408 and closes a connection whose request head is not
    complete within `head_timeout` seconds."""

    head_timeout: float = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None
        self._served: object | None = None  # the request cycle last seen starting

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and self.cycle is not self._served:
            self._served = self.cycle  # a whole head arrived: the request is being served
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self._waiting():
            self._arm()

    def _waiting(self) -> bool:
        """No request is being served: the connection owes us a head."""
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(self.head_timeout, self._expired)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _expired(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or not self._waiting():
            return
        body = json.dumps(
            {
                "detail": f"no complete request head within {self.head_timeout:g} s "
                "(WIKIQA_API_READ_TIMEOUT)"
            }
        ).encode()
        self.transport.write(
            b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
            + f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode()
            + body
        )
        self.transport.close()


def head_deadline_protocol(seconds: float) -> type[HeadDeadlineH11Protocol]:
    """The protocol class for one server, its head deadline fixed (uvicorn builds one
    protocol object per connection from the class it is given)."""
    return type("HeadDeadlineH11Protocol", (HeadDeadlineH11Protocol,), {"head_timeout": seconds})
