"""An initialism no readable document says is searched as the phrase it spells whose rows say
the question's other words (store/lexicon.py, `_by_context`), not only the phrase written
most: "the CD count at handover" is "Controlled drugs", whose row says count and handover,
though "Christmas Day" is written more often (care58)."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import indexed_store

from wikiqa.store import lexicon
from wikiqa.store.sqlite import SqliteStore

CORPUS = {
    "rota.md": "---\ntitle: Christmas Rota\n---\nChristmas Day is paid at double time. "
    "Christmas Day shifts are shared fairly. Christmas Day dinner is free.\n",
    "drugs.md": "---\ntitle: Clinical Procedures\n---\n## Controlled drugs\n\n"
    "Controlled drugs are kept in a locked cupboard. Two nurses count the stock at every "
    "handover.\n",
    "safety.md": "---\ntitle: Fire Safety\n---\nMeet at the Assembly point. The assembly "
    "point is the car park.\n",
    "help.md": "---\ntitle: Wellbeing\n---\nThe Assistance programme offers counselling. "
    "The assistance programme is free.\n",
}


@pytest.fixture
def store(tmp_path: Path) -> SqliteStore:
    return indexed_store(tmp_path, CORPUS)


def searched(store: SqliteStore, query: str) -> str | None:
    hits = store.search(query, 3, None, "lexical")
    return hits[0].query if hits else None


def test_the_phrase_whose_rows_say_the_question_is_chosen(store: SqliteStore) -> None:
    hits = store.search("Who does the CD count at handover?", 3, None, "lexical")
    assert hits[0].query == "Who does the Controlled drugs (CD) count at handover?"
    assert hits[0].doc_id == "drugs.md"
    # two phrases written as often: the question's words tell which one it means
    assert searched(store, "Where is the AP if the alarm goes off in the car park?") == (
        "Where is the Assembly point (AP) if the alarm goes off in the car park?"
    )
    assert searched(store, "Does the AP offer counselling?") == (
        "Does the Assistance programme (AP) offer counselling?"
    )


def test_without_the_reading_the_phrase_written_most_is_searched(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lexicon, "_by_context", lambda said, near: "")
    assert searched(store, "Who does the CD count at handover?") == (
        "Who does the Christmas Day (CD) count at handover?"
    )
    assert searched(store, "Does the AP offer counselling?") is None  # a tie: as asked


def test_a_question_whose_words_no_row_says_keeps_the_old_rule(store: SqliteStore) -> None:
    # nothing but the initialism to go on: the phrase written most, a tie left as asked
    assert searched(store, "Is CD ok?") == "Is Christmas Day (CD) ok?"
    assert searched(store, "What about the AP?") is None


def test_a_phrase_said_once_is_not_chosen_by_its_row(tmp_path: Path) -> None:
    once = dict(CORPUS, **{"drugs.md": "---\ntitle: Clinical\n---\nControlled drugs are "
                           "counted at every handover.\n"})  # fmt: skip
    # "Controlled drugs" is written once: two capitals open too many pairs to trust one row
    assert searched(indexed_store(tmp_path, once), "Who does the CD count at handover?") == (
        "Who does the Christmas Day (CD) count at handover?"
    )
