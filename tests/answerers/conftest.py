"""Fixtures the answerer tests share."""

from __future__ import annotations

import pytest

from wikiqa.store.embed import OnnxEmbedder, default_embedder


@pytest.fixture(scope="session")
def emb() -> OnnxEmbedder:
    """The bundled MiniLM, loaded once: it is read-only, so every test may share it."""
    return default_embedder()
