"""MediaWikiSource.search when the question, sent as asked, finds too little on CirrusSearch.

The fake below searches like CirrusSearch does: every word of the query that is not one of
Lucene's English stop words must be in the page ("who", "where", "did" are not stop words),
`a OR b` relaxes that, a misspelt word earns a `searchinfo.suggestion`, and
`gsrenablerewrites=1` runs the suggestion when the query found nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import respx

from wikiqa.sources.mediawiki import MediaWikiSource
from wikiqa.sources.search_query import content_words, relaxed_queries, respelled, uses_keywords
from wikiqa.types import Hit

API = "https://en.wikipedia.org/w/api.php"
LUCENE_STOP = frozenset(
    re.findall(r"\w+", "a an and are as at be but by for if in into is it no not of on or such "
               "that the their then there these they this to was will with")
)  # fmt: skip
PAGES = {
    "Hank Crawford": "Bennie Ross Crawford was an American alto saxophonist born in Memphis.",
    "Memphis, Tennessee": "Memphis is a city in Tennessee on the Mississippi River.",
    "Crying Time": "Crying Time is a song written and first recorded by Buck Owens in 1964.",
    "Buck Owens": "Buck Owens was an American country singer and guitarist.",
    "Ray Charles": "Ray Charles was an American singer and pianist who recorded Crying Time.",
}


def _words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"\w+", text)]


class Cirrus:
    """A CirrusSearch-like generator=search over PAGES; records every request's params."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.sent: list[dict[str, str]] = []
        self.fail_after = fail_after
        self.vocab = {w for t, x in PAGES.items() for w in _words(t + " " + x)}

    def matches(self, query: str) -> list[str]:
        groups: list[list[str]] = []
        for part in query.split(" OR ") if " OR " in query else [query]:
            terms = [w for w in _words(part) if w not in LUCENE_STOP]
            groups.append(terms)
        found = []
        for title, text in PAGES.items():
            have = set(_words(title + " " + text))
            if " OR " in query:
                ok = any(set(g) <= have for g in groups)
            else:
                ok = bool(groups[0]) and set(groups[0]) <= have
            if ok:
                found.append(title)
        return found

    def suggestion(self, query: str) -> str | None:
        fixed = []
        for w in _words(query):
            near = [v for v in self.vocab if len(v) == len(w) and sorted(v) == sorted(w)]
            fixed.append(near[0] if w not in self.vocab and near else w)
        return " ".join(fixed) if fixed != _words(query) else None

    def handle(self, request: httpx.Request) -> httpx.Response:
        p = dict(request.url.params)
        self.sent.append(p)
        if self.fail_after is not None and len(self.sent) > self.fail_after:
            return httpx.Response(400, json={})
        query, info = p["gsrsearch"], {}
        found = self.matches(query)
        hint = self.suggestion(query)
        if hint:
            info["suggestion"] = hint
        if not found and hint and p.get("gsrenablerewrites") == "1":
            found, info["rewrittenquery"] = self.matches(hint), hint
        pages = [
            {"pageid": i, "ns": 0, "title": t, "index": i + 1, "extract": PAGES[t]}
            for i, t in enumerate(found[: int(p["gsrlimit"])])
        ]
        body: dict[str, Any] = {"batchcomplete": True, "query": {"searchinfo": info}}
        if pages:
            body["query"]["pages"] = pages[::-1]
        return httpx.Response(200, json=body)


@pytest.fixture
def cirrus() -> Iterator[Cirrus]:
    fake = Cirrus()
    with respx.mock(assert_all_called=False) as router:
        router.get(API).mock(side_effect=fake.handle)
        yield fake


def source(**kw: Any) -> MediaWikiSource:
    return MediaWikiSource(contact="bot-owner@example.org", max_retries=0, **kw)


def titles(hits: list[Any]) -> list[str]:
    return [h.title for h in hits]


def test_content_words_drop_question_words_possessives_and_search_syntax() -> None:
    assert content_words("Where was Ray Charles's musical director born?") == [
        "Ray", "Charles", "musical", "director", "born"]  # fmt: skip
    assert content_words('Who said "OR" -not intitle:x?') == ["said", "not", "intitle", "x"]
    assert content_words("Who was it?") == []
    assert relaxed_queries("Who wrote Crying Time?") == (
        "wrote Crying Time", "wrote OR Crying OR Time")  # fmt: skip
    assert relaxed_queries("Who is Cher?") == ("Cher", "")
    assert relaxed_queries("Who is he?") == ("", "")


