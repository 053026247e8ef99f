"""Indexing embeds what the answerer reads, once: the candidate texts stored with a document
are the texts `ExtractiveAnswerer.candidates` can ask for (answerers/stored_texts.py), read
as it reads them (a list item under its lead-in, an entry under its heading), none it never
asks for (a table's own lines, a row as written the injection detector does not embed), and
a text met twice in a batch is embedded once (store/indexer.py `_distinct`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
from store_helpers import FakeEmbedder, meant_texts, write

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.stored_texts import candidate_texts
from wikiqa.grounding.injection import cue_logit
from wikiqa.grounding.injection_semantic import gated
from wikiqa.pipeline import ask_async
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.text.tables import table_rows

LEAVING = """---
title: Leaving the Company
---
# Your last day

On your last day you must:

- return your laptop and badge to the IT desk;
- hand over your open cases to your line manager;
- send your final expense claims to the finance team.

## Notice periods

| Grade | Notice you give |
|---|---|
| Grade A | 1 week |
| Grade B | 4 weeks |
| Reports to the board | Tell the chief executive in writing |
"""
ESTATES = """---
title: Housing Estates
---
# Estates by area

## East area

- Sandpiper Rise
- Kestrel Court
- Heron Fields

## West area

- Larkspur Gardens
- Foxglove Walk
"""


def screened(text: str) -> bool:
    """Would the injection detector embed `text` (not flagged by its cue model, through the
    semantic stage's gate: injection.instruction_scores)?"""
    return gated(text) and cue_logit(text) < 0


def test_a_table_stores_its_rows_readings_and_no_line_it_is_never_asked_for() -> None:
    """A table's lines are candidates only as rows (their reading under the header): pysbd's
    sentences of the table's lines and a row as written are never asked for, unless the
    injection detector would embed the row (its gate lets it through)."""
    text = LEAVING.split("---\n", 2)[2]
    texts = set(candidate_texts(text, "Leaving the Company", [(0, len(text))]))
    rows = table_rows(text)
    assert len(rows) == 3
    for row in rows:
        assert row.reading() in texts
        assert (row.row.text in texts) == screened(row.row.text)
    assert screened("| Reports to the board | Tell the chief executive in writing |")
    assert "| Grade A | 1 week |" not in texts  # main stored every row as written
    assert not any(t.startswith("|") for t in texts if not screened(t))
    assert not any("|---|" in t for t in texts)  # nor the separator line as a "sentence"


def test_a_list_item_is_stored_under_its_lead_in_and_an_entry_under_its_heading() -> None:
    text = LEAVING.split("---\n", 2)[2]
    texts = set(candidate_texts(text, "Leaving the Company", [(0, len(text))]))
    lead = "Leaving the Company, On your last day you must:"
    item = "- return your laptop and badge to the IT desk;"
    assert lead in texts and f"{lead}: {item}" in texts
    assert f"Leaving the Company, Your last day: {item}" not in texts  # never read so
    estates = ESTATES.split("---\n", 2)[2]
    texts = set(candidate_texts(estates, "Housing Estates", [(0, len(estates))]))
    assert "East area: Sandpiper Rise" in texts  # the entry keyed by its heading
    assert "Housing Estates, East area: East area: Sandpiper Rise" in texts
    assert "- Sandpiper Rise" not in texts  # read only keyed


class _Recording:
    """The real embedder; records the texts the answerer runs through the model."""

    def __init__(self, inner: OnnxEmbedder) -> None:
        self._inner = inner
        self.name = inner.name
        self.run: list[str] = []

    def embed_tokens(self, texts: list[str]) -> list[object]:
        self.run.extend(texts)
        return self._inner.embed_tokens(texts)  # type: ignore[return-value]

    def embed(self, texts: list[str]) -> np.ndarray:
        self.run.extend(texts)
        return self._inner.embed(texts)


async def test_the_answerer_finds_every_candidate_text_it_reads_in_the_store(
    tmp_path: Path, real_embedder: OnnxEmbedder, monkeypatch: object
) -> None:
    """Over list items and keyed entries, the only texts the answerer runs through the
    model are those whose word vectors it reads (the question and the best line under its
    context): every other text it scores came from the store."""
    root = tmp_path / "docs"
    write(root, "leaving.md", LEAVING)
    write(root, "estates.md", ESTATES)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root, embedder=real_embedder)
    source = CollectionSource(store, "collection:t", mode="hybrid", embedder=real_embedder)
    recording = _Recording(real_embedder)
    answerer = ExtractiveAnswerer(embedder=recording)  # type: ignore[arg-type]
    wanted: list[str] = []
    real = answerer._embed_cached

    def noting(texts: list[str], words: tuple[str, ...] = ()) -> None:
        wanted.extend(words)
        real(texts, words)

    answerer._embed_cached = noting  # type: ignore[method-assign]
    meant = meant_texts(monkeypatch)  # type: ignore[arg-type]
    for question in (
        "What do I have to do on my last day?",
        "Which estates are in the East area?",
    ):
        await ask_async(question, source, answerer=answerer)
    assert recording.run  # the word-vector texts were run
    # besides those, only the question's phrases and a table's key cells that meant_keys.py
    # compares by meaning (no candidate texts)
    assert set(recording.run) <= set(wanted) | meant, set(recording.run) - set(wanted) - meant
    await source.aclose()
    store.close()


class _Bulk(FakeEmbedder):
    """A fake embedder with bulk float32 vectors (so candidate texts are stored), recording
    every text it embeds."""

    def __init__(self) -> None:
        super().__init__()
        self.embedded: list[str] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.embedded.extend(texts)
        return super().embed(texts)

    def embed_bulk(self, texts: Sequence[str]) -> np.ndarray:
        return self.embed(texts)


def test_a_text_met_twice_in_a_batch_is_embedded_once(tmp_path: Path) -> None:
    """The same document under two paths (and the titles, headings and lines documents
    share) is embedded once; each copy gets the same vectors."""
    root = tmp_path / "docs"
    write(root, "leaving.md", LEAVING)
    write(root, "copy/leaving.md", LEAVING)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    embedder = _Bulk()
    report = index_path(store, root, embedder=embedder)
    assert report.duplicates and report.text_vectors > 0
    assert len(embedder.embedded) == len(set(embedder.embedded))  # main embedded each twice
    a = store.get_document("leaving.md", None)
    b = store.get_document("copy/leaving.md", None)
    assert a is not None and b is not None
    assert a.stored_vectors is not None and b.stored_vectors is not None
    assert a.stored_vectors.keys == b.stored_vectors.keys
    assert a.stored_vectors.vectors == b.stored_vectors.vectors
    store.close()
