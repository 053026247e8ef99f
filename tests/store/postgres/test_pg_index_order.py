"""The PostgreSQL store ranks the same collection the same way whatever order its documents
were indexed in (tests/store/test_index_order.py for SQLite): ties are broken on the doc id,
then the place in the document, never on the row ids that say when a chunk was written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from store_helpers import FakeEmbedder, write

from wikiqa.store.indexer import index_path
from wikiqa.store.postgres import PostgresStore

# "feline" and "kitty" are "cat" to the fake embedder; they share no word with the question
CATS = {
    "a-feline.md": "# Notes\n\nfeline.\n",
    "b-kitty.md": "# Notes\n\nkitty.\n",
    "c-cat.md": "# Pet Policy\n\nA cat may visit the office on Fridays if the team agrees "
    "and the building manager signs the form before noon.\n",
    "d-cat.md": "# Pet Policy\n\nA cat may visit the office on Fridays if the team agrees "
    "and the building manager signs the form before noon.\n",
}
# "exec": the documents say "executive" and "executives" once each
EXECS = {
    "a-travel.md": "# Travel\n\nExecutives fly business class on trips over six hours.\n",
    "b-limits.md": "# Limits\n\nThe executive signs orders over £50,000.\n",
    "c-other.md": "# Canteen\n\nThe canteen opens at noon.\n",
}


def _orders(names: list[str]) -> list[list[str]]:
    ordered = sorted(names)
    return [ordered, ordered[::-1], ordered[1:] + ordered[:1]]


def _indexed(
    make: Callable[..., PostgresStore], tmp_path: Path, corpus: dict[str, str], order: list[str]
) -> PostgresStore:
    root = tmp_path / "-".join(str(sorted(corpus).index(n)) for n in order)
    for name, text in corpus.items():
        write(root, name, text)
    store = make(embedder=FakeEmbedder())
    for name in order:
        index_path(store, root / name, embedder=FakeEmbedder())
    return store


@pytest.mark.parametrize("mode", ["hybrid", "dense", "lexical"])
def test_ties_rank_by_document_in_every_order(
    pg_collection: Callable[..., PostgresStore], tmp_path: Path, mode: str
) -> None:
    """ "cat" ties the two copies of the pet policy in every ranking, and in fusion the first
    of each list (the policy lexically, "feline" and "kitty" by vector) score half."""
    rankings = set()
    for order in _orders(list(CATS)):
        store = _indexed(pg_collection, tmp_path, CATS, order)
        hits = store.search("cat", 4, None, mode)  # type: ignore[arg-type]
        rankings.add(tuple((h.doc_id, h.start, round(h.score, 6)) for h in hits))
    assert len(rankings) == 1, rankings
    (ranking,) = rankings
    cats = [doc for doc, *_ in ranking if doc.endswith("cat.md")]
    assert cats == ["c-cat.md", "d-cat.md"]


def test_a_clipped_word_is_written_out_the_same_in_every_order(
    pg_collection: Callable[..., PostgresStore], tmp_path: Path
) -> None:
    rewrites = set()
    for order in _orders(list(EXECS)):
        store = _indexed(pg_collection, tmp_path, EXECS, order)
        hits = store.search("Who approves exec orders?", 3, None, "lexical")
        rewrites.add(hits[0].query if hits else None)
    assert rewrites == {"Who approves executives orders?"}, rewrites