async def test_first_request_is_the_question_as_asked(cirrus: Cirrus) -> None:
    """Recorded responses are keyed on the first request: it must not change."""
    src = source()
    await src.search("Where was Hank Crawford born?", k=3)
    first = cirrus.sent[0]
    assert first["gsrsearch"] == "Where was Hank Crawford born?"
    assert {k: v for k, v in first.items() if k != "maxlag"} == {
        "action": "query", "format": "json", "formatversion": "2", "redirects": "1",
        "generator": "search", "gsrsearch": "Where was Hank Crawford born?", "gsrlimit": "3",
        "gsrnamespace": "0", "prop": "extracts|pageprops|info", "exintro": "1", "exlimit": "3",
        "explaintext": "1", "ppprop": "disambiguation", "inprop": "url",
    }  # fmt: skip
    await src.aclose()


async def test_question_that_finds_nothing_is_retried_with_its_content_words(
    cirrus: Cirrus,
) -> None:
    src = source()
    hits = await src.search("Where was Hank Crawford born?", k=3)  # "where" is in no page
    assert titles(hits)[0] == "Hank Crawford"
    assert cirrus.sent[1]["gsrsearch"] == "Hank Crawford born"
    assert cirrus.sent[1]["gsrenablerewrites"] == "1"
    await src.aclose()


async def test_enough_hits_cost_one_request(cirrus: Cirrus) -> None:
    src = source()
    hits = await src.search("Crying Time", k=2)
    assert titles(hits) == ["Crying Time", "Ray Charles"]
    assert len(cirrus.sent) == 1
    await src.aclose()


async def test_too_few_hits_are_topped_up_after_the_first_ones(cirrus: Cirrus) -> None:
    src = source()
    hits = await src.search("Who recorded Crying Time?", k=3)  # only one page says "recorded"
    assert titles(hits) == ["Ray Charles", "Crying Time"]  # the question's own hit first
    assert [h.score for h in hits] == [1.0, 0.5]
    await src.aclose()


async def test_misspelling_is_corrected_by_the_wiki_suggestion(cirrus: Cirrus) -> None:
    src = source()
    hits = await src.search("When was Hank Crawfrod born", k=3)
    assert titles(hits)[0] == "Hank Crawford"
    await src.aclose()


async def test_nothing_found_relaxes_to_any_content_word(cirrus: Cirrus) -> None:
    src = source()
    hits = await src.search("Who wrote the song Crying Time?", k=3)  # it says "written"
    assert "Crying Time" in titles(hits)
    assert cirrus.sent[-1]["gsrsearch"] == "wrote OR song OR Crying OR Time"
    await src.aclose()


async def test_failing_fallback_keeps_the_hits_found() -> None:
    fake = Cirrus(fail_after=1)
    with respx.mock(assert_all_called=False) as router:
        router.get(API).mock(side_effect=fake.handle)
        src = source()
        hits = await src.search("Who recorded Crying Time?", k=3)
        await src.aclose()
    assert titles(hits) == ["Ray Charles"]
    assert len(fake.sent) == 2


async def test_a_fallback_is_tried_once_not_retried_with_backoff() -> None:
    # A replay may answer a request it never recorded as a server error: retrying it with
    # backoff would only delay the answer the first request gives.
    fake = Cirrus()
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    def handle(request: httpx.Request) -> httpx.Response:
        return fake.handle(request) if not fake.sent else httpx.Response(503)

    with respx.mock(assert_all_called=False) as router:
        route = router.get(API).mock(side_effect=handle)
        src = MediaWikiSource(contact="bot-owner@example.org", max_retries=4, sleep=sleep)
        hits = await src.search("Who recorded Crying Time?", k=3)
        await src.aclose()
    assert titles(hits) == ["Ray Charles"]
    assert waits == [] and route.call_count == 2  # the question, then one fallback, once


async def test_relaxing_can_be_turned_off(cirrus: Cirrus) -> None:
    src = source(relax_search=False)
    assert await src.search("Where was Hank Crawford born?", k=3) == []
    assert len(cirrus.sent) == 1
    await src.aclose()


async def test_hits_found_by_a_fallback_say_which_query_found_them(cirrus: Cirrus) -> None:
    src = source()
    hits = await src.search("Where was Hank Crawford born?", k=3)
    assert hits[0].query == "Hank Crawford born"
    direct = await src.search("Crying Time", k=2)
    assert [h.query for h in direct] == [None, None]  # found as asked
    await src.aclose()


async def test_hits_found_by_the_wiki_rewrite_carry_the_rewritten_query(cirrus: Cirrus) -> None:
    src = source()
    hits = await src.search("When was Hank Crawfrod born", k=3)
    assert hits[0].title == "Hank Crawford"
    assert hits[0].query == "hank crawford born"
    await src.aclose()


