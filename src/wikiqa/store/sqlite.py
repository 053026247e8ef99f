"""The embedded store: one SQLite file per collection, FTS5 BM25 plus dense vectors.

This module is the write side and the lifecycle; searching lives in reads.py (in-memory BM25
and vectors, masked by access control before ranking). Each document is replaced in one
transaction, so a crash leaves either the old or the new version, never half of one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from wikiqa.errors import CollectionCorrupt, CollectionNotFound, SourceUnavailable
from wikiqa.store import text_vectors
from wikiqa.store.base import DOCUMENT_COLUMNS, document_row
from wikiqa.store.dense import DenseIndex, VectorIndexKind
from wikiqa.store.fusion import FUSION_DEFAULTS, FusionConfig
from wikiqa.store.ingest import Chunk, LoadedDocument
from wikiqa.store.lexical import LexicalIndex
from wikiqa.store.persist import PERSIST_MIN_CHUNKS, bump_write_token
from wikiqa.store.reads import NoVectors, SearchMode, StoreReads, Version, View
from wikiqa.store.schema import ORIGINS_SCHEMA, SCHEMA, SCHEMA_VERSION, STOPWORDS, fts_query
from wikiqa.store.text_vectors import TextVectors
from wikiqa.types import Access

if TYPE_CHECKING:
    from wikiqa.store.embed import Embedder

__all__ = ["STOPWORDS", "NoVectors", "SearchMode", "SqliteStore", "fts_query"]

# Above this many chunks FTS5 answers lexical queries instead of the BM25 arrays (built in
# bounded memory, ~0.12 ms per chunk, and saved beside the collection from
# persist.PERSIST_MIN_CHUNKS chunks on, then memory-mapped: bm25_file.py).
LEXICAL_MEMORY_MAX_CHUNKS = 5_000_000


class SqliteStore(StoreReads):
    """One collection. Open with `SqliteStore.open(path)` or `SqliteStore.create(path)`."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        *,
        embedder: Embedder | None = None,
        vector_index: VectorIndexKind = "auto",
        fusion: FusionConfig = FUSION_DEFAULTS,
    ) -> None:
        self.path = path
        self._conn = conn
        self.embedder = embedder  # embeds queries for dense/hybrid search
        self.vector_index: VectorIndexKind = vector_index
        self.fusion = fusion
        self.lexical_memory_max_chunks = LEXICAL_MEMORY_MAX_CHUNKS
        self.persist_min_chunks = PERSIST_MIN_CHUNKS  # saved indexes beside the file from here
        self._gen = 0  # bumped on every write through this object: in-memory views reload
        # generation -> doc rowids a write replaced, added or deleted (None: anything may have
        # changed); lets the in-memory indexes apply a write instead of rebuilding (reads.py)
        self._journal: dict[int, set[int] | None] = {}
        self._touched: set[int] | None = set()
        self._lexical_view: View[LexicalIndex] | None = None
        self._dense_view: View[DenseIndex] | None = None
        self._kind_cache: tuple[Version, VectorIndexKind, VectorIndexKind] | None = None
        self._meta: tuple[Version, dict[str, str], bool] | None = None

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    def create(
        cls,
        path: Path,
        *,
        embedder: Embedder | None = None,
        vector_index: VectorIndexKind = "auto",
    ) -> SqliteStore:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = cls._connect(path)
        conn.executescript(SCHEMA)
        conn.executescript(ORIGINS_SCHEMA)
        conn.executescript(text_vectors.TEXT_VECTORS_SCHEMA)
        conn.execute(
            "INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)",
            (str(SCHEMA_VERSION),),
        )
        conn.commit()
        return cls(path, conn, embedder=embedder, vector_index=vector_index)

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        embedder: Embedder | None = None,
        vector_index: VectorIndexKind = "auto",
    ) -> SqliteStore:
        if not path.exists():
            raise CollectionNotFound(f"no collection at {path}")
        check_file(path)
        try:
            conn = cls._connect(path)
            conn.execute("SELECT key, value FROM meta").fetchall()
            conn.execute("SELECT COUNT(*) FROM documents").fetchone()
        except sqlite3.DatabaseError as exc:
            raise (storage_failure(path, exc) or corrupt_error(path, exc)) from None
        _migrate(conn)
        text_vectors.migrate(conn)
        return cls(path, conn, embedder=embedder, vector_index=vector_index)

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

    def storage_error(self, exc: BaseException) -> SourceUnavailable | None:
        """What a database error after opening means for the reader (see `storage_failure`)."""
        return storage_failure(self.path, exc)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All-or-nothing: a crash inside leaves the previous committed state."""
        self._conn.execute("BEGIN IMMEDIATE")
        self._touched = set()
        try:
            yield self._conn
        except BaseException:
            self._conn.execute("ROLLBACK")
            self._touched = set()  # nothing changed
            raise
        else:
            if self._touched is None or self._touched:  # saved indexes are stale now
                bump_write_token(self._conn)
            self._conn.execute("COMMIT")
        finally:
            if self._lexical_view is not None or self._dense_view is not None:
                self._journal[self._gen] = self._touched  # (no view: nothing to update)
            self._gen += 1  # in-memory indexes and masks are stale now

    # ------------------------------------------------------------------ embeddings

    def set_embedding_info(
        self, model: str, dim: int, dtype: str, conn: sqlite3.Connection | None = None
    ) -> None:
        c = conn or self._conn
        c.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
            [("embedding_model", model), ("embedding_dim", str(dim)),
             ("embedding_dtype", dtype)],
        )  # fmt: skip
        bump_write_token(c)
        self._gen += 1

    def chunks_without_vectors(self, limit: int) -> list[tuple[int, str, str, str]]:
        """(chunk id, document title, heading, text) of chunks still lacking a vector."""
        return self._conn.execute(
            "SELECT c.id, d.title, c.heading, c.text FROM chunks c"
            " JOIN documents d ON d.id = c.doc_rowid"
            " WHERE c.embedding IS NULL ORDER BY c.id LIMIT ?",
            (limit,),
        ).fetchall()

    def set_vectors(self, rows: list[tuple[int, bytes]], conn: sqlite3.Connection) -> None:
        self._touch_all()
        conn.executemany(
            "UPDATE chunks SET embedding = ? WHERE id = ?", [(v, cid) for cid, v in rows]
        )

    def clear_vectors(self, conn: sqlite3.Connection) -> None:
        self._touch_all()
        conn.execute("UPDATE chunks SET embedding = NULL")
        with suppress(sqlite3.OperationalError):  # a file without the table
            conn.execute("DELETE FROM doc_text_vectors")
        conn.execute("DELETE FROM meta WHERE key LIKE 'embedding_%'")

    def set_text_vectors(self, doc_id: str, stored: TextVectors, conn: sqlite3.Connection) -> None:
        """Store the vectors of `doc_id`'s candidate texts (answerers/stored_texts.py)."""
        text_vectors.write(conn, doc_id, stored)

    def lacking_text_vectors(self, model: str, limit: int) -> list[text_vectors.Lacking]:
        """(doc id, title, text, chunk spans) of documents without vectors of `model`."""
        return text_vectors.lacking(self._conn, model, limit)

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

    def document_records(self) -> dict[str, tuple[str, str, Access]]:
        """doc_id -> (content hash, origin, stored access) for every document."""
        grants: dict[int, list[tuple[str, str]]] = {}
        for rowid, kind, value in self._conn.execute(
            "SELECT doc_rowid, kind, value FROM doc_access"
        ):
            grants.setdefault(rowid, []).append((kind, value))
        out = {}
        rows = self._conn.execute(
            "SELECT id, doc_id, content_hash, origin, access_scope, owner_user_id FROM documents"
        )
        for rowid, doc_id, digest, origin, scope, owner in rows:
            g = grants.get(rowid, [])
            access = Access(
                access_scope=scope or None,
                owner_user_id=owner,
                allowed_departments=sorted(v for k, v in g if k == "department"),
                allowed_roles=sorted(v for k, v in g if k == "role"),
            )
            out[doc_id] = (digest, origin, access)
        return out

    def set_access(self, doc_id: str, access: Access, conn: sqlite3.Connection) -> None:
        """Re-apply access to a stored document without touching its text or vectors."""
        row = conn.execute("SELECT id FROM documents WHERE doc_id = ?", (doc_id,)).fetchone()
        if row is None:
            return
        conn.execute(
            "UPDATE documents SET access_scope = ?, owner_user_id = ? WHERE id = ?",
            (access.access_scope.value if access.access_scope else None,
             access.owner_user_id, row[0]),
        )  # fmt: skip
        conn.execute("DELETE FROM doc_access WHERE doc_rowid = ?", (row[0],))
        self._insert_grants(conn, row[0], access)
        self._touch(row[0])

    @staticmethod
    def _insert_grants(conn: sqlite3.Connection, rowid: int, access: Access) -> None:
        grants = [(rowid, "department", v) for v in access.allowed_departments]
        grants += [(rowid, "role", v) for v in access.allowed_roles]
        conn.executemany("INSERT INTO doc_access(doc_rowid, kind, value) VALUES (?,?,?)", grants)

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
        self._touch(self._delete(conn, doc.doc_id))
        cur = conn.execute(
            f"INSERT INTO documents({DOCUMENT_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            document_row(doc),
        )
        rowid = cur.lastrowid
        assert rowid is not None
        self._touch(rowid)
        self._insert_grants(conn, rowid, doc.access)
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
        if doc.origins:
            spans = [[o.start, o.end, o.location] for o in doc.origins]
            conn.execute(
                "INSERT INTO doc_origins(doc_rowid, origins) VALUES (?, ?)",
                (rowid, json.dumps(spans, separators=(",", ":"))),
            )

    def delete(self, doc_id: str, conn: sqlite3.Connection | None = None) -> None:
        if conn is None:
            with self.transaction() as c:
                self._touch(self._delete(c, doc_id))
        else:
            self._touch(self._delete(conn, doc_id))

    def _touch(self, doc_rowid: int | None) -> None:
        """Journal a document row this transaction wrote; `_touch_all` for anything else."""
        if doc_rowid is not None and self._touched is not None:
            self._touched.add(doc_rowid)

    def _touch_all(self) -> None:
        self._touched = None

    @staticmethod
    def _delete(conn: sqlite3.Connection, doc_id: str) -> int | None:
        """Delete a document and its chunks; its rowid (None if there was none)."""
        row = conn.execute("SELECT id FROM documents WHERE doc_id = ?", (doc_id,)).fetchone()
        if row is None:
            return None
        conn.execute(
            "DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE doc_rowid = ?)",
            (row[0],),
        )
        conn.execute("DELETE FROM documents WHERE id = ?", (row[0],))
        return int(row[0])


