"""Helpers for store tests: a deterministic fake embedder, a file writer, an indexed store."""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from wikiqa.store.embed import to_storage
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore

# Words that mean the same thing share a dimension, so the fake "understands" synonyms that
# BM25 cannot match: that is how lexical and dense rankings are made to disagree.
SYNONYMS = {"kitty": "cat", "feline": "cat", "kitten": "cat", "automobile": "car", "vehicle": "car"}


class FakeEmbedder:
    """Bag of concepts hashed into 64 dims; deterministic, instant, no model."""

    name = "fake-bag-of-concepts-64"
    dim = 64

    def __init__(self) -> None:
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for w in re.findall(r"\w+", text.lower()):
                w = SYNONYMS.get(w, w)
                out[i, zlib.crc32(w.encode()) % self.dim] += 1.0
            out[i, 0] += 1e-3  # never the zero vector
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def embed_for_storage(self, texts: list[str]) -> list[bytes]:
        return to_storage(self.embed(texts))


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def indexed_store(tmp_path: Path, corpus: dict[str, str]) -> SqliteStore:
    """A SQLite store at `tmp_path` holding `corpus` (file name -> text), indexed from a
    `docs` folder written there."""
    for name, text in corpus.items():
        write(tmp_path / "docs", name, text)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, tmp_path / "docs")
    return store


def meant_texts(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The texts meant_keys.py compares by meaning (the question's short phrases and a
    table's key cells: run at question time, no candidate texts), recorded as asked for."""
    from wikiqa.answerers import extractive

    noted: set[str] = set()
    real = extractive.meant_rows

    def recording(question, qset, candidates, similarities, prepare=None):  # type: ignore[no-untyped-def]
        def compare(reference: str, texts: list[str]) -> list[float]:
            noted.update([reference, *texts])
            return similarities(reference, texts)

        def preparing(texts: list[str]) -> None:
            noted.update(texts)
            prepare(texts)

        return real(question, qset, candidates, compare, preparing if prepare else None)

    monkeypatch.setattr(extractive, "meant_rows", recording)
    return noted
