"""The process-wide FTS5 tokenizer survives a call that fails half-way: an error or a
cancelled question's stop (workers.WorkCancelled) between its BEGIN and COMMIT used to leave
the scratch connection inside a transaction, and every later search that met a new word
failed with "cannot start a transaction within a transaction"."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from wikiqa.store.tokenize import FtsTokenizer


def test_a_lone_surrogate_is_tokenised_and_breaks_nothing_after_it() -> None:
    tok = FtsTokenizer()
    assert tok.terms("hello \ud800world running") == ["hello", "world", "run"]
    assert tok.terms("plain words here") == ["plain", "word", "here"]


class _FailsOnce:
    """The scratch connection, except that one insert is stopped half-way (as a cancel
    landing inside the call would stop it)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.armed = True

    def executemany(self, sql: str, rows: Any) -> sqlite3.Cursor:
        if self.armed:
            self.armed = False
            raise KeyboardInterrupt  # a BaseException, like WorkCancelled
        return self.conn.executemany(sql, rows)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def test_a_call_stopped_half_way_leaves_the_tokenizer_working() -> None:
    tok = FtsTokenizer()
    tok._conn = _FailsOnce(tok._conn)  # type: ignore[assignment]
    with pytest.raises(KeyboardInterrupt):
        tok.terms("interrupted")
    assert tok.terms("interrupted words") == ["interrupt", "word"]
    assert not tok._conn.in_transaction
