"""The bundled embedder loads offline from site-packages and gives sensible vectors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wikiqa.errors import ConfigError
from wikiqa.store.embed import DEFAULT_MODEL_NAME, Embedder, OnnxEmbedder, from_storage


def test_loads_offline_shape_and_norm(real_embedder: OnnxEmbedder) -> None:
    # tests/conftest.py forbids network connections, so loading proves it is offline.
    vecs = real_embedder.embed(["Cats purr.", "", "x " * 2000])  # empty and over-long too
    assert vecs.shape == (3, 384) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-4)
    assert real_embedder.dim == 384 and real_embedder.name == DEFAULT_MODEL_NAME
    assert isinstance(real_embedder, Embedder)


def test_paraphrase_closer_than_unrelated(real_embedder: OnnxEmbedder) -> None:
    a, para, other = real_embedder.embed(
        ["A man is playing a guitar.", "Someone is strumming an instrument.",
         "The central bank raised interest rates."]
    )  # fmt: skip
    assert float(a @ para) > float(a @ other) + 0.3


def test_batching_does_not_change_vectors(real_embedder: OnnxEmbedder) -> None:
    texts = ["short", "a somewhat longer sentence about rivers and mountains", "mid length text"]
    together = real_embedder.embed(texts)
    alone = np.stack([real_embedder.embed_query(t) for t in texts])
    assert np.allclose(together, alone, atol=1e-4)  # length-sorted batches keep the order


def test_storage_roundtrip(real_embedder: OnnxEmbedder) -> None:
    texts = ["one", "two words"]
    blobs = real_embedder.embed_for_storage(texts)
    assert [len(b) for b in blobs] == [384 * 2, 384 * 2]  # float16
    back = from_storage(blobs, 384)
    assert np.allclose(back, real_embedder.embed(texts), atol=2e-3)


def test_custom_model_dir_must_hold_model_and_tokenizer(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"model\.onnx"):
        OnnxEmbedder(tmp_path)


def test_progress_callback_reports_batches(real_embedder: OnnxEmbedder) -> None:
    seen: list[tuple[int, int]] = []
    emb = OnnxEmbedder(batch_size=2, progress=lambda done, total: seen.append((done, total)))
    emb._session, emb._tokenizer, emb._inputs = (  # share the loaded session: no reload
        real_embedder._session, real_embedder._tokenizer, real_embedder._inputs
    )  # fmt: skip
    emb.embed(["a", "b", "c"])
    assert seen == [(2, 3), (3, 3)]
