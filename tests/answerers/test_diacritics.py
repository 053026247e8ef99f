"""Accents do not split a word's key: the lexical index folds them (remove_diacritics), so the
answerer's matching keys must too, or "cafe" finds the café's page and then cannot read it."""

from __future__ import annotations

import asyncio

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import keys
from wikiqa.text.terms import stem, without_diacritics
from wikiqa.types import Question


def test_latin_accents_are_dropped_and_other_scripts_letters_kept() -> None:
    assert without_diacritics("café") == "cafe"
    assert without_diacritics("Poznań") == "Poznan"
    assert without_diacritics("Beyoncé") == "Beyonce"
    assert without_diacritics("plain") == "plain"
    # a kana voicing mark makes another letter, not an accent: kept
    assert without_diacritics("が") == "が"


def test_a_word_and_its_accented_spelling_share_one_key() -> None:
    assert stem("café") == stem("cafe")
    assert keys("Who manages the Poznan depot?")[-2:] == keys("Poznań depot")


def test_a_question_typed_without_accents_is_answered_from_the_accented_line() -> None:
    docs = {
        "Visitor Centres": (
            "Visitor Centres",
            "# Visitor Centres\n\nThe Marsh Café opens at 9am and closes at 4pm every day.\n\n"
            "The shop sells field guides and bird food.\n",
        ),
        "Parking": ("Parking", "# Parking\n\nThe car park is free for members.\n"),
    }
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    question = Question(text="What time does the Marsh Cafe close?")
    draft = asyncio.run(answerer.answer(question, TermSource(docs)))  # type: ignore[arg-type]
    assert draft.refusal is None
    assert any("Café opens at 9am" in q.quote for c in draft.claims for q in c.quotes)
