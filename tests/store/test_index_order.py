"""The same collection gives the same answer whatever order its documents were indexed in.

A store's row ids say when each chunk was written; a ranking that breaks a tie on them
answers by the order of indexing (a document added later, or a folder walked in another
order, changes which of two equal passages is cited). Ties are broken on the document key:
the doc id, then the place in the document (fusion.top_k). Each collection here is written
in the test and indexed file by file in several orders (as `wikiqa index FILE` adds files
one at a time), and each order must give the same hits, the same query rewrite and, through
`ask()`, the same answer text, citations and refusal reason."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from store_helpers import FakeEmbedder, write

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.store.fusion import fuse_arrays
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Answer, Principal, Refusal


def orders(names: list[str]) -> list[list[str]]:
    """Sorted (the order `wikiqa index FOLDER` walks), reversed, and rotated by one."""
    ordered = sorted(names)
    return [ordered, ordered[::-1], ordered[1:] + ordered[:1]]


def indexed(
    tmp_path: Path, corpus: dict[str, str], order: list[str], embedder: object = None
) -> SqliteStore:
    """A SQLite store holding `corpus`, its files indexed one at a time in `order`."""
    tag = "-".join(str(sorted(corpus).index(n)) for n in order)
    root = tmp_path / f"docs-{tag}"
    for name, text in corpus.items():
        write(root, name, text)
    store = SqliteStore.create(tmp_path / f"c-{tag}.sqlite")
    for name in order:
        index_path(store, root / name, embedder=embedder)  # type: ignore[arg-type]
    return store


# A notice filed under two names (the same text under two paths is indexed under both ids),
# beside documents that share its words.
HANDBOOK = {
    "expenses.md": "# Travel Expenses\n\nClaim mileage at 45p a mile for the first 10,000 "
    "miles in a tax year.\n\n| Grade | Hotel cap |\n|---|---|\n| A to C | £110 a night |\n"
    "| D and above | £140 a night |\n",
    "notice-copy.md": "# Office Closure\n\nThe Leeds office is closed on 24 December. Staff "
    "work from home that day.\n",
    "notice.md": "# Office Closure\n\nThe Leeds office is closed on 24 December. Staff "
    "work from home that day.\n",
    "leaving.md": "# Leaving\n\nOn your last day you must:\n\n- return your badge\n"
    "- return your laptop to IT\n\nYour final pay includes untaken holiday.\n",
    "board.md": "---\ntitle: Board Minutes\naccess_scope: role\nallowed_roles: [board]\n---\n"
    "The Leeds office moves to Wellington Place in March.\n",
}
QUESTIONS = (
    "When is the Leeds office closed?",
    "What is the hotel cap for grade B?",
    "What do I have to do on my last day?",
    "Where is the Leeds office moving to?",
    "Is there a staff gym?",
)


def _outcome(result: Answer | Refusal) -> tuple[object, ...]:
    if isinstance(result, Answer):
        return ("answer", result.text, tuple((c.doc_id, c.quote) for c in result.citations))
    return ("refusal", result.code, result.reason)


async def test_the_same_answers_in_every_order_of_indexing(
    tmp_path: Path, real_embedder: OnnxEmbedder
) -> None:
    """Through `ask()` over a hybrid collection: the notice filed twice ties exactly in both
    rankings, and on main ee2156a the answer cites whichever copy was indexed first."""
    seen: dict[str, set[tuple[object, ...]]] = {q: set() for q in QUESTIONS}
    for order in orders(list(HANDBOOK)):
        store = indexed(tmp_path, HANDBOOK, order, real_embedder)
        source = CollectionSource(store, "collection:t", mode="hybrid", embedder=real_embedder)
        for question in QUESTIONS:
            result = await ask_async(question, source, settings=Settings())
            seen[question].add(_outcome(result))
        await source.aclose()
    assert all(len(outcomes) == 1 for outcomes in seen.values()), {
        q: o for q, o in seen.items() if len(o) > 1
    }
    (closed,) = seen["When is the Leeds office closed?"]
    assert closed[0] == "answer" and closed[2][0][0] == "notice-copy.md"  # by doc id


# The fake embedder reads "feline" and "kitty" as "cat": the two lines it ranks first share
# no word with the question, and the line that says "cat" is the last in its ranking.
CATS = {
    "a-feline.md": "# Notes\n\nfeline.\n",
    "b-kitty.md": "# Notes\n\nkitty.\n",
    "c-cat.md": "# Pet Policy\n\nA cat may visit the office on Fridays if the team agrees "
    "and the building manager signs the form before noon.\n",
}


@pytest.mark.parametrize("mode", ["hybrid", "dense"])
def test_tied_passages_rank_by_document_in_every_order(tmp_path: Path, mode: str) -> None:
    """Fusion ties: the first of the lexical list (absent from the dense one's top or last in
    it) and the first of the dense list (absent from the lexical one) both score half; on
    main ee2156a they are ranked by chunk id, so by the order of indexing."""
    rankings = set()
    for order in orders(list(CATS)):
        store = indexed(tmp_path, CATS, order, FakeEmbedder())
        store.embedder = FakeEmbedder()  # type: ignore[assignment]
        hits = store.search("cat", 3, None, mode)  # type: ignore[arg-type]
        rankings.add(tuple((h.doc_id, h.start, h.score) for h in hits))
        store.close()
    assert len(rankings) == 1, rankings
    if mode == "hybrid":
        (ranking,) = rankings
        assert [score for *_, score in ranking] == [0.5, 0.5, 0.5]
        assert [doc for doc, *_ in ranking] == ["a-feline.md", "b-kitty.md", "c-cat.md"]


# "exec" is clipped: the documents say "executive" and "executives" once each, so the
# spelling the question is searched with is a tie, which the first row read settles.
EXECS = {
    "a-travel.md": "# Travel\n\nExecutives fly business class on trips over six hours.\n",
    "b-limits.md": "# Limits\n\nThe executive signs orders over £50,000.\n",
    "c-other.md": "# Canteen\n\nThe canteen opens at noon.\n",
}


def test_a_clipped_word_is_written_out_the_same_in_every_order(tmp_path: Path) -> None:
    """The rows a word's spellings are read from (lexicon.py) are read in document order: on
    main ee2156a in the order they were written, so "exec" became "executives" or
    "executive" by which document was indexed first."""
    rewrites = set()
    for order in orders(list(EXECS)):
        store = indexed(tmp_path, EXECS, order)
        hits = store.search("Who approves exec orders?", 3, None, "lexical")
        rewrites.add(hits[0].query if hits else None)
        store.close()
    assert rewrites == {"Who approves executives orders?"}, rewrites


async def test_a_readers_answers_do_not_depend_on_the_order_either(
    tmp_path: Path, real_embedder: OnnxEmbedder
) -> None:
    """The same, for a reader with a role: the board's minutes are theirs, and the notice
    filed twice is still cited by doc id."""
    board = Principal(user_id="u1", roles=["board"])
    outcomes = set()
    for order in orders(list(HANDBOOK)):
        store = indexed(tmp_path, HANDBOOK, order, real_embedder)
        source = CollectionSource(store, "collection:t", mode="hybrid", embedder=real_embedder)
        result = await ask_async(
            "Which office is closed on 24 December, and where is it moving?",
            source,
            settings=Settings(),
            principal=board,
        )
        outcomes.add(_outcome(result))
        await source.aclose()
    assert len(outcomes) == 1, outcomes


def test_fused_ties_are_broken_by_doc_id() -> None:
    """fuse_arrays with the stores' doc keys: the same fused order for any chunk ids."""

    def fused(ids: list[int], docs: dict[int, str]) -> list[str]:
        lexical = (np.array(ids[:1]), np.array([2.0]))
        dense = (np.array(ids[1:]), np.array([0.9, 0.9]))
        out = fuse_arrays(
            lexical, dense, doc_keys=lambda a: np.array([docs[i] for i in a], dtype=object)
        )
        return [docs[i] for i in out[0].tolist()]

    names = {1: "c.md", 2: "a.md", 3: "b.md"}
    again = {30: "c.md", 20: "a.md", 10: "b.md"}
    assert fused([1, 2, 3], names) == fused([30, 20, 10], again) == ["a.md", "b.md", "c.md"]
