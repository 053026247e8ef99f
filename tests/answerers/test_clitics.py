"""A possessive or contracted ending is no part of what a word says (features.clitic_free):
"Desai's" keys as "Desai", "October's" as "October", and "what's", "I'm", "don't" key as
the stop words they contract. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import clitic_free, key, keys
from wikiqa.types import Question

DIRECTORY = (
    "Staff Directory",
    "# Staff Directory\n\n| Name | Job | Base |\n|---|---|---|\n"
    "| Priya Desai | Site manager | Elmfield Leisure Centre |\n"
    "| Tom Hale | Site manager | Kingsmead Hospital |\n",
)
PAY_DATES = (
    "Pay Dates",
    "# Pay Dates\n\nHourly-paid staff are paid weekly, every Friday, one week in hand.\n",
)


def test_a_possessive_keys_as_its_word_and_a_contraction_as_its_stop_words() -> None:
    assert key("October's") == key("October")
    assert key("Desai’s") == key("Desai")
    assert key("company's") == key("company")
    assert keys("What's the site's rate? I'm hourly, I've asked, don't know") == keys(
        "the site rate? hourly, asked, know"
    )
    assert clitic_free("can't") == "" and clitic_free("won’t") == ""
    assert clitic_free("O'Brien") == "O'Brien"  # a name's apostrophe is no clitic
    assert clitic_free("1990's") == "1990's"


def test_a_possessive_inside_a_name_keys_as_written() -> None:
    # "New Year's Day" is a name: "this year" says nothing of it
    assert keys("New Year's Day is paid triple") == [
        *keys("New"),
        "year's",
        *keys("Day paid triple"),
    ]
    assert key("year") not in keys("St John's Wood and New Year's Day")
    # a sentence's first word is no name: "What's Priya ..." keys as "Priya ..."
    assert keys("What's Priya Desai's base?") == keys("Priya Desai base?")


async def _answer(question: str) -> tuple[bool, list[str]]:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    docs = {"dir.md": DIRECTORY, "pay.md": PAY_DATES}
    draft = await answerer.answer(Question(text=question), TermSource(docs))  # type: ignore[arg-type]
    return draft.refusal is None, [q.quote for c in draft.claims for q in c.quotes]


async def test_a_row_named_in_the_possessive_answers() -> None:
    # the old keys read "Desai's" as a word no row says, and refused
    answered, quotes = await _answer("Where is Priya Desai's base?")
    assert answered
    assert "| Priya Desai | Site manager | Elmfield Leisure Centre |" in quotes
    answered, quotes = await _answer("What's Priya Desai's base?")
    assert answered and "| Name | Job | Base |" in quotes