_SQLITE_MAGIC = b"SQLite format 3\x00"


def _migrate(conn: sqlite3.Connection) -> None:
    """Add tables newer than the file (origins of PDF/Office text). A read-only file keeps
    its old shape: it has no such documents, and reads treat the table as empty."""
    have = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'doc_origins'").fetchone()
    if have is None:  # only an older file is written to on open
        with suppress(sqlite3.OperationalError):
            conn.executescript(ORIGINS_SCHEMA)


def check_file(path: Path) -> None:
    """Cheap checks that `path` is a whole SQLite file (header, size), before opening it.

    A truncated file otherwise opens and fails on the first query that reaches a lost page.
    """
    try:
        size = path.stat().st_size
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as exc:
        raise CollectionCorrupt(
            f"collection file {path} cannot be read ({exc.strerror or exc}); check its permissions"
        ) from None
    if size == 0:
        return  # a brand-new file SQLite has not written yet
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise corrupt_error(path, "not an SQLite database")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    counter, valid_for = header[24:28], header[92:96]
    wal = Path(f"{path}-wal")
    wal_size = wal.stat().st_size if wal.exists() else 0
    if pages and counter == valid_for and size < pages * page_size and wal_size == 0:
        raise corrupt_error(path, f"truncated: {size:,} of {pages * page_size:,} bytes")


