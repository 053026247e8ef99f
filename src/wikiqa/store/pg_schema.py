"""The PostgreSQL store's schema: one schema per collection, versioned migrations.

Each collection lives in its own PostgreSQL schema (`wq_<name>`), with the same tables and
column names as the SQLite file (documents, doc_access, chunks, doc_origins,
doc_text_vectors, meta), so the access clause
`acl.sql_filter` is one SQL text for both backends. Migrations are numbered SQL scripts
recorded in `<schema>.schema_migrations`; they run in one transaction under an advisory
lock, so several API workers or indexers starting at once apply each exactly once.
"""

from __future__ import annotations

import hashlib

import psycopg

from wikiqa.errors import ConfigError

# Text search: each collection gets its own configuration `<schema>.fts`, PostgreSQL's
# English parser and snowball stemmer *without* its stopword list, as FTS5's porter tokenizer
# keeps every word: queries drop wikiqa's STOPWORDS themselves, identically for both stores.
TS_CONFIG = "fts"
# ts_rank weights {D, C, B, A}: chunk text (A) 1.0, title (B) 0.6, heading (C) 0.4, as
# FTS5's bm25(chunks_fts, 1.0, 0.6, 0.4) weighs its columns.
RANK_WEIGHTS = "{0.1,0.4,0.6,1.0}"

# Each entry is one migration, applied in order; never edit an applied one, append a new one.
# `{s}` is the collection's quoted schema name.
MIGRATIONS: list[str] = [
    """
    CREATE TEXT SEARCH DICTIONARY {s}.stem (TEMPLATE = snowball, Language = english);
    CREATE TEXT SEARCH CONFIGURATION {s}.fts (COPY = pg_catalog.english);
    ALTER TEXT SEARCH CONFIGURATION {s}.fts ALTER MAPPING
        FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH {s}.stem;
    CREATE TABLE {s}.meta (key text PRIMARY KEY, value text NOT NULL);
    CREATE TABLE {s}.documents (
        id bigserial PRIMARY KEY,
        doc_id text NOT NULL UNIQUE,
        title text NOT NULL,
        url text,
        text text NOT NULL,
        sections text NOT NULL DEFAULT '[]',
        metadata text NOT NULL DEFAULT '{{}}',
        content_hash text NOT NULL,
        origin text NOT NULL DEFAULT '',
        access_scope text,
        owner_user_id text,
        indexed_at double precision NOT NULL
    );
    CREATE INDEX documents_origin_idx ON {s}.documents (origin);
    -- the access columns beside the key: the ACL join reads this index, not the wide rows
    CREATE INDEX documents_access_idx ON {s}.documents (id) INCLUDE (access_scope, owner_user_id);
    CREATE TABLE {s}.doc_access (
        doc_rowid bigint NOT NULL REFERENCES {s}.documents(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('department', 'role')),
        value text NOT NULL
    );
    CREATE INDEX doc_access_idx ON {s}.doc_access (doc_rowid, kind, value);
    CREATE TABLE {s}.chunks (
        id bigserial PRIMARY KEY,
        doc_rowid bigint NOT NULL REFERENCES {s}.documents(id) ON DELETE CASCADE,
        ord integer NOT NULL,
        start integer NOT NULL,
        "end" integer NOT NULL,
        heading text NOT NULL DEFAULT '',
        title text NOT NULL DEFAULT '',
        text text NOT NULL,
        embedding halfvec,
        tsv tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('{s}.fts'::regconfig, text), 'A')
            || setweight(to_tsvector('{s}.fts'::regconfig, title), 'B')
            || setweight(to_tsvector('{s}.fts'::regconfig, heading), 'C')
        ) STORED
    );
    CREATE INDEX chunks_doc_idx ON {s}.chunks (doc_rowid);
    CREATE INDEX chunks_tsv_idx ON {s}.chunks USING gin (tsv);
    CREATE INDEX chunks_unembedded_idx ON {s}.chunks (id) WHERE embedding IS NULL;
    """,
    # 2: where each span of a PDF/Office/CSV text came from (page, slide, cells, heading
    # path), as the SQLite file's doc_origins: JSON [[start, end, location], ...].
    # Documents extracted before it have no map; their hash is marked stale so the next
    # `wikiqa index` re-extracts them (metadata is json.dumps output: `"format": "pdf"`).
    """
    CREATE TABLE {s}.doc_origins (
        doc_rowid bigint PRIMARY KEY REFERENCES {s}.documents(id) ON DELETE CASCADE,
        origins text NOT NULL
    );
    UPDATE {s}.documents SET content_hash = 'no-origins:' || content_hash
    WHERE metadata LIKE ANY (ARRAY['%"format": "pdf"%', '%"format": "docx"%',
        '%"format": "xlsx"%', '%"format": "pptx"%', '%"format": "csv"%']);
    """,
    # 3: the index generation, a number every change of what a reader may find bumps (a
    # document written or deleted, its access or grants changed), in the same transaction as
    # the change: caches of the collection's words (pg_vocabulary.py) reload when it moves.
    # Statement triggers, so a write by any process (another worker, an older wikiqa, SQL by
    # hand) moves it; chunks are written only with their document (an upsert inserts the
    # document row first, a delete cascades), so `documents` covers them, and embedding
    # writes, which change no word, move nothing.
    """
    INSERT INTO {s}.meta(key, value) VALUES ('generation', '0') ON CONFLICT (key) DO NOTHING;
    CREATE OR REPLACE FUNCTION {s}.bump_generation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO {s}.meta(key, value) VALUES ('generation', '1') ON CONFLICT (key)
            DO UPDATE SET value = (meta.value::bigint + 1)::text;
        RETURN NULL;
    END $$;
    DROP TRIGGER IF EXISTS documents_generation ON {s}.documents;
    DROP TRIGGER IF EXISTS doc_access_generation ON {s}.doc_access;
    CREATE TRIGGER documents_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
        ON {s}.documents FOR EACH STATEMENT EXECUTE FUNCTION {s}.bump_generation();
    CREATE TRIGGER doc_access_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
        ON {s}.doc_access FOR EACH STATEMENT EXECUTE FUNCTION {s}.bump_generation();
    """,
    # 4: the vectors of each document's candidate texts (answerers/stored_texts.py), float32
    # as the answerer computes them, dropped with the document. Documents indexed before it
    # have none; the next `wikiqa index` back-fills them, so nothing is rebuilt.
    """
    CREATE TABLE IF NOT EXISTS {s}.doc_text_vectors (
        doc_rowid bigint PRIMARY KEY REFERENCES {s}.documents(id) ON DELETE CASCADE,
        model text NOT NULL,
        keys bytea NOT NULL,
        vectors bytea NOT NULL
    );
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)
_PREFIX = "wq_"


def schema_name(collection: str) -> str:
    """`wq_<name>`, shortened with a hash when the name would pass PostgreSQL's 63 bytes."""
    name = _PREFIX + collection
    if len(name.encode()) <= 63:
        return name
    digest = hashlib.sha1(collection.encode()).hexdigest()[:10]
    return f"{_PREFIX}{collection[:45]}_{digest}"


def quoted(schema: str) -> str:
    """A collection name holds only letters, digits, '.', '_' and '-': quoting suffices."""
    assert '"' not in schema
    return f'"{schema}"'


def _lock_key(schema: str) -> int:
    return int.from_bytes(hashlib.sha1(schema.encode()).digest()[:8], "big", signed=True)


def write_lock(conn: psycopg.Connection, schema: str) -> None:
    """One writer per collection at a time (SQLite's BEGIN IMMEDIATE), until commit."""
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (_lock_key(schema),))


