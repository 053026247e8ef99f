"""ZimSource over small ZIMs written inside the tests, plus the real Ray Charles ZIM if present."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from libzim.writer import Creator, Hint, Item, StringProvider

from wikiqa.errors import DocumentNotFound, SourceUnavailable
from wikiqa.sources.base import Source
from wikiqa.sources.zim import ZimSource, wiki_base_url

ARTICLES = {
    "Ray_Charles": (
        "Ray Charles",
        """<html><head><title>Ray Charles</title></head><body>
        <h1>Ray Charles</h1>
        <p><b>Ray Charles Robinson</b> was an American singer, songwriter and pianist,
        often called "The Genius".<sup class="reference">[1]</sup></p>
        <table class="infobox"><tr><th>Born</th><td>September 23, 1930</td></tr>
        <tr><th>Instruments</th><td><ul><li>Vocals</li><li>piano</li></ul></td></tr></table>
        <h2>Early life<span class="mw-editsection">[edit]</span></h2>
        <p>He grew up in Greenville, Florida, and lost his sight by the age of seven.</p>
        <h2>Career</h2><p>He signed with Atlantic Records in 1952.</p>
        <script>var tracking = 1;</script></body></html>""",
    ),
    "Georgia_on_My_Mind": (
        "Georgia on My Mind",
        """<html><body><h1>Georgia on My Mind</h1>
        <p>"Georgia on My Mind" is a 1930 song, recorded by Ray Charles in 1960 with piano.</p>
        </body></html>""",
    ),
    "Hank_Crawford": (
        "Hank Crawford",
        "<html><body><p>Hank Crawford was an alto saxophonist and arranger.</p></body></html>",
    ),
    "Mercury": (
        "Mercury",
        """<html><body><p><b>Mercury</b> may refer to:</p>
        <ul><li><a href="Mercury_(planet)" title="Mercury (planet)">Mercury</a>, a planet</li>
        <li><a href="Mercury_(element)" title="Mercury (element)">Mercury</a>, an element</li>
        </ul></body></html>""",
    ),
    "Main_Page": ("Welcome", "<html><body><p>Ray Charles, piano and more.</p></body></html>"),
}


class _Item(Item):
    def __init__(self, path: str, title: str, content: str, mimetype: str = "text/html") -> None:
        super().__init__()
        self.path, self.title, self.content, self.mimetype = path, title, content, mimetype

    def get_path(self) -> str:
        return self.path

    def get_title(self) -> str:
        return self.title

    def get_mimetype(self) -> str:
        return self.mimetype

    def get_contentprovider(self) -> StringProvider:
        return StringProvider(self.content)

    def get_hints(self) -> dict[Hint, int]:
        return {Hint.FRONT_ARTICLE: self.mimetype == "text/html"}


def _build(
    path: Path,
    *,
    indexed: bool,
    metadata: dict[str, str],
    articles: dict[str, tuple[str, str]] = ARTICLES,
) -> Path:
    creator = Creator(path)
    if indexed:
        creator.config_indexing(True, "eng")
    with creator:
        creator.set_mainpath("Main_Page")
        for key, value in metadata.items():
            creator.add_metadata(key, value)
        for doc_path, (title, html) in articles.items():
            creator.add_item(_Item(doc_path, title, html))
        creator.add_item(_Item("style.css", "style", "p { color: red }", "text/css"))
        creator.add_redirection(
            "Brother_Ray", "Brother Ray", "Ray_Charles", {Hint.FRONT_ARTICLE: True}
        )
    return path


WIKI_META = {
    "Name": "wikipedia_en_test",
    "Title": "Test Wikipedia",
    "Language": "eng",
    "Creator": "Wikipedia",
    "Publisher": "Kiwix",
    "Date": "2024-01-02",
    "Description": "test",
}


@pytest.fixture(scope="module")
def wiki_zim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("zim") / "wiki.zim", indexed=True, metadata=WIKI_META)


@pytest.fixture(scope="module")
def plain_zim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    meta = {"Name": "my_notes", "Title": "Notes", "Language": "eng", "Date": "2024-05-06"}
    return _build(tmp_path_factory.mktemp("zim") / "notes.zim", indexed=False, metadata=meta)


@pytest.fixture
def wiki(wiki_zim: Path) -> ZimSource:
    return ZimSource(wiki_zim)


async def test_is_a_source(wiki: ZimSource) -> None:
    assert isinstance(wiki, Source)
    assert wiki.name == "zim:wiki.zim"
    assert wiki.metadata["Name"] == "wikipedia_en_test"


async def test_fulltext_search(wiki: ZimSource) -> None:
    assert wiki._archive.has_fulltext_index
    hits = await wiki.search("piano", k=5)
    ids = [h.doc_id for h in hits]
    assert "Ray_Charles" in ids and "Georgia_on_My_Mind" in ids
    assert "Main_Page" not in ids and "style.css" not in ids
    assert len(ids) == len(set(ids))
    ray = hits[ids.index("Ray_Charles")]
    assert ray.title == "Ray Charles"
    assert ray.url == "https://en.wikipedia.org/wiki/Ray_Charles"
    assert ray.source == "zim:wiki.zim"
    assert ray.snippet.startswith("Ray Charles Robinson was an American singer")
    assert "[1]" not in ray.snippet


async def test_question_with_unmatched_words_still_finds_the_entity(wiki: ZimSource) -> None:
    hits = await wiki.search("Where did Ray Charles grow up as a child?", k=3)
    assert hits[0].doc_id == "Ray_Charles"


async def test_redirects_are_resolved_and_deduplicated(wiki: ZimSource) -> None:
    hits = await wiki.search("Brother Ray", k=5)
    ids = [h.doc_id for h in hits]
    assert ids[0] == "Ray_Charles"
    assert "Brother_Ray" not in ids and ids.count("Ray_Charles") == 1


async def test_an_article_stored_under_two_paths_is_one_hit(tmp_path: Path) -> None:
    # Some dumps store a redirect as a copy of its target ("The_Pages_of_My_Mind", titled
    # "Ray Charles", holds the Ray Charles article): it must not take a second hit's place.
    articles = {**ARTICLES, "Ray_Charles_copy": ARTICLES["Ray_Charles"]}
    path = _build(tmp_path / "copies.zim", indexed=True, metadata=WIKI_META, articles=articles)
    hits = await ZimSource(path).search("Ray Charles piano", k=2)
    assert [h.title for h in hits] == ["Ray Charles", "Georgia on My Mind"]


async def test_no_match_and_empty_query(wiki: ZimSource) -> None:
    assert await wiki.search("quantum chromodynamics", k=5) == []
    assert await wiki.search("   ", k=5) == []


async def test_title_suggestion_fallback_without_fulltext_index(plain_zim: Path) -> None:
    src = ZimSource(plain_zim)
    assert not src._archive.has_fulltext_index
    hits = await src.search("Hank", k=3)
    assert [h.doc_id for h in hits][:1] == ["Hank_Crawford"]
    assert hits[0].url == "zim://notes.zim/Hank_Crawford"
    hits = await src.search("When was Ray Charles born", k=3)
    assert hits[0].doc_id == "Ray_Charles"


async def test_fetch_sections_and_spans(wiki: ZimSource) -> None:
    doc = await wiki.fetch("Ray_Charles", full=True)
    assert doc.title == "Ray Charles" and doc.doc_id == "Ray_Charles"
    assert doc.url == "https://en.wikipedia.org/wiki/Ray_Charles"
    assert doc.revision_id is None
    assert doc.metadata["zim_date"] == "2024-01-02"
    assert doc.metadata["zim_language"] == "eng"
    assert [s.title for s in doc.sections] == ["Ray Charles", "Early life", "Career"]
    for s in doc.sections:
        assert doc.text[s.start : s.end].startswith(s.title)
    assert "Born: September 23, 1930" in doc.text
    assert "Instruments: Vocals, piano" in doc.text
    assert "tracking" not in doc.text and "[edit]" not in doc.text
    quote = "He signed with Atlantic Records in 1952."
    start = doc.text.index(quote)
    assert doc.text[start : start + len(quote)] == quote


async def test_lead_only_is_a_prefix(wiki: ZimSource) -> None:
    full = await wiki.fetch("Ray_Charles", full=True)
    lead = await wiki.fetch("Ray_Charles")
    assert lead.metadata["lead_only"] is True
    assert full.text.startswith(lead.text)
    assert "Atlantic Records" not in lead.text and "The Genius" in lead.text
    assert all(s.end <= len(lead.text) for s in lead.sections)
    short = await wiki.fetch("Hank_Crawford")  # no sub-headings: nothing to cut
    assert short.metadata["lead_only"] is False


@pytest.mark.parametrize("doc_id", ["Brother_Ray", "Brother Ray", "Ray Charles", "A/Ray_Charles"])
async def test_fetch_follows_redirects_and_titles(wiki: ZimSource, doc_id: str) -> None:
    doc = await wiki.fetch(doc_id)
    assert doc.doc_id == "Ray_Charles"
    if doc_id.startswith("Brother"):
        assert doc.metadata["redirected_from"] == "Brother_Ray"


async def test_disambiguation(wiki: ZimSource) -> None:
    doc = await wiki.fetch("Mercury")
    assert doc.is_disambiguation
    assert doc.senses == ["Mercury (planet)", "Mercury (element)"]
    hits = await wiki.search("Mercury", k=3)
    assert hits[0].doc_id == "Mercury" and hits[0].is_disambiguation


@pytest.mark.parametrize("doc_id", ["No_Such_Page", "style.css", ""])
async def test_missing_or_non_html_entry(wiki: ZimSource, doc_id: str) -> None:
    with pytest.raises(DocumentNotFound):
        await wiki.fetch(doc_id)


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "absent.zim"
    with pytest.raises(SourceUnavailable, match=r"absent\.zim"):
        ZimSource(missing)


@pytest.mark.parametrize("size", [0, 10, 2000])
def test_corrupt_file(tmp_path: Path, wiki_zim: Path, size: int) -> None:
    bad = tmp_path / "bad.zim"
    bad.write_bytes(wiki_zim.read_bytes()[:size])
    with pytest.raises(SourceUnavailable, match=r"bad\.zim"):
        ZimSource(bad)


async def test_concurrent_use_is_consistent(wiki_zim: Path) -> None:
    src = ZimSource(wiki_zim, cache_size=2)
    queries = ["piano", "Ray Charles", "Hank Crawford", "Georgia"] * 5
    expected = [await src.search(q, k=3) for q in queries]
    assert await asyncio.gather(*(src.search(q, k=3) for q in queries)) == expected
    docs = await asyncio.gather(*(src.fetch(p) for p in list(ARTICLES)[:4] * 5))
    assert [d.doc_id for d in docs] == list(ARTICLES)[:4] * 5
    await src.aclose()


@pytest.mark.parametrize(
    ("meta", "base"),
    [
        ({"Name": "wikipedia_en_all_maxi"}, "https://en.wikipedia.org/wiki/"),
        ({"Name": "wikipedia_fr_all_nopic"}, "https://fr.wikipedia.org/wiki/"),
        ({"Name": "kiwix.wikibooks_be_all"}, "https://be.wikibooks.org/wiki/"),
        ({"Source": "https://de.wikipedia.org/"}, "https://de.wikipedia.org/wiki/"),
        ({"Creator": "Wikipedia", "Language": "eng"}, "https://en.wikipedia.org/wiki/"),
        ({"Creator": "Wikipedia", "Language": "spa,eng"}, "https://es.wikipedia.org/wiki/"),
        ({"Creator": "Wikipedia"}, None),
        ({"Name": "ted_en_all", "Creator": "TED"}, None),
        ({}, None),
    ],
)
def test_wiki_base_url(meta: dict[str, str], base: str | None) -> None:
    assert wiki_base_url(meta) == base


# --------------------------------------------------------------------------- real ZIM files

_ZIM_DIR = Path(__file__).resolve().parents[2].parent / "shared/bench/wikipedia/zim"
RAY = _ZIM_DIR / "libkiwix_zimfile_raycharles.zim"
needs_ray = pytest.mark.skipif(not RAY.exists(), reason=f"real ZIM not present: {RAY}")


@needs_ray
async def test_real_ray_charles_zim() -> None:
    src = ZimSource(RAY)
    hits = await src.search("Ray Charles piano", k=5)
    assert hits[0].doc_id == "A/Ray_Charles"
    assert hits[0].url == "https://en.wikipedia.org/wiki/Ray_Charles"
    doc = await src.fetch(hits[0].doc_id)
    sentence = (
        "Ray Charles Robinson (September 23, 1930 – June 10, 2004) was an American singer, "
        "songwriter, pianist, and composer."
    )
    start = doc.text.index(sentence)
    assert doc.text[start : start + len(sentence)] == sentence
    assert "Born: September 23, 1930, Albany, Georgia, U.S." in doc.text
    assert "This article is issued from" not in doc.text  # Kiwix footer
    assert doc.metadata["zim_date"] == "2020-03-31"
    assert doc.revision_id == 948255635  # the revision the dump was taken from (footer)
    # Old namespace scheme: ids work with or without "A/"; redirects resolve.
    assert (await src.fetch("Ray_charles")).doc_id == "A/Ray_Charles"


@pytest.mark.skipif(not (_ZIM_DIR / "libkiwix_example.zim").exists(), reason="example ZIM absent")
async def test_real_new_namespace_zim_without_wiki_metadata() -> None:
    src = ZimSource(_ZIM_DIR / "libkiwix_example.zim")
    hits = await src.search("Wikibooks", k=3)
    assert hits
    assert all(h.url and not h.url.startswith("https://en.wikipedia.org") for h in hits)
    doc = await src.fetch(hits[0].doc_id)
    assert doc.text
