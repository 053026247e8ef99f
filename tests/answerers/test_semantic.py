"""The optional embedder of the extractive answerer: cosine features, weight-set choice."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
import pytest
from test_extractive import DOCS, FakeSource

from wikiqa.answerers.answerability import LEXICAL_MODEL, SEMANTIC_MODEL, answerability
from wikiqa.answerers.extractive import COSINE_TOP, Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import ANSWER_FEATURES, NEUTRAL_COSINE, analyse

COS_TOP = ANSWER_FEATURES.index("cos_top")
COS_MAX3 = ANSWER_FEATURES.index("cos_max3")


class HashEmbedder:
    """Deterministic bag-of-words vectors (hashed lowercase words), L2-normalised; counts
    the texts it is asked to embed."""

    name = "hash-test"
    dim = 64

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().replace("?", " ").replace(".", " ").split():
                out[i, int(hashlib.md5(w.encode()).hexdigest(), 16) % self.dim] += 1.0
        return out / np.clip(np.linalg.norm(out, axis=1, keepdims=True), 1e-9, None)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def embed_for_storage(self, texts: list[str]) -> list[bytes]:
        return [r.tobytes() for r in self.embed(texts)]


async def _evidence(answerer: ExtractiveAnswerer, question: str) -> Evidence:
    src = FakeSource(DOCS)
    hits = await src.search(question)
    docs = {h.doc_id: await src.fetch(h.doc_id) for h in hits}
    ev = answerer.assess(analyse(question), hits, docs)
    assert ev is not None
    return ev


async def test_without_an_embedder_cosines_are_neutral_and_the_lexical_model_is_used() -> None:
    ev = await _evidence(ExtractiveAnswerer(), "When was the Eiffel Tower completed?")
    assert ev.features[COS_TOP] == ev.features[COS_MAX3] == NEUTRAL_COSINE
    assert ev.score == pytest.approx(answerability(ev.features, LEXICAL_MODEL[1], LEXICAL_MODEL[0]))


async def test_with_an_embedder_cosines_come_from_the_top_sentences() -> None:
    emb = HashEmbedder()
    answerer = ExtractiveAnswerer(embedder=emb)
    question = "When was the Eiffel Tower completed?"
    ev = await _evidence(answerer, question)
    top = ev.ranked[:COSINE_TOP]
    vecs = emb.embed([question, *(c.span.text for c in top)])
    framed = emb.embed(
        [
            f"{c.context}: {c.span.text}"
            if c.context.lower() not in c.span.text.lower()
            else c.span.text
            for c in top
        ]
    )
    cos = np.maximum(vecs[1:] @ vecs[0], framed @ vecs[0])
    assert ev.features[COS_TOP] == pytest.approx(float(cos[0]), abs=1e-5)
    assert ev.features[COS_MAX3] == pytest.approx(float(cos.max()), abs=1e-5)
    assert ev.features[COS_MAX3] >= ev.features[COS_TOP] > 0
    bias, weights = SEMANTIC_MODEL
    assert ev.score == pytest.approx(answerability(ev.features, weights, bias))
    # Only the question and the top few sentences (alone and under their heading or title)
    # are embedded, in one batch; then cached.
    assert len(emb.calls[0]) <= 1 + 2 * COSINE_TOP
    n = len(emb.calls)
    await _evidence(answerer, question)
    assert len(emb.calls) == n


async def test_a_higher_cosine_never_lowers_answerability() -> None:
    ev = await _evidence(ExtractiveAnswerer(embedder=HashEmbedder()), "Who painted the Mona Lisa?")
    bias, weights = SEMANTIC_MODEL
    x = list(ev.features)
    low = answerability(x, weights, bias)
    x[COS_TOP], x[COS_MAX3] = 1.0, 1.0
    assert answerability(x, weights, bias) >= low


async def test_bundled_embedder_separates_answerable_from_off_topic() -> None:
    embed = pytest.importorskip("wikiqa.store.embed")
    try:
        emb = embed.default_embedder()
        emb.embed(["probe"])
    except Exception as exc:  # pragma: no cover - model not installed
        pytest.skip(f"bundled embedder unavailable: {exc}")
    answerer = ExtractiveAnswerer(embedder=emb)
    good = await _evidence(answerer, "When was the Eiffel Tower completed?")
    src = FakeSource({"bread": DOCS["bread"]})
    q = "Which oven did the Apollo astronauts use on the Moon?"
    hits = await src.search(q)
    bad = answerer.assess(analyse(q), hits, {"bread": await src.fetch("bread")})
    assert bad is not None
    assert good.features[COS_TOP] > bad.features[COS_TOP]
    assert good.score > bad.score


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Where was Ray Charles born?", "Albany, Georgia"),
        ("When did Ray Charles die?", "June 10, 2004"),
        ("Who wrote Georgia on My Mind?", "Hoagy Carmichael"),
        ("What is the capital of Australia?", None),
        ("Who invented the telephone in Georgia?", None),
    ],
)
async def test_with_the_bundled_embedder_plain_questions_answered_off_topic_refused(
    question: str, expected: str | None
) -> None:
    from test_generalisation import RAY

    from wikiqa.answerers.answerability import DEFAULT_FLOOR
    from wikiqa.pipeline import ask_async
    from wikiqa.settings import Settings
    from wikiqa.types import Answer, Refusal

    embed = pytest.importorskip("wikiqa.store.embed")
    try:
        emb = embed.default_embedder()
        emb.embed(["probe"])
    except Exception as exc:  # pragma: no cover - model not installed
        pytest.skip(f"bundled embedder unavailable: {exc}")
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    result = await ask_async(question, FakeSource(RAY), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]
    if expected is None:
        assert isinstance(result, Refusal), result
    else:
        assert isinstance(result, Answer), result
        assert expected in result.text


async def test_the_vector_cache_is_bounded_and_refills_after_eviction() -> None:
    emb = HashEmbedder()
    answerer = ExtractiveAnswerer(embedder=emb)
    answerer.embed_cache = 3  # smaller than one question's texts once the cache holds some
    for q in ("When was the Eiffel Tower completed?", "Who painted the Mona Lisa?") * 2:
        ev = await _evidence(answerer, q)
        assert ev.features[COS_TOP] > 0
        assert len(answerer._vectors) <= 1 + 2 * COSINE_TOP  # sentences alone and framed


def test_eviction_keeps_the_texts_of_the_current_call() -> None:
    answerer = ExtractiveAnswerer(embedder=HashEmbedder())
    answerer.embed_cache = 3
    answerer.cosines("where is a", ["a is here", "b is there"])
    top, best = answerer.cosines("where is a", ["a is here", "c is elsewhere"])
    assert best >= top > 0
