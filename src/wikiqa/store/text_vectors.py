"""The SQLite side of stored candidate-text vectors (answerers/stored_texts.py).

One row per document, dropped with it (ON DELETE CASCADE: a re-indexed or edited document is
deleted and inserted again, so its old vectors go with its old text). A file made before the
table existed gains it when opened for writing, and the next `wikiqa index` fills it for the
documents already indexed (`lacking`), so nothing indexed before has to be rebuilt.
"""

from __future__ import annotations

import hashlib
import sqlite3
from contextlib import suppress
from dataclasses import dataclass, field

import numpy as np

KEY_BYTES = 16  # blake2b digest per text: no two texts of a collection share one

TEXT_VECTORS_SCHEMA = """
CREATE TABLE IF NOT EXISTS doc_text_vectors (
    doc_rowid INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    model TEXT NOT NULL,
    keys BLOB NOT NULL,
    vectors BLOB NOT NULL
);
"""
Lacking = tuple[str, str, str, list[tuple[int, int]]]  # doc id, title, text, chunk spans


def text_key(text: str) -> bytes:
    """The digest a text's stored vector is found by."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=KEY_BYTES).digest()


@dataclass
class TextVectors:
    """One document's stored vectors: `model` names the vector space (the answerer uses
    them only when its embedder is that model), `keys` the texts' digests, row by row."""

    model: str
    keys: bytes
    vectors: bytes
    _rows: dict[bytes, int] | None = field(default=None, repr=False)
    _matrix: np.ndarray | None = field(default=None, repr=False)

    @classmethod
    def of(cls, model: str, texts: list[str], matrix: np.ndarray) -> TextVectors:
        """Pack `texts` and their (n, dim) vectors for storage."""
        keys = b"".join(text_key(t) for t in texts)
        return cls(model, keys, np.ascontiguousarray(matrix, dtype=np.float32).tobytes())

    def __len__(self) -> int:
        return len(self.keys) // KEY_BYTES

    def get(self, key: bytes) -> np.ndarray | None:
        """The stored vector of the text with digest `key` (a fresh copy), or None."""
        if self._rows is None:
            n = len(self)
            self._rows = {self.keys[i * KEY_BYTES : (i + 1) * KEY_BYTES]: i for i in range(n)}
            flat = np.frombuffer(self.vectors, dtype=np.float32)
            self._matrix = flat.reshape(n, len(flat) // n) if n else flat.reshape(0, 0)
        row = self._rows.get(key)
        if row is None:
            return None
        assert self._matrix is not None
        return self._matrix[row].copy()


def migrate(conn: sqlite3.Connection) -> None:
    """Add the table to an older file (a read-only one keeps its shape: reads find none)."""
    have = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'doc_text_vectors'").fetchone()
    if have is None:
        with suppress(sqlite3.OperationalError):
            conn.executescript(TEXT_VECTORS_SCHEMA)


def read(conn: sqlite3.Connection, doc_rowid: int) -> TextVectors | None:
    """The document's stored vectors, or None (none stored, or a file without the table)."""
    try:
        row = conn.execute(
            "SELECT model, keys, vectors FROM doc_text_vectors WHERE doc_rowid = ?", (doc_rowid,)
        ).fetchone()
    except sqlite3.OperationalError:
        return None
    return TextVectors(row[0], bytes(row[1]), bytes(row[2])) if row else None


def write(conn: sqlite3.Connection, doc_id: str, stored: TextVectors) -> None:
    """Store (or replace) `doc_id`'s vectors, in the caller's transaction."""
    conn.execute(
        "INSERT OR REPLACE INTO doc_text_vectors(doc_rowid, model, keys, vectors)"
        " SELECT id, ?, ?, ? FROM documents WHERE doc_id = ?",
        (stored.model, stored.keys, stored.vectors, doc_id),
    )


def lacking(conn: sqlite3.Connection, model: str, limit: int) -> list[Lacking]:
    """Documents with no vectors of `model` yet (indexed before, or by another model)."""
    rows = conn.execute(
        "SELECT d.id, d.doc_id, d.title, d.text FROM documents d"
        " LEFT JOIN doc_text_vectors v ON v.doc_rowid = d.id"
        " WHERE v.doc_rowid IS NULL OR v.model != ? ORDER BY d.id LIMIT ?",
        (model, limit),
    ).fetchall()
    out = []
    for rowid, doc_id, title, text in rows:
        spans = conn.execute(
            "SELECT start, end FROM chunks WHERE doc_rowid = ? ORDER BY ord", (rowid,)
        ).fetchall()
        out.append((doc_id, title, text, [(int(s), int(e)) for s, e in spans]))
    return out
