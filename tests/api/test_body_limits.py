"""Issue 7 item 10: request bodies are bounded whatever the framing, over real loopback.

A real uvicorn server (configured as `wikiqa serve`) runs in a thread; raw sockets send
what a hostile client would: a huge chunked body, a lying Content-Length, a body that stalls,
oversized headers.
"""

from __future__ import annotations

import contextlib
import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import live_server

from wikiqa.settings import Settings

LIMIT = 2000
CHUNK = 64 * 1024


@pytest.fixture
def server(corpus: Path) -> Iterator[tuple[str, int]]:
    settings = Settings(
        source=f"docs:{corpus}",
        retrieval_mode="lexical",
        api_max_body_bytes=LIMIT,
        api_read_timeout=1.0,
    )
    with live_server(settings) as addr:
        yield addr


def _rss_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def _head(extra: str) -> bytes:
    return (
        "POST /api/ask HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Type: application/json\r\n{extra}\r\n"
    ).encode()


def _read_response(sock: socket.socket, timeout: float) -> bytes:
    """Everything the server sends until it closes the connection (or `timeout`)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    return data


def _status(response: bytes) -> int:
    assert response.startswith(b"HTTP/1.1 "), response[:200]
    return int(response.split(b" ", 2)[1])


def test_chunked_body_is_cut_off_at_the_limit(server: tuple[str, int]) -> None:
    """30 MB offered in chunks: the server answers 413 after about the limit, closes the
    connection, and neither its memory nor the time taken grows with what was offered."""
    offered = 30 * 1024 * 1024
    rss_before = _rss_bytes()
    started = time.perf_counter()
    sent = 0
    with socket.create_connection(server) as sock:
        sock.sendall(_head("Transfer-Encoding: chunked\r\n"))
        piece = f"{CHUNK:x}\r\n".encode() + b"x" * CHUNK + b"\r\n"
        while sent < offered:
            if select.select([sock], [], [], 0)[0]:
                break  # the server has answered
            try:
                sock.sendall(piece)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += CHUNK
        response = _read_response(sock, timeout=10)
    elapsed = time.perf_counter() - started
    grown = _rss_bytes() - rss_before
    print(f"chunked: offered {offered} B, sent {sent} B, {elapsed:.2f} s, RSS +{grown} B")
    assert _status(response) == 413
    assert b"WIKIQA_API_MAX_BODY_BYTES" in response and b"connection: close" in response.lower()
    assert sent < offered / 3  # cut off long before the end, not read in full
    assert elapsed < 5
    assert grown < 20 * 1024 * 1024


def test_content_length_over_the_limit_is_refused_before_reading(
    server: tuple[str, int],
) -> None:
    with socket.create_connection(server) as sock:
        sock.sendall(_head(f"Content-Length: {10**9}\r\n"))  # and never a byte of body
        response = _read_response(sock, timeout=5)
    assert _status(response) == 413


@pytest.mark.parametrize(
    ("framing", "partial"),
    [
        ("Content-Length: 500\r\n", b'{"question": "Hek'),
        ("Transfer-Encoding: chunked\r\n", b'11\r\n{"question": "Hek\r\n'),
    ],
)
def test_a_stalled_body_is_dropped_after_the_read_timeout(
    server: tuple[str, int], framing: str, partial: bytes
) -> None:
    started = time.perf_counter()
    with socket.create_connection(server) as sock:
        sock.sendall(_head(framing) + partial)  # then nothing more
        response = _read_response(sock, timeout=10)
    elapsed = time.perf_counter() - started
    assert _status(response) == 408 and b"stalled" in response
    assert 0.9 < elapsed < 5  # the 1 s read timeout, not forever


def test_the_server_answers_others_after_refusals(server: tuple[str, int]) -> None:
    with socket.create_connection(server) as sock:
        sock.sendall(_head(f"Content-Length: {LIMIT + 1}\r\n"))
        assert _status(_read_response(sock, timeout=5)) == 413
    with socket.create_connection(server) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert _status(_read_response(sock, timeout=5)) == 200


@pytest.mark.parametrize(
    "raw",
    [
        # headers far over api_max_header_bytes
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n",
        # two different Content-Length values
        b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        # a Content-Length that is not a number
        b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        # a malformed chunk size
        b"POST /api/ask HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        # a NUL byte in the request line
        b"GET /heal\x00thz HTTP/1.1\r\nHost: x\r\n\r\n",
        # both framings at once (request smuggling past a proxy that reads the other one)
        b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
        b'25\r\n{"question": "When did Hekla erupt?"}\r\n0\r\n\r\n',
    ],
)
def test_malformed_requests_fail_closed_with_a_4xx(server: tuple[str, int], raw: bytes) -> None:
    with socket.create_connection(server) as sock:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(raw)
        response = _read_response(sock, timeout=5)
    assert 400 <= _status(response) < 500
