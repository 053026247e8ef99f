"""The courtesy around a question is dropped as whole phrases, at its start or end only."""

from __future__ import annotations

import pytest

from wikiqa.text.asking import without_courtesy


@pytest.mark.parametrize(
    ("asked", "meant"),
    [
        ("Can you please tell me who wrote the song Hit the Road Jack, thanks?",
         "who wrote the song Hit the Road Jack?"),
        ("Do you know where Ray Charles was born?", "where Ray Charles was born?"),
        ("Hi, I'd like to know when Ray was released", "when Ray was released"),
        ("What is the capital of Australia? Thanks!", "What is the capital of Australia?"),
        ("I was wondering, who directed Ray?", "who directed Ray?"),
        ("who wrote Crying Time, please", "who wrote Crying Time"),
        ("hey quick question, who produced genius loves company",
         "who produced genius loves company"),
        ("Question: where was Hank Crawford born?", "where was Hank Crawford born?"),
    ],
)  # fmt: skip
def test_asking_phrases_and_thanks_are_dropped(asked: str, meant: str) -> None:
    assert without_courtesy(asked) == meant


@pytest.mark.parametrize(
    "question",
    ["Who wrote Kiss and Tell?", "You Don't Know Me was written by whom?",
     "Who sang Please Please Me", "Who wrote Thank You?", "Please tell me",
     "Is Quick Question a song?"],
)  # fmt: skip
def test_the_same_words_inside_a_question_stay(question: str) -> None:
    assert without_courtesy(question) == question
