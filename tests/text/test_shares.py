"""A share stated as a figure, read one way by the how-many check and the restatement check."""

from __future__ import annotations

import pytest

from wikiqa.answerers.own_restated import units
from wikiqa.text.shares import SHARE_FIGURE


@pytest.mark.parametrize(
    "text",
    ["up to 12% of net pay", "2.5 per cent a year", "1,5 percent", "a 10 % discount", "15percent"],
)
def test_a_figure_with_a_percent_sign_or_word_is_a_share(text: str) -> None:
    assert SHARE_FIGURE.search(text)


@pytest.mark.parametrize(
    "text", ["12 people", "the percentage is set each year", "per cent", "10:00 am", "£40"]
)
def test_a_number_or_the_word_alone_is_no_share(text: str) -> None:
    assert not SHARE_FIGURE.search(text)


def test_the_restatement_check_reads_a_share_in_every_spelling() -> None:
    assert "share" in units("We match 2.5 per cent of your pay.")
    assert "share" in units("We match 1,5 percent of your pay.")
    assert "share" not in units("We match your contributions.")
