"""Kill a real indexing process with SIGKILL mid-way: the collection stays consistent and
queryable, and the next run finishes to exactly the state of a clean full index."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_helpers import FakeEmbedder, write

from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore

TESTS = Path(__file__).resolve().parent
N_FILES = 300

CHILD = """
import sys, time
sys.path.insert(0, sys.argv[3])
from pathlib import Path
from store_helpers import FakeEmbedder
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore

class Slow(FakeEmbedder):
    def embed_for_storage(self, texts):
        time.sleep(0.02)  # so the parent can catch it mid-way
        return super().embed_for_storage(texts)

store = SqliteStore.create(Path(sys.argv[1]))
index_path(store, Path(sys.argv[2]), embedder=Slow(), batch_size=2)
print("finished", flush=True)
"""


def _corpus(root: Path) -> None:
    for i in range(N_FILES):
        body = "\n\n".join(
            f"Paragraph {j} of document {i} mentions topic{i % 17} and word{j}." * 8
            for j in range(3)
        )
        write(root, f"sub{i % 5}/doc{i:03d}.md", f"---\ntitle: Doc {i}\n---\n{body}\n")


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(db, timeout=0.2) as c:
            return int(c.execute("SELECT COUNT(*) FROM documents").fetchone()[0])
    except sqlite3.Error:
        return 0


def _snapshot(store: SqliteStore) -> tuple[set[tuple[str, str]], list[tuple[object, ...]]]:
    conn = store._conn
    docs = set(conn.execute("SELECT doc_id, content_hash FROM documents"))
    chunks = conn.execute(
        "SELECT d.doc_id, c.ord, c.start, c.end, c.text, c.embedding FROM chunks c"
        " JOIN documents d ON d.id = c.doc_rowid ORDER BY d.doc_id, c.ord"
    ).fetchall()
    return docs, chunks


def _check_consistent(store: SqliteStore) -> None:
    conn = store._conn
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    orphans = "SELECT COUNT(*) FROM chunks WHERE doc_rowid NOT IN (SELECT id FROM documents)"
    assert conn.execute(orphans).fetchone()[0] == 0
    chunkless = "SELECT COUNT(*) FROM documents WHERE id NOT IN (SELECT doc_rowid FROM chunks)"
    assert conn.execute(chunkless).fetchone()[0] == 0
    fts_ids = {r[0] for r in conn.execute("SELECT rowid FROM chunks_fts")}
    chunk_ids = {r[0] for r in conn.execute("SELECT id FROM chunks")}
    assert fts_ids == chunk_ids
    assert conn.execute("SELECT COUNT(*) FROM chunks WHERE embedding IS NULL").fetchone()[0] == 0


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_mid_index_then_resume(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    _corpus(root)
    db = tmp_path / "killed.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db), str(root), str(TESTS)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while _count(db) < 20 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    committed = _count(db)
    assert 0 < committed < N_FILES, f"not killed mid-way ({committed} docs)"

    store = SqliteStore.open(db, embedder=FakeEmbedder())
    _check_consistent(store)
    assert store.search("topic3 word1", 3, None, "hybrid")  # queryable as it stands

    emb = FakeEmbedder()
    report = index_path(store, root, embedder=emb, batch_size=16)
    assert report.unchanged == committed
    assert len(report.added) == N_FILES - committed and not report.updated
    _check_consistent(store)

    clean = SqliteStore.create(tmp_path / "clean.sqlite")
    index_path(clean, root, embedder=FakeEmbedder(), batch_size=16)
    assert _snapshot(store) == _snapshot(clean)
    store.close()
    clean.close()
