"""Bulk embedding (indexing) and the query cache: speed features that must not change results."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from store_helpers import write

from wikiqa.store.embed import OnnxEmbedder, QueryCache
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore

TEXTS = [
    "Rivers carry sediment from mountains to the sea.",
    "x",
    "The committee approved the budget after a long debate about school funding " * 6,
    "Photosynthesis turns light into chemical energy in plants.",
    "",
    "Short.",
    "A longer passage about volcanoes, magma chambers and the eruptions they feed. " * 3,
]


def _sharing(real: OnnxEmbedder, **kwargs: int) -> OnnxEmbedder:
    """A configured embedder reusing the loaded tokenizer and query session."""
    emb = OnnxEmbedder(**kwargs)  # type: ignore[arg-type]
    emb._session, emb._tokenizer, emb._inputs = (
        real._session, real._tokenizer, real._inputs
    )  # fmt: skip
    return emb


def test_bulk_vectors_do_not_depend_on_batches_or_threads(real_embedder: OnnxEmbedder) -> None:
    one = _sharing(real_embedder, index_threads=1, token_budget=8).embed_bulk(TEXTS)
    many = _sharing(real_embedder, index_threads=2, token_budget=4096).embed_bulk(TEXTS)
    query = real_embedder.embed(TEXTS)
    assert one.shape == (len(TEXTS), 384)
    assert np.array_equal(one, many)
    assert np.allclose(one, query, atol=1e-5)


def test_token_budget_bounds_batches(real_embedder: OnnxEmbedder) -> None:
    seen: list[int] = []
    emb = _sharing(real_embedder, index_threads=1, token_budget=24)
    emb.progress = lambda done, total: seen.append(done)
    emb.embed_bulk(["one two three"] * 10)  # 5 tokens each with [CLS]/[SEP]: 4 rows a batch
    assert seen == [4, 8, 10]


def test_index_identical_whatever_batch_size_and_threads(
    tmp_path: Path, real_embedder: OnnxEmbedder
) -> None:
    docs = tmp_path / "docs"
    for i, text in enumerate(TEXTS[:4] + TEXTS[5:]):
        write(
            docs, f"d{i}.md", f"# Doc {i}\n\n{text or 'empty'}\n\n## More\n\n{TEXTS[(i + 2) % 7]}"
        )
    results = []
    for n, (threads, budget, batch) in enumerate([(1, 16, 1), (2, 4096, 16)]):
        store = SqliteStore.create(tmp_path / f"c{n}.sqlite")
        emb = _sharing(real_embedder, index_threads=threads, token_budget=budget)
        index_path(store, docs, embedder=emb, batch_size=batch)
        store.embedder = real_embedder
        rows = store._conn.execute(
            "SELECT d.doc_id, c.start, c.embedding FROM chunks c"
            " JOIN documents d ON d.id = c.doc_rowid ORDER BY d.doc_id, c.start"
        ).fetchall()
        hits = [
            [(h.doc_id, h.start, round(h.score, 6)) for h in store.search(q, 5, None, mode)]
            for q in ("volcano eruptions", "school budget", "plants")
            for mode in ("dense", "hybrid")
        ]
        results.append((rows, hits))
        store.close()
    assert results[0] == results[1]
    assert len(results[0][0]) >= 6


def test_query_cache_is_bounded_and_returns_the_same_vector(real_embedder: OnnxEmbedder) -> None:
    emb = _sharing(real_embedder, query_cache_size=2)
    calls: list[int] = []
    inner = emb.embed
    emb.embed = lambda texts: (calls.append(len(texts)), inner(texts))[1]  # type: ignore[method-assign]
    first = emb.embed_query("what do volcanoes do")
    first[:] = 0  # a caller scribbling on its copy must not change the cache
    again = emb.embed_query("what do volcanoes do")
    assert len(calls) == 1
    assert np.array_equal(again, real_embedder.embed(["what do volcanoes do"])[0])
    emb.embed_query("b")
    emb.embed_query("c")  # evicts the volcano query (least recently used)
    assert len(emb.query_cache) == 2
    emb.embed_query("what do volcanoes do")
    assert len(calls) == 4


def test_query_cache_evicts_least_recently_used() -> None:
    cache = QueryCache(2)
    a, b, c = (np.full(3, v, dtype=np.float32) for v in (1, 2, 3))
    cache.put("a", a)
    cache.put("b", b)
    assert cache.get("a") is a  # a is now the most recent
    cache.put("c", c)
    assert cache.get("b") is None and cache.get("a") is a and len(cache) == 2
    off = QueryCache(0)
    off.put("a", a)
    assert off.get("a") is None
