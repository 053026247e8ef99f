"""OnnxEmbedder.embed_tokens: word vectors from the same run as the sentence vectors."""

from __future__ import annotations

import numpy as np

from wikiqa.store.embed import OnnxEmbedder

TEXTS = [
    "Requests for more than three consecutive days must be made 10 working days in advance.",
    "How far ahead must I ask for a week off?",
    "",
    "Reimbursement: travel expenses are paid back within 30 days.",
]


def test_sentence_vectors_are_exactly_those_of_embed(real_embedder: OnnxEmbedder) -> None:
    out = real_embedder.embed_tokens(TEXTS)
    assert len(out) == len(TEXTS)
    np.testing.assert_array_equal(np.stack([t.vector for t in out]), real_embedder.embed(TEXTS))


def test_words_are_spans_of_the_text_with_unit_vectors(real_embedder: OnnxEmbedder) -> None:
    out = real_embedder.embed_tokens(TEXTS)
    q = out[1]
    assert q.words == ("How", "far", "ahead", "must", "I", "ask", "for", "a", "week", "off", "?")
    assert q.vectors.shape == (len(q.words), real_embedder.dim)
    np.testing.assert_allclose(np.linalg.norm(q.vectors, axis=1), 1.0, rtol=1e-5)
    # a word split into several WordPieces is one word ("Reimbursement")
    assert out[3].words[0] == "Reimbursement"
    assert out[2].words == () and out[2].vectors.shape == (0, real_embedder.dim)
    assert real_embedder.embed_tokens([]) == []


def test_word_vectors_carry_paraphrase(real_embedder: OnnxEmbedder) -> None:
    """'ahead' is closer to 'advance' than to 'consecutive': why alignment can see
    paraphrase that exact terms cannot."""
    sent, q = real_embedder.embed_tokens(TEXTS[:2])
    sim = dict(zip(sent.words, (q.vectors[q.words.index("ahead")] @ sent.vectors.T).tolist(),
                   strict=True))  # fmt: skip
    assert sim["advance"] > sim["consecutive"] + 0.1
