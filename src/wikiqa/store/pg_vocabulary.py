"""The words of a PostgreSQL collection as the SQLite store reads its own, for the rewrites
of query_rewrite.py (respelling, clipped/joined/split words, initialisms).

Those rewrites ask how many readable rows say a word, which index terms start with a prefix,
and the texts of readable rows saying a term. PostgreSQL's own index cannot answer them as
the SQLite store does: its tsvectors hold snowball stems where the SQLite store's BM25 holds
FTS5's porter terms, and the rewrites are defined on the latter (a clipped word's completion
is an index term). So the chunks' (text, title, heading) are read from the collection's
tables and tokenised into the same in-memory `LexicalIndex` the SQLite store builds, and kept
per index generation (pg_schema.generation: a write by any process moves it); when it moves,
the next search applies the documents written or deleted since, tokenising only their rows
(`LexicalIndex.with_rows`, as the SQLite store applies its writes), and reads everything
again only when the changes outgrow the index's tail. Each reader's rows are the documents
the access clause (`acl.sql_filter`, run in the database) lets them read, and row texts are
re-read through the same clause, so a word only a forbidden document says never rewrites a
query. A collection of more than
`MAX_CHUNKS` chunks is searched as asked (as the SQLite store past its in-memory bound).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import psycopg

from wikiqa.store import pg_schema
from wikiqa.store.acl import reader_key, sql_filter
from wikiqa.store.lexical import Columns, LexicalIndex
from wikiqa.store.readable_rows import ReadableRows
from wikiqa.store.tokenize import shared_tokenizer
from wikiqa.types import Principal

# Reading and tokenising costs 0.2-0.8 ms a chunk (5.3 s for SciFact's 6,890 chunks on two
# busy cores), paid by a process's first search: past this many chunks that would stall it for
# tens of seconds, so a larger collection is searched as asked.
MAX_CHUNKS = 50_000
_MAX_MASKS = 256  # readers' masks kept per generation


@dataclass(frozen=True)
class _Words:
    """The collection's words at one index generation (index None: over `max_chunks`)."""

    generation: int
    index: LexicalIndex | None
    docs: frozenset[int]  # the documents (row ids) whose rows `index` holds live
    keys: np.ndarray | None = None  # each index row's doc id, the ranking's tie-break key


class PgVocabulary:
    """One collection's words, per index generation, and each reader's readable rows."""

    def __init__(self, schema: str, max_chunks: int = MAX_CHUNKS) -> None:
        self.schema = schema
        self.max_chunks = max_chunks
        self._s = pg_schema.quoted(schema)
        self._lock = threading.Lock()
        self._words: _Words | None = None
        self._masks: dict[tuple[Any, ...], np.ndarray] = {}
        self.loads = 0  # whole reads of the tables, and updates by the changed documents
        self.updates = 0  # (tests watch the cache)

    def readable(
        self, conn: psycopg.Connection, principal: Principal | None
    ) -> ReadableRows | None:
        """The words of the rows `principal` may read, or None when the collection is over
        `max_chunks` (its queries are searched as asked)."""
        generation = pg_schema.generation(conn, self.schema)
        with self._lock:
            if self._words is None or self._words.generation != generation:
                self._words = self._read(conn, self._words)
                self._masks = {}
            index = self._words.index
            if index is None:
                return None
            mask = self._mask(conn, index, principal)
            keys = self._words.keys
        return ReadableRows(index, mask, partial(self._texts, conn, principal), keys)

    def _read(self, conn: psycopg.Connection, old: _Words | None) -> _Words:
        """The words at the current generation, read in one snapshot: `old`'s index with the
        rows of documents written or deleted since applied (a document's text is rewritten
        under a new row id, so the changed documents are the row ids that came or went), or,
        first and when the changes outgrow what an update takes, every chunk tokenised."""
        s = self._s
        with conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            generation = pg_schema.generation(conn, self.schema)
            row = conn.execute(f"SELECT count(*) FROM {s}.chunks").fetchone()
            if row is None or int(row[0]) > self.max_chunks:
                return _Words(generation, None, frozenset())
            rows = conn.execute(f"SELECT id, doc_id FROM {s}.documents").fetchall()
            docs = frozenset(int(r[0]) for r in rows)
            doc_ids = {int(r[0]): str(r[1]) for r in rows}
            if old is not None and old.index is not None:
                changed = old.docs ^ docs
                index: LexicalIndex | None = old.index
                if changed:
                    ids, rowids, columns = self._rows(conn, sorted(docs - old.docs))
                    index = old.index.with_rows(set(changed), ids, rowids, columns)
                if index is not None:
                    self.updates += 1
                    return _Words(generation, index, docs, _keys(index, doc_ids))
            self.loads += 1
            ids, rowids, columns = self._rows(conn, None)
        index = LexicalIndex.build(ids, rowids, columns, shared_tokenizer())
        return _Words(generation, index, docs, _keys(index, doc_ids))

    def _rows(
        self, conn: psycopg.Connection, docs: list[int] | None
    ) -> tuple[np.ndarray, np.ndarray, list[Columns]]:
        """(chunk ids, document row ids, (text, title, heading)) of the chunks of `docs`
        (None: of every document), in chunk id order, as the SQLite store's index reads them."""
        which = "" if docs is None else "WHERE c.doc_rowid = ANY(%s)"
        rows = conn.execute(
            f"SELECT c.id, c.doc_rowid, c.text, c.title, c.heading FROM {self._s}.chunks c"
            f" {which} ORDER BY c.id",
            [] if docs is None else [docs],
        ).fetchall()
        return (
            np.array([r[0] for r in rows], dtype=np.int64),
            np.array([r[1] for r in rows], dtype=np.int64),
            [(r[2], r[3], r[4]) for r in rows],
        )

    def _mask(
        self, conn: psycopg.Connection, index: LexicalIndex, principal: Principal | None
    ) -> np.ndarray:
        """The index rows of the documents the access clause lets `principal` read."""
        key = reader_key(principal)
        mask = self._masks.get(key)
        if mask is None:
            where, params = self._acl(principal)
            rows = conn.execute(f"SELECT d.id FROM {self._s}.documents d WHERE {where}", params)
            allowed = np.array([r[0] for r in rows.fetchall()], dtype=np.int64)
            if len(self._masks) >= _MAX_MASKS:
                self._masks.clear()
            mask = self._masks[key] = np.isin(index.doc_rowids, allowed)
        return mask

    def _texts(
        self, conn: psycopg.Connection, principal: Principal | None, chunk_ids: list[int]
    ) -> dict[int, str]:
        """The texts of chunks by id, re-read through the access clause (defence in depth)."""
        where, params = self._acl(principal)
        rows = conn.execute(
            f"SELECT c.id, c.text FROM {self._s}.chunks c"
            f" JOIN {self._s}.documents d ON d.id = c.doc_rowid"
            f" WHERE c.id = ANY(%s) AND {where}",
            [chunk_ids, *params],
        ).fetchall()
        return {int(r[0]): r[1] for r in rows}

    def _acl(self, principal: Principal | None) -> tuple[str, list[Any]]:
        return sql_filter(principal, mark="%s", grants=f"{self._s}.doc_access")


def _keys(index: LexicalIndex, doc_ids: dict[int, str]) -> np.ndarray:
    """Each index row's doc id ("" for a row of a document gone since: never live)."""
    return np.array([doc_ids.get(r, "") for r in index.doc_rowids.tolist()], dtype=object)
