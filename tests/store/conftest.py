"""Shared helpers for store tests: a deterministic fake embedder and the real one (loaded once)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_helpers import FakeEmbedder

from wikiqa.store.embed import OnnxEmbedder, default_embedder
from wikiqa.store.sqlite import SqliteStore


@pytest.fixture
def fake_embedder() -> FakeEmbedder:
    return FakeEmbedder()


@pytest.fixture(scope="module")
def real_embedder() -> OnnxEmbedder:
    """The bundled model, loaded once per module (the session is process-wide anyway)."""
    emb = default_embedder()
    emb.embed(["warm up"])
    return emb


@pytest.fixture
def new_store(tmp_path: Path) -> Iterator[SqliteStore]:
    store = SqliteStore.create(tmp_path / "c.sqlite")
    yield store
    store.close()
