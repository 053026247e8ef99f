"""Optional requests fail safe: when a later request of a question fails (an outage, or a
replay of recorded HTTP that never saw it), the answer is the one the requests that did
succeed give, never a `source_unavailable` refusal."""

from __future__ import annotations

import re
from dataclasses import dataclass

import httpx
import pytest

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.errors import DocumentNotFound, SourceUnavailable
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.mediawiki import MediaWikiSource
from wikiqa.testing.action_api import Replay, page_json
from wikiqa.types import Answer, Document, Hit, Refusal


@dataclass(frozen=True)
class Page:
    title: str
    pageid: int
    intro: str
    revid: int = 100
    wikitext0: str = ""
    wikitext: str = ""
    disambiguation: bool = False

    @property
    def full(self) -> str:
        return self.intro


PAGES = [
    Page(
        "Solaris Dawn",
        1,
        "Solaris Dawn is a 1999 science fiction film directed by Marta "
        "Kowalczyk. It follows a crew stranded near a dying star.",
    ),
    Page(
        "Marta Kowalczyk",
        2,
        "Marta Kowalczyk is a Polish film director. She was born in "
        "Gdansk in 1961 and studied at the Lodz Film School.",
    ),
]


def titled(query: str) -> list[Page]:
    """A page is found when the query says every word of its title."""
    words = set(re.findall(r"\w+", query.lower()))
    return [p for p in PAGES if set(p.title.lower().split()) <= words]


def handle(request: httpx.Request) -> httpx.Response:
    p = dict(request.url.params)
    if p.get("generator") == "search":
        found = titled(p["gsrsearch"])[: int(p.get("gsrlimit", 5))]
        pages = [page_json(pg, p) | {"index": i + 1} for i, pg in enumerate(found)]
        return httpx.Response(200, json={"query": {"pages": pages}})
    page = next(pg for pg in PAGES if pg.title == p["titles"])
    return httpx.Response(200, json={"query": {"pages": [page_json(page, p)]}})


async def ask(question: str, transport: httpx.MockTransport) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR)
    async with MediaWikiSource(transport=transport, max_retries=0) as source:
        return await ask_async(question, source, settings=Settings(), answerer=answerer)


def first_reads(position: int, params: dict[str, str]) -> bool:
    """What any reader sends first: the question's search and the intros of its hits."""
    return position == 0 or ("exintro" in params and "titles" in params)


QUESTION = "Where was the director of Solaris Dawn born?"


async def test_the_bridge_is_followed_when_the_wiki_answers() -> None:
    result = await ask(QUESTION, httpx.MockTransport(handle))
    assert isinstance(result, Answer), result
    assert "Gdansk" in result.text
    assert {c.title for c in result.citations} == {"Solaris Dawn", "Marta Kowalczyk"}


async def test_a_second_hop_search_that_fails_leaves_the_first_reads_answer() -> None:
    replay = Replay(handle)
    await ask(QUESTION, replay.transport())
    replay.keep_only(first_reads)
    replay.recording = False
    result = await ask(QUESTION, replay.transport())
    assert replay.refused, "the bridge's search was not refused: nothing tested"
    assert isinstance(result, Refusal), result
    assert result.code == "insufficient_evidence"  # not source_unavailable
    failed = [e for e in result.trace if e.kind == "error"]
    assert failed and all(e.data.get("optional") for e in failed)  # shown in -v, marked
    assert "going on without it" in failed[0].detail


async def test_a_simple_answer_stands_when_every_later_request_fails() -> None:
    question = "Which film did Marta Kowalczyk direct, and where was she born?"
    full = await ask(question, httpx.MockTransport(handle))
    replay = Replay(handle)
    await ask(question, replay.transport())
    replay.keep_only(first_reads)
    replay.recording = False
    result = await ask(question, replay.transport())
    assert isinstance(full, Answer) and isinstance(result, Answer), (full, result)
    assert "Gdansk" in result.text


class Flaky:
    """A reader whose searches fail and whose fetches fail for the ids in `down`."""

    def __init__(self, down: set[str], missing: frozenset[str] = frozenset()) -> None:
        self.down, self.missing = down, missing

    async def search(self, query: str, k: int = 5) -> list[Hit]:
        raise SourceUnavailable("search is down")

    async def fetch(self, doc_id: str, *, full: bool = False) -> Document:
        if doc_id in self.down:
            raise SourceUnavailable(f"{doc_id} is down")
        if doc_id in self.missing:
            raise DocumentNotFound(doc_id)
        return Document(source="s", doc_id=doc_id, title=doc_id, text="x")


async def test_fetch_each_leaves_out_what_fails_and_raises_only_when_all_needed_failed() -> None:
    assert set(await fetch_each(Flaky({"b"}, frozenset({"c"})), ["a", "b", "c", "a"])) == {"a"}
    assert await fetch_each(Flaky({"a", "b"}), ["a", "b"]) == {}
    with pytest.raises(SourceUnavailable, match="is down"):
        await fetch_each(Flaky({"a", "b"}), ["a", "b"], needed=True)
    assert (
        await fetch_each(Flaky(set(), frozenset({"a"})), ["a"], needed=True) == {}
    )  # not there: no fault
    assert await search_or_nothing(Flaky(set()), "anything", 5) == []


MERCURY = Page(
    "Mercury",
    3,
    "Mercury may refer to:",
    wikitext="'''Mercury''' may refer to:\n* [[Mercury (planet)]], a planet\n"
    "* [[Mercury (element)]], a metal\n{{disambiguation}}",
    disambiguation=True,
)
PLANET = Page(
    "Mercury (planet)", 4, "Mercury is the smallest planet. Its diameter is 4,880 kilometres."
)


def senses_handle(request: httpx.Request) -> httpx.Response:
    p = dict(request.url.params)
    if p.get("generator") == "search":
        return httpx.Response(
            200, json={"query": {"pages": [page_json(MERCURY, p) | {"index": 1}]}}
        )
    page = {"Mercury": MERCURY, "Mercury (planet)": PLANET}[p["titles"]]
    return httpx.Response(200, json={"query": {"pages": [page_json(page, p)]}})


async def test_a_sense_of_a_disambiguation_page_that_cannot_be_read_is_left_out() -> None:
    question = "What is the diameter of the planet Mercury?"
    assert isinstance(await ask(question, httpx.MockTransport(senses_handle)), Answer)
    replay = Replay(senses_handle)
    await ask(question, replay.transport())
    replay.keep_only(lambda i, p: p.get("titles") != "Mercury (planet)")
    replay.recording = False
    result = await ask(question, replay.transport())
    assert replay.refused
    assert isinstance(result, Refusal) and result.code != "source_unavailable", result


async def test_each_page_is_read_once_per_question() -> None:
    # The parts of a compound question search again and meet the same pages: reading each
    # once saves requests (a replay may serve a recorded request only once).
    sent: list[tuple[tuple[str, str], ...]] = []

    def counting(request: httpx.Request) -> httpx.Response:
        if "titles" in request.url.params:
            sent.append(tuple(sorted(request.url.params.items())))
        return handle(request)

    question = "Which film did Marta Kowalczyk direct, and where was she born?"
    result = await ask(question, httpx.MockTransport(counting))
    assert isinstance(result, Answer), result
    assert len(sent) == len(set(sent)) > 0
