"""Pages found only by the any-word fallback answer only when a cited page says every word
of the question (by the answerer's keys: "wrote" finds "written")."""

from __future__ import annotations

from typing import Any

import httpx

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.loose_search import loosely_found, says_enough, says_every_word
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.mediawiki import MediaWikiSource
from wikiqa.types import Answer, Document, Hit, Refusal

TEXT = (
    "Dale Whitcombe (March 2, 1931 – May 8, 2001) was an American alto saxophonist and "
    "songwriter from Dayton, Ohio. He wrote the ballad Quiet Hours in 1962 for the singer "
    "Ora Lindqvist."
)


class AnyWordWiki:
    """A wiki whose search finds the one page only for an `a OR b` query, as CirrusSearch
    does when no page holds every word."""

    def __init__(self, text: str) -> None:
        self.text = text

    def page(self) -> dict[str, Any]:
        url = "https://en.wikipedia.org/wiki/Dale_Whitcombe"
        return {"pageid": 9, "ns": 0, "title": "Dale Whitcombe", "extract": self.text,
                "canonicalurl": url, "lastrevid": 90}  # fmt: skip

    def finds(self, query: str) -> bool:
        return " OR " in query

    def handle(self, request: httpx.Request) -> httpx.Response:
        p = dict(request.url.params)
        if p.get("generator") == "search":
            pages = [self.page() | {"index": 1}] if self.finds(p["gsrsearch"]) else []
            return httpx.Response(200, json={"query": {"pages": pages}})
        return httpx.Response(200, json={"query": {"pages": [self.page()]}})


async def ask(question: str, text: str = TEXT) -> Answer | Refusal:
    return await ask_wiki(question, AnyWordWiki(text))


async def ask_wiki(question: str, wiki: AnyWordWiki) -> Answer | Refusal:
    """Ask through the real MediaWiki source and extractive answerer, HTTP served by `wiki`."""
    source = MediaWikiSource(transport=httpx.MockTransport(wiki.handle), max_retries=0)
    try:
        answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR)
        return await ask_async(question, source, settings=Settings(), answerer=answerer)
    finally:
        await source.aclose()


async def test_a_question_word_no_found_page_says_is_refused() -> None:
    result = await ask("How many children did Dale Whitcombe have with his wife?")
    assert isinstance(result, Refusal), result
    result = await ask("Who was the manager of Dale Whitcombe?")  # names someone, never says it
    assert isinstance(result, Refusal), result


async def test_a_page_saying_every_word_in_other_forms_still_answers() -> None:
    result = await ask("Which ballad did Dale Whitcombe write for Ora Lindqvist?")
    assert isinstance(result, Answer), result
    assert "Quiet Hours" in result.text


def test_only_hits_all_from_the_any_word_search_count_as_loose() -> None:
    def hit(query: str | None) -> Hit:
        return Hit(source="w", doc_id="d", title="D", query=query)

    assert loosely_found([hit("a OR b"), hit("a OR b")])
    assert not loosely_found([hit(None), hit("a OR b")])
    assert not loosely_found([hit("a b")])  # the content-word search holds every word
    assert not loosely_found([])
    doc = Document(source="w", doc_id="d", title="Dale Whitcombe", text=TEXT)
    assert says_every_word(analyse("Who wrote Quiet Hours?"), [doc])
    assert not says_every_word(analyse("Who was Dale Whitcombe's wife?"), [doc])


async def test_one_lower_case_word_the_page_words_otherwise_still_answers() -> None:
    # "compose": the page says "wrote"; every other word of the question is on the page
    result = await ask("Which ballad did Dale Whitcombe compose for Ora Lindqvist?")
    assert isinstance(result, Answer), result
    assert "Quiet Hours" in result.text
    # a name the page never says is not a wording: refused
    result = await ask("Which ballad did Dale Whitcombe write for Ora Lindqvist in Paris?")
    assert isinstance(result, Refusal), result
    # two words the page never says: refused
    result = await ask("Which ballad did Dale Whitcombe compose secretly for Ora Lindqvist?")
    assert isinstance(result, Refusal), result


def test_says_enough_allows_one_unsaid_lower_case_word_but_no_name() -> None:
    doc = Document(source="w", doc_id="d", title="Dale Whitcombe", text=TEXT)
    assert says_enough(analyse("Which ballad did Dale Whitcombe compose?"), [doc])
    assert not says_enough(analyse("Which ballad did Dale Whitcombe play in Paris?"), [doc])
    assert not says_enough(analyse("Which ballad did Dale Whitcombe compose secretly?"), [doc])
