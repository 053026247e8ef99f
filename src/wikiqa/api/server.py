"""How `wikiqa serve` runs uvicorn: the app plus the connection-level limits from settings.

One function so the tests run the very server configuration users get (API keys on any
non-loopback address, JSON logs, limits on open connections, idle keep-alive, header size, graceful shutdown), not a hand-made one.
"""

from __future__ import annotations

import ipaddress

import uvicorn

from wikiqa.api.app import create_app
from wikiqa.api.protocol import head_deadline_protocol
from wikiqa.errors import ConfigError
from wikiqa.settings import Settings

GRACEFUL_SHUTDOWN_S = 10  # a stalled request must not keep a stopping server alive


def server_config(
    settings: Settings,
    host: str = "127.0.0.1",
    port: int = 8000,
    log_level: str = "info",
    *,
    own_logging: bool = False,
) -> uvicorn.Config:
    """uvicorn settings: h11 (pure Python, the header-size limit applies; a connection gets
    `api_read_timeout` s to send each request head, see protocol.py), at most
    `api_max_connections` connections and tasks (503 beyond), idle keep-alive closed after
    `api_keepalive_timeout` s, request line and headers capped at `api_max_header_bytes`.
    `own_logging` (the `wikiqa serve` process) configures process-wide logging as JSON
    lines when WIKIQA_LOG_FORMAT=json; an embedding caller (tests) keeps its own."""
    from wikiqa.api.observe import json_log_config

    logging = (
        {"log_config": json_log_config(log_level), "access_log": False}
        if own_logging and settings.log_format == "json"
        else {}
    )
    return uvicorn.Config(
        create_app(settings, auth=auth_required(settings, host)),
        host=host,
        port=port,
        http=head_deadline_protocol(settings.api_read_timeout),  # h11, head deadline
        limit_concurrency=settings.api_max_connections,
        timeout_keep_alive=settings.api_keepalive_timeout,
        h11_max_incomplete_event_size=settings.api_max_header_bytes,
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
        log_level=log_level,
        **logging,  # type: ignore[arg-type]
    )


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name that may resolve anywhere: treat as public


def auth_required(settings: Settings, host: str) -> bool:
    """WIKIQA_API_AUTH: on always; auto unless `host` is loopback; off only on loopback
    (a public address without keys would let anyone read as anyone)."""
    if settings.api_auth == "on":
        return True
    if is_loopback(host):
        return False
    if settings.api_auth == "off":
        raise ConfigError(
            f"WIKIQA_API_AUTH=off is allowed only on a loopback address, not {host!r}"
        )
    return True
