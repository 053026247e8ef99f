"""The collection file's schema and the FTS5 query builder."""

from __future__ import annotations

import re

SCHEMA_VERSION = 1
SCHEMA = """
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
# Added after version 1 (PDF/Office origins, issue 14): created when an older file is opened,
# so a collection made before it opens and gains it without a rebuild. JSON [[start, end, label]].
ORIGINS_SCHEMA = """
CREATE TABLE IF NOT EXISTS doc_origins (
    doc_rowid INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    origins TEXT NOT NULL
);
"""

_TOKEN = re.compile(r"\w+", re.UNICODE)
_STOPWORD_TEXT = """a an the of in on at to for from by with and or but not no is are was were be
been being do does did done has have had having what which who whom whose when where why how that
this these those it its as into than then there their they them he she his her him i you your we
our us me my can could would should will shall may might must about over under after before during
between also any all some such only own same so too very just if s t"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())


def query_words(text: str) -> list[str]:
    """A question's distinct lowercase content words (all words if none is content), <= 64."""
    words = [w.lower() for w in _TOKEN.findall(text)]
    content = [w for w in words if w not in STOPWORDS] or words
    return list(dict.fromkeys(content))[:64]


def fts_query(text: str) -> str:
    """A safe FTS5 MATCH expression: OR of the question's content words, each quoted."""
    return " OR ".join('"' + w.replace('"', '""') + '"' for w in query_words(text))
