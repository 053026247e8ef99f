"""A question in staff shorthand is answered from the line that writes it out: the search
rewrites "defib" and "checkout" as the reader's documents write them (store/lexicon.py), and
the answerer scores the lines against the question as searched (search_query.respelled)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Answer, Principal, Refusal

DOCS = {
    "first-aid.md": "---\ntitle: Defibrillators\n---\n# Defibrillators\n\nEvery hotel has a "
    "defibrillator.\n\n| Hotel | Defibrillator |\n|---|---|\n| Quay | Behind reception |\n"
    "| Harbour | Spa reception |\n",
    "rooms.md": "---\ntitle: Room Cleaning Standards\n---\n# Target times\n\n| Room status | "
    "Target time |\n|---|---|\n| Stayover (guest staying on) | 25 minutes |\n"
    "| Departure (guest checked out) | 30 minutes |\n",
    "directory.md": "---\ntitle: Hotel Directory\n---\nHarbour hotel, 1 Quay Street. Quay "
    "hotel, 4 Dock Road.\n",
    "board.md": "---\ntitle: Board Notes\naccess_scope: role\nallowed_roles: [board]\n---\n"
    "The defibrillator contract at Harbour is renewed in May.\n",
}


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    root = tmp_path / "docs"
    root.mkdir()
    for name, text in DOCS.items():
        (root / name).write_text(text, encoding="utf-8")
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root)
    return CollectionSource(store, "docs:t", mode="lexical")


async def _ask(question: str, source: CollectionSource, who: Principal) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    return await ask_async(question, source, settings=Settings(), answerer=answerer, principal=who)


async def test_a_clipped_word_is_answered_from_the_line_that_writes_it_whole(
    source: CollectionSource,
) -> None:
    result = await _ask("Where is the defib at the Harbour hotel?", source, Principal())
    assert isinstance(result, Answer), result
    assert "Spa reception" in result.text
    assert {c.doc_id for c in result.citations} == {"first-aid.md"}
    await source.aclose()


async def test_a_joined_word_is_answered_from_the_line_that_splits_it(
    source: CollectionSource,
) -> None:
    result = await _ask("How long should a checkout room take?", source, Principal())
    assert isinstance(result, Answer), result
    assert "30 minutes" in result.text
    await source.aclose()
