"""How `wikiqa serve` runs uvicorn: the app plus the connection-level limits from settings.

One function so the tests run the very server configuration users get (limits on open
connections, idle keep-alive, header size, graceful shutdown), not a hand-made one.
"""

from __future__ import annotations

import uvicorn

from wikiqa.api.app import create_app
from wikiqa.settings import Settings

GRACEFUL_SHUTDOWN_S = 10  # a stalled request must not keep a stopping server alive


def server_config(
    settings: Settings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info"
) -> uvicorn.Config:
    """uvicorn settings: h11 (pure Python, the header-size limit applies), at most
    `api_max_connections` connections and tasks (503 beyond), idle keep-alive closed after
    `api_keepalive_timeout` s, request line and headers capped at `api_max_header_bytes`."""
    return uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        http="h11",
        limit_concurrency=settings.api_max_connections,
        timeout_keep_alive=settings.api_keepalive_timeout,
        h11_max_incomplete_event_size=settings.api_max_header_bytes,
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
        log_level=log_level,
    )
