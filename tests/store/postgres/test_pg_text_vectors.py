"""The PostgreSQL store keeps candidate-text vectors as the SQLite file does: the same
vectors back with a fetched document, none for a reader who may not fetch it, fresh ones for
an edited document, and a collection from before migration 4 back-filled in place."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import psycopg
from store_helpers import write

from wikiqa.store import pg_schema
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.store.indexer import index_path
from wikiqa.store.postgres import PostgresStore
from wikiqa.store.sqlite import SqliteStore
from wikiqa.store.text_vectors import text_key
from wikiqa.types import Principal

LEAVE = "---\ntitle: Annual Leave\n---\n# Annual leave\n\nStaff get 27 days of leave a year.\n"
PAY = (
    "---\ntitle: Executive Pay\naccess_scope: department\nallowed_departments: [hr]\n---\n"
    "The chief executive's bonus is capped at forty per cent of salary.\n"
)


def test_pg_stores_the_vectors_sqlite_stores(
    tmp_path: Path, pg_collection: Callable[..., PostgresStore], real_embedder: OnnxEmbedder
) -> None:
    root = tmp_path / "docs"
    write(root, "leave.md", LEAVE)
    write(root, "pay.md", PAY)
    pg = pg_collection()
    index_path(pg, root, embedder=real_embedder)
    lite = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(lite, root, embedder=real_embedder)
    hr = Principal(departments=["hr"])
    for doc_id in ("leave.md", "pay.md"):
        a, b = pg.get_document(doc_id, hr), lite.get_document(doc_id, hr)
        assert a is not None and b is not None
        assert a.stored_vectors is not None and b.stored_vectors is not None
        assert a.stored_vectors.keys == b.stored_vectors.keys
        assert a.stored_vectors.vectors == b.stored_vectors.vectors
    assert pg.get_document("pay.md", None) is None  # no fetch, no vectors
    lite.close()

    old, new = "Staff get 27 days of leave a year.", "Staff get 30 days of leave a year."
    write(root, "leave.md", LEAVE.replace(old, new))
    index_path(pg, root, embedder=real_embedder)
    doc = pg.get_document("leave.md", None)
    assert doc is not None and doc.stored_vectors is not None
    assert doc.stored_vectors.get(text_key(old)) is None
    got = doc.stored_vectors.get(text_key(new))
    assert got is not None and np.array_equal(got, real_embedder.embed([new])[0])
    want = doc.stored_vectors

    s = pg_schema.quoted(pg.schema)
    with psycopg.connect(pg.url) as c:  # the shape of a collection from before migration 4
        c.execute(f"DROP TABLE {s}.doc_text_vectors")
        c.execute(f"DELETE FROM {s}.schema_migrations WHERE version > 3")
    pg.close()
    reopened = PostgresStore.open(pg.url, pg.name)
    try:
        before = reopened.get_document("leave.md", None)
        assert before is not None and before.stored_vectors is None
        report = index_path(reopened, root, embedder=real_embedder)
        assert report.unchanged == 2 and report.vectors == 0 and report.text_vectors > 0
        after = reopened.get_document("leave.md", None)
        assert after is not None and after.stored_vectors is not None
        assert after.stored_vectors.vectors == want.vectors
    finally:
        reopened.close()
