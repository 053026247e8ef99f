"""The server store: a collection in PostgreSQL, full-text search plus pgvector.

Same behaviour as `SqliteStore` behind the same interface (store/base.py), for collections
several API workers share or that outgrow one file (docs/postgres.md):

- lexical: BM25 over the collection's words held in memory (pg_vocabulary.py), the SQLite
  store's index and ranking, masked by the access clause run in the database; for a
  collection over pg_vocabulary.MAX_CHUNKS or a query word of several tokens, in the
  database: a generated, weighted tsvector per chunk (text, title, heading) with a GIN index,
  ranked BM25-like: the sum over query words of idf(word) * ts_rank(chunk, word), with
  idf from the words' chunk frequencies (counted through the GIN index) and ts_rank's
  saturating term frequency with 1 + log(length) normalisation. Plain ts_rank has no idf, so
  common words would outrank rare ones; with it, nDCG@10 on SciFact is close to FTS5's BM25.
- dense: halfvec embeddings (the same float16 the SQLite file stores) with an HNSW index
  (cosine), searched with pgvector's iterative scan so the access filter does not starve
  the result list;
- hybrid: both lists fused by store/fusion.py, exactly as SqliteStore does;
- access control: `acl.sql_filter`, the SQL SQLite runs, inside every query before ranking
  and again when the returned rows are read;
- query rewrites: a question is searched as the reader's documents write it (misspellings,
  clipped, joined and split words, initialisms), by the code SqliteStore runs
  (query_rewrite.py), over the collection's words read from these tables per index
  generation and masked by the same access clause (pg_vocabulary.py).

Writes: one transaction per indexer batch under a per-collection advisory lock, so a killed
indexer leaves the last committed batch and the next run completes the rest. Connections
come from a psycopg pool sized by WIKIQA_STORE_POOL_MIN / _MAX.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np
import psycopg
from pgvector import HalfVector
from pgvector.psycopg import register_vector
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool

from wikiqa.errors import CollectionNotFound, ConfigError, SourceUnavailable, WikiqaError
from wikiqa.store import pg_schema
from wikiqa.store.acl import reader_groups, sql_filter
from wikiqa.store.base import DOCUMENT_COLUMNS, SearchMode, document_row
from wikiqa.store.dense import VectorIndexKind
from wikiqa.store.embed import STORAGE_DTYPE, from_storage
from wikiqa.store.fusion import FUSION_DEFAULTS, Arrays, FusionConfig, Reranker, fuse_arrays
from wikiqa.store.ingest import Chunk, LoadedDocument
from wikiqa.store.pg_vocabulary import PgVocabulary
from wikiqa.store.query_rewrite import carrying_query, searched_as
from wikiqa.store.readable_rows import ReadableRows
from wikiqa.store.reads import NoVectors
from wikiqa.store.schema import query_words
from wikiqa.store.text_vectors import Lacking, TextVectors
from wikiqa.types import Access, AccessScope, Document, Hit, Origin, Principal, Section

if TYPE_CHECKING:
    from wikiqa.store.embed import Embedder

_EMPTY: Arrays = (np.zeros(0, dtype=np.int64), np.zeros(0))
PG_MARK = "%s"


def is_postgres_url(url: str | None) -> bool:
    return bool(url) and str(url).startswith(("postgresql://", "postgres://"))


def redacted(url: str) -> str:
    """host:port/dbname of a connection URL, never its password."""
    try:
        info = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(unparsable URL)"
    host, port = info.get("host", "localhost"), info.get("port", "5432")
    return f"postgresql://{host}:{port}/{info.get('dbname', '')}"


class PostgresStore:
    """One collection in a PostgreSQL database. Open with `open(url, name)` or `create`."""

    def __init__(
        self,
        url: str,
        name: str,
        pool: ConnectionPool,
        *,
        embedder: Embedder | None = None,
        fusion: FusionConfig = FUSION_DEFAULTS,
    ) -> None:
        self.url = url
        self.name = name
        self.schema = pg_schema.schema_name(name)
        self._s = pg_schema.quoted(self.schema)
        self._pool = pool
        self.embedder = embedder
        self.vector_index: VectorIndexKind = "exact"  # unused: HNSW in the database
        self.fusion = fusion
        self.vocabulary = PgVocabulary(self.schema)  # the words queries are rewritten with

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    def create(
        cls, url: str, name: str, *, pool_min: int = 1, pool_max: int = 4,
        embedder: Embedder | None = None,
    ) -> PostgresStore:  # fmt: skip
        """Open `name`, creating its schema (and the vector extension) if needed."""
        return cls._open(url, name, True, pool_min, pool_max, embedder)

    @classmethod
    def open(
        cls, url: str, name: str, *, pool_min: int = 1, pool_max: int = 4,
        embedder: Embedder | None = None,
    ) -> PostgresStore:  # fmt: skip
        """Open an existing collection (pending migrations are applied)."""
        return cls._open(url, name, False, pool_min, pool_max, embedder)

    @classmethod
    def _open(
        cls, url: str, name: str, create: bool, pool_min: int, pool_max: int,
        embedder: Embedder | None,
    ) -> PostgresStore:  # fmt: skip
        schema = pg_schema.schema_name(name)
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
                if not create and not pg_schema.exists(conn, schema):
                    raise CollectionNotFound(
                        f"collection {name!r} does not exist yet in {redacted(url)}. Create it "
                        f"with `wikiqa index PATH --collection {name} --store URL`."
                    )
                pg_schema.migrate(conn, schema, name)
            pool = ConnectionPool(
                url, min_size=min(pool_min, pool_max), max_size=pool_max,
                kwargs={"autocommit": True, "application_name": f"wikiqa[{os.getpid()}]"},
                configure=register_vector,
                name=f"wikiqa-{name}", open=True,
            )  # fmt: skip
        except psycopg.Error as exc:
            raise unavailable(url, exc) from None
        return cls(url, name, pool, embedder=embedder)

    def close(self) -> None:
        self._pool.close()

    def storage_error(self, exc: BaseException) -> WikiqaError | None:
        return unavailable(self.url, exc) if isinstance(exc, psycopg.Error) else None

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection]:
        with self._pool.connection() as conn:
            yield conn

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Connection]:
        """All-or-nothing, one writer per collection at a time."""
        with self._pool.connection() as conn, conn.transaction():
            pg_schema.write_lock(conn, self.schema)
            yield conn

    # ------------------------------------------------------------------ metadata

    def embedding_info(self) -> dict[str, str]:
        """{model, dim, dtype} of the stored vectors, or {} if none were ever stored."""
        with self._conn() as conn:
            return self._info(conn)

    def _info(self, conn: psycopg.Connection) -> dict[str, str]:
        return self._vector_state(conn)[0]

    def has_vectors(self) -> bool:
        with self._conn() as conn:
            info, stored = self._vector_state(conn)
        return bool(info) and stored

    def _vector_state(self, conn: psycopg.Connection) -> tuple[dict[str, str], bool]:
        """(embedding info, whether any chunk has a vector) in one round trip."""
        row = conn.execute(
            f"SELECT (SELECT json_object_agg(key, value) FROM {self._s}.meta WHERE key IN"
            " ('embedding_model', 'embedding_dim', 'embedding_dtype')),"
            f" EXISTS (SELECT 1 FROM {self._s}.chunks WHERE embedding IS NOT NULL)"
        ).fetchone()
        assert row is not None
        info = {k.removeprefix("embedding_"): str(v) for k, v in (row[0] or {}).items()}
        return info, bool(row[1])

    def stats(self) -> dict[str, Any]:
        with self._conn() as conn:
            docs = conn.execute(f"SELECT count(*) FROM {self._s}.documents").fetchone()
            chunks = conn.execute(f"SELECT count(*) FROM {self._s}.chunks").fetchone()
            size = conn.execute(
                "SELECT COALESCE(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c"
                " JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = %s AND c.relkind = 'r'",
                (self.schema,),
            ).fetchone()
        assert docs and chunks and size
        return {"documents": int(docs[0]), "chunks": int(chunks[0]), "bytes": int(size[0])}

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
        """Best `k` passages the reader may read, most relevant first (as SqliteStore): the
        query is first read against the words of the reader's documents, as SqliteStore
        reads it (query_rewrite.py over pg_vocabulary.py)."""
        depth = max(k, self.fusion.depth) if (mode == "hybrid" or reranker) else k
        with self._conn() as conn:
            words = self.vocabulary.readable(conn, principal)
            asked, query = query, searched_as(query, words)
            info, stored = self._vector_state(conn) if mode != "lexical" else ({}, False)
            if mode == "lexical" or (mode == "hybrid" and not (info and stored)):
                ranked = self._lexical_ranked(conn, query, depth, principal, words)
            else:
                dense = self._dense_ranked(conn, info, query, query_vector, depth, principal)
                if mode == "dense":
                    ranked = dense
                else:
                    lexical = self._lexical_ranked(conn, query, depth, principal, words)
                    ranked = fuse_arrays(lexical, dense, self.fusion, partial(self._doc_keys, conn))
            cut = depth if reranker else k
            hits = self._hits(conn, ranked[0][:cut], ranked[1][:cut], principal, source)
        hits = carrying_query(hits, asked, query)  # the answerer reads it as searched
        return reranker(query, hits)[:k] if reranker else hits

    def _lexical_ranked(
        self,
        conn: psycopg.Connection,
        query: str,
        n: int,
        principal: Principal | None,
        readable: ReadableRows | None = None,
    ) -> Arrays:
        """BM25 over the reader's rows of the collection's words in memory (`readable`, the
        SQLite store's index and ranking: the same scores), or, when they are not loaded
        (over pg_vocabulary.MAX_CHUNKS) or a query word is several tokens, idf-weighted
        ts_rank over chunks the reader may read (the ACL clause inside).

        ts_rank candidates (chunks matching any word and allowed to the reader) are
        materialised with their tsvector detoasted once (`|| ''`), then scored per word:
        twice as fast as letting each ts_rank call detoast it again."""
        words = query_words(query)
        if not words or n <= 0:
            return _EMPTY
        if readable is not None and (terms := readable.index.term_ids(words)) is not None:
            return readable.index.search(terms, n, readable.mask, readable.docs)
        where, params = self._acl(principal)
        s = self._s
        cfg = f"{s}.{pg_schema.TS_CONFIG}"
        any_word = " || ".join([f"plainto_tsquery('{cfg}', %s)"] * len(words))
        with conn.transaction():
            # The GIN index finds OR matches without reading a tsvector; a sequential scan,
            # which the planner prefers once a word is common, detoasts every one of them.
            conn.execute("SELECT set_config('enable_seqscan', 'off', true)")
            conn.execute("SELECT set_config('work_mem', '32MB', true)")  # candidates in memory
            rows = self._lexical_rows(conn, s, cfg, any_word, where, [words, *words, *params, n])
        return (np.array([r[0] for r in rows], dtype=np.int64),
                np.array([r[1] for r in rows], dtype=np.float64))  # fmt: skip

    @staticmethod
    def _lexical_rows(
        conn: psycopg.Connection, s: str, cfg: str, any_word: str, where: str, params: list[Any]
    ) -> list[tuple[Any, ...]]:
        return conn.execute(
            f"""WITH t AS MATERIALIZED (
                SELECT q.tq, ln(1 + (n.total - df.n + 0.5) / (df.n + 0.5)) AS idf
                FROM unnest(%s::text[]) AS w
                CROSS JOIN LATERAL (SELECT plainto_tsquery('{cfg}', w) AS tq) q
                CROSS JOIN (SELECT count(*)::float8 AS total FROM {s}.chunks) n
                CROSS JOIN LATERAL (
                    SELECT count(*)::float8 AS n FROM {s}.chunks c WHERE c.tsv @@ q.tq) df
                WHERE numnode(q.tq) > 0),
            cand AS MATERIALIZED (
                SELECT c.id, d.doc_id, c.tsv || ''::tsvector AS v
                FROM {s}.chunks c JOIN {s}.documents d ON d.id = c.doc_rowid
                WHERE c.tsv @@ ({any_word}) AND {where})
            SELECT cand.id, (SELECT sum(t.idf * ts_rank('{pg_schema.RANK_WEIGHTS}', cand.v, t.tq, 1))
                             FROM t) AS score
            FROM cand ORDER BY score DESC, cand.doc_id, cand.id LIMIT %s""",
            params,
        ).fetchall()

    def _dense_ranked(
        self,
        conn: psycopg.Connection,
        info: dict[str, str],
        query: str,
        query_vector: np.ndarray | None,
        n: int,
        principal: Principal | None,
    ) -> Arrays:
        """Cosine over stored vectors through the HNSW index, the ACL clause inside."""
        if not info:
            raise NoVectors(
                f"collection {self.name!r} has no vectors (it was indexed without an "
                "embedder); use lexical search or re-index with embeddings"
            )
        if self.embedder is not None and self.embedder.name != info["model"]:
            raise ConfigError(
                f"collection {self.name!r} holds vectors of {info['model']!r}, but the "
                f"query embedder is {self.embedder.name!r}; re-index with the same model"
            )
        if n <= 0:
            return _EMPTY
        if query_vector is None:
            if self.embedder is None:
                raise ConfigError("dense search needs an embedder or a query_vector")
            query_vector = self.embedder.embed_query(query)
        q = HalfVector(np.asarray(query_vector, dtype=np.float32))
        where, params = self._acl(principal)
        s = self._s
        with conn.transaction():
            # Keep walking the graph until n allowed rows are found (filtered HNSW otherwise
            # stops at ef_search candidates, allowed or not); strict order = exact ranking
            # of what the graph returns.
            conn.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(max(40, n)),))
            conn.execute("SELECT set_config('hnsw.iterative_scan', 'strict_order', true)")
            rows = conn.execute(
                f"SELECT c.id, 1 - (c.embedding <=> %s) AS score, d.doc_id"
                f" FROM {s}.chunks c JOIN {s}.documents d ON d.id = c.doc_rowid"
                f" WHERE c.embedding IS NOT NULL"
                f" AND {where}"
                f" ORDER BY c.embedding <=> %s LIMIT %s",
                [q, *params, q, n],
            ).fetchall()
        # the graph returns equal distances in the order it meets them: ties by doc id
        rows.sort(key=lambda r: (-r[1], r[2], r[0]))
        return (np.array([r[0] for r in rows], dtype=np.int64),
                np.array([r[1] for r in rows], dtype=np.float64))  # fmt: skip

    def _doc_keys(self, conn: psycopg.Connection, chunk_ids: np.ndarray) -> np.ndarray:
        """The doc id of each chunk (fusion's tie-break key; "" for one not found)."""
        rows = conn.execute(
            f"SELECT c.id, d.doc_id FROM {self._s}.chunks c"
            f" JOIN {self._s}.documents d ON d.id = c.doc_rowid WHERE c.id = ANY(%s)",
            [chunk_ids.tolist()],
        ).fetchall()
        found = {int(r[0]): str(r[1]) for r in rows}
        return np.array([found.get(i, "") for i in chunk_ids.tolist()], dtype=object)

    def _hits(
        self,
        conn: psycopg.Connection,
        ids: np.ndarray,
        scores: np.ndarray,
        principal: Principal | None,
        source: str,
    ) -> list[Hit]:
        """Rows for ranked chunk ids, re-read through the ACL clause (defence in depth)."""
        if not len(ids):
            return []
        where, params = self._acl(principal)
        rows = conn.execute(
            f'SELECT c.id, d.doc_id, d.title, d.url, c.start, c."end", c.text'
            f" FROM {self._s}.chunks c JOIN {self._s}.documents d ON d.id = c.doc_rowid"
            f" WHERE c.id = ANY(%s) AND {where}",
            [ids.tolist(), *params],
        ).fetchall()
        by_id = {r[0]: r for r in rows}
        return [
            Hit(source=source, doc_id=r[1], title=r[2], url=r[3], start=r[4], end=r[5],
                snippet=r[6], score=score)
            for cid, score in zip(ids.tolist(), scores.tolist(), strict=True)
            if (r := by_id.get(cid)) is not None
        ]  # fmt: skip

    def _acl(self, principal: Principal | None) -> tuple[str, list[Any]]:
        return sql_filter(principal, mark=PG_MARK, grants=f"{self._s}.doc_access")

    # ------------------------------------------------------------------ documents

    def get_document(
        self, doc_id: str, principal: Principal | None, source: str = "collection"
    ) -> Document | None:
        """The document if it exists and the reader may read it; None otherwise."""
        where, params = self._acl(principal)
        with self._conn() as conn:
            row = conn.execute(
                "SELECT d.doc_id, d.title, d.url, d.text, d.sections, d.metadata, o.origins,"
                " CASE WHEN d.access_scope = 'private' THEN d.owner_user_id END,"
                " v.model, v.keys, v.vectors, d.access_scope, d.id"
                f" FROM {self._s}.documents d"
                f" LEFT JOIN {self._s}.doc_origins o ON o.doc_rowid = d.id"
                f" LEFT JOIN {self._s}.doc_text_vectors v ON v.doc_rowid = d.id"
                f" WHERE d.doc_id = %s AND {where}",
                [doc_id, *params],
            ).fetchone()
            grants = (
                conn.execute(
                    f"SELECT kind, value FROM {self._s}.doc_access WHERE doc_rowid = %s",
                    (row[12],),
                ).fetchall()
                if row is not None and row[11] in ("department", "role")
                else []
            )
        if row is None:
            return None
        spans = json.loads(row[6]) if row[6] is not None else []  # no row: not extracted
        return Document(
            source=source, doc_id=row[0], title=row[1], url=row[2], text=row[3],
            sections=[Section(**s) for s in json.loads(row[4])], metadata=json.loads(row[5]),
            origins=[Origin(start=s, end=e, location=loc) for s, e, loc in spans],
            owner_user_id=row[7] or None,
        ).with_stored_vectors(
            TextVectors(row[8], bytes(row[9]), bytes(row[10])) if row[8] is not None else None
        ).with_granted_groups(reader_groups(row[11], grants, principal))  # fmt: skip

    def access_of(self, doc_id: str) -> Access | None:
        """Stored access metadata (for audits and tests; never used to serve text)."""
        record = self._records(doc_id).get(doc_id)
        return record[2] if record else None

    # ------------------------------------------------------------------ writes

    def content_hashes(self, origin: str | None = None) -> dict[str, str]:
        with self._conn() as conn:
            if origin is None:
                rows = conn.execute(f"SELECT doc_id, content_hash FROM {self._s}.documents")
            else:
                rows = conn.execute(
                    f"SELECT doc_id, content_hash FROM {self._s}.documents WHERE origin = %s",
                    (origin,),
                )
            return {r[0]: r[1] for r in rows.fetchall()}

    def document_records(self) -> dict[str, tuple[str, str, Access]]:
        """doc_id -> (content hash, origin, stored access) for every document."""
        return self._records(None)

    def _records(self, doc_id: str | None) -> dict[str, tuple[str, str, Access]]:
        one = "WHERE d.doc_id = %s" if doc_id is not None else ""
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT d.doc_id, d.content_hash, d.origin, d.access_scope, d.owner_user_id,"
                " COALESCE(array_agg(a.kind) FILTER (WHERE a.kind IS NOT NULL), '{}'),"
                " COALESCE(array_agg(a.value) FILTER (WHERE a.kind IS NOT NULL), '{}')"
                f" FROM {self._s}.documents d"
                f" LEFT JOIN {self._s}.doc_access a ON a.doc_rowid = d.id {one}"
                " GROUP BY d.id",
                [doc_id] if doc_id is not None else [],
            ).fetchall()
        out = {}
        for doc, digest, origin, scope, owner, kinds, values in rows:
            g = list(zip(kinds, values, strict=True))
            access = Access(
                access_scope=AccessScope(scope) if scope else None,
                owner_user_id=owner,
                allowed_departments=sorted(v for k, v in g if k == "department"),
                allowed_roles=sorted(v for k, v in g if k == "role"),
            )
            out[doc] = (digest, origin, access)
        return out

    def set_access(self, doc_id: str, access: Access, conn: psycopg.Connection) -> None:
        """Re-apply access to a stored document without touching its text or vectors."""
        row = conn.execute(
            f"UPDATE {self._s}.documents SET access_scope = %s, owner_user_id = %s"
            " WHERE doc_id = %s RETURNING id",
            (access.access_scope.value if access.access_scope else None,
             access.owner_user_id, doc_id),
        ).fetchone()  # fmt: skip
        if row is None:
            return
        conn.execute(f"DELETE FROM {self._s}.doc_access WHERE doc_rowid = %s", (row[0],))
        self._insert_grants(conn, row[0], access)

    def _insert_grants(self, conn: psycopg.Connection, rowid: int, access: Access) -> None:
        grants = [(rowid, "department", v) for v in access.allowed_departments]
        grants += [(rowid, "role", v) for v in access.allowed_roles]
        if grants:
            with conn.cursor() as cur:
                cur.executemany(
                    f"INSERT INTO {self._s}.doc_access(doc_rowid, kind, value) VALUES (%s,%s,%s)",
                    grants,
                )

    def upsert(
        self,
        doc: LoadedDocument,
        chunks: list[Chunk],
        embeddings: list[bytes] | None = None,
        conn: psycopg.Connection | None = None,
    ) -> None:
        """Replace `doc` and its chunks. Call inside `transaction()` for batch atomicity."""
        if conn is None:
            with self.transaction() as c:
                self.upsert(doc, chunks, embeddings, c)
            return
        self.delete(doc.doc_id, conn)
        row = conn.execute(
            f"INSERT INTO {self._s}.documents({DOCUMENT_COLUMNS})"
            " VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) RETURNING id",
            document_row(doc),
        ).fetchone()
        assert row is not None
        rowid = row[0]
        self._insert_grants(conn, rowid, doc.access)
        vectors = self._half(embeddings) if embeddings is not None else [None] * len(chunks)
        with conn.cursor() as cur:
            cur.executemany(
                f"INSERT INTO {self._s}.chunks(doc_rowid, ord, start, \"end\", heading, title,"
                " text, embedding) VALUES (%s,%s,%s,%s,%s,%s,%s,%s)",
                [(rowid, i, ch.start, ch.end, ch.heading, doc.title, ch.text, vec)
                 for i, (ch, vec) in enumerate(zip(chunks, vectors, strict=True))],
            )  # fmt: skip
        if doc.origins:
            spans = [[o.start, o.end, o.location] for o in doc.origins]
            conn.execute(
                f"INSERT INTO {self._s}.doc_origins(doc_rowid, origins) VALUES (%s, %s)",
                (rowid, json.dumps(spans, separators=(",", ":"))),
            )

    def delete(self, doc_id: str, conn: psycopg.Connection | None = None) -> None:
        """Remove `doc_id`; its grants, chunks and origins go with it (ON DELETE CASCADE)."""
        if conn is None:
            with self.transaction() as c:
                self.delete(doc_id, c)
            return
        conn.execute(f"DELETE FROM {self._s}.documents WHERE doc_id = %s", (doc_id,))

    # ------------------------------------------------------------------ embeddings

    @staticmethod
    def _half(blobs: list[bytes]) -> list[HalfVector | None]:
        """Stored-vector blobs (STORAGE_DTYPE, as the indexer hands them) as halfvecs."""
        if not blobs:
            return []
        width = np.dtype(STORAGE_DTYPE).itemsize
        matrix = from_storage(blobs, len(blobs[0]) // width, STORAGE_DTYPE)
        return [HalfVector(row) for row in matrix]

    def set_embedding_info(
        self, model: str, dim: int, dtype: str, conn: psycopg.Connection | None = None
    ) -> None:
        """Record the vector space and give the column its dimension and an HNSW index."""
        if conn is None:
            with self.transaction() as c:
                self.set_embedding_info(model, dim, dtype, c)
            return
        s = self._s
        conn.execute(
            f"INSERT INTO {s}.meta(key, value) VALUES (%s, %s), (%s, %s), (%s, %s)"
            " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            ("embedding_model", model, "embedding_dim", str(int(dim)),
             "embedding_dtype", dtype),
        )  # fmt: skip
        conn.execute(f"DROP INDEX IF EXISTS {s}.chunks_hnsw_idx")
        conn.execute(f"ALTER TABLE {s}.chunks ALTER COLUMN embedding TYPE halfvec({int(dim)})")
        conn.execute(
            f"CREATE INDEX chunks_hnsw_idx ON {s}.chunks USING hnsw (embedding halfvec_cosine_ops)"
        )

    def clear_vectors(self, conn: psycopg.Connection) -> None:
        s = self._s
        conn.execute(f"DROP INDEX IF EXISTS {s}.chunks_hnsw_idx")
        conn.execute(f"UPDATE {s}.chunks SET embedding = NULL")
        conn.execute(f"ALTER TABLE {s}.chunks ALTER COLUMN embedding TYPE halfvec")
        conn.execute(f"DELETE FROM {s}.meta WHERE key LIKE 'embedding\\_%%'")
        conn.execute(f"DELETE FROM {s}.doc_text_vectors")

    def chunks_without_vectors(self, limit: int) -> list[tuple[int, str, str, str]]:
        with self._conn() as conn:
            rows = conn.execute(
                f"SELECT c.id, c.title, c.heading, c.text FROM {self._s}.chunks c"
                " WHERE c.embedding IS NULL ORDER BY c.id LIMIT %s",
                (limit,),
            ).fetchall()
        return [(int(r[0]), r[1], r[2], r[3]) for r in rows]

    def set_text_vectors(self, doc_id: str, stored: TextVectors, conn: psycopg.Connection) -> None:
        """Store (or replace) the vectors of `doc_id`'s candidate texts (stored_texts.py)."""
        conn.execute(
            f"INSERT INTO {self._s}.doc_text_vectors(doc_rowid, model, keys, vectors)"
            f" SELECT id, %s, %s, %s FROM {self._s}.documents WHERE doc_id = %s"
            " ON CONFLICT (doc_rowid) DO UPDATE SET model = EXCLUDED.model,"
            " keys = EXCLUDED.keys, vectors = EXCLUDED.vectors",
            (stored.model, stored.keys, stored.vectors, doc_id),
        )

    def lacking_text_vectors(self, model: str, limit: int) -> list[Lacking]:
        """(doc id, title, text, chunk spans) of documents without vectors of `model`."""
        s = self._s
        with self._conn() as conn:
            rows = conn.execute(
                f"SELECT d.id, d.doc_id, d.title, d.text FROM {s}.documents d"
                f" LEFT JOIN {s}.doc_text_vectors v ON v.doc_rowid = d.id"
                " WHERE v.doc_rowid IS NULL OR v.model <> %s ORDER BY d.id LIMIT %s",
                (model, limit),
            ).fetchall()
            out = []
            for rowid, doc_id, title, text in rows:
                spans = conn.execute(
                    f'SELECT start, "end" FROM {s}.chunks WHERE doc_rowid = %s ORDER BY ord',
                    (rowid,),
                ).fetchall()
                out.append((doc_id, title, text, [(int(a), int(b)) for a, b in spans]))
        return out

    def set_vectors(self, rows: list[tuple[int, bytes]], conn: psycopg.Connection) -> None:
        vectors = self._half([v for _, v in rows])
        with conn.cursor() as cur:
            cur.executemany(
                f"UPDATE {self._s}.chunks SET embedding = %s WHERE id = %s",
                [(v, cid) for (cid, _), v in zip(rows, vectors, strict=True)],
            )


def unavailable(url: str, exc: BaseException) -> SourceUnavailable:
    """The one message for a PostgreSQL failure: which server (no password), and why."""
    why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return SourceUnavailable(
        f"PostgreSQL store at {redacted(url)} failed ({why}); check that the server is "
        "running and WIKIQA_STORE_URL / --store is right"
    )
