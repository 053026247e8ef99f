"""The words of a PostgreSQL collection as the SQLite store reads its own, for the rewrites
of query_rewrite.py (respelling, clipped/joined/split words, initialisms).

Those rewrites ask how many readable rows say a word, which index terms start with a prefix,
and the texts of readable rows saying a term. PostgreSQL's own index cannot answer them as
the SQLite store does: its tsvectors hold snowball stems where the SQLite store's BM25 holds
FTS5's porter terms, and the rewrites are defined on the latter (a clipped word's completion
is an index term). So the chunks' (text, title, heading) are read from the collection's
tables and tokenised into the same in-memory `LexicalIndex` the SQLite store builds, once per
index generation (pg_schema.generation: a write by any process moves it, and the next search
reloads). Each reader's rows are the documents the access clause (`acl.sql_filter`, run in
the database) lets them read, and row texts are re-read through the same clause, so a word
only a forbidden document says never rewrites a query. A collection of more than
`MAX_CHUNKS` chunks is searched as asked (as the SQLite store past its in-memory bound).
"""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

import numpy as np
import psycopg

from wikiqa.store import pg_schema
from wikiqa.store.acl import sql_filter
from wikiqa.store.lexical import LexicalIndex
from wikiqa.store.readable_rows import ReadableRows
from wikiqa.store.tokenize import shared_tokenizer
from wikiqa.types import Principal

# Tokenising costs about 0.1 ms a chunk, paid again after every write: past this many chunks
# a reload would stall searches for tens of seconds.
MAX_CHUNKS = 200_000
_MAX_MASKS = 256  # readers' masks kept per generation


class PgVocabulary:
    """One collection's words, per index generation, and each reader's readable rows."""

    def __init__(self, schema: str, max_chunks: int = MAX_CHUNKS) -> None:
        self.schema = schema
        self.max_chunks = max_chunks
        self._s = pg_schema.quoted(schema)
        self._lock = threading.Lock()
        self._loaded: tuple[int, LexicalIndex | None] | None = None  # (generation, index)
        self._masks: dict[tuple[Any, ...], np.ndarray] = {}
        self.loads = 0  # how many times the words were read (tests watch the cache)

    def readable(
        self, conn: psycopg.Connection, principal: Principal | None
    ) -> ReadableRows | None:
        """The words of the rows `principal` may read, or None when the collection is over
        `max_chunks` (its queries are searched as asked)."""
        generation = pg_schema.generation(conn, self.schema)
        with self._lock:
            if self._loaded is None or self._loaded[0] != generation:
                self._loaded = self._load(conn)
                self._masks = {}
            index = self._loaded[1]
            if index is None:
                return None
            mask = self._mask(conn, index, principal)
        return ReadableRows(index, mask, partial(self._texts, conn, principal))

    def _load(self, conn: psycopg.Connection) -> tuple[int, LexicalIndex | None]:
        """(generation, index) read in one snapshot, so the index is that generation's."""
        self.loads += 1
        s = self._s
        with conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            generation = pg_schema.generation(conn, self.schema)
            row = conn.execute(f"SELECT count(*) FROM {s}.chunks").fetchone()
            if row is None or int(row[0]) > self.max_chunks:
                return generation, None
            rows = conn.execute(
                f"SELECT c.id, c.doc_rowid, c.text, c.title, c.heading FROM {s}.chunks c"
                " ORDER BY c.id"
            ).fetchall()
        ids = np.array([r[0] for r in rows], dtype=np.int64)
        docs = np.array([r[1] for r in rows], dtype=np.int64)
        index = LexicalIndex.build(ids, docs, [r[2:] for r in rows], shared_tokenizer())
        return generation, index

    def _mask(
        self, conn: psycopg.Connection, index: LexicalIndex, principal: Principal | None
    ) -> np.ndarray:
        """The index rows of the documents the access clause lets `principal` read."""
        p = principal or Principal()
        key = (p.user_id, tuple(sorted(p.roles)), tuple(sorted(p.departments)))
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
