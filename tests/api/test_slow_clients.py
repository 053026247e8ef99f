"""Slow clients cannot hold the server's connections: over real loopback, a connection that
sends nothing, trickles its request head, or trickles its body is answered 408 and closed
within its deadline, while a slow *question* (the server's own work) is never cut off."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn
from wrapped_source import WrappedSource

from wikiqa.api.server import server_config
from wikiqa.settings import Settings
from wikiqa.types import Hit, Principal

READ = 1.0  # WIKIQA_API_READ_TIMEOUT in these tests
BODY = 2.0  # WIKIQA_API_BODY_TIMEOUT


@contextmanager
def serving(corpus: Path, **overrides: object) -> Iterator[tuple[tuple[str, int], object]]:
    """A server configured as `wikiqa serve` (its own protocol and limits), with its app."""
    settings = Settings(  # type: ignore[arg-type]
        source=f"docs:{corpus}",
        retrieval_mode="lexical",
        api_read_timeout=READ,
        api_body_timeout=BODY,
        api_keepalive_timeout=30,
        **overrides,
    )
    config = server_config(settings, "127.0.0.1", 0, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="slow-uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield server.servers[0].sockets[0].getsockname()[:2], config.app
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def _trickle(sock: socket.socket, data: bytes, every: float, limit: float) -> tuple[float, bytes]:
    """Send `data` a byte at a time; (seconds until the server answered or closed, what
    it sent). Gives up after `limit` seconds (the connection was held)."""
    sock.settimeout(every)
    started = time.monotonic()
    i = 0
    received = b""
    while time.monotonic() - started < limit:
        try:
            chunk = sock.recv(65536)
            if not chunk:
                return time.monotonic() - started, received
            received += chunk
            if b"\r\n\r\n" in received:
                sock.settimeout(1.0)
                continue  # read the rest until the server closes
        except TimeoutError:
            pass
        except ConnectionResetError:
            return time.monotonic() - started, received
        if i < len(data) and not received:
            try:
                sock.send(data[i : i + 1])
            except OSError:
                return time.monotonic() - started, received
            i += 1
    return limit, received + b"(still open)"


HEAD = b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"


def test_a_connection_that_sends_nothing_is_closed(corpus: Path) -> None:
    with serving(corpus) as (addr, _), socket.create_connection(addr) as sock:
        took, got = _trickle(sock, b"", 0.1, 8)
    assert b"(still open)" not in got
    assert got.startswith(b"HTTP/1.1 408") and b"request head" in got
    assert READ * 0.9 < took < READ + 2


def test_a_trickled_request_head_is_cut_off(corpus: Path) -> None:
    with serving(corpus) as (addr, _), socket.create_connection(addr) as sock:
        took, got = _trickle(sock, HEAD + b"X-Pad: " + b"a" * 200, 0.1, 8)
    assert got.startswith(b"HTTP/1.1 408"), got[:100]
    assert took < READ + 2


def test_a_kept_alive_connection_must_send_its_next_head_in_time(corpus: Path) -> None:
    with serving(corpus) as (addr, _), socket.create_connection(addr) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(5)
        first = b""
        while b'{"status":"ok"}' not in first:
            first += sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        took, got = _trickle(sock, b"GET /healthz HTTP/1.1\r\nX-Pad: " + b"a" * 200, 0.1, 8)
    assert got.startswith(b"HTTP/1.1 408"), got[:100]
    assert took < READ + 2


def test_a_trickled_body_is_cut_off_at_the_body_deadline(corpus: Path) -> None:
    body = b'{"question": "' + b"a" * 300 + b'?"}'
    head = HEAD + f"Content-Length: {len(body)}\r\n\r\n".encode()
    with serving(corpus) as (addr, _), socket.create_connection(addr) as sock:
        sock.sendall(head)
        took, got = _trickle(sock, body, 0.2, 10)  # each gap well under the 1 s read timeout
    assert got.startswith(b"HTTP/1.1 408"), got[:100]
    assert b"WIKIQA_API_BODY_TIMEOUT" in got
    assert BODY * 0.9 < took < BODY + 2


class SlowSearch(WrappedSource):
    """The corpus behind a search that takes longer than the read timeout (a slow
    upstream): the server's own work, which no client deadline may cut off."""

    name = "slow"

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        await asyncio.sleep(READ * 2)
        return await super().search(query, k, principal)


def test_a_question_slower_than_the_client_deadlines_is_answered(corpus: Path) -> None:
    body = b'{"question": "When did Hekla erupt?"}'
    request = HEAD + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
    with serving(corpus) as (addr, app), socket.create_connection(addr) as sock:
        pool = app.state.pool  # type: ignore[attr-defined]
        spec = pool.settings.source
        pool._open[spec] = SlowSearch(pool._open[spec])
        sock.sendall(request)
        sock.settimeout(10)
        got = b""
        while b'"kind":"answer"' not in got:
            chunk = sock.recv(65536)
            assert chunk, got[:200]
            got += chunk
        assert got.startswith(b"HTTP/1.1 200")
        # and the same connection may ask again
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        again = b""
        while b'{"status":"ok"}' not in again:
            again += sock.recv(65536)
        assert again.startswith(b"HTTP/1.1 200")


def _healthz(addr: tuple[str, int]) -> bytes:
    with socket.create_connection(addr) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        sock.settimeout(5)
        return sock.recv(100).split(b"\r\n")[0]


def test_connections_held_open_at_the_limit_free_up_by_the_head_deadline(corpus: Path) -> None:
    """As many silent connections as the server allows shut others out (503) only until
    the head deadline closes them; before, they did for as long as they stayed open."""
    with serving(corpus, api_max_connections=8) as (addr, _):
        silent = [socket.create_connection(addr) for _ in range(8)]
        try:
            time.sleep(0.2)
            assert _healthz(addr) == b"HTTP/1.1 503 Service Unavailable"
            time.sleep(READ + 0.5)
            assert _healthz(addr) == b"HTTP/1.1 200 OK"
        finally:
            for sock in silent:
                sock.close()
