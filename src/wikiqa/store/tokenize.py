"""FTS5's own tokenisation (porter over unicode61, diacritics removed), outside FTS5.

The in-memory lexical index must see exactly the terms FTS5 indexes, or its BM25 would drift
from the durable index. Rather than re-implement porter and unicode61, text is cut at ASCII
non-alphanumerics and whitespace (separators for unicode61 too, so no token spans a cut), and
each distinct piece is tokenised once by SQLite itself in a scratch in-memory FTS5 table;
pieces repeat a lot, so a cache makes that cheap.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable
from itertools import chain

TOKENIZE = "porter unicode61 remove_diacritics 2"  # must match chunks_fts in schema.py
_CUT = re.compile(r"[\x00-/:-@\[-`{-\x7f\s]+")
_CACHE_MAX = 1_000_000
_SURROGATE = re.compile("[\ud800-\udfff]")


class FtsTokenizer:
    """Text -> FTS5 terms, via a private in-memory SQLite connection (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        self._conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{TOKENIZE}')")
        self._conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)")
        self._cache: dict[str, tuple[str, ...]] = {}

    @staticmethod
    def pieces(text: str) -> list[str]:
        """Cut at characters unicode61 always treats as separators (ASCII-only pieces are
        lowercased here: that is all unicode61 does to them, and it helps the cache)."""
        if text.isascii():
            return [p for p in _CUT.split(text.lower()) if p]
        return [p.lower() if p.isascii() else p for p in _CUT.split(text) if p]

    def terms_of(self, pieces: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Each distinct piece's terms, in order (usually one; none or several are possible)."""
        wanted = set(pieces)
        cache = self._cache
        missing = [p for p in wanted if p not in cache]
        if missing:
            self._tokenize(missing)
        return {p: cache[p] for p in wanted}

    def terms(self, text: str) -> list[str]:
        """All FTS5 terms of `text`, in order."""
        pieces = self.pieces(text)
        table = self.terms_of(pieces)
        return list(chain.from_iterable(table[p] for p in pieces))

    def _tokenize(self, missing: list[str]) -> None:
        with self._lock:
            if len(self._cache) + len(missing) > _CACHE_MAX:
                self._cache.clear()
            c = self._conn
            # An error or a cancelled question's stop (workers.WorkCancelled) between BEGIN
            # and COMMIT used to leave the transaction open, and every later call failed
            # with "cannot start a transaction within a transaction".
            if c.in_transaction:
                c.execute("ROLLBACK")
            c.execute("BEGIN")
            try:
                c.execute("DELETE FROM t")
                # SQLite cannot take a lone surrogate (a hostile document or question)
                c.executemany(
                    "INSERT INTO t(rowid, x) VALUES (?, ?)", enumerate(map(_utf8, missing))
                )
                found: dict[int, list[tuple[int, str]]] = {}
                for term, row, offset in c.execute("SELECT term, doc, offset FROM v"):
                    found.setdefault(row, []).append((offset, term))
            finally:
                c.execute("COMMIT")
            for i, piece in enumerate(missing):
                self._cache[piece] = tuple(t for _, t in sorted(found.get(i, ())))


_shared: FtsTokenizer | None = None


def shared_tokenizer() -> FtsTokenizer:
    """One tokenizer (and cache) per process."""
    global _shared
    if _shared is None:
        _shared = FtsTokenizer()
    return _shared


def _utf8(text: str) -> str:
    """`text` as SQLite can store it: a lone surrogate becomes "?" (a separator to unicode61)."""
    if text.isascii():
        return text
    return text.encode("utf-8", "replace").decode("utf-8") if _SURROGATE.search(text) else text
