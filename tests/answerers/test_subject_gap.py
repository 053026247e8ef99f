"""A question about an article's subject, asking what the article never says (features.
subject_gap): any sentence of the subject's article is close to the question in meaning and
names its subject, so only the asked attribute tells whether it answers. (Shipped with weight
0: see docs/extractive.md, calibration, for what a fitted weight costs.)"""

from __future__ import annotations

import pytest

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import ANSWER_FEATURES, NO_SUBJECT_GAP, analyse, subject_gap
from wikiqa.store.embed import OnnxEmbedder, default_embedder
from wikiqa.types import Document, Hit

GAP = ANSWER_FEATURES.index("subject_gap")


def test_the_gap_counts_only_when_the_question_names_the_document_s_subject() -> None:
    assert subject_gap("How many children did Ray Charles have?", "Ray Charles", (0.2, 1)) == 0.8
    # a handbook question names no document's subject: the feature stays neutral
    assert subject_gap("How many days of annual leave do I get?", "Annual Leave", (0.2, 1)) == (
        NO_SUBJECT_GAP
    )
    # a name of the question that is not the document's
    assert subject_gap("Where was Hank Crawford born?", "Ray Charles", (0.1, 1)) == NO_SUBJECT_GAP
    # more relation words than an attribute: the question describes something else besides
    long = (
        "For what type of work is the production company for The Year Without a Santa Claus known?"
    )
    assert subject_gap(long, "The Year Without a Santa Claus", (0.2, 4)) == NO_SUBJECT_GAP


HANK = {
    "hank": (
        "Hank Crawford",
        'Bennie Ross "Hank" Crawford Jr. was an American alto saxophonist, arranger and '
        "songwriter. He was born in Memphis, Tennessee, and died there in 2009. Crawford was "
        "musical director for Ray Charles before embarking on a solo career.",
    ),
    "ray": (
        "Ray Charles",
        "Ray Charles Robinson was an American singer, songwriter and pianist. "
        "He was born in Albany, Georgia. Hank Crawford led his band for some years.",
    ),
    "memphis": (
        "Memphis, Tennessee",
        "Memphis is a city in Tennessee. Hank Crawford and many other musicians were born there.",
    ),
}


@pytest.fixture(scope="module")
def embedder() -> OnnxEmbedder:
    return default_embedder()


def _features(question: str, embedder: OnnxEmbedder) -> list[float]:
    answerer = ExtractiveAnswerer(embedder=embedder)
    q = analyse(question)
    docs = {d: Document(source="mem", doc_id=d, title=t, text=x) for d, (t, x) in HANK.items()}
    hits = [Hit(source="mem", doc_id="hank", title="Hank Crawford", score=1.0)]
    ev = answerer.assess(q, hits, docs)
    assert ev is not None
    return ev.features


def test_an_attribute_the_article_never_states_leaves_a_gap(embedder: OnnxEmbedder) -> None:
    asked = _features("How many children did Hank Crawford have?", embedder)
    said = _features("Where was Hank Crawford born?", embedder)
    assert asked[GAP] > said[GAP] + 0.2
