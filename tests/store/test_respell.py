"""A misspelt query word is searched as the word of the reader's documents it misspells
(store/respell.py), and the hits say the query they were found by."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import indexed_store

from wikiqa.store.respell import respelled
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Principal

CORPUS = {
    "passwords.md": "---\ntitle: Passwords\n---\nYour password must be at least 14 characters "
    "long. A password is changed every year.\n",
    "depots.md": "---\ntitle: Depot Directory\n---\nQuayside depot. Depot manager: Ann Reid.\n",
    "parking.md": "---\ntitle: Staff Parking\n---\nParking is free at Quayside depot for staff "
    "on the early part of the rota.\n",
    "spending.md": "---\ntitle: Spending\n---\nSpending over £500 needs approval after talks.\n",
    "warehouse.md": "---\ntitle: Warehouse\n---\nStock that reaches 3 metres is restacked.\n",
    "secret.md": "---\ntitle: Board Notes\naccess_scope: role\nallowed_roles: [board]\n---\n"
    "The merger talks continue in March.\n",
}


@pytest.fixture
def store(tmp_path: Path) -> SqliteStore:
    return indexed_store(tmp_path, CORPUS)


def test_a_misspelt_word_is_searched_as_the_collections_word(store: SqliteStore) -> None:
    hits = store.search("How long does my pasword have to be?", 3, None, "lexical")
    assert hits[0].doc_id == "passwords.md"
    assert hits[0].query == "How long does my password have to be?"
    hits = store.search("Who's the manger at Quayside?", 3, None, "lexical")
    assert hits[0].doc_id == "depots.md"
    assert all(h.query == "Who's the manager at Quayside?" for h in hits)


def test_real_words_and_words_the_documents_say_are_left_alone(store: SqliteStore) -> None:
    # "speeding" is an English word (and "spending" one letter for another, not a slip)
    assert all(h.query is None for h in store.search("speeding tickets", 3, None, "lexical"))
    # "party" is a word, however rare here; "part" is no correction of it
    assert all(h.query is None for h in store.search("staff party", 3, None, "lexical"))
    assert all(h.query is None for h in store.search("password length", 3, None, "lexical"))
    # "breaches" is a form of "breach", though the vocabulary lacks it: not "reaches"
    assert all(h.query is None for h in store.search("stock breaches", 3, None, "lexical"))


def test_only_words_the_reader_may_read_correct_a_query(store: SqliteStore) -> None:
    # "mergr" is one letter from a word only a board member's document says
    hits = store.search("mergr talks", 3, None, "lexical")
    assert [h.doc_id for h in hits] == ["spending.md"] and hits[0].query is None
    board = Principal(user_id="b1", roles=["board"])
    assert store.search("mergr talks", 3, board, "lexical")[0].query == "merger talks"


def test_the_most_frequent_word_one_key_away_is_chosen() -> None:
    counts = {"manager": 5, "manage": 1}
    assert respelled("manger here", lambda w: counts.get(w, 0)) == "manager here"
    assert respelled("Manger", lambda w: counts.get(w, 0)) == "Manager"
    assert respelled("manger", lambda w: 0) == "manger"  # nothing the documents say
    # a name after the first word is left alone: one letter away may be someone else
    assert respelled("Who is Karren Reid?", lambda w: counts.get(w, 0) + (w == "karen")) == (
        "Who is Karren Reid?"
    )
    assert respelled("Where is the manger?", lambda w: counts.get(w, 0)) == "Where is the manager?"


def test_a_word_is_searched_in_the_number_the_documents_write_it(tmp_path: Path) -> None:
    # porter stems "buses" to "bus" but "bus" to "bu", "shelves" to "shelv" but "shelf" to
    # "shelf": a question in the other number than the documents' shares no term with them
    s = indexed_store(
        tmp_path,
        {
            "fleet.md": "---\ntitle: Fleet\n---\nEvery midibus is washed on Mondays.\n",
            "stock.md": "---\ntitle: Stock\n---\nThe top shelf holds 20 kg.\n",
            "noise.md": "---\ntitle: Noise\n---\nEvery room is washed on Fridays.\n",
        },
    )
    hits = s.search("When are midibuses washed?", 3, None, "lexical")
    assert hits[0].doc_id == "fleet.md" and hits[0].query == "When are midibus washed?"
    hits = s.search("How much can the shelves hold?", 3, None, "lexical")
    assert hits[0].doc_id == "stock.md" and hits[0].query == "How much can the shelf hold?"


def test_the_other_number_only_when_the_documents_say_it_and_not_the_asked_one() -> None:
    said = {"bus": 4, "buses": 0, "campuses": 2, "bonus": 0, "bonuses": 0}
    freq = lambda w: said.get(w, 0)  # noqa: E731
    assert respelled("Buses from the depot", freq) == "Bus from the depot"
    assert respelled("which campus", freq) == "which campuses"
    assert respelled("a bonus", freq) == "a bonus"  # neither number is said
    assert respelled("the bus", freq) == "the bus"  # the asked number is said
