"""PostgreSQL names the reader's own granted groups of a fetched document as SQLite does
(Document.granted_groups, acl.reader_groups): only the reader's own, nothing for a public
document."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from wikiqa.store.indexer import index_path
from wikiqa.store.postgres import PostgresStore
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Principal


def test_granted_groups_as_sqlite(
    tmp_path: Path, pg_collection: Callable[..., PostgresStore]
) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "hub.md").write_text(
        "---\naccess_scope: department\nallowed_departments: [warehouse, retail]\n---\n"
        "# Hub Handbook\n\nBreaks are paid.\n"
    )
    (folder / "leave.md").write_text("---\naccess_scope: public\n---\n# Leave\n\nBook ahead.\n")
    lite = SqliteStore.create(tmp_path / "c.sqlite")
    pg = pg_collection()
    try:
        index_path(lite, folder)
        index_path(pg, folder)
        reader = Principal(user_id="u1", roles=["staff"], departments=["warehouse"])
        for doc_id, want in (("hub.md", {"department:warehouse"}), ("leave.md", set())):
            got_lite, got_pg = lite.get_document(doc_id, reader), pg.get_document(doc_id, reader)
            assert got_lite is not None and got_pg is not None
            assert got_lite.granted_groups == got_pg.granted_groups == want, doc_id
        assert pg.get_document("hub.md", Principal(departments=["cafes"])) is None
    finally:
        lite.close()
