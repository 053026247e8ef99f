"""Two uvicorn worker processes serve one PostgreSQL collection: concurrent questions are
all answered without errors, both workers hold their own pooled connections, a document
indexed while they run is seen by both at once (no per-process copy of the index), and the
access filter holds through the API."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import psycopg
import pytest
from store_helpers import write

import wikiqa
from wikiqa.store.indexer import index_path
from wikiqa.store.postgres import PostgresStore

BATTERY = Path(__file__).resolve().parents[3] / "evals" / "collection" / "docs"
QUESTIONS = [
    "How many days of holiday do staff in the Berlin office get each year?",
    "How many public holidays does the Toronto office observe?",
    "What is the expense limit for a team dinner?",
    "How do I request a new laptop?",
    "When is payroll run each month?",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(
    tmp_path: Path, pg_url: str, pg_collection: Callable[..., PostgresStore]
) -> Iterator[tuple[str, PostgresStore, Path]]:
    if not BATTERY.is_dir():
        pytest.skip("evals/collection/docs is not in this checkout")
    docs = tmp_path / "docs"
    shutil.copytree(BATTERY, docs)
    store = pg_collection()
    index_path(store, docs, default_scope=None)
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(wikiqa.__file__).parents[1]),
        "WIKIQA_STORE_URL": pg_url,
        "WIKIQA_SOURCE": f"collection:{store.name}",
        "WIKIQA_RETRIEVAL_MODE": "lexical",
        "WIKIQA_ANSWERER": "extractive",
        "WIKIQA_API_ALLOW_PRINCIPAL": "true",
        "WIKIQA_STORE_POOL_MIN": "2",
        "WIKIQA_API_RATE_PER_MINUTE": "0",  # a load test, not a rate-limit test
        "WIKIQA_API_MAX_INFLIGHT": "16",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "wikiqa.api.app:create_app", "--factory",
         "--workers", "2", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read().decode()[-3000:] if proc.stdout else ""
                pytest.fail(f"uvicorn did not become ready:\n{out}")
            time.sleep(0.2)
        yield base, store, docs
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _ask(base: str, question: str, principal: dict[str, object] | None = None) -> httpx.Response:
    body: dict[str, object] = {"question": question}
    if principal is not None:
        body["principal"] = principal
    return httpx.post(f"{base}/api/ask", json=body, timeout=120)


def _fetched(reply: httpx.Response) -> list[str]:
    """What the answerer read from the store, in order (the trace's fetch events)."""
    return [e["detail"] for e in reply.json()["trace"] if e["kind"] == "fetch"]


def _workers_connected(url: str) -> set[str]:
    with psycopg.connect(url) as c:
        rows = c.execute(
            "SELECT DISTINCT application_name FROM pg_stat_activity"
            " WHERE application_name LIKE 'wikiqa[%%]'"
        ).fetchall()
    return {r[0] for r in rows}


def test_two_workers_answer_concurrently(
    served: tuple[str, PostgresStore, Path], pg_url: str
) -> None:
    base, store, docs = served
    employee = {"user_id": "u-1042", "roles": ["employee"], "departments": ["operations"]}
    with ThreadPoolExecutor(max_workers=8) as pool:
        replies = list(pool.map(lambda q: _ask(base, q, employee), QUESTIONS * 8))
    assert [r.status_code for r in replies] == [200] * len(replies), [
        r.text for r in replies if r.status_code != 200
    ]
    fetched = [_fetched(r) for r in replies]
    assert all(fetched), "a question fetched nothing"  # every one searched and read the store
    assert any("Annual Leave Policy" in f for f in fetched[0])  # fetch order is not fixed
    assert len(_workers_connected(pg_url)) >= 2  # both processes hold pooled connections

    # a document indexed now is visible to every worker at once
    write(docs, "news/flamingo.md", "---\ntitle: Flamingo Day\naccess_scope: public\n---\n"
          "The office celebrates Flamingo Day on the third Friday of June.\n")  # fmt: skip
    index_path(store, docs, default_scope=None)
    question = "When does the office celebrate Flamingo Day?"
    with ThreadPoolExecutor(max_workers=8) as pool:
        replies = list(pool.map(lambda _: _ask(base, question, employee), range(16)))
    assert all(r.status_code == 200 for r in replies)
    for r in replies:
        assert any("Flamingo Day" in f for f in _fetched(r)), r.json()["trace"]

    # the access filter holds through the API on every worker
    secret = "---\ntitle: Board minutes\naccess_scope: role\nallowed_roles: [executive]\n---\n"
    write(docs, "board/minutes.md", secret + "The board approved the Zanzibar acquisition.\n")
    index_path(store, docs, default_scope=None)
    question = "What acquisition did the board approve?"
    with ThreadPoolExecutor(max_workers=8) as pool:
        denied = list(pool.map(lambda _: _ask(base, question, employee), range(8)))
        allowed = list(pool.map(
            lambda _: _ask(base, question, {"user_id": "u-9001", "roles": ["executive"]}),
            range(8)))  # fmt: skip
    for r in denied:
        assert r.status_code == 200 and "Zanzibar" not in r.text
        assert not any("Board minutes" in f for f in _fetched(r))
    for r in allowed:
        assert r.status_code == 200 and any("Board minutes" in f for f in _fetched(r))
