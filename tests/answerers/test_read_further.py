"""Read further: an answer in an article's later section is found by reading it in full,
only when the intro does not answer, and a failing extra fetch keeps what was read."""

from __future__ import annotations

from typing import Any

import httpx

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.read_further import shortened
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.mediawiki import MediaWikiSource
from wikiqa.types import Answer, Document, Refusal

INTRO = (
    "Quiet Hours is a 1962 studio album of ballads. "
    "It sold well in the spring of 1963 and was reissued on compact disc."
)
FULL = (
    INTRO + "\n\n\n== Background ==\nThe songs were chosen from standards of the 1940s.\n\n"
    "== Production ==\nThe album was produced by Sid Feller, with strings arranged by "
    "Marty Paich.\n\n== Reception ==\nCritics praised its restraint.\n"
)
WIKITEXT0 = "{{Infobox album\n| name = Quiet Hours\n| type = studio\n}}\n'''Quiet Hours'''"


class Wiki:
    """One article over the Action API shapes `MediaWikiSource` reads; `fail_full` makes a
    full-text request fail as a replay that never recorded it would."""

    def __init__(self, fail_full: bool = False) -> None:
        self.fail_full = fail_full
        self.requests: list[dict[str, str]] = []

    def page(self, p: dict[str, str]) -> dict[str, Any]:
        url = "https://en.wikipedia.org/wiki/Quiet_Hours"
        out: dict[str, Any] = {"pageid": 7, "ns": 0, "title": "Quiet Hours"}
        out.update(extract=INTRO if "exintro" in p else FULL, canonicalurl=url, lastrevid=70)
        if "revisions" in p.get("prop", ""):
            content = {"contentmodel": "wikitext", "content": WIKITEXT0}
            out["revisions"] = [{"revid": 70, "slots": {"main": content}}]
        return out

    def handle(self, request: httpx.Request) -> httpx.Response:
        p = dict(request.url.params)
        self.requests.append(p)
        if "titles" in p and "exintro" not in p and self.fail_full:
            return httpx.Response(404, text="not recorded")
        if p.get("generator") == "search":
            pages = [self.page(p) | {"index": 1}] if "quiet" in p["gsrsearch"].lower() else []
            return httpx.Response(200, json={"query": {"pages": pages}})
        return httpx.Response(200, json={"query": {"pages": [self.page(p)]}})

    def full_reads(self) -> int:
        return sum(1 for p in self.requests if "titles" in p and "exintro" not in p)


async def ask(question: str, wiki: Wiki) -> Answer | Refusal:
    source = MediaWikiSource(transport=httpx.MockTransport(wiki.handle), max_retries=0)
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR)
    try:
        return await ask_async(question, source, settings=Settings(), answerer=answerer)
    finally:
        await source.aclose()


async def test_answer_in_a_later_section_is_found_by_reading_the_article_in_full() -> None:
    wiki = Wiki()
    result = await ask("Who produced the album Quiet Hours?", wiki)
    assert isinstance(result, Answer), result
    assert "Sid Feller" in result.text
    assert wiki.full_reads() == 1
    assert any("Sid Feller" in c.quote for c in result.citations)  # quoted from the full text


async def test_a_failing_full_read_keeps_what_the_intro_gave() -> None:
    wiki = Wiki(fail_full=True)
    result = await ask("Who produced the album Quiet Hours?", wiki)
    assert isinstance(result, Refusal), result
    assert result.code == "insufficient_evidence"  # not source_unavailable
    assert wiki.full_reads() == 1


async def test_no_extra_request_when_the_intro_answers() -> None:
    wiki = Wiki()
    result = await ask("When was the album Quiet Hours released?", wiki)
    assert isinstance(result, Answer), result
    assert "1962" in result.text
    assert wiki.full_reads() == 0


def test_only_documents_the_source_shortened_are_read_again() -> None:
    def doc(**metadata: Any) -> Document:
        return Document(source="s", doc_id="d", title="D", text="x", metadata=metadata)

    assert shortened(doc(full=False))
    assert shortened(doc(lead_only=True))  # a ZIM article's lead
    assert not shortened(doc(lead_only=False))
    assert not shortened(doc(full=True))
    assert not shortened(doc())  # a collection document is whole
