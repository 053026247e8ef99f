"""A damaged collection file is a clear error naming the file and what to do, never a raw
sqlite3 traceback; one bad file does not hide the others (issue 7, item 15)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from store_helpers import write

from wikiqa.errors import CollectionCorrupt
from wikiqa.settings import Settings
from wikiqa.store.collections import list_collections, open_collection
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore


def make_collection(settings: Settings, name: str, folder: Path) -> Path:
    write(folder, "a.md", "# Coffee\n\nCoffee was first cultivated in Yemen.\n")
    path = settings.collections_dir() / f"{name}.sqlite"
    store = SqliteStore.create(path)
    index_path(store, folder)
    store.close()  # checkpoints the WAL into the file
    return path


def damage(path: Path, how: str) -> None:
    if how == "garbage":
        path.write_bytes(b"this is not a database at all\n" * 200)
    elif how == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    elif how == "header":
        data = bytearray(path.read_bytes())
        data[0:16] = b"\x00" * 16
        path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["garbage", "truncated", "header"])
def test_damaged_file_is_a_clear_error(tmp_path: Path, how: str) -> None:
    settings = Settings()
    path = make_collection(settings, "kb", tmp_path / "kb")
    damage(path, how)
    with pytest.raises(CollectionCorrupt) as err:
        open_collection(settings, "kb")
    message = str(err.value)
    assert str(path) in message and "damaged" in message
    assert "wikiqa index PATH --collection kb" in message


def test_one_bad_file_does_not_hide_the_others(tmp_path: Path) -> None:
    settings = Settings()
    make_collection(settings, "good", tmp_path / "good")
    bad = make_collection(settings, "bad", tmp_path / "bad")
    damage(bad, "truncated")
    found = {c.name: c for c in list_collections(settings)}
    assert set(found) == {"good", "bad"}
    assert found["good"].error is None and found["good"].documents == 1
    assert found["bad"].error is not None and str(bad) in found["bad"].error


def _raised(action: Callable[[], object]) -> BaseException:
    try:
        action()
    except Exception as exc:  # the test inspects what SQLite raised
        return exc
    raise AssertionError("expected SQLite to raise")


def test_an_interrupted_read_is_not_reported_damaged(tmp_path: Path) -> None:
    """A read SQLite abandons (interrupted, or locked past busy_timeout) is a passing
    condition: the reader gets "try again", never "rebuild the collection", which would
    throw a good index away."""
    from wikiqa.errors import SourceUnavailable
    from wikiqa.sources.collection import CollectionSource

    settings = Settings()
    path = make_collection(settings, "kb", tmp_path / "kb")
    store = open_collection(settings, "kb")
    source = CollectionSource.from_settings(store, "collection:kb", settings)
    store._conn.set_progress_handler(lambda: 1, 1)  # SQLite abandons every statement
    with pytest.raises(SourceUnavailable) as err:
        source._search("coffee", 3, None)
    assert not isinstance(err.value, CollectionCorrupt)
    message = str(err.value)
    assert str(path) in message and "not damaged" in message and "SQLITE_INTERRUPT" in message
    store._conn.set_progress_handler(None, 1)
    assert source._search("coffee", 3, None)  # the same file reads again


def test_storage_failure_tells_damage_from_misuse(tmp_path: Path) -> None:
    import sqlite3

    from wikiqa.store.sqlite import storage_failure

    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is not a database at all\n" * 200)
    not_a_db = _raised(lambda: sqlite3.connect(garbage).execute("SELECT 1 FROM sqlite_master"))
    assert isinstance(storage_failure(garbage, not_a_db), CollectionCorrupt)
    assert "SQLITE_NOTADB" in str(storage_failure(garbage, not_a_db))

    closed = sqlite3.connect(tmp_path / "x.sqlite")
    closed.close()
    misuse = _raised(lambda: closed.execute("SELECT 1"))
    assert isinstance(misuse, sqlite3.ProgrammingError)
    assert storage_failure(garbage, misuse) is None  # our bug, raised as itself
    assert storage_failure(garbage, ValueError("not sqlite")) is None
