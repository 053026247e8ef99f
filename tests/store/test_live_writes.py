"""A write while serving is applied to the loaded indexes, with the same hits as a rebuild."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from store_helpers import FakeEmbedder, write

from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import AccessScope, Principal

QUERIES = ["cat food", "car engine repair", "river flood", "kitty vehicle", "the budget vote"]
TOPICS = ["cat food and feline care", "car engine and automobile repair", "river flood plains",
          "the budget vote in council", "kitten games", "vehicle insurance"]  # fmt: skip


def _corpus(folder: Path, n: int = 40) -> None:
    for i in range(n):
        a, b = TOPICS[i % 6], TOPICS[(i * 5 + 1) % 6]
        write(folder, f"d{i:02d}.md", f"# Doc {i}\n\n{a} {i}.\n\n## Part\n\n{b} and {a}.\n")


READERS = [None, Principal(user_id="u1"), Principal(roles=["staff"])]


def _results(store: SqliteStore) -> list[list[tuple[str, int, float]]]:
    return [
        [(h.doc_id, h.start, round(h.score, 5)) for h in store.search(q, 8, who, mode)]
        for q in QUERIES
        for mode in ("lexical", "dense", "hybrid")
        for who in READERS
    ]


@pytest.mark.parametrize("kind", ["exact", "usearch"])
def test_incremental_write_matches_a_full_rebuild(tmp_path: Path, kind: str) -> None:
    if kind == "usearch":
        pytest.importorskip("onnxruntime")  # before usearch: the other order segfaults
        pytest.importorskip("usearch")
    docs, emb = tmp_path / "docs", FakeEmbedder()
    _corpus(docs)
    store = SqliteStore.create(tmp_path / "c.sqlite", embedder=emb, vector_index=kind)  # type: ignore[arg-type]
    index_path(store, docs, embedder=emb)
    _results(store)  # load the in-memory indexes
    lexical, dense = store.lexical_index(), store.dense_index()
    write(docs, "d03.md", "# Doc 3\n\nNow about cat food only, cat food again.\n")  # change
    (docs / "d07.md").unlink()  # delete
    write(docs, "new.md", "# New\n\nA river flood and a car engine, a budget vote.\n")  # add
    write(docs, "private.md", "---\naccess_scope: private\nowner_user_id: u1\n---\ncat food\n")
    index_path(store, docs, embedder=emb)
    _results(store)
    # access-only changes (same text): one document to a role, the private one made public
    write(docs, "wikiqa-access.yaml", "d04.md: {access_scope: role, allowed_roles: [staff]}\n")
    write(docs, "private.md", "---\naccess_scope: public\n---\ncat food\n")
    index_path(store, docs, embedder=emb)
    incremental = _results(store)
    assert store.lexical_index() is not lexical and store.dense_index() is not dense
    assert store.lexical_index().live is not None  # type: ignore[union-attr]
    assert store.dense_index().live is not None  # applied, not reloaded
    rebuilt = SqliteStore.open(tmp_path / "c.sqlite", embedder=emb, vector_index=kind)  # type: ignore[arg-type]
    if kind == "exact":
        assert incremental == _results(rebuilt)
    else:  # an HNSW graph grown in place may pick another of several equal-scored chunks
        scores = lambda res: [sorted(h[2] for h in r) for r in res]  # noqa: E731
        assert scores(incremental) == scores(_results(rebuilt))
    assert not any(h[0] == "d07.md" for r in incremental for h in r)
    d04 = [
        h.doc_id for h in store.search("kitten games", 50, Principal(roles=["staff"]), "lexical")
    ]
    assert "d04.md" in d04
    assert "d04.md" not in [h.doc_id for h in store.search("kitten games", 50, None, "lexical")]
    found = [h.doc_id for h in store.search("a car engine, a budget vote", 3, None, "lexical")]
    assert "new.md" in found
    rebuilt.close()
    store.close()


def test_many_writes_stay_equal_to_a_rebuild(tmp_path: Path) -> None:
    docs, emb = tmp_path / "docs", FakeEmbedder()
    _corpus(docs)
    store = SqliteStore.create(tmp_path / "c.sqlite", embedder=emb)
    index_path(store, docs, embedder=emb, default_scope=AccessScope.public)
    rng = np.random.default_rng(0)
    for step in range(12):  # past the segment merge
        i = int(rng.integers(0, 40))
        write(docs, f"d{i:02d}.md", f"# Doc {i}\n\n{TOPICS[step % 6]} step {step}.\n")
        index_path(store, docs, embedder=emb)
        _results(store)
    rebuilt = SqliteStore.open(tmp_path / "c.sqlite", embedder=emb)
    assert _results(store) == _results(rebuilt)
    rebuilt.close()
    store.close()
