"""Live Wikipedia through a replay of recorded HTTP: a page whose fetch was never recorded
is read as the search returned it (its intro), not dropped (sources/mediawiki.py)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.errors import SourceUnavailable
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.mediawiki import MediaWikiSource
from wikiqa.testing.action_api import Replay

QUESTION = "Which label did Dale Whitcombe record Quiet Hours for?"
INTRO = (
    "Dale Whitcombe (March 2, 1931 – May 8, 2001) was an American alto saxophonist. He "
    "wrote the ballad Quiet Hours in 1962 and recorded it with his quartet for the "
    "Riverside label."
)


def page() -> dict[str, Any]:
    url = "https://en.wikipedia.org/wiki/Dale_Whitcombe"
    return {"pageid": 9, "ns": 0, "title": "Dale Whitcombe", "extract": INTRO,
            "canonicalurl": url, "lastrevid": 90}  # fmt: skip


def wiki(request: httpx.Request) -> httpx.Response:
    """Every search finds the one page (with its intro, as `exintro` asks); a fetch reads it."""
    p = dict(request.url.params)
    found = page() | ({"index": 1} if p.get("generator") == "search" else {})
    return httpx.Response(200, json={"query": {"pages": [found]}})


async def recorded_search_only(refuse_with: int | None) -> Replay:
    """A recording holding the question's search and nothing else."""
    replay = Replay(wiki, refuse_with)
    async with MediaWikiSource(
        transport=replay.transport(), max_retries=0, relax_search=False
    ) as recorder:
        await recorder.search(QUESTION, k=Settings().search_k)
    replay.recording = False
    return replay


@pytest.mark.parametrize("refuse_with", [None, 404])
async def test_an_unrecorded_fetch_reads_the_intro_the_search_returned(
    refuse_with: int | None,
) -> None:
    replay = await recorded_search_only(refuse_with)
    async with MediaWikiSource(transport=replay.transport(), max_retries=0) as source:
        answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR)
        result = await ask_async(QUESTION, source, settings=Settings(), answerer=answerer)
    assert "Riverside" in getattr(result, "text", ""), result
    assert replay.refused  # the fetch (and the fallbacks) were refused, the answer stands


async def test_the_searched_intro_is_the_page_as_the_search_gave_it() -> None:
    replay = await recorded_search_only(404)
    async with MediaWikiSource(transport=replay.transport(), max_retries=0) as source:
        await source.search(QUESTION, k=Settings().search_k)
        doc = await source.fetch("Dale Whitcombe")
        assert doc.text == INTRO and doc.revision_id == 90
        assert doc.metadata["full"] is False and doc.metadata["from_search"] is True
        with pytest.raises(SourceUnavailable):  # never searched: nothing in hand
            await source.fetch("Quiet Hours")
        with pytest.raises(SourceUnavailable):  # a whole page is not the intro
            await source.fetch("Dale Whitcombe", full=True)
