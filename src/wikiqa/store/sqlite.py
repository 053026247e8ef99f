"""The embedded store: one SQLite file per collection, FTS5 with BM25 ranking.

Access control is a WHERE clause inside every query (see acl.py), so ranking only ever
sees chunks the reader may read. Each document is replaced in one transaction, so a crash
leaves either the old or the new version, never half of one.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from wikiqa.errors import CollectionNotFound
from wikiqa.store.acl import sql_filter
from wikiqa.store.ingest import Chunk, LoadedDocument
from wikiqa.types import Access, AccessScope, Document, Hit, Principal, Section

SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    url TEXT,
    text TEXT NOT NULL,
    sections TEXT NOT NULL DEFAULT '[]',
    metadata TEXT NOT NULL DEFAULT '{}',
    content_hash TEXT NOT NULL,
    origin TEXT NOT NULL DEFAULT '',
    access_scope TEXT,
    owner_user_id TEXT,
    indexed_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS doc_access (
    doc_rowid INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('department', 'role')),
    value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS doc_access_idx ON doc_access(doc_rowid, kind, value);
CREATE TABLE IF NOT EXISTS chunks (
    id INTEGER PRIMARY KEY,
    doc_rowid INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    ord INTEGER NOT NULL,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    heading TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL,
    embedding BLOB
);
CREATE INDEX IF NOT EXISTS chunks_doc_idx ON chunks(doc_rowid);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
    text, title, heading,
    tokenize='porter unicode61 remove_diacritics 2'
);
"""

_TOKEN = re.compile(r"\w+", re.UNICODE)
STOPWORDS = frozenset(
    """a an the of in on at to for from by with and or but not no is are was were be been being
    do does did done has have had having what which who whom whose when where why how that this
    these those it its as into than then there their they them he she his her him i you your we
    our us me my can could would should will shall may might must about over under after before
    during between also any all some such only own same so too very just if s t""".split()
)


def fts_query(text: str) -> str:
    """A safe FTS5 MATCH expression: OR of the question's content words, each quoted."""
    words = [w.lower() for w in _TOKEN.findall(text)]
    content = [w for w in words if w not in STOPWORDS] or words
    seen: list[str] = []
    for w in content:
        if w not in seen:
            seen.append(w)
    return " OR ".join('"' + w.replace('"', '""') + '"' for w in seen[:64])