# SQLite's primary result codes for a file that is fine but cannot be read at this moment:
# another process holds the lock past busy_timeout, the read was interrupted, the disk or
# memory is out, the file cannot be opened or written now. Telling the operator to rebuild
# the collection for one of these would lose an index over a passing condition.
_TRANSIENT_CODES = frozenset(
    getattr(sqlite3, name)
    for name in (
        "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_INTERRUPT", "SQLITE_NOMEM", "SQLITE_IOERR",
        "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PROTOCOL",
    )
)  # fmt: skip


def storage_failure(path: Path, exc: BaseException) -> SourceUnavailable | None:
    """Map a SQLite error raised after opening to the error the reader sees.

    Only an error SQLite raises about the file counts: damage (malformed, not a database,
    a missing table) is `CollectionCorrupt`; a passing condition (locked, interrupted, disk
    full; `_TRANSIENT_CODES`) is `SourceUnavailable` saying the file is not damaged. A misuse
    of the connection (`ProgrammingError`, e.g. a closed database) is our bug, not the
    file's, so it propagates as itself (None).
    """
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, sqlite3.ProgrammingError):
        return None
    code = getattr(exc, "sqlite_errorcode", None)
    name = getattr(exc, "sqlite_errorname", None) or type(exc).__name__
    if code is not None and code & 0xFF in _TRANSIENT_CODES:
        return SourceUnavailable(
            f"collection file {path} cannot be read just now ({exc}; {name}). The file is "
            "not damaged: try again, and check that no other process holds it locked and "
            "that the disk has room."
        )
    return corrupt_error(path, f"{exc}; {name}")


def corrupt_error(path: Path, why: object) -> CollectionCorrupt:
    """The one message for a damaged collection file: which file, and what to do."""
    return CollectionCorrupt(
        f"collection file {path} is damaged ({why}). Move it aside and rebuild the "
        f"collection with `wikiqa index PATH --collection {path.stem}`, or restore it "
        "from a backup."
    )