def test_respelled_takes_the_corrected_words_of_the_query_that_found_the_best_hit() -> None:
    def hit(query: str | None) -> Hit:
        return Hit(source="wikipedia", doc_id="X", title="X", query=query)

    asked = "When did Hank Crawfrod die?"
    assert respelled(asked, [hit("hank crawford die")]) == "When did Hank Crawford die?"
    assert respelled(asked, [hit(None), hit("hank crawford die")]) == asked  # best hit: as asked
    assert respelled(asked, []) == asked
    assert respelled(asked, [hit("Hank Crawfrod die")]) == asked  # a fallback, no correction
    assert respelled(asked, [hit("Hank OR Crawfrod OR die")]) == asked
    assert respelled(asked, [hit("hank williams die")]) == asked  # not a misspelling: far
    assert respelled(asked, [hit("hank crawford")]) == asked  # words do not line up


async def test_unrecorded_fallback_in_a_replay_keeps_the_recorded_answer() -> None:
    """A replay harness refuses requests it never recorded with its own error (respx: an
    AssertionError); the hits of the recorded first request must still come back."""
    with respx.mock(assert_all_called=False, assert_all_mocked=True) as router:
        recorded = Cirrus()
        router.get(API, params={"gsrsearch": "Who recorded Crying Time?"}).mock(
            side_effect=recorded.handle
        )
        src = source()
        hits = await src.search("Who recorded Crying Time?", k=3)
        await src.aclose()
    assert titles(hits) == ["Ray Charles"]


async def test_a_query_written_with_search_keywords_is_not_loosened(cirrus: Cirrus) -> None:
    src = source()
    assert await src.search("intitle:Crawford born where", k=3) == []
    assert len(cirrus.sent) == 1
    await src.aclose()
    assert uses_keywords("-incategory:Living_people Ray") and uses_keywords("INTITLE:x")
    assert not uses_keywords('Who wrote "Hit the Road Jack"?')
    assert not uses_keywords("What is the ratio 3:2 called?")


async def test_courtesy_around_a_question_is_not_searched_for(cirrus: Cirrus) -> None:
    # No page says "please", "tell" or "thanks": the fallback searches what is asked.
    hits = await source().search("Could you please tell me who wrote Crying Time, thanks?", k=2)
    assert titles(hits)[:1] == ["Crying Time"]
    assert cirrus.sent[1]["gsrsearch"] == "wrote Crying Time"
    assert respelled("Hi, can you tell me who wrote Crying Time, thanks?", hits) == (
        "who wrote Crying Time?"
    )


async def test_the_wiki_suggestion_is_searched_first_as_the_wiki_wrote_it(cirrus: Cirrus) -> None:
    """The wiki's "Did you mean" is the follow-up any client sends (its own search page
    does): tried before our own rewrites, verbatim, so a recording of it is matched."""
    src = source()
    hits = await src.search("Was Hank Crawfrod born in Memphis", k=3)
    await src.aclose()
    assert titles(hits)[0] == "Hank Crawford"
    assert cirrus.sent[1]["gsrsearch"] == "was hank crawford born in memphis"
    assert "gsrenablerewrites" not in cirrus.sent[1]


def replayed(*recorded: str) -> tuple[respx.MockRouter, Cirrus]:
    """A replay holding only the searches `recorded`: any other request fails (respx
    raises for an unmocked request, as a cassette harness does)."""
    fake = Cirrus()
    router = respx.mock(assert_all_called=False, assert_all_mocked=True)
    for query in recorded:
        router.get(API, params={"gsrsearch": query}).mock(side_effect=fake.handle)
    return router, fake


async def test_a_replayed_suggestion_answers_though_our_rewrites_were_never_recorded() -> None:
    router, _ = replayed("Was Hank Crawfrod born in Memphis", "was hank crawford born in memphis")
    with router:
        src = source()
        hits = await src.search("Was Hank Crawfrod born in Memphis", k=3)
        await src.aclose()
    assert titles(hits)[0] == "Hank Crawford"


async def test_a_failing_fallback_does_not_stop_the_later_ones() -> None:
    asked = "Who wrote the song Crying Time?"
    router, fake = replayed(asked, "wrote OR song OR Crying OR Time")  # not the content words
    with router:
        src = source()
        hits = await src.search(asked, k=3)
        await src.aclose()
    assert "Crying Time" in titles(hits)
    assert [p["gsrsearch"] for p in fake.sent] == [asked, "wrote OR song OR Crying OR Time"]
