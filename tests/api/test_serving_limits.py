"""Issue 12: per-key rate limits (429), a per-request time limit (504), bounded concurrency
toward sources and models (503), each with Retry-After; metrics; readiness and recovery.

No check races the clock: slots are held on an event until the test releases them, a
"hang" lasts `HANG` s against a `PATIENCE` s bound, and the rate limit refills one token a
minute, so a loaded machine only makes a test slower, never wrong."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from wrapped_source import WrappedSource

from wikiqa.api.app import create_app
from wikiqa.api.keys import KeyStore
from wikiqa.api.observe import JsonFormatter
from wikiqa.errors import SourceUnavailable
from wikiqa.settings import Settings
from wikiqa.types import Document, Hit, Principal

Q = {"question": "When did Hekla erupt?"}
HANG = 120.0  # seconds a stalled upstream takes: what a missing time limit would wait for
PATIENCE = 30.0  # seconds a bounded wait may take on a loaded machine (far under HANG)


class SlowSource(WrappedSource):
    """A real Source whose search takes `delay` seconds (an upstream that is slow), and
    that fails while `down` is set (an upstream outage)."""

    name = "slow"

    def __init__(self, inner: object, delay: float) -> None:
        super().__init__(inner)
        self.delay = delay
        self.down = False

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        await asyncio.sleep(self.delay)
        if self.down:
            raise SourceUnavailable("the upstream is down")
        return await super().search(query, k, principal)

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        if self.down:
            raise SourceUnavailable("the upstream is down")
        return await super().fetch(doc_id, principal, full=full)


def _slow_app(corpus: Path, delay: float, **overrides: object):  # type: ignore[no-untyped-def]
    settings = Settings(source=f"docs:{corpus}", **overrides)  # type: ignore[arg-type]
    app = create_app(settings)
    return app, settings.source


def _install_slow(client: TestClient, spec: str, delay: float) -> SlowSource:
    pool = client.app.state.pool  # type: ignore[attr-defined]
    slow = SlowSource(pool._open[spec], delay)
    pool._open[spec] = slow
    return slow


def test_rate_limit_per_key_is_429_with_retry_after(corpus: Path) -> None:
    # One token a minute: the bucket cannot refill between the calls however slow they are.
    settings = Settings(source=f"docs:{corpus}", api_rate_per_minute=1, api_rate_burst=2)
    store = KeyStore.for_settings(settings)
    a, b = store.create("a")[0], store.create("b")[0]
    with TestClient(create_app(settings, auth=True)) as client:
        ha, hb = {"Authorization": f"Bearer {a}"}, {"Authorization": f"Bearer {b}"}
        assert [client.get("/api/me", headers=ha).status_code for _ in range(2)] == [200, 200]
        limited = client.post("/api/ask", json=Q, headers=ha)
        assert limited.status_code == 429
        assert 60 - PATIENCE <= int(limited.headers["retry-after"]) <= 60
        assert client.get("/api/me", headers=hb).status_code == 200  # another key's own bucket
        metrics = client.get("/metrics", headers=hb).text
        assert 'wikiqa_http_rejections_total{status="429"} 1.0' in metrics


def test_request_time_limit_is_504_never_a_hang(corpus: Path) -> None:
    app, spec = _slow_app(corpus, HANG, api_request_timeout=0.3)
    with TestClient(app) as client:
        _install_slow(client, spec, HANG)
        started = time.monotonic()
        r = client.post("/api/ask", json=Q)
        assert r.status_code == 504 and "retry-after" in r.headers
        stream = client.post("/api/ask/stream", json=Q)
        assert stream.status_code == 200 and '"status": 504' in stream.text
        assert time.monotonic() - started < PATIENCE  # without the limit: 2 x HANG
        # The slots were released: a normal ask still works once the source is fast again
        # (given a time limit a loaded machine cannot miss).
        client.app.state.pool._open[spec].delay = 0  # type: ignore[attr-defined]
        client.app.state.gate.time_limit = PATIENCE  # type: ignore[attr-defined]
        assert client.post("/api/ask", json=Q).json()["kind"] == "answer"


class HeldSource(WrappedSource):
    """A source whose search waits until the test releases it, counting the searches that
    are waiting: the slots they hold stay held for exactly as long as the test needs."""

    name = "held"

    def __init__(self, inner: object) -> None:
        super().__init__(inner)
        self.release = asyncio.Event()
        self.waiting = 0

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        self.waiting += 1
        try:
            await self.release.wait()
        finally:
            self.waiting -= 1
        return await super().search(query, k, principal)

    async def until_waiting(self, n: int) -> None:
        """Return once `n` searches wait (the asks holding them have their slots)."""
        async with asyncio.timeout(PATIENCE):
            while self.waiting < n:
                await asyncio.sleep(0.01)


async def test_bounded_concurrency_is_503_when_saturated(corpus: Path) -> None:
    settings = Settings(source=f"docs:{corpus}", api_max_inflight=2, api_queue_timeout=0.2)
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        pool = app.state.pool
        held = HeldSource(pool._open[settings.source])
        pool._open[settings.source] = held
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            holding = [asyncio.create_task(client.post("/api/ask", json=Q)) for _ in range(2)]
            await held.until_waiting(2)  # both slots are taken and stay taken
            async with asyncio.timeout(PATIENCE):  # without the queue limit: a wait forever
                busy = await asyncio.gather(*(client.post("/api/ask", json=Q) for _ in range(2)))
            assert [r.status_code for r in busy] == [503, 503]
            assert busy[0].headers["retry-after"] == "1" and "capacity" in busy[0].json()["detail"]
            held.release.set()
            assert [(await t).status_code for t in holding] == [200, 200]
            assert app.state.gate.in_use == 0  # every slot came back

            held.release.clear()
            streams = [
                asyncio.create_task(client.post("/api/ask/stream", json=Q)) for _ in range(2)
            ]
            await held.until_waiting(2)
            async with asyncio.timeout(PATIENCE):
                third = await client.post("/api/ask/stream", json=Q)
            assert third.status_code == 503  # refused before the stream opens
            held.release.set()
            assert [(await t).status_code for t in streams] == [200, 200]
            assert app.state.gate.in_use == 0


def test_metrics_content(corpus: Path) -> None:
    with TestClient(create_app(Settings(source=f"docs:{corpus}"))) as client:
        client.post("/api/ask", json=Q)
        client.post("/api/ask", json={"question": "Quantum gluon confinement?"})
        client.post("/api/ask", json={"question": ""})
        text = client.get("/metrics").text
    assert 'wikiqa_http_requests_total{method="POST",route="/api/ask",status="200"} 2.0' in text
    assert 'wikiqa_http_requests_total{method="POST",route="/api/ask",status="422"} 1.0' in text
    assert 'wikiqa_results_total{answerer="extractive",kind="answer"} 1.0' in text
    assert 'wikiqa_refusals_total{code="insufficient_evidence"} 1.0' in text
    assert 'wikiqa_http_request_duration_seconds_bucket{le="+Inf",route="/api/ask"} 3.0' in text
    for family in ("wikiqa_tool_calls_total", "wikiqa_upstream_errors", "wikiqa_model_tokens"):
        assert family in text


def test_request_id_in_and_out_and_in_the_logs(
    corpus: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(Settings(source=f"docs:{corpus}"))) as client:
        with caplog.at_level(logging.INFO, logger="wikiqa"):
            r = client.post("/api/ask", json=Q, headers={"X-Request-ID": "req-42"})
        assert r.headers["x-request-id"] == "req-42"
        fresh = client.post("/api/ask", json=Q, headers={"X-Request-ID": "bad id <x>!"})
        assert len(fresh.headers["x-request-id"]) == 32  # a hostile id is replaced
    lines = [json.loads(JsonFormatter().format(rec)) for rec in caplog.records]
    trace = [line for line in lines if line["logger"] == "wikiqa.trace"]
    assert trace and all(line["request_id"] == "req-42" for line in trace)
    assert {line["kind"] for line in trace} >= {"search", "fetch", "validate"}
    access = [line for line in lines if line["logger"] == "wikiqa.api"]
    assert access[-1]["status"] == 200 and access[-1]["request_id"] == "req-42"


def test_readiness_follows_the_upstream_and_recovers(corpus: Path) -> None:
    app, spec = _slow_app(corpus, 0)
    with TestClient(app) as client:
        assert client.get("/readyz").json() == {"status": "ready"}
        slow = _install_slow(client, spec, 0)
        slow.down = True
        r = client.post("/api/ask", json=Q)
        assert r.status_code == 200 and r.json()["code"] == "source_unavailable"
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["sources"] == {spec: "upstream failing"}
        assert 'wikiqa_upstream_errors_total{kind="source"} 1.0' in client.get("/metrics").text
        slow.down = False
        assert client.post("/api/ask", json=Q).json()["kind"] == "answer"
        assert client.get("/readyz").status_code == 200


def test_not_ready_until_started(corpus: Path) -> None:
    app = create_app(Settings(source=f"docs:{corpus}"))
    client = TestClient(app)  # no lifespan yet: nothing opened or loaded
    assert client.get("/readyz").json() == {"status": "starting"}
    with client:
        assert client.get("/readyz").json() == {"status": "ready"}
