"""Kill a real indexing process with SIGKILL mid-way while it writes to PostgreSQL: the
collection stays consistent and queryable, and the next run finishes to exactly the state
of a clean full index (the SQLite version is tests/store/test_interrupt.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest
from store_helpers import FakeEmbedder
from test_interrupt import N_FILES, TESTS, _corpus

import wikiqa
from wikiqa.store.indexer import index_path
from wikiqa.store.pg_schema import quoted, schema_name
from wikiqa.store.postgres import PostgresStore

CHILD = """
import sys, time
sys.path.insert(0, sys.argv[4])
from pathlib import Path
from store_helpers import FakeEmbedder
from wikiqa.store.indexer import index_path
from wikiqa.store.postgres import PostgresStore

class Slow(FakeEmbedder):
    def embed_for_storage(self, texts):
        time.sleep(0.02)  # so the parent can catch it mid-way
        return super().embed_for_storage(texts)

store = PostgresStore.create(sys.argv[1], sys.argv[2])
index_path(store, Path(sys.argv[3]), embedder=Slow(), batch_size=2)
print("finished", flush=True)
"""


def _count(url: str, name: str) -> int:
    try:
        with psycopg.connect(url, connect_timeout=2) as c:
            row = c.execute(f"SELECT count(*) FROM {quoted(schema_name(name))}.documents")
            return int(row.fetchone()[0])  # type: ignore[index]
    except psycopg.Error:
        return 0


def _snapshot(url: str, name: str) -> tuple[set[tuple[str, str]], list[tuple[object, ...]]]:
    s = quoted(schema_name(name))
    with psycopg.connect(url) as c:
        docs = set(c.execute(f"SELECT doc_id, content_hash FROM {s}.documents").fetchall())
        chunks = c.execute(
            f'SELECT d.doc_id, c.ord, c.start, c."end", c.text, c.embedding::text FROM {s}.chunks c'
            f" JOIN {s}.documents d ON d.id = c.doc_rowid ORDER BY d.doc_id, c.ord"
        ).fetchall()
    return docs, chunks


def _check_consistent(url: str, name: str) -> None:
    s = quoted(schema_name(name))
    with psycopg.connect(url) as c:

        def one(sql: str) -> int:
            return int(c.execute(sql).fetchone()[0])  # type: ignore[index]

        assert one(f"SELECT count(*) FROM {s}.chunks WHERE doc_rowid NOT IN"
                   f" (SELECT id FROM {s}.documents)") == 0  # fmt: skip
        assert one(f"SELECT count(*) FROM {s}.documents WHERE id NOT IN"
                   f" (SELECT doc_rowid FROM {s}.chunks)") == 0  # fmt: skip
        assert one(f"SELECT count(*) FROM {s}.chunks WHERE embedding IS NULL") == 0
        assert one(f"SELECT count(*) FROM {s}.chunks WHERE tsv IS NULL") == 0


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_mid_index_then_resume_postgres(
    tmp_path: Path, pg_url: str, pg_collection: Callable[..., PostgresStore]
) -> None:
    root = tmp_path / "docs"
    _corpus(root)
    killed = pg_collection()  # creates (and later drops) the schema the child writes to
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, pg_url, killed.name, str(root), str(TESTS)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(Path(wikiqa.__file__).parents[1])},
    )
    deadline = time.monotonic() + 60
    while _count(pg_url, killed.name) < 20 and time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        time.sleep(0.01)
    assert proc.poll() is None, proc.communicate()[1].decode()[-2000:]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    committed = _count(pg_url, killed.name)
    assert 0 < committed < N_FILES, f"not killed mid-way ({committed} docs)"

    killed.embedder = FakeEmbedder()
    _check_consistent(pg_url, killed.name)
    assert killed.search("topic3 word1", 3, None, "hybrid")  # queryable as it stands

    report = index_path(killed, root, embedder=FakeEmbedder(), batch_size=16)
    assert report.unchanged == committed
    assert len(report.added) == N_FILES - committed and not report.updated
    _check_consistent(pg_url, killed.name)

    clean = pg_collection()
    index_path(clean, root, embedder=FakeEmbedder(), batch_size=16)
    assert _snapshot(pg_url, killed.name) == _snapshot(pg_url, clean.name)
