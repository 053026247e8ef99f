"""Issue 7 item 13: the HTTP response cache is purged and capped, so it cannot grow forever."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from wikiqa.settings import Settings
from wikiqa.sources.http import ResponseCache
from wikiqa.sources.mediawiki import MediaWikiSource


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _rows(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM responses").fetchone()[0])


def test_expired_rows_are_purged_when_the_cache_opens(tmp_path: Path) -> None:
    path, clock = tmp_path / "c.sqlite3", Clock()
    cache = ResponseCache(path, ttl=60, clock=clock)
    for i in range(10):
        cache.set(f"k{i}", "x" * 100)
    cache.close()
    clock.now += 61
    ResponseCache(path, ttl=60, clock=clock).close()
    assert _rows(path) == 0


def test_expired_rows_are_purged_while_the_cache_runs(tmp_path: Path) -> None:
    path, clock = tmp_path / "c.sqlite3", Clock()
    cache = ResponseCache(path, ttl=60, clock=clock, purge_every=5)
    for i in range(10):
        cache.set(f"old{i}", "x")
    clock.now += 61
    for i in range(5):  # the fifth write triggers a purge of the ten stale rows
        cache.set(f"new{i}", "y")
    assert _rows(path) == 5 and cache.get("new0") == "y"
    cache.close()


def test_the_cache_never_holds_more_than_its_byte_cap(tmp_path: Path) -> None:
    path, clock = tmp_path / "c.sqlite3", Clock()
    cache = ResponseCache(path, ttl=3600, clock=clock, max_bytes=10_000)
    for i in range(100):
        clock.now += 1
        cache.set(f"k{i}", "é" * 500)  # 1,000 bytes of UTF-8 each
        assert cache.stored_bytes() <= 10_000
    assert cache.get("k99") is not None  # the newest survive, the oldest went
    assert cache.get("k0") is None
    assert 5 <= _rows(path) <= 10
    cache.close()


def test_one_body_over_the_cap_is_not_stored(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "c.sqlite3", ttl=60, max_bytes=1000)
    cache.set("small", "a")
    cache.set("huge", "b" * 5000)
    assert cache.get("huge") is None and cache.get("small") == "a"
    cache.close()


def test_the_cap_comes_from_the_settings(tmp_path: Path) -> None:
    settings = Settings(cache_dir=tmp_path, http_cache_max_bytes=12345)
    source = MediaWikiSource.from_settings(settings)
    assert source.http.cache is not None and source.http.cache.max_bytes == 12345
