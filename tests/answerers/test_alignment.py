"""Word alignment between a question and a sentence (answerers/alignment.py)."""

from __future__ import annotations

import pytest

from wikiqa.answerers.alignment import Words, align_features, plain_words, relation_align
from wikiqa.answerers.features import ALIGN_FEATURES, keys
from wikiqa.store.embed import OnnxEmbedder

MEAN, MIN, SLOT, ENTITY = (ALIGN_FEATURES.index(n) for n in ALIGN_FEATURES)
Q = "How many days of annual leave do Lisbon staff get?"


def test_by_keys_a_sentence_saying_every_question_word_and_more_aligns_and_fills() -> None:
    # (the question's "get" is a light verb, no word to align: alignment._light_get)
    f = align_features(plain_words(Q), plain_words("Lisbon staff: 25 days of annual leave."))
    assert f[MEAN] == f[MIN] == f[ENTITY] == 1.0
    assert f[SLOT] == pytest.approx(1 / 3)  # "25": the one word the question does not say


def test_by_keys_a_mismatched_entity_and_a_restatement() -> None:
    berlin = align_features(plain_words(Q), plain_words("Berlin staff: 28 days of leave."))
    assert berlin[ENTITY] == 0.0 and berlin[MIN] == 0.0 and berlin[MEAN] < 1.0
    echo = align_features(plain_words(Q), plain_words("Lisbon staff: annual leave days."))
    assert echo[SLOT] == 0.0  # says nothing the question does not


def test_no_content_words() -> None:
    assert align_features(plain_words("What is it?"), plain_words("It is.")) == [0, 0, 0, 1]
    assert align_features(Words(()), plain_words("Lisbon has 25 days.")) == [0, 0, 1, 1]


def _words(emb: OnnxEmbedder, text: str) -> Words:
    tv = emb.embed_tokens([text])[0]
    return Words(tv.words, tv.vectors)


def test_word_vectors_align_a_paraphrase_that_keys_miss(emb: OnnxEmbedder) -> None:
    q = "Will I be paid back for a taxi to the airport?"
    s = "Taxi fares to and from the airport are reimbursed on receipt."
    keyed = align_features(plain_words(q), plain_words(s))
    vec = align_features(_words(emb, q), _words(emb, s))
    assert keyed[MIN] == 0.0  # "paid", "back" have no equal key in the sentence
    assert vec[MIN] > 0.3 and vec[MEAN] > keyed[MEAN]


def test_word_vectors_see_a_mismatched_entity(emb: OnnxEmbedder) -> None:
    same = align_features(_words(emb, Q), _words(emb, "Lisbon staff get 25 days of annual leave."))
    other = align_features(_words(emb, Q), _words(emb, "Berlin staff get 28 days of annual leave."))
    assert same[ENTITY] > other[ENTITY] + 0.1


class Counting:
    """The bundled embedder, counting which of its methods the answerer calls."""

    def __init__(self, inner: OnnxEmbedder) -> None:
        self.inner = inner
        self.name, self.dim = inner.name, inner.dim
        self.embed_calls = 0
        self.token_calls = 0

    def embed(self, texts: list[str]) -> object:
        self.embed_calls += 1
        return self.inner.embed(texts)

    def embed_tokens(self, texts: list[str]) -> object:
        self.token_calls += 1
        return self.inner.embed_tokens(texts)


async def test_the_answerer_aligns_words_from_the_same_embedding_run(emb: OnnxEmbedder) -> None:
    from test_extractive_classes import Source
    from test_paraphrase import DOCS

    from wikiqa.answerers.extractive import ExtractiveAnswerer
    from wikiqa.answerers.features import ANSWER_FEATURES, analyse

    counting = Counting(emb)
    answerer = ExtractiveAnswerer(embedder=counting)  # type: ignore[arg-type]
    q = "When will I be paid back for a cab to the airport?"
    src = Source(DOCS)
    hits = await src.search(q)
    ev = answerer.assess(analyse(q), hits, {h.doc_id: await src.fetch(h.doc_id) for h in hits})
    assert ev is not None
    assert (counting.embed_calls, counting.token_calls) == (0, 1)  # one run, no second pass
    best = ev.ranked[0]
    framed = f"{best.context}: {best.text}"  # the heading is not in the sentence
    expected = align_features(_words(emb, q), _words(emb, framed))
    got = [ev.features[ANSWER_FEATURES.index(n)] for n in ALIGN_FEATURES]
    assert got == pytest.approx(expected, abs=1e-5)


RAY = "Ray Charles"
CHILDREN = "How many children did Ray Charles have?"


def test_by_keys_relation_alignment_leaves_out_the_subject_s_names() -> None:
    """A question about an article's subject aligns its names with any sentence of the
    article; only the asked attribute ("children") says whether the sentence answers."""
    lead = plain_words("Ray Charles: Ray Charles Robinson was an American singer and pianist.")
    said = plain_words("Ray Charles: Ray Charles had twelve children by nine women.")
    q = plain_words(CHILDREN)
    subject = frozenset(keys(RAY))
    assert align_features(q, lead)[MEAN] >= 0.5  # the names match
    assert relation_align(q, lead, subject) == (0.0, 1)  # "children" is not said
    assert relation_align(q, said, subject) == (1.0, 1)
    # a question asking nothing beyond names: nothing to miss
    assert relation_align(plain_words("Who is Ray Charles?"), lead, subject) == (1.0, 0)


def test_word_vectors_relation_alignment_tells_the_asked_attribute(emb: OnnxEmbedder) -> None:
    subject = frozenset(keys(RAY))
    q = _words(emb, CHILDREN)
    lead = _words(emb, "Ray Charles: Ray Charles Robinson was an American singer and pianist.")
    said = _words(emb, "Ray Charles: Charles fathered twelve children with nine different women.")
    (said_mean, _), (lead_mean, _) = (
        relation_align(q, said, subject),
        relation_align(q, lead, subject),
    )
    assert said_mean > lead_mean + 0.2
    # the plain mean is lifted by the names: the gap is narrower there
    assert said_mean - lead_mean > align_features(q, said)[MEAN] - align_features(q, lead)[MEAN]
