"""CollectionSource: the mode it is given, its fallback without vectors, and settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import FakeEmbedder, write

from wikiqa.errors import DocumentNotFound
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Principal


def _folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    write(root, "cats.md", "---\ntitle: Pets\n---\nA feline companion sleeps all day.\n")
    write(root, "hr.md", "---\naccess_scope: department\nallowed_departments: [hr]\n---\nPay.\n")
    return root


async def test_hybrid_source_uses_given_embedder(tmp_path: Path) -> None:
    emb = FakeEmbedder()
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, _folder(tmp_path), embedder=emb)
    source = CollectionSource(store, "collection:t", mode="hybrid", embedder=emb)
    assert source.mode == "hybrid" and not source.notice
    hits = await source.search("kitty", 3)
    assert [h.doc_id for h in hits] == ["cats.md"] and hits[0].source == "collection:t"
    assert "hr.md" not in {h.doc_id for h in await source.search("pay", 3)}
    hr_hits = await source.search("pay", 3, Principal(departments=["hr"]))
    assert hr_hits[0].doc_id == "hr.md"
    with pytest.raises(DocumentNotFound):
        await source.fetch("hr.md")
    await source.aclose()


async def test_no_vectors_falls_back_to_lexical_and_says_so(tmp_path: Path) -> None:
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, _folder(tmp_path))
    source = CollectionSource.from_settings(store, "docs:x", Settings(retrieval_mode="hybrid"))
    assert source.mode == "lexical" and "no vectors" in source.notice
    assert [h.doc_id for h in await source.search("feline", 3)] == ["cats.md"]
    await source.aclose()


def test_list_collections_says_which_have_vectors(tmp_path: Path) -> None:
    from wikiqa.store.collections import list_collections, open_or_create

    settings = Settings(home=tmp_path / "home")
    root = _folder(tmp_path)
    plain = open_or_create(settings, "plain")
    index_path(plain, root)
    plain.close()
    dense = open_or_create(settings, "dense")
    index_path(dense, root, embedder=FakeEmbedder())
    dense.close()
    info = {c.name: c for c in list_collections(settings)}
    assert info["plain"].embedding_model is None and info["plain"].documents == 2
    assert info["dense"].embedding_model == FakeEmbedder.name and info["dense"].bytes > 0
