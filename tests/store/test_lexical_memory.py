"""The in-memory BM25 index: same ranking as FTS5, reloaded after writes, masked like SQL."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest
from store_helpers import indexed_store, write

from wikiqa.store.acl import AccessTable, sql_filter
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.store.tokenize import FtsTokenizer
from wikiqa.types import Principal

CORPUS = {
    "run.md": "---\ntitle: Running\n---\n# Training\n\nRunners run daily; running builds stamina.\n",
    "cafe.md": "---\ntitle: Café culture\n---\nThe CAFÉ serves naïve coffee to runners.\n",
    "cells.md": "---\ntitle: Biology\n---\nCells divide. A cell's nucleus holds DNA.\n",
    "long.md": "Stamina " + "filler words here " * 40 + "and a cell.\n",
    "snake.md": "Variables like snake_case and x-ray appear in code.\n",
}
QUERIES = ["running stamina", "cafe naive", "cell cells nucleus", "the of", "x-ray", "DNA runners"]


@pytest.fixture
def store(tmp_path: Path) -> SqliteStore:
    return indexed_store(tmp_path, CORPUS)


def _ranked(store: SqliteStore, query: str) -> list[tuple[str, float]]:
    return [(h.doc_id, h.score) for h in store.search(query, 10, None, "lexical")]


def test_same_ranking_and_scores_as_fts5(store: SqliteStore) -> None:
    assert store.lexical_index() is not None
    memory = {q: _ranked(store, q) for q in QUERIES}
    store.lexical_memory_max_chunks = 0  # FTS5 answers now
    assert store.lexical_index() is None
    for q in QUERIES:
        fts = _ranked(store, q)
        assert [d for d, _ in memory[q]] == [d for d, _ in fts], q
        assert np.allclose([s for _, s in memory[q]], [s for _, s in fts], rtol=1e-5), q
    assert memory["cafe naive"][0][0] == "cafe.md"  # diacritics folded like unicode61
    assert {d for d, _ in memory["cell cells nucleus"]} == {"cells.md", "long.md"}


def test_phrase_words_fall_back_to_fts5(store: SqliteStore) -> None:
    index = store.lexical_index()
    assert index is not None and index.term_ids(["snake_case"]) is None  # a 2-token phrase
    assert [h.doc_id for h in store.search("snake_case", 5, None, "lexical")] == ["snake.md"]


def test_tokenizer_matches_fts5vocab() -> None:
    text = "Ünïcödé CAFÉ runners' x-ray 3.14 foo_bar İstanbul naïvely"
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter unicode61 remove_diacritics 2')"
    )
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)")
    conn.execute("INSERT INTO t(x) VALUES (?)", (text,))
    expected = [t for (t,) in conn.execute("SELECT term FROM v ORDER BY offset")]
    assert FtsTokenizer().terms(text) == expected


def test_rebuilt_after_writes_from_another_connection(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write(root, "a.txt", "apples and pears\n")
    reader = SqliteStore.create(tmp_path / "c.sqlite")
    writer = SqliteStore.open(tmp_path / "c.sqlite")
    index_path(writer, root)
    assert [h.doc_id for h in reader.search("apples", 5, None, "lexical")] == ["a.txt"]
    first = reader.lexical_index()
    assert reader.lexical_index() is first  # cached while nothing changes
    write(root, "b.txt", "bananas and apples\n")
    index_path(writer, root)
    assert reader.lexical_index() is not first
    assert {h.doc_id for h in reader.search("apples", 5, None, "lexical")} == {"a.txt", "b.txt"}
    (root / "a.txt").unlink()
    index_path(reader, root)  # a write through the reader itself
    assert [h.doc_id for h in reader.search("apples", 5, None, "lexical")] == ["b.txt"]
    write(root, "wikiqa-access.yaml", "b.txt: {access_scope: private, owner_user_id: u1}\n")
    index_path(writer, root)  # an access change alone hides it at once
    assert reader.search("apples", 5, None, "lexical") == []
    assert [h.doc_id for h in reader.search("apples", 5, Principal(user_id="u1"), "lexical")]


def test_access_table_rowid_lookup_fails_closed() -> None:
    table = AccessTable(np.array([5, 2]), ["public", "public"], [None, None], [])
    assert table.positions(np.array([2, 5, 3, 99])).tolist() == [0, 1, 2, 2]
    assert table.doc_mask(None).tolist() == [True, True, False]  # slot 2: unknown rowid
    empty = AccessTable(np.zeros(0, dtype=np.int64), [], [], [])
    assert empty.doc_mask(None)[empty.positions(np.array([1]))].tolist() == [False]


def access_table_agrees_with_sql(conn: sqlite3.Connection, reader: Principal | None) -> None:
    """Helper for the ACL property test: the array rule and the SQL rule allow the same docs."""
    table = AccessTable.load(conn)
    where, params = sql_filter(reader)
    by_sql = {r[0] for r in conn.execute(f"SELECT d.id FROM documents d WHERE {where}", params)}
    mask = table.doc_mask(reader)[:-1]
    assert set(table.doc_rowids[mask].tolist()) == by_sql
