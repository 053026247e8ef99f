"""A misspelt question the search corrected is read with the corrected words.

A wiki answers "Hank Crawfrod" with the pages for "Hank Crawford" (its spelling suggestion);
scoring the evidence against the misspelt name would find the question's own entity missing
from every page and refuse what the page plainly says.
"""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Hit, Principal

DOCS = {
    "crawford": (
        "Hank Crawford",
        "Hank Crawford was an American alto saxophonist and arranger. "
        "Crawford died on January 29, 2009, in Memphis.",
    ),
    "memphis": ("Memphis", "Memphis is a city on the Mississippi River in Tennessee."),
}
FIXES = {"crawfrod": "Crawford"}  # what the wiki's suggestion would say


class CorrectingSource(TermSource):
    """Like a wiki: a query with a misspelt word is run as corrected, and its hits say so."""

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        words = query.split()
        fixed = " ".join(FIXES.get(w.strip("?").lower(), w) for w in words)
        hits = await super().search(fixed, k, principal)
        if fixed == query:
            return hits
        return [h.model_copy(update={"query": fixed}) for h in hits]


async def ask(question: str) -> object:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    source = CorrectingSource(DOCS)
    return await ask_async(question, source, settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


async def test_misspelt_name_is_answered_as_the_search_corrected_it() -> None:
    result = await ask("When did Hank Crawfrod die?")
    assert isinstance(result, Answer), result
    assert "January 29, 2009" in result.text


async def test_correctly_spelt_question_is_unchanged() -> None:
    result = await ask("When did Hank Crawford die?")
    assert isinstance(result, Answer), result
    assert "January 29, 2009" in result.text
