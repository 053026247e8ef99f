"""The read side of `SqliteStore`: search in every mode, fetch, audits.

Queries are answered from memory: a BM25 index (lexical.py) and the vector matrix (dense.py),
each loaded in one read transaction together with the access table it is masked by (acl.py),
and reloaded when the collection's version changes (a write through this store, or a commit
from any other connection). The reader's row mask is applied before ranking, so fusion and
reranking see only allowed chunks; the few returned rows are re-read through `sql_filter`
(defence in depth). FTS5 stays the durable index and answers lexical queries itself when the
in-memory index is off (collections over `lexical_memory_max_chunks`) or a query word is a
multi-token phrase (e.g. `snake_case`), whose adjacency only FTS5 can check. A large
collection's BM25 arrays and HNSW graph are saved beside its file and memory-mapped by the
next process while they match the collection (persist.py, bm25_file.py, dense.py).

A write through this store is applied to the loaded indexes, not rebuilt from scratch: the
store journals which documents each transaction touched, and the next query re-reads only
those documents' chunks (plus the access table, three columns per document) into new index
objects (`with_changes`). A commit from another connection, or a write the journal cannot
describe, still reloads everything.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

import numpy as np

from wikiqa.errors import ConfigError
from wikiqa.store import text_vectors
from wikiqa.store.acl import ANONYMOUS, AccessTable, reader_groups, reader_key, sql_filter
from wikiqa.store.bm25_file import load_lexical
from wikiqa.store.dense import DenseIndex, VectorIndexKind, resolve_kind
from wikiqa.store.fusion import Arrays, FusionConfig, Reranker, fuse_arrays
from wikiqa.store.lexical import LexicalIndex
from wikiqa.store.query_rewrite import carrying_query, searched_as
from wikiqa.store.readable_rows import ReadableRows
from wikiqa.store.schema import fts_query, query_words
from wikiqa.types import Access, AccessScope, Document, Hit, Origin, Principal, Section

if TYPE_CHECKING:
    from wikiqa.store.embed import Embedder

SearchMode = Literal["lexical", "dense", "hybrid"]
Version = tuple[int, int]
IndexT = TypeVar("IndexT", LexicalIndex, DenseIndex)
_EMPTY: Arrays = (np.zeros(0, dtype=np.int64), np.zeros(0))


class NoVectors(ConfigError):
    """Dense search was asked of a collection indexed without an embedder."""


@dataclass
class View(Generic[IndexT]):
    """An in-memory index and the access table read in the same transaction."""

    version: Version
    index: IndexT
    access: AccessTable
    positions: np.ndarray  # each index row's slot in access.doc_mask
    masks: dict[tuple[Any, ...], np.ndarray] = field(default_factory=dict)
    _docs: np.ndarray | None = None

    @property
    def docs(self) -> np.ndarray:
        """Each index row's doc id: what a ranking breaks ties on (fusion.top_k)."""
        if self._docs is None:
            self._docs = self.access.doc_keys(self.positions)
        return self._docs

    def mask(self, principal: Principal | None) -> np.ndarray:
        """Rows the reader may read (cached per reader while the view lives)."""
        key = reader_key(principal)
        mask = self.masks.get(key)
        if mask is None:
            if len(self.masks) > 256:
                self.masks.clear()
            mask = self.masks[key] = self.access.doc_mask(principal or ANONYMOUS)[self.positions]
        return mask


