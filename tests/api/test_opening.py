"""Opening a source (indexing a docs: folder) is shared and bounded: a caller waits for it
at most its time limit while it carries on in the background; a failed opening is retried."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wikiqa.api.app import create_app
from wikiqa.api.opening import Opener, SourceOpening
from wikiqa.errors import WikiqaError
from wikiqa.settings import Settings
from wikiqa.sources.base import Source


class _Opened:
    """What the opener returns: all the pool needs of a source is `name` and `aclose`."""

    name = "opened"
    closed = False

    async def aclose(self) -> None:
        self.closed = True


class _SlowOpener:
    """Opens after `seconds`, or once `release` is set; fails the first `failures` times;
    counts its calls and its finished openings."""

    def __init__(
        self, seconds: float, failures: int = 0, release: threading.Event | None = None
    ) -> None:
        self.seconds = seconds
        self.failures = failures
        self.release = release
        self.calls = self.finished = 0
        self.lock = threading.Lock()

    def __call__(self, spec: str, settings: Settings) -> Source:
        with self.lock:
            self.calls += 1
            fail = self.calls <= self.failures
        if self.release is not None:
            self.release.wait(timeout=30)
        time.sleep(self.seconds)
        with self.lock:
            self.finished += 1
        if fail:
            raise WikiqaError(f"{spec}: not there yet")
        return _Opened()  # type: ignore[return-value]


async def test_a_slow_opening_outlives_the_callers_limit_and_runs_once() -> None:
    release = threading.Event()
    opener = _SlowOpener(0.0, release=release)
    pool = Opener(Settings(), opener)
    results = await asyncio.gather(
        *(pool.get("docs:big", 0.05) for _ in range(3)), return_exceptions=True
    )
    assert all(isinstance(r, SourceOpening) for r in results), results
    assert opener.finished == 0  # every caller got its answer while the opening still ran
    release.set()
    source = await pool.get("docs:big", None)
    assert source is await pool.get("docs:big", 0.01)  # open now: no wait at all
    assert opener.calls == 1
    await pool.aclose()
    assert source.closed  # type: ignore[attr-defined]


async def test_a_failed_opening_is_tried_again() -> None:
    opener = _SlowOpener(0.0, failures=1)
    pool = Opener(Settings(), opener)
    with pytest.raises(WikiqaError, match="not there yet"):
        await pool.get("docs:late", 5)
    assert await pool.get("docs:late", 5) is not None
    assert opener.calls == 2
    await pool.aclose()


def test_an_ask_waits_for_an_opening_only_within_the_time_limit(tmp_path: Path) -> None:
    """A docs: folder missing at startup is opened (indexed) by the first ask; that ask
    used to wait for the whole indexing, whatever the time limit. Now it is a quick 503."""
    folder = tmp_path / "docs"
    settings = Settings(
        source=f"docs:{folder}",
        retrieval_mode="lexical",
        home=tmp_path / "home",
        api_request_timeout=0.02,
        api_rate_per_minute=0,
    )
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        folder.mkdir()
        for i in range(60):
            body = " ".join(f"Hekla erupted in {1000 + j} after {i} years." for j in range(150))
            (folder / f"page{i}.md").write_text(f"# Page {i}\n\n{body}\n", encoding="utf-8")
        started = time.monotonic()
        r = client.post("/api/ask", json={"question": "When did Hekla erupt?"})
        assert r.status_code == 503, r.text
        assert "is still being opened" in r.json()["detail"]
        assert r.headers["retry-after"]
        assert time.monotonic() - started < 2.0
