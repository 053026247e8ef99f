"""The in-memory vector index: exact and usearch agree, masks are absolute, caches refresh."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from store_helpers import FakeEmbedder, write

from wikiqa.store.dense import DenseIndex
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore


def _random_index(n: int = 2000, dim: int = 32, kind: str = "exact") -> DenseIndex:
    rng = np.random.default_rng(0)
    m = rng.normal(size=(n, dim)).astype(np.float32)
    m /= np.linalg.norm(m, axis=1, keepdims=True)
    return DenseIndex(np.arange(n) + 1000, np.arange(n) // 2, m, kind)  # type: ignore[arg-type]


def test_usearch_recall_and_mask() -> None:
    exact, ann = _random_index(), _random_index(kind="usearch")
    rng = np.random.default_rng(1)
    everything = np.ones(len(exact), dtype=bool)
    overlap = 0
    for _ in range(20):
        q = rng.normal(size=32).astype(np.float32)
        q /= np.linalg.norm(q)
        a = {c for c, _ in exact.search(q, 10, everything)}
        b = {c for c, _ in ann.search(q, 10, everything)}
        overlap += len(a & b)
    assert overlap / 200 > 0.9
    for share in (0.5, 0.01):  # large allowed set: ANN + filter; tiny one: exact fallback
        mask = rng.random(len(ann)) < share
        q = rng.normal(size=32).astype(np.float32)
        hits = ann.search(q, 10, mask)
        allowed_ids = set((np.flatnonzero(mask) + 1000).tolist())
        assert len(hits) == 10 and {c for c, _ in hits} <= allowed_ids
        if share < 0.05:  # answered by exact search over the allowed subset
            assert hits == exact.search(q, 10, mask)
    assert ann.search(q, 10, np.zeros(len(ann), dtype=bool)) == []


def test_matrix_reloads_after_writes_from_another_connection(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write(root, "a.txt", "apples and pears\n")
    emb = FakeEmbedder()
    reader = SqliteStore.create(tmp_path / "c.sqlite", embedder=emb)
    writer = SqliteStore.open(tmp_path / "c.sqlite")
    index_path(writer, root, embedder=emb)
    assert [h.doc_id for h in reader.search("apples", 5, None, "dense")] == ["a.txt"]
    first = reader.dense_index()
    assert reader.dense_index() is first  # cached while nothing changes
    write(root, "b.txt", "bananas only\n")
    index_path(writer, root, embedder=emb)
    assert reader.dense_index() is not first
    assert {h.doc_id for h in reader.search("bananas", 5, None, "dense")} == {"a.txt", "b.txt"}
