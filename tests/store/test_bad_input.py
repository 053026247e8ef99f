"""Messy folders: every odd file is handled and reported, never silently dropped."""

from __future__ import annotations

from pathlib import Path

from store_helpers import write

from wikiqa.store.indexer import index_path
from wikiqa.store.ingest import CHUNK_MAX
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Principal


def test_messy_folder(tmp_path: Path, new_store: SqliteStore) -> None:
    root = tmp_path / "docs"
    write(root, "empty.md", "")
    write(root, "blank.txt", "   \n\n  ")
    write(root, "a.md", "# Same\n\nIdentical content in two places.\n")
    write(root, "copy/a.md", "# Same\n\nIdentical content in two places.\n")
    long_line = ("lorem ipsum dolor sit amet. " * 40_000)[:1_000_000]
    write(root, "long.txt", long_line)
    write(root, "legacy.txt", b"Caf\xe9 cr\xe8me \x96 na\xefve")
    write(root, "blob.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    write(root, "ctrl.txt", bytes([1, 2, 3, 4, 5, 6, 7, 8]) * 200)
    write(root, "broken.md", "---\naccess_scope: [public\n---\nSecret plans.\n")

    report = index_path(new_store, root)

    skipped = "\n".join(report.skipped)
    for name in ("empty.md", "blank.txt", "blob.txt", "ctrl.txt"):
        assert name in skipped
    assert "empty" in skipped and "binary" in skipped
    assert report.duplicates == [("copy/a.md", "a.md")]
    warnings = "\n".join(report.warnings)
    assert "legacy.txt" in warnings and "Windows-1252" in warnings
    assert "broken.md" in warnings and "malformed front matter" in warnings
    assert sorted(report.added) == ["a.md", "broken.md", "copy/a.md", "legacy.txt", "long.txt"]

    legacy = new_store.get_document("legacy.txt", None)
    assert legacy is not None and legacy.text.startswith("Café crème – naïve")
    long_doc = new_store.get_document("long.txt", None)
    assert long_doc is not None
    rows = new_store._conn.execute(
        "SELECT c.start, c.end, c.text FROM chunks c JOIN documents d ON d.id = c.doc_rowid"
        " WHERE d.doc_id = 'long.txt'"
    ).fetchall()
    assert len(rows) > 500 and all(len(t) <= CHUNK_MAX for _, _, t in rows)
    assert all(long_doc.text[s:e] == t for s, e, t in rows)  # offsets stay exact
    # Malformed front matter: indexed, but denied to everyone, even a reader with every role.
    everyone = Principal(user_id="u", roles=["admin", "public"], departments=["all"])
    assert new_store.get_document("broken.md", everyone) is None
    assert new_store.search("secret plans", 5, everyone, "lexical") == []
    # Skipped files that still exist keep no stale rows, and a second run is a no-op.
    assert index_path(new_store, root).touched == 0
