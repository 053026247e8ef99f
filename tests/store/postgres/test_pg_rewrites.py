"""The PostgreSQL store reads a question as the SQLite store does (store/query_rewrite.py):
a misspelt word, a clipped word, an initialism the documents define and one they only spell
out are searched as the documents write them, on both stores alike, and never with a word
only a document the reader may not read says. The words come from the PostgreSQL tables per
index generation (store/pg_vocabulary.py), so a write by any connection is seen."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest

from wikiqa.store import pg_schema
from wikiqa.store.base import Store
from wikiqa.store.indexer import index_path
from wikiqa.store.postgres import PostgresStore
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Access, AccessScope, Principal

CORPUS = {
    "passwords.md": "---\ntitle: Passwords\n---\nYour password must be at least 14 characters "
    "long. A password is changed every year.\n",
    "depots.md": "---\ntitle: Depot Directory\n---\nQuayside depot. Depot manager: Ann Reid.\n",
    "first-aid.md": "---\ntitle: First Aid\n---\nEvery hotel has a defibrillator. The "
    "defibrillator at Harbour is at the spa reception.\n",
    "grades.md": "---\ntitle: Job Grades\n---\nGrade 1 covers the Kitchen Porter (KP) and the "
    "laundry assistant. A Kitchen Porter gives 2 weeks of notice.\n",
    "tenancy.md": "---\ntitle: Tenancy\n---\nA Notice of Seeking Possession is served two "
    "weeks before court action. Keep a copy of every Notice of Seeking Possession.\n",
    "board.md": "---\ntitle: Board Notes\naccess_scope: role\nallowed_roles: [board]\n---\n"
    "The refurbishment of Bankside starts in May. The merger talks continue. The Strategic "
    "Property Review reports in June.\n",
}
BOARD = Principal(user_id="b1", roles=["board"])
STAFF = Principal(user_id="s1", roles=["staff"])


@pytest.fixture
def stores(
    tmp_path: Path, pg_collection: Callable[..., PostgresStore]
) -> Iterator[dict[str, Store]]:
    """The corpus indexed into a SQLite file and a PostgreSQL collection."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in CORPUS.items():
        (docs / name).write_text(text, encoding="utf-8")
    sqlite = SqliteStore.create(tmp_path / "c.sqlite")
    pg = pg_collection()
    for store in (sqlite, pg):
        index_path(store, docs)
    yield {"sqlite": sqlite, "postgres": pg}
    sqlite.close()


def searched(store: Store, question: str, who: Principal | None = None) -> tuple[str, str]:
    """(the query the best hit was found by, or "" when the question was searched as asked;
    the best hit's document)."""
    hits = store.search(question, 3, who, "lexical")
    assert hits, question
    return hits[0].query or "", hits[0].doc_id


@pytest.mark.parametrize(
    ("question", "query", "doc"),
    [
        # misspelt
        ("How long does my pasword have to be?", "How long does my password have to be?",
         "passwords.md"),
        ("Who's the manger at Quayside?", "Who's the manager at Quayside?", "depots.md"),
        # clipped
        ("Where's the defib at Harbour?", "Where's the defibrillator at Harbour?",
         "first-aid.md"),
        # an initialism the documents define
        ("I'm a KP, what notice do I give?", "I'm a Kitchen Porter (KP), what notice do I give?",
         "grades.md"),
        # an initialism the documents only spell out
        ("When is a NOSP served?", "When is a Notice of Seeking Possession (NOSP) served?",
         "tenancy.md"),
    ],
)  # fmt: skip
def test_both_stores_search_a_question_as_the_documents_write_it(
    stores: dict[str, Store], question: str, query: str, doc: str
) -> None:
    for name, store in stores.items():
        assert searched(store, question) == (query, doc), name


