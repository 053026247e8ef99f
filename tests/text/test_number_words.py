"""Ordinals said as words or figures, read as their numbers by one table."""

from __future__ import annotations

import pytest

from wikiqa.answerers.told_number import tellings
from wikiqa.text.number_words import ORDINAL_WORDS, ordinal_value


@pytest.mark.parametrize(
    ("word", "n"), [("first", 1), ("Second", 2), ("twelfth", 12), ("twentieth", 20), ("3rd", 3)]
)
def test_an_ordinal_word_or_figure_reads_as_its_number(word: str, n: int) -> None:
    assert ordinal_value(word) == n


def test_the_table_runs_first_to_twentieth() -> None:
    assert len(ORDINAL_WORDS) == 20 and ORDINAL_WORDS["tenth"] == 10


def test_told_number_still_reads_ordinals_to_twelfth_only() -> None:
    assert [t.ordinal for t in tellings("How long is the twelfth week?")] == [("week", 12)]
    assert tellings("How long is the thirteenth week?") == []
