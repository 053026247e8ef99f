from typing import Any

import httpx

from wikiqa.answerers.disambiguation import (
    ambiguity_reason,
    asked_name,
    names_only,
    pick_senses,
    shared_name,
)
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.mediawiki import MediaWikiSource
from wikiqa.text.terms import content_terms
from wikiqa.types import Answer, Document, Refusal

PAGE = Document(
    source="wikipedia",
    doc_id="Mercury",
    title="Mercury",
    text="Mercury may refer to:",
    is_disambiguation=True,
    senses=["Mercury (planet)", "Mercury (element)", "Mercury (mythology)", "Freddie Mercury"],
)


def test_picks_the_sense_the_question_names() -> None:
    assert pick_senses("How long is a year on the planet Mercury?", PAGE) == ["Mercury (planet)"]
    assert pick_senses("Is the element mercury toxic?", PAGE) == ["Mercury (element)"]
    assert pick_senses("When was Freddie Mercury born?", PAGE) == ["Freddie Mercury"]


def test_no_sense_when_the_question_does_not_say() -> None:
    assert pick_senses("What is Mercury?", PAGE) == []


def test_reason_lists_the_senses() -> None:
    reason = ambiguity_reason(PAGE)
    assert "Mercury (planet)" in reason and "Freddie Mercury" in reason


def test_names_only_when_the_question_is_just_the_name() -> None:
    assert names_only("What is Mercury?", PAGE)
    assert not names_only("How hot is Mercury at noon?", PAGE)


SONG = "Quiet Hours (song)"
ALBUM = "Quiet Hours: The Whitcombe Sessions"
PAGES = {
    SONG: '"Quiet Hours" is a 1962 ballad written by Dale Whitcombe for the singer Ora Lindqvist.',
    ALBUM: "Quiet Hours: The Whitcombe Sessions is a 1971 album by the Dale Whitcombe Quartet.",
    "Dale Whitcombe": "Dale Whitcombe was an American alto saxophonist who wrote Quiet Hours.",
}


def test_a_bare_name_several_found_pages_share_is_ambiguous() -> None:
    titles = [SONG, ALBUM, "Dale Whitcombe"]
    assert shared_name("What is Quiet Hours?", titles) == [SONG, ALBUM]
    assert shared_name('What was "Quiet Hours"?', titles) == [SONG, ALBUM]
    assert shared_name("Who wrote Quiet Hours?", titles) == []  # asks more than the name
    assert shared_name("What is Quiet Hours?", [SONG, "Dale Whitcombe"]) == []  # one page
    assert shared_name("What is Quiet Hours?", ["Quiet Hours", SONG, ALBUM]) == []  # primary


def _wiki(pages: dict[str, str], hidden: dict[str, list[str]] | None = None) -> httpx.MockTransport:
    """Search finds every page whose title or text holds each content word of the query,
    but for the disambiguation pages `hidden` (title -> senses), which only a read of
    their title finds."""
    hidden = hidden or {}

    def page(title: str, index: int = 0) -> dict[str, Any]:
        out = {"pageid": len(title), "ns": 0, "title": title, "extract": pages[title],
               "canonicalurl": "https://en.wikipedia.org/wiki/" + title.replace(" ", "_"),
               "lastrevid": 7, "index": index}  # fmt: skip
        if title in hidden:
            out["pageprops"] = {"disambiguation": ""}
            links = "\n".join(f"* [[{s}]]" for s in hidden[title])
            out["revisions"] = [{"revid": 7, "slots": {"main": {"content": links}}}]
        return out

    def handle(request: httpx.Request) -> httpx.Response:
        p = dict(request.url.params)
        if p.get("generator") == "search":
            words = set(content_terms(p["gsrsearch"]))
            found = [
                t
                for t in pages
                if t not in hidden and words <= set(content_terms(t + " " + pages[t]))
            ]
            return httpx.Response(
                200, json={"query": {"pages": [page(t, i + 1) for i, t in enumerate(found)]}}
            )
        if p["titles"] not in pages:
            return httpx.Response(
                200, json={"query": {"pages": [{"title": p["titles"], "missing": True}]}}
            )
        return httpx.Response(200, json={"query": {"pages": [page(p["titles"])]}})

    return httpx.MockTransport(handle)


async def _ask(question: str) -> Answer | Refusal:
    source = MediaWikiSource(transport=_wiki(PAGES), max_retries=0)
    try:
        return await ask_async(question, source, settings=Settings(), answerer=ExtractiveAnswerer())
    finally:
        await source.aclose()


async def test_a_bare_name_is_ambiguous_without_a_disambiguation_page() -> None:
    result = await _ask("What is Quiet Hours?")
    assert isinstance(result, Refusal) and result.code == "ambiguous", result
    assert result.ambiguity is not None and result.ambiguity.senses == [SONG, ALBUM]
    answered = await _ask("Who wrote Quiet Hours?")
    assert isinstance(answered, Answer), answered
    assert "Dale Whitcombe" in answered.text


PERSON = {
    "Dale Whitcombe (album)": "Dale Whitcombe is the first album by the saxophonist Dale Whitcombe.",
    "Dale Whitcombe": "Dale Whitcombe was an American alto saxophonist from Dayton, Ohio.",
}


async def test_the_page_titled_by_the_bare_name_says_what_it_is() -> None:
    assert asked_name("Who is Dale Whitcombe?") == "Dale Whitcombe"
    assert asked_name("Who wrote Quiet Hours?") == ""
    source = MediaWikiSource(transport=_wiki(PERSON), max_retries=0)
    try:
        result = await ask_async(
            "Who is Dale Whitcombe?", source, settings=Settings(), answerer=ExtractiveAnswerer()
        )
    finally:
        await source.aclose()
    assert isinstance(result, Answer), result
    assert "alto saxophonist" in result.text


async def test_a_bare_name_reads_its_own_title_when_the_search_misses_it() -> None:
    # the search never finds the disambiguation page "Quiet Hours"; reading the title does
    pages = {**PAGES, "Quiet Hours": "Quiet Hours may refer to:"}
    senses = {"Quiet Hours": [SONG, ALBUM]}
    source = MediaWikiSource(transport=_wiki(pages, hidden=senses), max_retries=0)
    try:
        result = await ask_async(
            "What is Quiet Hours?", source, settings=Settings(), answerer=ExtractiveAnswerer()
        )
    finally:
        await source.aclose()
    assert isinstance(result, Refusal) and result.code == "ambiguous", result
    assert result.ambiguity is not None and result.ambiguity.title == "Quiet Hours"
