"""The embedded store: one SQLite file per collection, FTS5 BM25 plus dense vectors.

Access control is a WHERE clause inside every query (see acl.py), so ranking only ever
sees chunks the reader may read; dense search masks the in-memory matrix with the same rule
and every returned row is re-read through that WHERE clause. Each document is replaced in
one transaction, so a crash leaves either the old or the new version, never half of one.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from wikiqa.errors import CollectionNotFound, ConfigError
from wikiqa.store.acl import sql_filter
from wikiqa.store.dense import DenseIndex, VectorIndexKind
from wikiqa.store.fusion import FUSION_DEFAULTS, FusionConfig, Ranked, Reranker, fuse
from wikiqa.store.ingest import Chunk, LoadedDocument
from wikiqa.store.schema import SCHEMA, SCHEMA_VERSION, STOPWORDS, fts_query
from wikiqa.types import Access, AccessScope, Document, Hit, Principal, Section

if TYPE_CHECKING:
    from wikiqa.store.embed import Embedder

__all__ = ["STOPWORDS", "NoVectors", "SearchMode", "SqliteStore", "fts_query"]

SearchMode = Literal["lexical", "dense", "hybrid"]


class NoVectors(ConfigError):
    """Dense search was asked of a collection indexed without an embedder."""


class SqliteStore:
    """One collection. Open with `SqliteStore.open(path)` or `SqliteStore.create(path)`."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        *,
        embedder: Embedder | None = None,
        vector_index: VectorIndexKind = "exact",
        fusion: FusionConfig = FUSION_DEFAULTS,
    ) -> None:
        self.path = path
        self._conn = conn
        self.embedder = embedder  # embeds queries for dense/hybrid search
        self.vector_index: VectorIndexKind = vector_index
        self.fusion = fusion
        self._gen = 0  # bumped on every write through this object
        self._dense: tuple[tuple[int, int], DenseIndex] | None = None
        self._allowed: dict[tuple[Any, ...], tuple[tuple[int, int], np.ndarray]] = {}

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    def create(
        cls,
        path: Path,
        *,
        embedder: Embedder | None = None,
        vector_index: VectorIndexKind = "exact",
    ) -> SqliteStore:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = cls._connect(path)
        conn.executescript(SCHEMA)
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
        vector_index: VectorIndexKind = "exact",
    ) -> SqliteStore:
        if not path.exists():
            raise CollectionNotFound(f"no collection at {path}")
        return cls(path, cls._connect(path), embedder=embedder, vector_index=vector_index)

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
        finally:
            self._gen += 1  # drop cached vectors and ACL masks

    def _version(self) -> tuple[int, int]:
        """Changes whenever this or any other connection commits to the file."""
        return self._gen, int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    # ------------------------------------------------------------------ embeddings

    def embedding_info(self) -> dict[str, str]:
        """{model, dim, dtype} of the stored vectors, or {} if none were ever stored."""
        rows = self._conn.execute(
            "SELECT key, value FROM meta WHERE key IN"
            " ('embedding_model', 'embedding_dim', 'embedding_dtype')"
        ).fetchall()
        return {k.removeprefix("embedding_"): v for k, v in rows}

    def set_embedding_info(
        self, model: str, dim: int, dtype: str, conn: sqlite3.Connection | None = None
    ) -> None:
        c = conn or self._conn
        c.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
            [("embedding_model", model), ("embedding_dim", str(dim)),
             ("embedding_dtype", dtype)],
        )  # fmt: skip
        self._gen += 1

    def has_vectors(self) -> bool:
        if not self.embedding_info():
            return False
        row = self._conn.execute("SELECT 1 FROM chunks WHERE embedding IS NOT NULL LIMIT 1")
        return row.fetchone() is not None

    def chunks_without_vectors(self, limit: int) -> list[tuple[int, str, str, str]]:
        """(chunk id, document title, heading, text) of chunks still lacking a vector."""
        return self._conn.execute(
            "SELECT c.id, d.title, c.heading, c.text FROM chunks c"
            " JOIN documents d ON d.id = c.doc_rowid"
            " WHERE c.embedding IS NULL ORDER BY c.id LIMIT ?",
            (limit,),
        ).fetchall()

    def set_vectors(self, rows: list[tuple[int, bytes]], conn: sqlite3.Connection) -> None:
        conn.executemany(
            "UPDATE chunks SET embedding = ? WHERE id = ?", [(v, cid) for cid, v in rows]
        )

    def clear_vectors(self, conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE chunks SET embedding = NULL")
        conn.execute("DELETE FROM meta WHERE key LIKE 'embedding_%'")

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

    def search(
        self,
        query: str,
        k: int,
        principal: Principal | None,
        mode: SearchMode = "hybrid",
        source: str = "collection",
        *,
        query_vector: np.ndarray | None = None,
        reranker: Reranker | None = None,
    ) -> list[Hit]:
        """Best `k` passages the reader may read, most relevant first.

        lexical: FTS5 BM25. dense: cosine over stored vectors. hybrid: both fused (see
        fusion.py); on a collection without vectors hybrid is lexical. The query is embedded
        with `self.embedder` unless `query_vector` is given. A reranker, if any, reorders
        the top max(k, fusion depth) allowed candidates.
        """
        where, params = sql_filter(principal)
        depth = max(k, self.fusion.depth) if (mode == "hybrid" or reranker) else k
        if mode == "lexical" or (mode == "hybrid" and not self.has_vectors()):
            ranked: Ranked = self._lexical(query, depth, where, params)
        else:
            dense = self._dense_ranked(query, query_vector, depth, principal, where, params)
            if mode == "dense":
                ranked = dense
            else:
                ranked = fuse(self._lexical(query, depth, where, params), dense, self.fusion)
        hits = self._hits(ranked[:depth] if reranker else ranked[:k], where, params, source)
        return reranker(query, hits)[:k] if reranker else hits

    def search_lexical(
        self, query: str, k: int, principal: Principal | None, source: str = "collection"
    ) -> list[Hit]:
        """BM25 over chunks the reader may read (filter inside the query, before ranking)."""
        return self.search(query, k, principal, "lexical", source)

    def _lexical(
        self, query: str, n: int, where: str, params: list[Any]
    ) -> list[tuple[int, float]]:
        match = fts_query(query)
        if not match or n <= 0:
            return []
        rows = self._conn.execute(
            "SELECT c.id, bm25(chunks_fts, 1.0, 0.6, 0.4) AS score"
            " FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid"
            " JOIN documents d ON d.id = c.doc_rowid"
            f" WHERE chunks_fts MATCH ? AND {where} ORDER BY score LIMIT ?",
            [match, *params, n],
        ).fetchall()
        return [(int(r[0]), -float(r[1])) for r in rows]

    def _dense_ranked(
        self,
        query: str,
        query_vector: np.ndarray | None,
        n: int,
        principal: Principal | None,
        where: str,
        params: list[Any],
    ) -> list[tuple[int, float]]:
        index = self.dense_index()
        if query_vector is None:
            if self.embedder is None:
                raise ConfigError("dense search needs an embedder or a query_vector")
            query_vector = self.embedder.embed_query(query)
        mask = self._allowed_mask(principal, index, where, params)
        return index.search(query_vector, n, mask)

    def dense_index(self) -> DenseIndex:
        """The in-memory vector matrix, (re)loaded when the collection changed."""
        info = self.embedding_info()
        if not info:
            raise NoVectors(
                f"collection {self.path.stem!r} has no vectors (it was indexed without an "
                "embedder); use lexical search or re-index with embeddings"
            )
        if self.embedder is not None and self.embedder.name != info["model"]:
            raise ConfigError(
                f"collection {self.path.stem!r} holds vectors of {info['model']!r}, but the "
                f"query embedder is {self.embedder.name!r}; re-index with the same model"
            )
        version = self._version()
        if (
            self._dense is None
            or self._dense[0] != version
            or self._dense[1].kind != (self.vector_index)
        ):
            index = DenseIndex.load(self._conn, int(info["dim"]), info["dtype"], self.vector_index)
            self._dense = (version, index)
            self._allowed.clear()
        return self._dense[1]

    def _allowed_mask(
        self, principal: Principal | None, index: DenseIndex, where: str, params: list[Any]
    ) -> np.ndarray:
        """Rows of `index` the reader may read, from the same SQL rule as every other query."""
        p = principal or Principal()
        key = (p.user_id, tuple(sorted(p.roles)), tuple(sorted(p.departments)))
        version = self._version()
        cached = self._allowed.get(key)
        if cached is not None and cached[0] == version:
            return cached[1]
        docs = self._conn.execute(f"SELECT d.id FROM documents d WHERE {where}", params)
        mask = index.mask_for(np.array([r[0] for r in docs], dtype=np.int64))
        if len(self._allowed) > 256:
            self._allowed.clear()
        self._allowed[key] = (version, mask)
        return mask

    def _hits(self, ranked: Ranked, where: str, params: list[Any], source: str) -> list[Hit]:
        """Rows for ranked chunk ids, re-read through the ACL clause (defence in depth)."""
        if not ranked:
            return []
        ids = [cid for cid, _ in ranked]
        marks = ",".join("?" * len(ids))
        rows = self._conn.execute(
            "SELECT c.id, d.doc_id, d.title, d.url, c.start, c.end, c.text"
            " FROM chunks c JOIN documents d ON d.id = c.doc_rowid"
            f" WHERE c.id IN ({marks}) AND {where}",
            [*ids, *params],
        ).fetchall()
        by_id = {r[0]: r for r in rows}
        return [
            Hit(source=source, doc_id=r[1], title=r[2], url=r[3], start=r[4], end=r[5],
                snippet=r[6], score=score)
            for cid, score in ranked
            if (r := by_id.get(cid)) is not None
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
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return {"documents": docs, "chunks": chunks, "bytes": size}
