"""The stand-in for Wikipedia's Action API that bench/live_wikipedia.py measures with: it must
behave like the real one where the live path's failures come from, or the bench says nothing.
Skipped when the Ray Charles ZIM (../shared/bench) is absent."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ZIM = ROOT.parent / "shared/bench/wikipedia/zim/libkiwix_zimfile_raycharles.zim"
sys.path.insert(0, str(ROOT / "bench"))
pytestmark = pytest.mark.skipif(not ZIM.exists(), reason=f"needs the Ray Charles ZIM at {ZIM}")


@pytest.fixture(scope="module")
def wiki() -> Any:
    from _fake_mediawiki import FakeMediaWiki

    return FakeMediaWiki.from_zim(ZIM)


def titles(wiki: Any, query: str) -> list[str]:
    return [p.title for p in wiki.search(query, 5)]


def test_every_content_word_must_match_like_cirrussearch(wiki: Any) -> None:
    assert "Hank Crawford" in titles(wiki, "Hank Crawford saxophonist")
    assert titles(wiki, "Hank Crawford saxophonist zeppelin") == []  # one word missing
    assert "Hank Crawford" in titles(wiki, "Hank OR zeppelin")  # OR relaxes


def test_misspelling_earns_a_suggestion_only_for_non_words(wiki: Any) -> None:
    assert wiki.suggestion("Hank Crawfrod") == "Hank crawford"
    assert wiki.suggestion("Ray Charles first wife") is None  # "wife" is English


async def test_source_reads_articles_redirects_and_disambiguation(wiki: Any) -> None:
    from wikiqa.sources.mediawiki import MediaWikiSource

    src = MediaWikiSource(transport=wiki.transport(), cache_dir=None, max_retries=0)
    doc = await src.fetch("Ray Charles")
    assert "Born: September 23, 1930, Albany, Georgia, U.S." in doc.text
    assert doc.revision_id is not None
    redirected = await src.fetch("Hit The Road Jack")
    assert redirected.title == "Hit the Road Jack"
    assert redirected.metadata["redirected_from"] == "Hit The Road Jack"
    cry = await src.fetch("Cry")
    assert cry.is_disambiguation and "Cry (Churchill Kohlman song)" in cry.senses
    await src.aclose()