@pytest.mark.parametrize(
    ("question", "for_board"),
    [
        ("When do the mergr talks continue?", "When do the merger talks continue?"),
        ("When does the refurb start?", "When does the refurbishment start?"),
        ("When does the SPR report?", "When does the Strategic Property Review (SPR) report?"),
    ],
)
def test_a_word_only_a_forbidden_document_says_rewrites_nothing(
    stores: dict[str, Store], question: str, for_board: str
) -> None:
    for name, store in stores.items():
        for who in (None, STAFF):
            hits = store.search(question, 5, who, "lexical")
            assert all(h.query is None and h.doc_id != "board.md" for h in hits), (name, who)
        # the board may read it: the same question is rewritten for them
        assert searched(store, question, BOARD) == (for_board, "board.md"), name


def test_the_words_are_read_once_and_follow_every_write(
    stores: dict[str, Store], tmp_path: Path
) -> None:
    pg = stores["postgres"]
    assert isinstance(pg, PostgresStore)
    searched(pg, "How long does my pasword have to be?")
    searched(pg, "Who's the manger at Quayside?", STAFF)
    assert (pg.vocabulary.loads, pg.vocabulary.updates) == (1, 0)  # one read for both readers
    assert pg.search("Where is the boilre?", 3, None, "lexical") == []
    # a new document: its words rewrite the next question, only its rows read
    (tmp_path / "docs" / "heating.md").write_text(
        "---\ntitle: Heating\n---\nThe boiler is in the plant room.\n", encoding="utf-8"
    )
    index_path(pg, tmp_path / "docs")
    assert searched(pg, "Where is the boilre?") == ("Where is the boiler?", "heating.md")
    assert (pg.vocabulary.loads, pg.vocabulary.updates) == (1, 1)
    # its access narrowed: a reader who lost it no longer gets its words
    with pg.transaction() as conn:
        pg.set_access("heating.md", Access(access_scope=AccessScope.role,
                                           allowed_roles=["board"]), conn)  # fmt: skip
    assert pg.search("Where is the boilre?", 3, STAFF, "lexical") == []
    assert searched(pg, "Where is the boilre?", BOARD) == ("Where is the boiler?", "heating.md")
    # its text rewritten, then the document deleted: the old words go with it
    (tmp_path / "docs" / "heating.md").write_text(
        "---\ntitle: Heating\naccess_scope: public\n---\nThe filters are cleaned in "
        "October.\n", encoding="utf-8"
    )  # fmt: skip
    index_path(pg, tmp_path / "docs")
    assert pg.search("Where is the boilre?", 3, BOARD, "lexical") == []
    assert searched(pg, "When are the filtres cleaned?") == (
        "When are the filters cleaned?", "heating.md"
    )  # fmt: skip
    pg.delete("heating.md")
    assert pg.search("When are the filtres cleaned?", 3, BOARD, "lexical") == []


def test_a_write_by_another_connection_moves_the_generation(
    stores: dict[str, Store], pg_url: str
) -> None:
    pg = stores["postgres"]
    assert isinstance(pg, PostgresStore)
    assert pg.search("When do the mergr talks continue?", 3, STAFF, "lexical") == []
    s = pg_schema.quoted(pg.schema)
    with psycopg.connect(pg_url) as conn:  # SQL by hand, not through the store
        before = pg_schema.generation(conn, pg.schema)
        conn.execute(f"UPDATE {s}.documents SET access_scope = 'public' WHERE doc_id = 'board.md'")
    with psycopg.connect(pg_url) as conn:
        assert pg_schema.generation(conn, pg.schema) == before + 1
    assert searched(pg, "When do the mergr talks continue?", STAFF) == (
        "When do the merger talks continue?", "board.md"
    )  # fmt: skip


def test_a_collection_over_the_bound_is_searched_as_asked(stores: dict[str, Store]) -> None:
    pg = stores["postgres"]
    assert isinstance(pg, PostgresStore)
    pg.vocabulary.max_chunks = 3  # fewer than the corpus holds
    hits = pg.search("How long does my pasword have to be?", 3, None, "lexical")
    assert all(h.query is None for h in hits)
