"""The answerability model must generalise beyond SQuAD 2.0's adversarial construction:
plain factual questions over clean text are answered, off-topic ones refused, and the
shipped weights respect the sign constraints the fit imposes (bench/_fit.py)."""

from __future__ import annotations

import pytest
from test_extractive import FakeSource, ask

from wikiqa.answerers.answerability import (
    ANSWER_SIGNS,
    ANSWER_WEIGHTS,
    DEFAULT_FLOOR,
    LEXICAL_ANSWER_SIGNS,
    RANK_SIGNS,
    RANK_WEIGHTS,
    SEMANTIC_ANSWER_WEIGHTS,
)
from wikiqa.types import Answer, Refusal, RefusalCode

# A Wikipedia lead and infobox as the ZIM and MediaWiki sources render them.
RAY = {
    "ray": (
        "Ray Charles",
        "Ray Charles Robinson (September 23, 1930 – June 10, 2004) was an American singer, "
        "songwriter, pianist, and composer. Among friends and fellow musicians he preferred "
        'being called "Brother Ray." Charles started losing his vision at the age of 6 due '
        "to glaucoma.\n\n"
        "Birth name: Ray Charles Robinson\n"
        "Born: September 23, 1930, Albany, Georgia, U.S.\n"
        "Died: June 10, 2004 (aged 73), Beverly Hills, California, U.S.\n"
        "Instruments: Vocals, piano\n"
        "Labels: Atlantic, ABC, Tangerine, Warner Bros., Swing Time, Concord\n",
    ),
    "georgia": (
        "Georgia on My Mind",
        '"Georgia on My Mind" is a 1930 song written by Hoagy Carmichael and Stuart Gorrell '
        "and first recorded that year. In 1979, the State of Georgia designated it the "
        "official state song.",
    ),
}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Where was Ray Charles born?", "Albany, Georgia"),
        ("When was Ray Charles born?", "September 23, 1930"),
        ("When did Ray Charles die?", "June 10, 2004"),
        ("Who wrote Georgia on My Mind?", "Hoagy Carmichael"),
    ],
)
async def test_short_plain_factual_questions_over_clean_text_are_answered(
    question: str, expected: str
) -> None:
    result = await ask(question, FakeSource(RAY))
    assert isinstance(result, Answer), result
    assert expected in result.text


@pytest.mark.parametrize(
    "question",
    ["What is the capital of Australia?", "Who invented the telephone in Georgia?"],
)
async def test_off_topic_questions_are_refused(question: str) -> None:
    result = await ask(question, FakeSource(RAY))
    assert isinstance(result, Refusal), result
    assert result.code in {RefusalCode.insufficient_evidence, RefusalCode.no_evidence}


def test_shipped_weights_respect_the_sign_constraints() -> None:
    for weights, signs in (
        (ANSWER_WEIGHTS, LEXICAL_ANSWER_SIGNS),
        (SEMANTIC_ANSWER_WEIGHTS, ANSWER_SIGNS),
        (RANK_WEIGHTS, RANK_SIGNS),
    ):
        for name, sign in signs.items():
            w = weights[name]
            assert w >= 0 if sign > 0 else w <= 0 if sign < 0 else w == 0, (name, w)
    # The SQuAD artefacts the unconstrained fit learned, spelled out.
    assert ANSWER_WEIGHTS["passage_miss"] <= 0
    assert ANSWER_WEIGHTS["entity_miss"] <= 0 and ANSWER_WEIGHTS["entity_miss_window"] <= 0
    assert ANSWER_WEIGHTS["number_miss"] <= 0 and ANSWER_WEIGHTS["neg_mismatch"] < 0
    assert ANSWER_WEIGHTS["q_len"] == 0
    assert ANSWER_WEIGHTS["overlap"] > 0
    # Cosine may only raise answerability, and the lexical set (no embedder) ignores it.
    assert SEMANTIC_ANSWER_WEIGHTS["cos_top"] >= 0 and SEMANTIC_ANSWER_WEIGHTS["cos_max3"] >= 0
    assert ANSWER_WEIGHTS["cos_top"] == 0 and ANSWER_WEIGHTS["cos_max3"] == 0
    assert RANK_WEIGHTS["novelty"] >= 0
    assert 0.0 < DEFAULT_FLOOR < 1.0