class SqliteStore:
    """One collection. Open with `SqliteStore.open(path)` or `SqliteStore.create(path)`."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self._conn = conn

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    def create(cls, path: Path) -> SqliteStore:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = cls._connect(path)
        conn.executescript(_SCHEMA)
        conn.execute(
            "INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)",
            (str(SCHEMA_VERSION),),
        )
        conn.commit()
        return cls(path, conn)

    @classmethod
    def open(cls, path: Path) -> SqliteStore:
        if not path.exists():
            raise CollectionNotFound(f"no collection at {path}")
        return cls(path, cls._connect(path))

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=10000")
        return conn

    def close(self) -> None:
        self._conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All-or-nothing: a crash inside leaves the previous committed state."""
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield self._conn
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        else:
            self._conn.execute("COMMIT")

    # ------------------------------------------------------------------ writes

    def content_hashes(self, origin: str | None = None) -> dict[str, str]:
        """doc_id -> content hash, optionally only for documents indexed from `origin`."""
        if origin is None:
            return dict(self._conn.execute("SELECT doc_id, content_hash FROM documents"))
        return dict(
            self._conn.execute(
                "SELECT doc_id, content_hash FROM documents WHERE origin = ?", (origin,)
            )
        )

    def upsert(
        self,
        doc: LoadedDocument,
        chunks: list[Chunk],
        embeddings: list[bytes] | None = None,
        conn: sqlite3.Connection | None = None,
    ) -> None:
        """Replace `doc` and its chunks. Call inside `transaction()` for batch atomicity."""
        if conn is None:
            with self.transaction() as c:
                self.upsert(doc, chunks, embeddings, c)
            return
        self._delete(conn, doc.doc_id)
        cur = conn.execute(
            "INSERT INTO documents(doc_id, title, url, text, sections, metadata, content_hash,"
            " origin, access_scope, owner_user_id, indexed_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                doc.doc_id,
                doc.title,
                doc.metadata.get("url"),
                doc.text,
                json.dumps([s.model_dump() for s in doc.sections]),
                json.dumps(doc.metadata, default=str),
                doc.content_hash,
                doc.origin,
                doc.access.access_scope.value if doc.access.access_scope else None,
                doc.access.owner_user_id,
                time.time(),
            ),
        )
        rowid = cur.lastrowid
        grants = [(rowid, "department", v) for v in doc.access.allowed_departments]
        grants += [(rowid, "role", v) for v in doc.access.allowed_roles]
        conn.executemany("INSERT INTO doc_access(doc_rowid, kind, value) VALUES (?,?,?)", grants)
        for i, ch in enumerate(chunks):
            vec = embeddings[i] if embeddings is not None else None
            cur = conn.execute(
                "INSERT INTO chunks(doc_rowid, ord, start, end, heading, text, embedding)"
                " VALUES (?,?,?,?,?,?,?)",
                (rowid, i, ch.start, ch.end, ch.heading, ch.text, vec),
            )
            conn.execute(
                "INSERT INTO chunks_fts(rowid, text, title, heading) VALUES (?,?,?,?)",
                (cur.lastrowid, ch.text, doc.title, ch.heading),
            )

    def delete(self, doc_id: str, conn: sqlite3.Connection | None = None) -> None:
        if conn is None:
            with self.transaction() as c:
                self._delete(c, doc_id)
        else:
            self._delete(conn, doc_id)

    @staticmethod
    def _delete(conn: sqlite3.Connection, doc_id: str) -> None:
        row = conn.execute("SELECT id FROM documents WHERE doc_id = ?", (doc_id,)).fetchone()
        if row is None:
            return
        conn.execute(
            "DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE doc_rowid = ?)",
            (row[0],),
        )
        conn.execute("DELETE FROM documents WHERE id = ?", (row[0],))

    # ------------------------------------------------------------------ reads

    def search_lexical(
        self, query: str, k: int, principal: Principal | None, source: str = "collection"
    ) -> list[Hit]:
        """BM25 over chunks the reader may read (filter inside the query, before ranking)."""
        match = fts_query(query)
        if not match:
            return []
        where, params = sql_filter(principal)
        rows = self._conn.execute(
            "SELECT c.id, d.doc_id, d.title, d.url, c.start, c.end, c.text,"
            " bm25(chunks_fts, 1.0, 0.6, 0.4) AS score"
            " FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid"
            " JOIN documents d ON d.id = c.doc_rowid"
            f" WHERE chunks_fts MATCH ? AND {where} ORDER BY score LIMIT ?",
            [match, *params, k],
        ).fetchall()
        return [
            Hit(source=source, doc_id=r[1], title=r[2], url=r[3], start=r[4], end=r[5],
                snippet=r[6], score=-float(r[7]))
            for r in rows
        ]  # fmt: skip

    def get_document(
        self, doc_id: str, principal: Principal | None, source: str = "collection"
    ) -> Document | None:
        """The document if it exists and the reader may read it; None otherwise (same answer
        for both, so a reader cannot probe for documents they may not see)."""
        where, params = sql_filter(principal)
        row = self._conn.execute(
            "SELECT d.doc_id, d.title, d.url, d.text, d.sections, d.metadata FROM documents d"
            f" WHERE d.doc_id = ? AND {where}",
            [doc_id, *params],
        ).fetchone()
        if row is None:
            return None
        return Document(
            source=source,
            doc_id=row[0],
            title=row[1],
            url=row[2],
            text=row[3],
            sections=[Section(**s) for s in json.loads(row[4])],
            metadata=json.loads(row[5]),
        )

    def access_of(self, doc_id: str) -> Access | None:
        """Stored access metadata (for audits and tests; never used to serve text)."""
        row = self._conn.execute(
            "SELECT id, access_scope, owner_user_id FROM documents WHERE doc_id = ?", (doc_id,)
        ).fetchone()
        if row is None:
            return None
        grants = self._conn.execute(
            "SELECT kind, value FROM doc_access WHERE doc_rowid = ?", (row[0],)
        ).fetchall()
        return Access(
            access_scope=AccessScope(row[1]) if row[1] else None,
            owner_user_id=row[2],
            allowed_departments=[v for kind, v in grants if kind == "department"],
            allowed_roles=[v for kind, v in grants if kind == "role"],
        )

    def stats(self) -> dict[str, Any]:
        docs = self._conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0]
        chunks = self._conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
        size = sum(
            p.stat().st_size
            for p in (self.path, Path(f"{self.path}-wal"))
            if p.exists()
        )
        return {"documents": docs, "chunks": chunks, "bytes": size}
