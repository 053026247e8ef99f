"""API: a damaged served collection is a clear 503 (not a 500), `/readyz` reports it while
`/healthz` stays liveness; a missing collection's error names no other (items 15, 16)."""

from __future__ import annotations

import sys
from pathlib import Path

from fastapi.testclient import TestClient

from wikiqa.api.app import create_app
from wikiqa.settings import Settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from test_corrupt_collection import damage, make_collection

Q = {"question": "Where was coffee first cultivated?"}


def test_ready_when_every_served_collection_opens(tmp_path: Path) -> None:
    make_collection(Settings(), "kb", tmp_path / "kb")
    with TestClient(create_app(Settings(source="collection:kb"))) as client:
        assert client.get("/readyz").status_code == 200
        r = client.post("/api/ask", json=Q)
        assert r.status_code == 200 and r.json()["kind"] == "answer"


def test_damaged_collection_is_503_and_not_ready(tmp_path: Path) -> None:
    make_collection(Settings(), "kb", tmp_path / "kb")
    bad = make_collection(Settings(), "bad", tmp_path / "bad")
    damage(bad, "truncated")
    settings = Settings(source="collection:kb", api_sources=["collection:bad"])
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["sources"] == {"collection:bad": "collection damaged"}
        r = client.post("/api/ask", json={**Q, "source": "collection:bad"})
        assert r.status_code == 503 and "damaged" in r.json()["detail"]
        assert str(bad) not in r.text  # no host paths to callers; the log has them
        assert client.post("/api/ask", json=Q).status_code == 200  # the good one still serves


def test_missing_collection_error_names_no_other_collection(tmp_path: Path) -> None:
    make_collection(Settings(), "secret-project", tmp_path / "s")
    settings = Settings(source="collection:handbook")
    with TestClient(create_app(settings)) as client:
        r = client.post("/api/ask", json=Q)
        assert r.status_code == 400 and "handbook" in r.json()["detail"]
        assert "secret-project" not in r.text
        ready = client.get("/readyz")
        assert ready.status_code == 503 and "secret-project" not in ready.text


async def test_readyz_answers_while_every_worker_is_busy(tmp_path: Path) -> None:
    """An orchestrator's probe must not queue behind the questions it guards: with every
    worker thread taken by question work (held here on an event), /readyz still answers.
    It used to run on the same bounded pool, so it waited until a question finished, and a
    probe with a 1 s timeout marked a busy server unready."""
    import asyncio
    import threading

    import httpx

    from wikiqa.workers import run_cpu

    make_collection(Settings(), "kb", tmp_path / "kb")
    app = create_app(Settings(source="collection:kb", worker_threads=1))
    started, held = threading.Event(), threading.Event()

    def question_work() -> None:
        started.set()
        held.wait(120)

    async with app.router.lifespan_context(app):
        busy = asyncio.create_task(run_cpu(question_work))  # takes the one worker
        try:
            async with asyncio.timeout(30):
                while not started.is_set():
                    await asyncio.sleep(0.01)
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                async with asyncio.timeout(30):  # on the shared pool: until `held` is set
                    ready = await client.get("/readyz")
            assert ready.status_code == 200 and ready.json() == {"status": "ready"}
            assert not busy.done()  # the worker was busy all along
        finally:
            held.set()
            await busy