def exists(conn: psycopg.Connection, schema: str) -> bool:
    row = conn.execute(
        "SELECT to_regclass(%s) IS NOT NULL", (f"{quoted(schema)}.schema_migrations",)
    ).fetchone()
    return bool(row and row[0])


def migrate(conn: psycopg.Connection, schema: str, collection: str) -> int:
    """Create the collection's schema or bring it to SCHEMA_VERSION; returns the version."""
    s = quoted(schema)
    with conn.transaction():
        write_lock(conn, schema)
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {s}")
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {s}.schema_migrations"
            " (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        row = conn.execute(f"SELECT COALESCE(max(version), 0) FROM {s}.schema_migrations")
        current = int(row.fetchone()[0])  # type: ignore[index]
        if current > SCHEMA_VERSION:
            raise ConfigError(
                f"collection {collection!r} has schema version {current}, newer than this "
                f"wikiqa understands ({SCHEMA_VERSION}); upgrade wikiqa"
            )
        for version in range(current + 1, SCHEMA_VERSION + 1):
            conn.execute(MIGRATIONS[version - 1].format(s=s))
            conn.execute(f"INSERT INTO {s}.schema_migrations(version) VALUES (%s)", (version,))
        conn.execute(
            f"INSERT INTO {s}.meta(key, value) VALUES ('collection', %s) ON CONFLICT DO NOTHING",
            (collection,),
        )
    return SCHEMA_VERSION


def generation(conn: psycopg.Connection, schema: str) -> int:
    """The collection's index generation (migration 3): it moves with every committed change
    of a document, its chunks or its access."""
    row = conn.execute(
        f"SELECT value FROM {quoted(schema)}.meta WHERE key = 'generation'"
    ).fetchone()
    return int(row[0]) if row else 0


def collections(conn: psycopg.Connection) -> list[tuple[str, str]]:
    """(collection name, schema) of every wikiqa collection in the database."""
    rows = conn.execute(
        "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'wq\\_%' ORDER BY nspname"
    ).fetchall()
    out = []
    for (schema,) in rows:
        if not exists(conn, schema):
            continue
        name = conn.execute(
            f"SELECT value FROM {quoted(schema)}.meta WHERE key = 'collection'"
        ).fetchone()
        out.append((name[0] if name else schema.removeprefix(_PREFIX), schema))
    return out
