"""Titles inside running text are blanked, offsets kept: their words name, they do not say."""

from __future__ import annotations

from wikiqa.text.titles import without_titles


def test_capitalised_runs_past_the_first_word_and_quotes_are_blanked() -> None:
    text = 'Was I Can\'t Stop Loving You on "the album", or not?'
    out = without_titles(text)
    assert len(out) == len(text)
    assert out.split() == ["Was", "on", ",", "or", "not?"]


def test_the_first_word_and_single_capitals_stay() -> None:
    assert without_titles("Isn't Ray a film?") == "Isn't Ray a film?"
    assert without_titles("Don't Stop Me Now is by whom?").split()[0] == "Don't"
    assert without_titles("Did Paris never host it?") == "Did Paris never host it?"
