"""A question answered 504 (or whose stream client left) stops its CPU work: the worker
thread does not keep a core busy for a result nobody will read.

Bounded, not timed: the scoring would run for `RUNS` s if nothing stopped it, and each
check waits up to `PATIENCE` s (returning as soon as the work stopped), so a loaded machine
only makes the test slower, while work that is not stopped still fails it. A time limit
that fired before the work began proves nothing, so it is doubled and the question asked
again until the work had started when the 504 came."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import uvicorn
from fastapi.testclient import TestClient
from wrapped_source import WrappedSource

from wikiqa import workers
from wikiqa.api.app import create_app
from wikiqa.settings import Settings
from wikiqa.types import Document, Hit, Principal
from wikiqa.workers import run_cpu

Q = {"question": "When did Hekla erupt?"}
RUNS = 120.0  # seconds the scoring runs unless it is stopped
PATIENCE = 30.0  # seconds a check waits for the stop: far under RUNS, far over any load
LIMITS = (0.3, 0.6, 1.2, 2.4, 4.8, 9.6)  # time limits tried until the work had started


class CpuBoundSource(WrappedSource):
    """The test corpus behind a search whose scoring is heavy CPU work on a worker thread
    (as a collection's search is), counting its steps so a test can see it stop."""

    name = "cpu-bound"

    def __init__(self, inner: object, seconds: float) -> None:
        super().__init__(inner)
        self.seconds = seconds
        self.steps = 0
        self.calls = 0  # scorings begun (for the message of a failure)
        self.ended: list[str] = []  # how each scoring that raised ended

    def _score(self) -> None:
        self.calls += 1
        try:
            end = time.perf_counter() + self.seconds
            while time.perf_counter() < end:
                self.steps += 1
        except BaseException as exc:
            self.ended.append(f"{type(exc).__name__} after {self.steps} steps")
            raise

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        await run_cpu(self._score)
        return await super().search(query, k, principal)


def _stopped(source: CpuBoundSource, within: float = PATIENCE) -> bool:
    """True once no worker runs anything and the step count stays put."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        before = source.steps
        time.sleep(0.2)
        if workers.busy() == 0 and source.steps == before:
            return True
    return False


def _timed_out_while_working(
    client: TestClient, heavy: CpuBoundSource, ask: Callable[[], bool]
) -> None:
    """Run `ask` (True when it was answered 504) under growing time limits until the
    scoring had started before the limit fired; fail if it never did."""
    gate = client.app.state.gate  # type: ignore[attr-defined]
    for limit in LIMITS:
        assert _stopped(heavy), "an earlier timed-out question still runs"
        heavy.steps = 0
        gate.time_limit = limit
        assert ask(), f"no 504 under a {limit:g} s limit"
        if heavy.steps > 0:
            return
    raise AssertionError(f"the scoring never started within {LIMITS[-1]:g} s")


def test_a_504_stops_the_question_cpu_work(corpus: Path) -> None:
    settings = Settings(source=f"docs:{corpus}", api_request_timeout=0.3, worker_threads=2)
    with TestClient(create_app(settings)) as client:
        pool = client.app.state.pool  # type: ignore[attr-defined]
        heavy = CpuBoundSource(pool._open[settings.source], seconds=RUNS)
        pool._open[settings.source] = heavy
        _timed_out_while_working(
            client, heavy, lambda: client.post("/api/ask", json=Q).status_code == 504
        )
        assert _stopped(heavy), "the timed-out question kept its worker busy"

        _timed_out_while_working(
            client,
            heavy,
            lambda: '"status": 504' in client.post("/api/ask/stream", json=Q).text,
        )
        assert _stopped(heavy), "the timed-out stream kept its worker busy"

        assert "wikiqa_worker_busy 0.0" in client.get("/metrics").text
        heavy.seconds = 0.0  # the workers serve the next question as usual
        client.app.state.gate.time_limit = PATIENCE  # type: ignore[attr-defined]
        assert client.post("/api/ask", json=Q).json()["kind"] == "answer"


def test_a_stream_client_that_leaves_stops_the_question_cpu_work(corpus: Path) -> None:
    """Over a real uvicorn server: the client reads the first trace event, then hangs up
    while the question's scoring runs; the scoring stops instead of running to its end."""
    settings = Settings(source=f"docs:{corpus}", worker_threads=2, log_format="text")
    app = create_app(settings)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="cancel-uvicorn", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        pool = app.state.pool
        heavy = CpuBoundSource(pool._open[settings.source], seconds=RUNS)
        pool._open[settings.source] = heavy
        url = f"http://127.0.0.1:{port}/api/ask/stream"
        with httpx.stream("POST", url, json=Q, timeout=PATIENCE) as response:
            assert response.status_code == 200
            lines = response.iter_lines()  # one iterator: a second iter_lines() would raise
            for line in lines:
                if line.startswith("event: trace"):
                    break  # the run has started
            started = time.monotonic()
            while heavy.steps == 0 and time.monotonic() - started < PATIENCE:
                time.sleep(0.01)
            # the scoring has begun: hang up now. (Twice in about thirty loaded runs it had
            # not: the message says what the server did instead.)
            assert heavy.steps > 0, _why_no_scoring(heavy, lines)
        assert _stopped(heavy), "the scoring ran on after its client left"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def _why_no_scoring(heavy: CpuBoundSource, lines: Iterator[str]) -> str:
    """What the stream said after its first event (read on from the same line iterator),
    and what the scoring did."""
    rest: list[str] = []
    with contextlib.suppress(httpx.HTTPError, httpx.StreamError):
        for line in lines:
            rest.append(line[:300])
            if len(rest) >= 12:
                break
    return (
        f"no scoring after {PATIENCE:g} s: {heavy.calls} begun, ended {heavy.ended}, "
        f"{workers.busy()} jobs running; the stream went on with {rest}"
    )


class SlowFetch(CpuBoundSource):
    """A source whose fetch waits on a stalled upstream."""

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        await asyncio.sleep(self.seconds)
        return await super().fetch(doc_id, principal, full=full)


def test_a_citation_lookup_has_the_same_time_limit(corpus: Path) -> None:
    settings = Settings(source=f"docs:{corpus}")
    with TestClient(create_app(settings)) as client:
        answer = client.post("/api/ask", json=Q).json()
        citation = answer["citations"][0] | {"source": settings.source}
        client.app.state.gate.time_limit = 0.3  # type: ignore[attr-defined]
        pool = client.app.state.pool  # type: ignore[attr-defined]
        pool._open[settings.source] = SlowFetch(pool._open[settings.source], seconds=RUNS)
        started = time.monotonic()
        r = client.post("/api/citation", json=citation)
        assert r.status_code == 504 and "retry-after" in r.headers
        assert time.monotonic() - started < PATIENCE  # the fetch alone would take RUNS
        assert client.app.state.gate.in_use == 0  # type: ignore[attr-defined]  # slot freed
