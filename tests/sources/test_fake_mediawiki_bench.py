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


async def test_a_replay_of_the_as_asked_run_gives_its_answer_and_never_fails(wiki: Any) -> None:
    # What a harness replaying recorded HTTP sees: every request the shipped answerer adds
    # (fallback searches, a second hop, a full read) fails, and the recorded answer stands.
    from wikiqa.pipeline import ask_async, extractive_answerer
    from wikiqa.settings import Settings
    from wikiqa.sources.mediawiki import MediaWikiSource
    from wikiqa.testing.action_api import Replay
    from wikiqa.types import Answer

    question = "Where was Ray Charles's musical director born?"
    replay = Replay(wiki.handle)
    answerer = extractive_answerer(Settings())  # as shipped: the bundled embedder
    results = []
    for relax in (False, True):  # recorded as asked, then replayed as shipped
        async with MediaWikiSource(
            transport=replay.transport(), cache_dir=None, max_retries=0, relax_search=relax
        ) as src:
            results.append(await ask_async(question, src, settings=Settings(), answerer=answerer))
        replay.recording = False
    recorded, replayed = results
    assert replay.refused, "the shipped answerer sent nothing more: nothing was tested"
    assert isinstance(replayed, Answer) and isinstance(recorded, Answer), (recorded, replayed)
    assert replayed.text == recorded.text
