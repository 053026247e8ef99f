"""Re-indexing touches only what changed; an embedder added later back-fills vectors."""

from __future__ import annotations

from pathlib import Path

from store_helpers import FakeEmbedder, write

from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore


def _rows(store: SqliteStore) -> dict[str, tuple[int, float]]:
    q = "SELECT doc_id, id, indexed_at FROM documents"
    return {d: (rowid, at) for d, rowid, at in store._conn.execute(q)}


def test_modify_one_delete_one_add_one(tmp_path: Path, new_store: SqliteStore) -> None:
    root = tmp_path / "docs"
    for i in range(6):
        write(root, f"d{i}.md", f"# Doc {i}\n\nBody number {i} about subject{i}.\n")
    first = index_path(new_store, root)
    assert len(first.added) == 6 and first.touched == 6
    before = _rows(new_store)

    write(root, "d1.md", "# Doc 1\n\nRewritten body.\n")
    (root / "d2.md").unlink()
    write(root, "d9.md", "# Doc 9\n\nBrand new.\n")
    report = index_path(new_store, root)

    assert report.updated == ["d1.md"]
    assert report.deleted == ["d2.md"]
    assert report.added == ["d9.md"]
    assert report.unchanged == 4 and report.touched == 3
    after = _rows(new_store)
    for doc_id in ("d0.md", "d3.md", "d4.md", "d5.md"):
        assert after[doc_id] == before[doc_id]  # same rowid, same indexed_at
    assert "d2.md" not in after
    assert [h.doc_id for h in new_store.search("rewritten", 5, None, "lexical")] == ["d1.md"]
    assert new_store.search("subject2", 5, None, "lexical") == []
    assert index_path(new_store, root).touched == 0  # idempotent


def test_access_change_alone_is_a_change(tmp_path: Path, new_store: SqliteStore) -> None:
    root = tmp_path / "docs"
    write(root, "a.md", "Quarterly numbers.\n")
    index_path(new_store, root)
    write(root, "wikiqa-access.yaml", "a.md: {access_scope: role, allowed_roles: [finance]}\n")
    report = index_path(new_store, root)
    assert report.updated == ["a.md"]
    assert new_store.get_document("a.md", None) is None


def test_backfill_and_model_change(tmp_path: Path, new_store: SqliteStore) -> None:
    root = tmp_path / "docs"
    for i in range(3):
        write(root, f"d{i}.txt", f"text {i}\n")
    index_path(new_store, root)
    assert not new_store.has_vectors()
    report = index_path(new_store, root, embedder=FakeEmbedder())
    assert report.touched == 0 and report.vectors == 3 and new_store.has_vectors()

    class Other(FakeEmbedder):
        name = "another-model"

    report = index_path(new_store, root, embedder=Other())
    assert report.vectors == 3 and any("re-embedding" in w for w in report.warnings)
    assert new_store.embedding_info()["model"] == "another-model"
