"""Sentence vectors computed once per text, kept in memory and (optionally) on disk.

The extractive answerer compares the question's meaning with every candidate line it reads
(each sentence alone and under its heading), which is a model run over the whole pool per
question. A document's lines are the same text every time it is read, so their vectors are
kept: in a small in-memory LRU and, with a `path`, in a SQLite file (under WIKIQA_HOME), so a
new process and a repeated question find them computed. The key is a hash of the embedder's
name and the exact text: a document whose text changes gives new keys and is embedded anew,
never served a stale vector; another model never reads this one's vectors.

Vectors are kept as float16 (as the store keeps chunk vectors: cosines move by < 1e-3), and
the first computation returns the same rounded vector a later hit returns.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from wikiqa.store.embed import Embedder

MEMORY_SIZE = 16384  # vectors kept in memory (about 0.8 kB each at 384-d float16)
_DTYPE = np.float16


class SentenceVectors:
    """Vectors of texts under one embedder, each computed once (see the module docstring)."""

    def __init__(
        self, embedder: Embedder, path: Path | None = None, size: int = MEMORY_SIZE
    ) -> None:
        self.embedder = embedder
        self.path = path
        self.size = size
        self.computed = 0  # texts this instance ran the model on (for tests and benchmarks)
        self._memory: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._prefix = f"{embedder.name}\0"

    def key(self, text: str) -> str:
        """The cache key of `text` under this embedder."""
        return hashlib.sha256((self._prefix + text).encode()).hexdigest()[:32]

    def get(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text (float32 copies of the kept float16 vectors), embedding in one
        batch only the texts neither memory nor disk holds."""
        with self._lock:
            keys = [self.key(t) for t in texts]
            found: dict[str, np.ndarray] = {}
            for k in keys:
                v = self._memory.get(k)
                if v is not None:
                    self._memory.move_to_end(k)
                    found[k] = v
            missing = list(dict.fromkeys(k for k in keys if k not in found))
            if missing:
                found.update(self._read(missing))
            todo = {k: t for k, t in zip(keys, texts, strict=True) if k not in found}
            if todo:
                vectors = np.asarray(self.embedder.embed(list(todo.values()))).astype(_DTYPE)
                self.computed += len(todo)
                new = dict(zip(todo, vectors, strict=True))
                self._write(new)
                found.update(new)
            for k in missing:
                self._remember(k, found[k])
            return (
                np.stack([found[k] for k in keys]).astype(np.float32)
                if keys
                else np.zeros((0, self.embedder.dim), dtype=np.float32)
            )

    def _remember(self, key: str, vector: np.ndarray) -> None:
        self._memory[key] = vector
        self._memory.move_to_end(key)
        while len(self._memory) > self.size:
            self._memory.popitem(last=False)

    def _connect(self) -> sqlite3.Connection | None:
        if self.path is None:
            return None
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, check_same_thread=False, timeout=5.0)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vector BLOB)")
            self._db = db
        return self._db

    def _read(self, keys: list[str]) -> dict[str, np.ndarray]:
        """Vectors of `keys` kept on disk (none without a path, or when the file is busy)."""
        db = self._connect()
        if db is None:
            return {}
        out: dict[str, np.ndarray] = {}
        try:
            for i in range(0, len(keys), 500):
                part = keys[i : i + 500]
                marks = ",".join("?" * len(part))
                rows = db.execute(f"SELECT key, vector FROM vectors WHERE key IN ({marks})", part)
                out.update((k, np.frombuffer(b, dtype=_DTYPE)) for k, b in rows)
        except sqlite3.Error:
            return out  # a busy or damaged file only costs a recomputation
        return out

    def _write(self, vectors: dict[str, np.ndarray]) -> None:
        db = self._connect()
        if db is None:
            return
        try:
            with db:
                db.executemany(
                    "INSERT OR REPLACE INTO vectors (key, vector) VALUES (?, ?)",
                    [(k, v.tobytes()) for k, v in vectors.items()],
                )
        except sqlite3.Error:
            return  # not kept: computed again next time

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
