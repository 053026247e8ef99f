"""A real uvicorn server on 127.0.0.1 (random port) in a thread, configured as `wikiqa serve`."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from wikiqa.api.server import server_config
from wikiqa.settings import Settings


@contextmanager
def live_server(settings: Settings) -> Iterator[tuple[str, int]]:
    """Yields (host, port) of a running server; stops it (and its thread) on exit."""
    server = uvicorn.Server(server_config(settings, "127.0.0.1", 0, log_level="warning"))
    thread = threading.Thread(target=server.run, name="live-uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield "127.0.0.1", port
    finally:
        server.should_exit = True
        thread.join(timeout=30)
