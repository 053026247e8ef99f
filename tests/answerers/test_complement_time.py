"""A second document joins a one-part answer (`hops.complement`) only when it says what the
question left open; a word said only to place the question in time ("this year") is not
left open, so a sick-pay row that says "1 to 3 years" does not join the payday answer to
"What date is the December pay going in this year?". Small handbook documents written here."""

from __future__ import annotations

from test_extractive_classes import Source

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.hops import deictic_terms
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

DOCS = {
    "payday": (
        "Payday Calendar 2026",
        "# Payday Calendar 2026\n\n"
        "| Country | Usual payday | December payday |\n"
        "|---|---|---|\n"
        "| United Kingdom | the 28th of each month | 18 December |\n"
        "| Ireland | the 25th of each month | 17 December |\n",
    ),
    "sick-pay": (
        "Sick Pay: United Kingdom",
        "# Sick Pay: United Kingdom\n\n"
        "| Length of service | Full pay | Half pay |\n"
        "|---|---|---|\n"
        "| Under 1 year | 2 weeks | 2 weeks |\n"
        "| 1 to 3 years | 6 weeks | 6 weeks |\n",
    ),
}


def test_words_placing_the_question_in_time() -> None:
    assert deictic_terms("What date is the December pay going in this year?") == {"year"}
    assert "year" not in deictic_terms("Which year did pay go up, this year or last?")
    assert deictic_terms("How many years of service give full sick pay?") == frozenset()


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_async(question, Source(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


async def test_a_row_saying_years_does_not_join_this_years_payday(emb: OnnxEmbedder) -> None:
    result = await ask("What date is the December pay going in this year?", emb)
    assert isinstance(result, Answer), result
    assert "18 December" in result.text
    assert {c.title for c in result.citations} == {"Payday Calendar 2026"}