class StoreReads:
    """Mixin for SqliteStore: everything that reads (attributes are set by SqliteStore)."""

    path: Path
    _conn: sqlite3.Connection
    _gen: int
    _journal: dict[int, set[int] | None]
    embedder: Embedder | None
    vector_index: VectorIndexKind
    fusion: FusionConfig
    lexical_memory_max_chunks: int
    persist_min_chunks: int
    _lexical_view: View[LexicalIndex] | None
    _dense_view: View[DenseIndex] | None
    _kind_cache: tuple[Version, VectorIndexKind, VectorIndexKind] | None
    _meta: tuple[Version, dict[str, str], bool] | None

    def _version(self) -> Version:
        """Changes whenever this or any other connection commits to the file."""
        return self._gen, int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    @contextmanager
    def _read_txn(self) -> Iterator[None]:
        """One snapshot for several SELECTs (a no-op inside a write transaction)."""
        if self._conn.in_transaction:
            yield
            return
        self._conn.execute("BEGIN")
        try:
            yield
        finally:
            self._conn.execute("COMMIT")

    def _load_view(self, version: Version, load: Callable[[], IndexT]) -> View[IndexT]:
        with self._read_txn():
            index = load()
            access = self._access_table(version)
        return View(version, index, access, access.positions(index.doc_rowids))

    def _access_cached(self, version: Version) -> AccessTable | None:
        cached = getattr(self, "_access_cache", None)
        return cached[1] if cached is not None and cached[0] == version else None

    def _access_table(self, version: Version) -> AccessTable:
        """The access table at `version`, read once for both indexes (call in a read txn)."""
        cached = self._access_cached(version)
        if cached is not None:
            return cached
        table = AccessTable.load(self._conn)
        self._access_cache = (version, table)
        return table

    def _changed_docs(self, old: Version, new: Version) -> set[int] | None:
        """Doc rowids written through this store between two versions; None when something
        else changed (another connection's commit, an unjournaled write): reload then."""
        if old[1] != new[1] or old[0] > new[0]:
            return None
        touched: set[int] = set()
        for gen in range(old[0], new[0]):
            entry = self._journal.get(gen)
            if entry is None:
                return None
            touched |= entry
        return touched

    def _updated_view(
        self, view: View[IndexT], version: Version, apply: Callable[[set[int]], IndexT | None]
    ) -> View[IndexT] | None:
        """`view` with this store's writes since it was loaded applied, or None (reload)."""
        touched = self._changed_docs(view.version, version)
        if touched is None:
            return None
        with self._read_txn():
            index = apply(touched) if touched else view.index
            if index is None:
                return None
            access = self._access_cached(version)
            if access is None:
                access = view.access.with_changes(self._conn, touched) if touched else view.access
                self._access_cache = (version, access)
        self._forget_journal()
        return View(version, index, access, access.positions(index.doc_rowids))

    def _forget_journal(self) -> None:
        """Drop journal entries no loaded view still needs."""
        views = [v for v in (self._lexical_view, self._dense_view) if v is not None]
        oldest = min((v.version[0] for v in views), default=self._gen)
        for gen in [g for g in self._journal if g < oldest]:
            del self._journal[gen]

    # ------------------------------------------------------------------ metadata

    def _metadata(self, version: Version | None = None) -> tuple[dict[str, str], bool]:
        version = version or self._version()
        if self._meta is None or self._meta[0] != version:
            rows = self._conn.execute(
                "SELECT key, value FROM meta WHERE key IN"
                " ('embedding_model', 'embedding_dim', 'embedding_dtype')"
            ).fetchall()
            info = {k.removeprefix("embedding_"): v for k, v in rows}
            row = self._conn.execute("SELECT 1 FROM chunks WHERE embedding IS NOT NULL LIMIT 1")
            self._meta = (version, info, bool(info) and row.fetchone() is not None)
        return self._meta[1], self._meta[2]

    def embedding_info(self) -> dict[str, str]:
        """{model, dim, dtype} of the stored vectors, or {} if none were ever stored."""
        return dict(self._metadata()[0])

    def has_vectors(self) -> bool:
        return self._metadata()[1]

    # ------------------------------------------------------------------ indexes

    def lexical_index(self, version: Version | None = None) -> LexicalIndex | None:
        """The in-memory BM25 index, (re)built when the collection changed; None when the
        collection is too large for it (FTS5 answers then)."""
        view = self._lexical(version or self._version())
        return view.index if view else None

    def _lexical(self, version: Version) -> View[LexicalIndex] | None:
        view = self._lexical_view
        if view is None or view.version != version:
            (n,) = self._conn.execute("SELECT COUNT(*) FROM chunks").fetchone()
            if n > self.lexical_memory_max_chunks:
                self._lexical_view = None
                return None
            old = view
            view = self._updated_view(
                old, version, lambda docs: old.index.with_changes(self._conn, docs)
            ) if old is not None else None  # fmt: skip
            if view is None:
                view = self._load_view(
                    version,
                    lambda: load_lexical(self._conn, self.path, None, self.persist_min_chunks),
                )
            self._lexical_view = view
            self._forget_journal()
        return view if len(view.index) <= self.lexical_memory_max_chunks else None

    def dense_index(self, version: Version | None = None) -> DenseIndex:
        """The in-memory vector matrix, (re)loaded when the collection changed."""
        return self._dense(version or self._version()).index

    def _dense(self, version: Version) -> View[DenseIndex]:
        info, _ = self._metadata(version)
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
        view = self._dense_view
        kind = self._vector_kind(version)
        if view is None or view.version != version or view.index.kind != kind:
            dim, dtype = int(info["dim"]), info["dtype"]
            small = view is not None and len(view.index) < self.persist_min_chunks
            if view is not None and view.version == version and (kind == "exact" or small):
                # only the kind changed: reuse the loaded vectors, no second load (a large
                # collection's graph is restored from its saved file instead)
                index = view.index.as_kind(kind)
                self._dense_view = View(version, index, view.access, view.positions)
                return self._dense_view
            old = view if view is not None and view.index.kind == kind else None
            view = self._updated_view(
                old, version, lambda docs: old.index.with_changes(self._conn, docs, dim, dtype)
            ) if old is not None else None  # fmt: skip
            if view is None:
                view = self._load_view(version, lambda: DenseIndex.load(
                    self._conn, dim, dtype, kind, self.path, self.persist_min_chunks))  # fmt: skip
            self._dense_view = view
            self._forget_journal()
        return view

    def save_indexes(self) -> bool:
        """Build and save the indexes a large collection is served from (BM25, and the HNSW
        graph when `vector_index` resolves to usearch), so that the first question after
        `wikiqa index` does not pay for them. False (nothing to do) for small collections."""
        version = self._version()
        (n,) = self._conn.execute("SELECT COUNT(*) FROM chunks").fetchone()
        if n < self.persist_min_chunks:
            return False
        self._lexical(version)
        if self._metadata(version)[1] and self._vector_kind(version) == "usearch":
            self._dense(version)
        return True

    def _vector_kind(self, version: Version) -> VectorIndexKind:
        """`vector_index` with `auto` resolved by the collection's size (cached per version)."""
        cached = self._kind_cache
        if cached is not None and cached[:2] == (version, self.vector_index):
            return cached[2]
        kind = self.vector_index
        if kind == "auto":
            (n,) = self._conn.execute("SELECT COUNT(*) FROM chunks").fetchone()
            kind = resolve_kind(kind, n)
        self._kind_cache = (version, self.vector_index, kind)
        return kind

    # ------------------------------------------------------------------ search

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

        lexical: BM25 (FTS5's formula). dense: cosine over stored vectors. hybrid: both fused
        (see fusion.py); on a collection without vectors hybrid is lexical. The query is
        embedded with `self.embedder` unless `query_vector` is given. A reranker, if any,
        reorders the top max(k, fusion depth) allowed candidates.
        """
        version = self._version()
        asked, query = query, self._respelled(query, principal, version)
        depth = max(k, self.fusion.depth) if (mode == "hybrid" or reranker) else k
        if mode == "lexical" or (mode == "hybrid" and not self._metadata(version)[1]):
            ranked = self._lexical_ranked(query, depth, principal, version)
        else:
            dense = self._dense_ranked(query, query_vector, depth, principal, version)
            if mode == "dense":
                ranked = dense
            else:
                lexical = self._lexical_ranked(query, depth, principal, version)
                ranked = fuse_arrays(lexical, dense, self.fusion, self._doc_keys)
        cut = depth if reranker else k
        hits = self._hits(ranked[0][:cut], ranked[1][:cut], principal, source)
        hits = carrying_query(hits, asked, query)  # the answerer reads it as searched
        return reranker(query, hits)[:k] if reranker else hits

    def _respelled(self, query: str, principal: Principal | None, version: Version) -> str:
        """The query with its misspelt words as the reader's documents spell them
        (respell.py), and its clipped, joined or split words and initialisms as they write
        them (lexicon.py), through query_rewrite.py as the PostgreSQL store; as asked when
        the in-memory lexical index is off."""
        view = self._lexical(version)
        if view is None:
            return query
        texts = partial(self._texts, principal=principal)
        return searched_as(query, ReadableRows(view.index, view.mask(principal), texts, view.docs))

    def _texts(self, chunk_ids: list[int], principal: Principal | None) -> dict[int, str]:
        """The texts of chunks by id, re-read through the ACL clause (defence in depth)."""
        where, params = sql_filter(principal)
        marks = ",".join("?" * len(chunk_ids))
        return dict(self._conn.execute(
            "SELECT c.id, c.text FROM chunks c JOIN documents d ON d.id = c.doc_rowid"
            f" WHERE c.id IN ({marks}) AND {where}", [*chunk_ids, *params]).fetchall())  # fmt: skip

    def search_lexical(
        self, query: str, k: int, principal: Principal | None, source: str = "collection"
    ) -> list[Hit]:
        """BM25 over chunks the reader may read (filter before ranking)."""
        return self.search(query, k, principal, "lexical", source)

    def _lexical_ranked(
        self, query: str, n: int, principal: Principal | None, version: Version
    ) -> Arrays:
        words = query_words(query)
        if not words or n <= 0:
            return _EMPTY
        view = self._lexical(version)
        term_ids = view.index.term_ids(words) if view else None
        if view is None or term_ids is None:
            return self._fts_ranked(query, n, principal)
        return view.index.search(term_ids, n, view.mask(principal), view.docs)

    def _fts_ranked(self, query: str, n: int, principal: Principal | None) -> Arrays:
        """The same BM25 from FTS5 itself, the ACL clause inside the query."""
        where, params = sql_filter(principal)
        rows = self._conn.execute(
            "SELECT c.id, bm25(chunks_fts, 1.0, 0.6, 0.4) AS score"
            " FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid"
            " JOIN documents d ON d.id = c.doc_rowid"
            f" WHERE chunks_fts MATCH ? AND {where} ORDER BY score, d.doc_id, c.id LIMIT ?",
            [fts_query(query), *params, n],
        ).fetchall()
        return (np.array([r[0] for r in rows], dtype=np.int64),
                np.array([-r[1] for r in rows], dtype=np.float64))  # fmt: skip

    def _dense_ranked(
        self,
        query: str,
        query_vector: np.ndarray | None,
        n: int,
        principal: Principal | None,
        version: Version,
    ) -> Arrays:
        view = self._dense(version)
        if query_vector is None:
            if self.embedder is None:
                raise ConfigError("dense search needs an embedder or a query_vector")
            query_vector = self.embedder.embed_query(query)
        return view.index.search_arrays(query_vector, n, view.mask(principal), view.docs)

    def _doc_keys(self, chunk_ids: np.ndarray) -> np.ndarray:
        """The doc id of each chunk (fusion's tie-break key; "" for one not found)."""
        found: dict[int, str] = {}
        ids = chunk_ids.tolist()
        for lo in range(0, len(ids), 900):  # SQLite's bound on a statement's parameters
            part = ids[lo : lo + 900]
            found.update(self._conn.execute(
                "SELECT c.id, d.doc_id FROM chunks c JOIN documents d ON d.id = c.doc_rowid"
                f" WHERE c.id IN ({','.join('?' * len(part))})", part).fetchall())  # fmt: skip
        return np.array([found.get(i, "") for i in ids], dtype=object)

    def _hits(
        self, ids: np.ndarray, scores: np.ndarray, principal: Principal | None, source: str
    ) -> list[Hit]:
        """Rows for ranked chunk ids, re-read through the ACL clause (defence in depth)."""
        if not len(ids):
            return []
        where, params = sql_filter(principal)
        marks = ",".join("?" * len(ids))
        rows = self._conn.execute(
            "SELECT c.id, d.doc_id, d.title, d.url, c.start, c.end, c.text"
            " FROM chunks c JOIN documents d ON d.id = c.doc_rowid"
            f" WHERE c.id IN ({marks}) AND {where}",
            [*ids.tolist(), *params],
        ).fetchall()
        by_id = {r[0]: r for r in rows}
        return [
            Hit(source=source, doc_id=r[1], title=r[2], url=r[3], start=r[4], end=r[5],
                snippet=r[6], score=score)
            for cid, score in zip(ids.tolist(), scores.tolist(), strict=True)
            if (r := by_id.get(cid)) is not None
        ]  # fmt: skip

    # ------------------------------------------------------------------ documents

    def get_document(
        self, doc_id: str, principal: Principal | None, source: str = "collection"
    ) -> Document | None:
        """The document if it exists and the reader may read it; None otherwise (same answer
        for both, so a reader cannot probe for documents they may not see)."""
        where, params = sql_filter(principal)
        row = self._conn.execute(
            "SELECT d.doc_id, d.title, d.url, d.text, d.sections, d.metadata, d.id,"
            " CASE WHEN d.access_scope = 'private' THEN d.owner_user_id END, d.access_scope"
            f" FROM documents d WHERE d.doc_id = ? AND {where}",
            [doc_id, *params],
        ).fetchone()
        if row is None:
            return None
        return (
            Document(
                source=source,
                doc_id=row[0],
                title=row[1],
                url=row[2],
                text=row[3],
                sections=[Section(**s) for s in json.loads(row[4])],
                metadata=json.loads(row[5]),
                origins=self._origins(row[6]),
                owner_user_id=row[7] if row[7] else None,
            )
            .with_stored_vectors(text_vectors.read(self._conn, row[6]))
            .with_granted_groups(self._reader_groups(row[6], row[8], principal))
        )

    def _reader_groups(
        self, rowid: int, scope: str | None, principal: Principal | None
    ) -> frozenset[str]:
        """The reader's own groups the document is granted to (acl.reader_groups)."""
        if scope not in ("department", "role"):
            return frozenset()
        grants = self._conn.execute(
            "SELECT kind, value FROM doc_access WHERE doc_rowid = ?", (rowid,)
        ).fetchall()
        return reader_groups(scope, grants, principal)

    def _origins(self, rowid: int) -> list[Origin]:
        """Where each span of an extracted (PDF/Office) document came from; [] otherwise."""
        try:
            found = self._conn.execute(
                "SELECT origins FROM doc_origins WHERE doc_rowid = ?", (rowid,)
            ).fetchone()
        except sqlite3.OperationalError:  # an older read-only file without the table
            return []
        if found is None:
            return []
        return [Origin(start=s, end=e, location=loc) for s, e, loc in json.loads(found[0])]

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
