"""MediaWikiSource against a fake Action API (respx): search, fetch, infobox, faults, cache.

The fake answers in the formatversion=2 shapes en.wikipedia.org returns for generator=search,
prop=extracts|revisions|pageprops|info, redirects=1 and missing titles; written by hand.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from wikiqa.errors import ConfigError, DocumentNotFound, SourceUnavailable
from wikiqa.settings import Settings
from wikiqa.sources.base import Source
from wikiqa.sources.mediawiki import MediaWikiSource, build_text, short_snippet
from wikiqa.testing.action_api import Replay, page_json

API = "https://en.wikipedia.org/w/api.php"

INTRO = (
    "Albert Einstein was a German-born theoretical physicist who is best known for "
    "developing the theory of relativity. Einstein also made important contributions "
    "to quantum mechanics."
)
FULL = (
    INTRO
    + "\n\n\n== Life and career ==\n\n=== Early life ===\nEinstein was born in Ulm on 14 March 1879.\n\n"
    "=== Marriages ===\nEinstein married Mileva Marić in 1903.\n\n"
    "== Scientific career ==\nIn 1905 he published four groundbreaking papers.\n\n\n"
    "== See also ==\n\n\n== References ==\n\n"
)
WIKITEXT0 = """{{Short description|German-born physicist (1879–1955)}}
{{Infobox scientist
| name        = Albert Einstein
| image       = Einstein 1921 by F Schmutzer - restoration.jpg
| caption     = Einstein in 1921
| birth_date  = {{Birth date|df=yes|1879|3|14}}
| birth_place = [[Ulm]], [[Kingdom of Württemberg]], [[German Empire]]
| death_date  = {{Death date and age|df=yes|1955|4|18|1879|3|14}}
| known_for   = [[General relativity]]<br />[[Photoelectric effect]]<ref>{{cite web|url=https://x}}</ref>
| awards      = {{ubl|[[Nobel Prize in Physics]] (1921)|[[Copley Medal]] (1925)}}
| spouse      = <!-- hidden -->
}}
'''Albert Einstein''' was a German-born theoretical physicist."""

DISAMBIG_WIKITEXT = """'''Mercury''' may refer to:
== Science ==
* [[Mercury (planet)]], the closest planet to the Sun
* [[Mercury (element)]], a chemical element
== Mythology ==
* [[Mercury (mythology)]], a Roman god
== See also ==
* [[Quicksilver (disambiguation)]]
{{disambiguation}}"""
DISAMBIG_TEXT = (
    "Mercury may refer to:\n\n== Science ==\nMercury (planet), the closest planet to the Sun\n"
    "Mercury (element), a chemical element\n\n== Mythology ==\nMercury (mythology), a Roman god"
)


@dataclass
class FakePage:
    title: str
    pageid: int
    revid: int
    intro: str
    full: str
    wikitext0: str = ""
    wikitext: str = ""
    disambiguation: bool = False


def default_pages() -> dict[str, FakePage]:
    return {
        "Albert Einstein": FakePage(
            "Albert Einstein", 736, 1234567890, INTRO, FULL, WIKITEXT0, WIKITEXT0 + "\n..."
        ),
        "Mercury": FakePage(
            "Mercury",
            19694,
            555,
            "Mercury may refer to:",
            DISAMBIG_TEXT,
            "",
            DISAMBIG_WIKITEXT,
            True,
        ),
    }


@dataclass
class FakeWiki:
    """Answers the queries MediaWikiSource sends, and records every request."""

    pages: dict[str, FakePage] = field(default_factory=default_pages)
    redirects: dict[str, str] = field(default_factory=lambda: {"Einstien": "Albert Einstein"})
    requests: list[httpx.Request] = field(default_factory=list)

    def params(self, i: int = -1) -> dict[str, str]:
        return dict(self.requests[i].url.params)

    def page_json(self, page: FakePage, p: dict[str, str]) -> dict[str, Any]:
        return page_json(page, p)

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        p = dict(request.url.params)
        body: dict[str, Any] = {"batchcomplete": True}
        if p.get("generator") == "search":
            words = re.findall(r"\w+", p["gsrsearch"].lower())
            found = [pg for pg in self.pages.values() if any(w in pg.full.lower() for w in words)]
            found = found[: int(p.get("gsrlimit", 10))]
            if found:
                pages = [self.page_json(pg, p) | {"index": i + 1} for i, pg in enumerate(found)]
                body["query"] = {"pages": list(reversed(pages))}  # the API does not sort
            return httpx.Response(200, json=body)
        title = p["titles"]
        query: dict[str, Any] = {}
        if title in self.redirects:
            query["redirects"] = [{"from": title, "to": self.redirects[title]}]
            title = self.redirects[title]
        if title in self.pages:
            query["pages"] = [self.page_json(self.pages[title], p)]
        elif "|" in title or "[" in title:
            query["pages"] = [{"title": title, "invalidreason": "bad title", "invalid": True}]
        else:
            query["pages"] = [{"ns": 0, "title": title, "missing": True}]
        body["query"] = query
        return httpx.Response(200, json=body)


@pytest.fixture
def wiki() -> Iterator[FakeWiki]:
    fake = FakeWiki()
    with respx.mock(assert_all_called=False) as router:
        router.get(API).mock(side_effect=fake.handle)
        yield fake


async def no_wait(seconds: float) -> None:
    """Tests never really sleep."""


def source(sleeps: Any = None, **kw: Any) -> MediaWikiSource:
    kw.setdefault("contact", "bot-owner@example.org")
    return MediaWikiSource(sleep=sleeps or no_wait, **kw)


async def test_is_a_source_named_by_language() -> None:
    en, fr = source(), source(lang="fr")
    assert isinstance(en, Source)
    assert (en.name, fr.name) == ("wikipedia", "wikipedia:fr")
    assert fr.api_url == "https://fr.wikipedia.org/w/api.php"
    with pytest.raises(ConfigError):
        source(lang="en.evil.com/")
    await en.aclose()
    await fr.aclose()


async def test_from_settings(tmp_path: Path) -> None:
    settings = Settings(
        cache_dir=tmp_path, contact="me@example.org", maxlag=3, http_max_concurrency=2
    )
    src = MediaWikiSource.from_settings(settings, lang="de")
    assert (src.name, src.lang, src.maxlag) == ("wikipedia:de", "de", 3)
    assert src.api_url == "https://de.wikipedia.org/w/api.php"
    assert "me@example.org" in src.http.user_agent
    assert src.cache is not None and src.cache.path.parent == tmp_path / "http"
    await src.aclose()
    custom = Settings(cache_dir=tmp_path, wikipedia_api_url="https://wiki.example.org/w/api.php")
    other = MediaWikiSource.from_settings(custom)
    assert other.api_url == "https://wiki.example.org/w/api.php"
    assert other.page_url("A b") == "https://wiki.example.org/wiki/A_b"
    await other.aclose()


async def test_search_hits_in_rank_order_with_snippets_and_flags(wiki: FakeWiki) -> None:
    src = source()
    hits = await src.search("Einstein Mercury", k=5)
    assert [h.title for h in hits] == ["Albert Einstein", "Mercury"]
    top = hits[0]
    assert (top.doc_id, top.source) == ("Albert Einstein", "wikipedia")
    assert top.url == "https://en.wikipedia.org/wiki/Albert_Einstein"
    assert top.snippet == INTRO and not top.is_disambiguation
    assert hits[1].is_disambiguation and top.score > hits[1].score
    sent = wiki.params()
    assert sent["generator"] == "search" and sent["gsrsearch"] == "Einstein Mercury"
    assert sent["gsrlimit"] == "5" and sent["formatversion"] == "2"
    assert sent["maxlag"] == "5" and sent["redirects"] == "1"
    assert "extracts" in sent["prop"] and "pageprops" in sent["prop"] and "exintro" in sent
    assert "bot-owner@example.org" in wiki.requests[-1].headers["User-Agent"]


async def test_search_without_results_or_query_sends_nothing_odd(wiki: FakeWiki) -> None:
    src = source()
    assert await src.search("zzxxqq") == []
    assert await src.search("   ") == []
    assert len(wiki.requests) == 1


def test_snippet_html_is_stripped_and_bounded() -> None:
    raw = 'The <span class="searchmatch">Eiffel</span> tower &amp; more ' + "word " * 100
    snippet = short_snippet(raw, limit=40)
    assert snippet.startswith("The Eiffel tower & more")
    assert "<" not in snippet and len(snippet) <= 42


async def test_fetch_intro_with_revision_url_and_citable_infobox(wiki: FakeWiki) -> None:
    doc = await source().fetch("Albert Einstein")
    assert doc.text.startswith(INTRO)
    assert doc.revision_id == 1234567890
    assert doc.url == "https://en.wikipedia.org/wiki/Albert_Einstein"
    assert doc.metadata["permalink"].endswith("index.php?title=Albert_Einstein&oldid=1234567890")
    assert "Early life" not in doc.text
    sent = wiki.params()
    assert "exintro" in sent and sent["rvsection"] == "0" and "content" in sent["rvprop"]
    assert len(wiki.requests) == 1
    infobox = [s for s in doc.sections if s.title == "Infobox"]
    assert len(infobox) == 1
    box = infobox[0]
    expected = [
        "Name: Albert Einstein",
        "Born: 14 March 1879, Ulm, Kingdom of Württemberg, German Empire",
        "Died: 18 April 1955 (aged 76)",
        "Known for: General relativity, Photoelectric effect",
        "Awards: Nobel Prize in Physics (1921), Copley Medal (1925)",
    ]
    assert doc.text[box.start : box.end].splitlines() == ["Infobox", *expected]
    for line in expected:
        start = doc.text.index(line)
        assert doc.text[start : start + len(line)] == line
        assert box.start < start < box.end
    assert "cite" not in doc.text and "hidden" not in doc.text and "Spouse" not in doc.text


async def test_fetch_full_has_sections_with_offsets(wiki: FakeWiki) -> None:
    doc = await source().fetch("Albert Einstein", full=True)
    assert "exintro" not in wiki.params()
    titles = [(s.title, s.level) for s in doc.sections]
    assert titles == [
        ("Life and career", 1),
        ("Early life", 2),
        ("Marriages", 2),
        ("Scientific career", 1),
        ("Infobox", 1),
    ]
    by = {s.title: s for s in doc.sections}
    early = doc.text[by["Early life"].start : by["Early life"].end]
    assert early == "Early life\nEinstein was born in Ulm on 14 March 1879."
    life = doc.text[by["Life and career"].start : by["Life and career"].end]
    assert life.startswith("Life and career") and life.endswith("Mileva Marić in 1903.")
    assert "==" not in doc.text and "References" not in doc.text and "See also" not in doc.text
    assert doc.text.startswith(INTRO + "\n\nLife and career\n")
    assert doc.metadata["full"] is True and doc.metadata["truncated"] is False


async def test_redirect_is_followed_and_title_resolved(wiki: FakeWiki) -> None:
    doc = await source().fetch("Einstien")
    assert (doc.title, doc.doc_id) == ("Albert Einstein", "Albert Einstein")
    assert doc.metadata["redirected_from"] == "Einstien"
    assert wiki.params()["redirects"] == "1"


async def test_missing_and_invalid_pages_raise_document_not_found(wiki: FakeWiki) -> None:
    src = source()
    with pytest.raises(DocumentNotFound, match="No Such Page"):
        await src.fetch("No Such Page")
    with pytest.raises(DocumentNotFound, match="bad title"):
        await src.fetch("Bad|Title")
    with pytest.raises(DocumentNotFound):
        await src.fetch("  ")


async def test_disambiguation_page_lists_senses(wiki: FakeWiki) -> None:
    doc = await source().fetch("Mercury")
    assert doc.is_disambiguation
    assert doc.senses == ["Mercury (planet)", "Mercury (element)", "Mercury (mythology)"]
    assert "Mercury (element), a chemical element" in doc.text
    assert len(wiki.requests) == 2 and "rvsection" not in wiki.params()
    assert not any(s.title == "Infobox" for s in doc.sections)


async def test_disambiguation_whole_read_is_optional() -> None:
    # A replay that recorded only the first read of a page (section 0) refuses the whole
    # read: the page is still a disambiguation page, with the senses section 0 lists.
    fake = FakeWiki()
    lead = "'''Mercury''' may refer to:\n* [[Mercury (planet)]], the closest planet\n"
    fake.pages["Mercury"] = dataclasses.replace(fake.pages["Mercury"], wikitext0=lead)
    replay = Replay(fake.handle)
    async with source(transport=replay.transport(), max_retries=0) as src:
        await src.fetch("Mercury")
    replay.keep_only(lambda i, p: p.get("rvsection") == "0")
    replay.recording = False
    async with source(transport=replay.transport(), max_retries=0) as src:
        doc = await src.fetch("Mercury")
    assert doc.is_disambiguation
    assert doc.senses == ["Mercury (planet)"]
    assert len(replay.refused) == 1 and "rvsection" not in replay.refused[0].url.params


async def test_maxlag_error_is_retried_after_retry_after(sleeps: Any) -> None:
    lagged = {"error": {"code": "maxlag", "info": "Waiting for db1: 7 seconds lagged", "lag": 7}}
    page = {"query": {"pages": [{"pageid": 1, "title": "A", "extract": "A is a letter."}]}}
    with respx.mock() as router:
        route = router.get(API).mock(
            side_effect=[
                httpx.Response(200, json=lagged, headers={"Retry-After": "5"}),
                httpx.Response(200, json=page),
            ]
        )
        doc = await source(sleeps).fetch("A")
    assert doc.text == "A is a letter." and doc.revision_id is None
    assert sleeps.calls == [5.0] and route.call_count == 2


async def test_api_error_body_is_source_unavailable(sleeps: Any) -> None:
    bad = {"error": {"code": "badvalue", "info": "Unrecognized value for parameter"}}
    with respx.mock() as router:
        route = router.get(API).mock(return_value=httpx.Response(200, json=bad))
        with pytest.raises(SourceUnavailable, match="badvalue"):
            await source(sleeps).search("x")
    assert route.call_count == 1


async def test_network_down_is_source_unavailable_not_httpx(sleeps: Any) -> None:
    with respx.mock() as router:
        router.get(API).mock(side_effect=httpx.ConnectError("[Errno -3] name resolution"))
        src = source(sleeps, max_retries=2)
        with pytest.raises(SourceUnavailable, match=r"en\.wikipedia\.org"):
            await src.fetch("Albert Einstein")
    assert src.stats.requests == 3 and len(sleeps.calls) == 2


async def test_repeat_fetch_is_served_from_cache_until_ttl(wiki: FakeWiki, tmp_path: Path) -> None:
    now = [1000.0]
    src = source(cache_dir=tmp_path, cache_ttl=60, clock=lambda: now[0])
    first = await src.fetch("Albert Einstein")
    await src.search("Einstein")
    assert src.stats.requests == 2
    again = await src.fetch("Albert Einstein")
    await src.search("Einstein")
    assert again == first
    assert (src.stats.requests, src.stats.cache_hits) == (2, 2)
    now[0] += 61
    await src.fetch("Albert Einstein")
    assert src.stats.requests == 3 and len(wiki.requests) == 3
    await src.aclose()


def test_enormous_text_is_truncated_to_the_budget() -> None:
    extract = "Lead.\n\n== Big ==\n" + ("A line of text.\n" * 5000) + "\n== Tail ==\nEnd."
    text, sections, truncated = build_text(extract, ["Mass: 5 kg"], max_chars=2000)
    assert truncated and len(text) <= 2000
    assert text.endswith("Infobox\nMass: 5 kg")
    assert [s.title for s in sections] == ["Big", "Infobox"]
    big = sections[0]
    assert text[big.start :].startswith("Big\nA line of text.") and big.end <= sections[1].start
    untouched, _, flag = build_text("Short lead.", [], max_chars=2000)
    assert (untouched, flag) == ("Short lead.", False)


async def test_unwritable_cache_dir_degrades_to_no_cache(wiki: FakeWiki, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    src = source(cache_dir=blocker)
    assert src.cache is None
    doc = await src.fetch("Albert Einstein")
    assert doc.title == "Albert Einstein"
    await src.aclose()
