"""A negation inside a condition sets out the case asked about ("can my probation be
extended if it's not going well?"): a line that speaks of what the question asks outside
the condition need not share the negation unless it speaks of what is negated
(features.negation_mismatch). SQuAD's adversarial questions negate, in the condition too,
what their paragraph says ("If there is no shared physical medium, how are the packets
delivered?"), and stay mismatched. Small documents written here."""

from __future__ import annotations

import pytest
from test_extractive_classes import Source

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import (
    ANSWER_FEATURES,
    analyse,
    answer_features,
    negation_mismatch,
    negations,
)
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

DOCS = {
    "probation": (
        "Probation",
        "# Probation\n\n## Extending probation\n\n"
        "Every new starter serves a probation period of 6 months.\n\n"
        "Your manager can extend probation once, by up to 3 months, if you need more time "
        "to reach the standard.\n",
    ),
    "networks": (
        "Computer networks",
        "# Computer networks\n\n"
        "If there is a shared physical medium, packets are broadcast to every station on it.\n",
    ),
}


def test_the_words_a_negation_negates_and_whether_it_is_in_a_condition() -> None:
    assert negations("can my probation be extended if it's not going well?") == [
        (True, frozenset({"go", "well"}))
    ]
    assert negations("If there is no shared medium, how are packets sent?") == [
        (True, frozenset({"share", "medium"}))
    ]
    # a question word opening the sentence is no condition
    assert negations("When was the treaty not signed?") == [(False, frozenset({"sign"}))]
    assert negations("Which team did not reach the final?") == [
        (False, frozenset({"reach", "final"}))
    ]


@pytest.mark.parametrize(
    ("question", "sentence", "mismatch"),
    [
        # the condition negates what the line does not discuss: no mismatch
        (
            "can my probation be extended if it's not going well?",
            "Your manager can extend probation once, by up to 3 months.",
            False,
        ),
        (
            "If I stay late without being told to, is that overtime?",
            "Overtime is paid at time and a half.",
            False,
        ),
        # a line that says nothing the question asks outside its condition is not about
        # its case: the mismatch stands
        (
            "If I stay late without being told to, is that overtime?",
            "A room attendant's shift is 7.5 hours, with a paid break.",
            True,
        ),
        # the condition negates what the line says: a mismatch, as before
        (
            "If there is no shared physical medium, how are the packets delivered?",
            "If there is a shared physical medium, packets are broadcast.",
            True,
        ),
        # a negation outside a condition counts whatever the line discusses
        ("Which team did not reach the final?", "Leeds won the cup in 1972.", True),
        ("Which team did not reach the final?", "Leeds reached the final.", True),
        # the line negates too: no mismatch
        ("Which team did not reach the final?", "Leeds did not reach the final.", False),
    ],
)
def test_a_negation_in_a_condition_counts_only_when_the_line_speaks_of_it(
    question: str, sentence: str, mismatch: bool
) -> None:
    assert negation_mismatch(question, sentence) is mismatch
    x = answer_features(
        analyse(question), [0.5, 0.5, 0.0, 0.5], 1.0, 1.0, sentence,
        set(), set(), set(), {}, [1.0],
    )  # fmt: skip
    assert x[ANSWER_FEATURES.index("neg_mismatch")] == (1.0 if mismatch else 0.0)


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_async(question, Source(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


async def test_a_rule_for_a_case_the_condition_negates_is_answered(emb: OnnxEmbedder) -> None:
    result = await ask("can my probation be extended if it's not going well?", emb)
    assert isinstance(result, Answer), result
    assert "extend probation once" in result.text


async def test_a_condition_negating_what_the_line_says_is_still_refused(
    emb: OnnxEmbedder,
) -> None:
    result = await ask("If there is no shared physical medium, how are the packets delivered?", emb)
    assert isinstance(result, Refusal), result
