"""Indexes saved beside a collection: same hits as in-memory/exact ones, invalidated by
writes, and a damaged or truncated file is detected and rebuilt (never read as an index)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from store_helpers import FakeEmbedder, write

from wikiqa.store import bm25_file, dense, persist
from wikiqa.store.indexer import index_path
from wikiqa.store.lexical import LexicalIndex
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Principal

QUERIES = ["cat food", "car engine repair", "river flood", "kitty vehicle", "budget vote"]
TOPICS = ["cat food and feline care", "car engine and automobile repair", "river flood plains",
          "the budget vote in council", "kitten games", "vehicle insurance"]  # fmt: skip
READERS = [None, Principal(user_id="u1")]


def _corpus(folder: Path, n: int = 60) -> None:
    for i in range(n):
        a, b = TOPICS[i % 6], TOPICS[(i * 5 + 1) % 6]
        write(folder, f"d{i:02d}.md", f"# Doc {i}\n\n{a} {i}.\n\n## Part\n\n{b} and {a} {i % 7}.\n")


def _open(path: Path, kind: str = "exact", persist_min: int = 1) -> SqliteStore:
    store = SqliteStore.open(path, embedder=FakeEmbedder(), vector_index=kind)  # type: ignore[arg-type]
    store.persist_min_chunks = persist_min
    return store


def _results(store: SqliteStore, modes: tuple[str, ...]) -> list[list[tuple[str, int, float]]]:
    return [
        [(h.doc_id, h.start, round(h.score, 6)) for h in store.search(q, 8, who, mode)]  # type: ignore[arg-type]
        for q in QUERIES
        for mode in modes
        for who in READERS
    ]


@pytest.fixture
def collection(tmp_path: Path) -> Path:
    docs, emb = tmp_path / "docs", FakeEmbedder()
    _corpus(docs)
    store = SqliteStore.create(tmp_path / "c.sqlite", embedder=emb)
    index_path(store, docs, embedder=emb)
    store.close()
    return tmp_path / "c.sqlite"


def _usearch() -> None:
    pytest.importorskip("onnxruntime")  # before usearch: the other order segfaults
    pytest.importorskip("usearch")


# ----------------------------------------------------------------------------- container


def test_container_round_trip_and_checks(tmp_path: Path) -> None:
    path = tmp_path / "x.idx"
    a, b = np.arange(10, dtype=np.int64), np.linspace(0, 1, 7, dtype=np.float32)
    persist.save(path, {"k": 1}, {"a": a, "b": b, "empty": np.zeros(0, dtype=np.int32)})
    meta, arrays = persist.load(path, {"k": 1})
    assert meta["k"] == 1 and np.array_equal(arrays["a"], a) and np.array_equal(arrays["b"], b)
    assert isinstance(arrays["a"], np.memmap)  # mapped, not read into memory
    with pytest.raises(persist.StaleIndex):
        persist.load(path, {"k": 2})
    raw = bytearray(path.read_bytes())
    raw[-40] ^= 0xFF  # one flipped bit in the last array
    path.write_bytes(bytes(raw))
    with pytest.raises(persist.IndexFileError, match="damaged"):
        persist.load(path, {"k": 1})
    path.write_bytes(bytes(raw[: len(raw) // 2]))
    with pytest.raises(persist.IndexFileError, match="truncated"):
        persist.load(path, {"k": 1})
    assert persist.try_load(path, {"k": 1}) is None


# ----------------------------------------------------------------------------- lexical


def test_saved_bm25_equals_the_in_memory_index(collection: Path) -> None:
    store = _open(collection)
    saved = store.lexical_index()
    assert saved is not None and bm25_file.index_file(collection).exists()
    assert isinstance(saved.segments[0].rows, np.memmap)  # served from the saved file
    with store._read_txn():
        memory = LexicalIndex.load(store._conn)
    base, ref = saved.segments[0], memory.segments[0]
    assert base.vocab == ref.vocab
    assert np.array_equal(base.indptr, ref.indptr) and np.array_equal(base.rows, ref.rows)
    assert np.array_equal(base.tf, ref.tf) and np.array_equal(saved._scores, memory._scores)  # type: ignore[arg-type]
    got = _results(store, ("lexical", "hybrid"))
    store.close()
    in_memory = _open(collection, persist_min=10**9)  # below the floor: nothing saved or read
    assert _results(in_memory, ("lexical", "hybrid")) == got


def test_a_new_process_maps_the_saved_bm25_without_tokenising(
    collection: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _open(collection)
    want = _results(first, ("lexical",))
    first.close()

    def refuse(*a: object) -> None:
        raise AssertionError("rebuilt although a valid saved index exists")

    monkeypatch.setattr(bm25_file, "build_streaming", refuse)
    assert _results(_open(collection), ("lexical",)) == want


def test_a_write_makes_the_saved_bm25_stale(collection: Path, tmp_path: Path) -> None:
    _results(_open(collection), ("lexical",))  # saves the index
    writer = _open(collection)
    write(tmp_path / "docs", "d05.md", "# Doc 5\n\nriver flood plains and cat food, river.\n")
    (tmp_path / "docs" / "d08.md").unlink()
    index_path(writer, tmp_path / "docs", embedder=FakeEmbedder())
    writer.close()
    reader = _open(collection)
    got = _results(reader, ("lexical", "hybrid"))
    assert any(h[0] == "d05.md" for hits in got for h in hits)
    assert not any(h[0] == "d08.md" for hits in got for h in hits)
    assert got == _results(_open(collection, persist_min=10**9), ("lexical", "hybrid"))


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage"])
def test_a_damaged_saved_bm25_is_rebuilt(collection: Path, damage: str) -> None:
    want = _results(_open(collection), ("lexical",))
    path = bm25_file.index_file(collection)
    raw = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(raw[: len(raw) - 100])
    elif damage == "flip":
        path.write_bytes(raw[:-200] + bytes([raw[-200] ^ 0x40]) + raw[-199:])
    else:
        path.write_bytes(b"not an index at all")
    assert _results(_open(collection), ("lexical",)) == want
    assert path.read_bytes() == raw  # detected and rewritten whole (the build is deterministic)


def test_writes_while_serving_over_a_mapped_bm25(collection: Path, tmp_path: Path) -> None:
    store = _open(collection)
    _results(store, ("lexical",))
    write(tmp_path / "docs", "d11.md", "# Doc 11\n\nbudget vote budget vote budget.\n")
    index_path(store, tmp_path / "docs", embedder=FakeEmbedder())
    index = store.lexical_index()
    assert index is not None and index.live is not None  # applied, not rebuilt
    assert _results(store, ("lexical",)) == _results(
        _open(collection, persist_min=10**9), ("lexical",)
    )


# ----------------------------------------------------------------------------- vectors


def test_saved_graph_gives_the_exact_hits_and_is_mapped(collection: Path) -> None:
    _usearch()
    exact = _results(_open(collection, "exact"), ("dense",))
    built = _open(collection, "usearch")
    assert _results(built, ("dense",)) == exact  # 60 documents: the graph finds every one
    graph, ids = dense.graph_files(collection)
    assert graph.exists() and ids.exists()
    restored = _open(collection, "usearch")
    index = restored.dense_index()
    assert index._ann_path == graph and index._matrix is None  # mapped, vectors not read
    assert _results(restored, ("dense", "hybrid")) == _results(
        _open(collection, "exact"), ("dense", "hybrid")
    )
    assert np.array_equal(index.matrix, _open(collection, "exact").dense_index().matrix)


def test_a_write_updates_a_mapped_graph_and_stales_the_saved_one(
    collection: Path, tmp_path: Path
) -> None:
    _usearch()
    _results(_open(collection, "usearch"), ("dense",))  # saves the graph
    store = _open(collection, "usearch")
    _results(store, ("dense",))
    write(tmp_path / "docs", "d02.md", "# Doc 2\n\nkitten insurance and river games.\n")
    index_path(store, tmp_path / "docs", embedder=FakeEmbedder())
    index = store.dense_index()
    assert index.live is not None and index._ann_path is not None  # mapped graph + exact tail
    want = _results(_open(collection, "exact"), ("dense",))
    assert _results(store, ("dense",)) == want
    fresh = _open(collection, "usearch")
    assert _results(fresh, ("dense",)) == want  # the stale file was rebuilt, not used
    assert fresh.dense_index()._matrix is not None


@pytest.mark.parametrize("target", ["graph", "ids"])
def test_a_damaged_saved_graph_is_rebuilt(collection: Path, target: str) -> None:
    _usearch()
    want = _results(_open(collection, "exact"), ("dense",))
    _results(_open(collection, "usearch"), ("dense",))
    graph, ids = dense.graph_files(collection)
    path = graph if target == "graph" else ids
    raw = path.read_bytes()
    path.write_bytes(raw[:-300] + bytes([raw[-300] ^ 0x01]) + raw[-299:])
    store = _open(collection, "usearch")
    assert _results(store, ("dense",)) == want
    assert store.dense_index()._ann_path is None  # built afresh from the stored vectors


def test_auto_is_exact_below_the_threshold(
    collection: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert dense.resolve_kind("auto", dense.AUTO_ANN_MIN_CHUNKS - 1) == "exact"
    assert dense.resolve_kind("exact", 10**9) == "exact"
    store = _open(collection, "auto")
    store.search("cat", 3, None, "dense")
    assert store.dense_index().kind == "exact"
    _usearch()
    monkeypatch.setattr(dense, "AUTO_ANN_MIN_CHUNKS", 10)
    store = _open(collection, "auto")
    store.search("cat", 3, None, "dense")
    assert store.dense_index().kind == "usearch"


def test_save_indexes_prepares_a_large_collection_only(collection: Path) -> None:
    small = _open(collection, "usearch", persist_min=10**9)
    assert small.save_indexes() is False
    assert not bm25_file.index_file(collection).exists()
    store = _open(collection, "exact")
    assert store.save_indexes() is True
    assert bm25_file.index_file(collection).exists()
    assert not dense.graph_files(collection)[0].exists()  # exact search needs no graph
    _usearch()
    store = _open(collection, "usearch")
    assert store.save_indexes() is True and dense.graph_files(collection)[0].exists()


def test_a_read_only_folder_serves_without_saving(
    collection: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = _open(collection)
    want = _results(store, ("lexical",))
    bm25_file.index_file(collection).unlink()

    def read_only(*a: object, **k: object) -> str:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(bm25_file.tempfile, "mkdtemp", read_only)  # what a 0o555 folder does
    assert _results(_open(collection), ("lexical",)) == want
    assert not bm25_file.index_file(collection).exists()
