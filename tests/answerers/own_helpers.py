"""A small collection with the askers' own documents under `private/`, and the shipped
extractive answerer asking on a principal's behalf: shared by the tests of the chains that
read the asker's own documents (own_hop.py, date_keyed.py); and a small collection indexed
with the real embedder, for the readings that weigh meaning (kind_meant, told_case, ...)."""

from __future__ import annotations

from pathlib import Path

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Answer, Principal, Refusal


def own_source(tmp_path: Path, files: dict[str, str]) -> CollectionSource:
    """A lexical collection of `files` (path under the docs folder -> text; "private/..."
    for a document of one asker's) indexed under `tmp_path`."""
    root = tmp_path / "docs"
    (root / "private").mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(text)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root)
    return CollectionSource(store, "docs:t", mode="lexical")


def embedded_source(tmp_path: Path, files: dict[str, str], emb: OnnxEmbedder) -> CollectionSource:
    """A hybrid collection of `files` (path under the docs folder -> text) indexed under
    `tmp_path` with `emb`, so lines are scored by meaning as the shipped answerer does."""
    root = tmp_path / "docs"
    root.mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(text)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root, embedder=emb)
    return CollectionSource(store, "docs:t", mode="hybrid", embedder=emb)


async def ask_as(question: str, source: CollectionSource, who: Principal) -> Answer | Refusal:
    """`question` asked of `source` by `who`, through the shipped extractive answerer."""
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    return await ask_async(question, source, settings=Settings(), answerer=answerer, principal=who)
