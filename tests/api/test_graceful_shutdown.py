"""Issue 12: stopping `wikiqa serve` finishes the question in flight, then closes."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import uvicorn
from test_serving_limits import SlowSource

from wikiqa.api.server import server_config
from wikiqa.settings import Settings


def test_shutdown_finishes_in_flight_requests(corpus: Path) -> None:
    settings = Settings(source=f"docs:{corpus}", log_format="text")
    config = server_config(settings, "127.0.0.1", 0, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    app = config.app
    pool = app.state.pool  # type: ignore[union-attr]
    pool._open[settings.source] = SlowSource(pool._open[settings.source], 1.5)

    result: dict[str, httpx.Response] = {}

    def ask() -> None:
        result["r"] = httpx.post(
            f"http://127.0.0.1:{port}/api/ask",
            json={"question": "When did Hekla erupt?"},
            timeout=30,
        )

    client = threading.Thread(target=ask)
    client.start()
    time.sleep(0.5)  # the question is now waiting on the slow source
    server.should_exit = True
    client.join(timeout=30)
    thread.join(timeout=30)
    assert not thread.is_alive()
    r = result["r"]
    assert r.status_code == 200 and r.json()["kind"] == "answer"
    try:
        httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
    except httpx.ConnectError:
        pass
    else:
        raise AssertionError("the server still accepts connections after shutdown")
