"""A question that sets out the asker's situation before it asks (issue 10, class 2:
colloquial wording): "My new hire isn't ready yet. Can their probation be extended?". What
the situation says is not what is asked: its negation or qualifier is none the answer must
share (features.asked_clause), and a verb framing the asked one as a modal does ("How long
am I supposed to take") is no content word the answer must align with (alignment._content).
Small handbook documents written here."""

from __future__ import annotations

import pytest
from test_extractive_classes import Source

from wikiqa.answerers.alignment import align_features, plain_words
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import ANSWER_FEATURES, analyse, answer_features, asks_negated
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

DOCS = {
    "probation": (
        "Probation",
        "# Probation\n\n## Extending probation\n\n"
        "Every new starter serves a probation period of 3 months.\n\n"
        "Probation can be extended once, by up to 2 months, if more time is needed.\n",
    ),
    "sickness": (
        "Sickness absence",
        "# Sickness absence\n\n## Calling in sick\n\n"
        "Phone your duty manager at least 2 hours before your shift starts.\n\n"
        "A text message is not enough.\n",
    ),
}


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("My new starter isn't quite there yet. Can I extend their trial period?", False),
        ("A guest asked if the dish is nut free and I'm not sure. What do I say?", False),
        ("Which team did not reach the final?", True),
        ("How much can an agent refund without getting approval?", True),
        # an abbreviation ends no sentence: the negation before it is still asked
        ("Which club did the U.S. player not join before 1990?", True),
        ("Why did R.F.C. de Liege not let him transfer?", True),
        # words a hop puts after the question ask nothing
        ("Which staff are not covered? Contractor Time Off", True),
    ],
)
def test_a_negation_counts_only_in_the_sentence_that_asks(question: str, asked: bool) -> None:
    assert asks_negated(question) is asked


def _feature(name: str, question: str, sentence: str) -> float:
    x = answer_features(
        analyse(question), [0.5, 0.5, 0.0, 0.5], 1.0, 1.0, sentence,
        set(), set(), set(), {}, [1.0],
    )  # fmt: skip
    return x[ANSWER_FEATURES.index(name)]


def _neg_mismatch(question: str, sentence: str) -> float:
    return _feature("neg_mismatch", question, sentence)


def test_a_situation_s_negation_is_no_mismatch_with_the_answer() -> None:
    line = "Probation can be extended once, by up to 2 months."
    assert _neg_mismatch("My new hire isn't ready yet. Can their probation be extended?", line) == 0
    assert _neg_mismatch("Whose probation can not be extended?", line) == 1


def test_a_situation_s_qualifier_is_no_qualifier_lost() -> None:
    line = "Corrections to pay are made within 5 working days."
    situation = "I was underpaid on my last wages. How soon will I get the money?"
    assert _feature("qualifier_miss", situation, line) == 0
    assert _feature("qualifier_miss", "What was the last correction to pay?", line) == 1
    bridged = "When exactly is pay corrected? Payroll Corrections"  # a bridge's title after it
    assert _feature("qualifier_miss", bridged, line) == 1


def test_a_verb_that_frames_another_as_a_modal_is_no_content_word() -> None:
    line = plain_words("Target time for a departure room: 30 minutes.")
    framed = plain_words("How long am I supposed to take on a departure room?")
    plain = plain_words("How long should I take on a departure room?")
    assert align_features(framed, line) == align_features(plain, line)
    # a verb before a noun is content: "need" must be said
    assert align_features(plain_words("Do I need a room?"), line)[1] == 0.0


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_async(question, Source(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("My new hire isn't ready yet. Can their probation be extended?", "extended once"),
        ("I don't feel well today. Who do I phone before my shift?", "duty manager"),
        ("I'm not well. How early do I have to phone before my shift?", "2 hours before"),
    ],
)
async def test_a_question_after_a_negated_situation_is_answered(
    question: str, expected: str, emb: OnnxEmbedder
) -> None:
    result = await ask(question, emb)
    assert isinstance(result, Answer), result
    assert expected in result.text
