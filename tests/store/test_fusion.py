"""Fusion units, and hybrid search on a tiny corpus where lexical and dense disagree."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import FakeEmbedder, write

from wikiqa.store.fusion import FusionConfig, fuse, rrf, weighted
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import NoVectors, SqliteStore
from wikiqa.types import Hit


def test_rrf_rewards_agreement() -> None:
    lex = [(1, 9.0), (2, 5.0), (3, 1.0)]
    dense = [(3, 0.9), (1, 0.8), (4, 0.1)]
    fused = rrf(lex, dense, rrf_k=60)
    assert [c for c, _ in fused][:2] == [1, 3]  # in both lists, near the top
    assert {c for c, _ in fused} == {1, 2, 3, 4}


def test_rrf_dense_weight_tilts_ties() -> None:
    lex, dense = [(1, 1.0)], [(2, 1.0)]
    assert rrf(lex, dense, dense_weight=2.0)[0][0] == 2
    assert rrf(lex, dense, dense_weight=0.5)[0][0] == 1


def test_weighted_is_scale_free_and_alpha_moves_it() -> None:
    lex = [(1, 100.0), (2, 50.0)]
    dense = [(2, 0.9), (1, 0.1)]
    assert weighted(lex, dense, alpha=0.2)[0][0] == 1
    assert weighted(lex, dense, alpha=0.8)[0][0] == 2
    assert weighted([], dense, alpha=0.5)[0][0] == 2
    assert fuse(lex, dense, FusionConfig("weighted", alpha=0.8))[0][0] == 2


CORPUS = {
    "cars.md": "---\ntitle: Engines\n---\nThe automobile engine burns fuel in cylinders.\n",
    "kittens.md": "---\ntitle: Pets\n---\nA feline companion sleeps most of the day.\n",
    "bank.md": "---\ntitle: Rivers\n---\nThe river bank floods every spring near the cat cafe.\n",
}


@pytest.fixture
def small(tmp_path: Path, fake_embedder: FakeEmbedder) -> SqliteStore:
    for name, text in CORPUS.items():
        write(tmp_path / "docs", name, text)
    store = SqliteStore.create(tmp_path / "c.sqlite", embedder=fake_embedder)
    index_path(store, tmp_path / "docs", embedder=fake_embedder)
    return store


def ids(hits: list[Hit]) -> list[str]:
    return [h.doc_id for h in hits]


def test_lexical_and_dense_disagree_hybrid_keeps_both(small: SqliteStore) -> None:
    # "kitty cat": lexically only bank.md says "cat"; the fake embedder maps kitty/feline/cat
    # to one concept, so dense prefers kittens.md. Hybrid must surface both at the top.
    assert ids(small.search("kitty cat", 3, None, "lexical")) == ["bank.md"]
    assert ids(small.search("kitty cat", 1, None, "dense")) == ["kittens.md"]
    assert set(ids(small.search("kitty cat", 2, None, "hybrid"))) == {"bank.md", "kittens.md"}
    # A synonym-only query: lexical finds nothing, hybrid still answers through dense.
    assert small.search("vehicle", 3, None, "lexical") == []
    assert ids(small.search("vehicle", 1, None, "hybrid")) == ["cars.md"]


def test_reranker_sees_only_candidates_and_reorders(small: SqliteStore) -> None:
    seen: list[list[str]] = []

    def reverse(query: str, hits: list[Hit]) -> list[Hit]:
        seen.append(ids(hits))
        return hits[::-1]

    hits = small.search("kitty cat", 2, None, "hybrid", reranker=reverse)
    assert len(hits) == 2 and seen and len(seen[0]) >= 2
    assert ids(hits) == seen[0][::-1][:2]


def test_store_without_vectors_is_lexical_and_says_so(tmp_path: Path) -> None:
    for name, text in CORPUS.items():
        write(tmp_path / "docs", name, text)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, tmp_path / "docs")
    assert not store.has_vectors()
    assert ids(store.search("automobile", 3, None, "hybrid")) == ["cars.md"]
    with pytest.raises(NoVectors, match="no vectors"):
        store.search("automobile", 3, None, "dense")


def test_usearch_matches_exact_on_small_corpus(small: SqliteStore) -> None:
    exact = small.search("feline sleeping", 3, None, "dense")
    small.vector_index = "usearch"
    assert ids(small.search("feline sleeping", 3, None, "dense")) == ids(exact)


def test_real_model_hybrid_finds_paraphrase(tmp_path: Path, real_embedder) -> None:  # type: ignore[no-untyped-def]
    for name, text in CORPUS.items():
        write(tmp_path / "docs", name, text)
    store = SqliteStore.create(tmp_path / "c.sqlite", embedder=real_embedder)
    index_path(store, tmp_path / "docs", embedder=real_embedder)
    assert ids(store.search("which animal naps all afternoon", 1, None, "dense")) == ["kittens.md"]
    assert ids(store.search("car motor combustion", 1, None, "hybrid")) == ["cars.md"]
