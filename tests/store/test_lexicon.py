"""A question word the reader's documents write otherwise is searched as they write it
(store/lexicon.py): clipped ("defib"), joined or split ("checkout", "e-mail"), or as an
initialism they define ("KP"); never from a document the reader may not read."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from store_helpers import indexed_store

from wikiqa.store.lexicon import reworded
from wikiqa.store.sqlite import SqliteStore
from wikiqa.store.tokenize import shared_tokenizer
from wikiqa.types import Principal

CORPUS = {
    "first-aid.md": "---\ntitle: First Aid\n---\nEvery hotel has a defibrillator (AED). "
    "The defibrillator at Harbour is at the spa reception.\n",
    "rooms.md": "---\ntitle: Room Standards\n---\n| Room status | Target time |\n|---|---|\n"
    "| Departure (guest checked out) | 30 minutes |\n| Stayover | 25 minutes |\n",
    "limits.md": "---\ntitle: Purchasing Limits\n---\nThe Chief Executive may sign orders up "
    "to £150,000.\n",
    "contact.md": "---\ntitle: Contact\n---\nSend your sick note by email to the rota office.\n",
    "grades.md": "---\ntitle: Job Grades\n---\nGrade 1 covers the Kitchen Porter (KP) and the "
    "laundry assistant.\n\n| Role | Notice |\n|---|---|\n| Kitchen Porter | 2 weeks |\n",
    "stores.md": "---\ntitle: Stores\n---\nKeep the temperature log. Temporary staff sign "
    "in. The HACCP plan is on the wall.\n",
    "board.md": "---\ntitle: Board Notes\naccess_scope: role\nallowed_roles: [board]\n---\n"
    "The refurbishment of Bankside starts in May. The Regional Operations Director (ROD) "
    "approves it.\n",
}


@pytest.fixture
def store(tmp_path: Path) -> SqliteStore:
    return indexed_store(tmp_path, CORPUS)


def searched(store: SqliteStore, query: str, who: Principal | None = None) -> str | None:
    hits = store.search(query, 3, who, "lexical")
    return hits[0].query if hits else None


def test_a_clipped_word_is_searched_whole(store: SqliteStore) -> None:
    hits = store.search("Where's the defib at Harbour?", 3, None, "lexical")
    assert hits[0].doc_id == "first-aid.md"
    assert hits[0].query == "Where's the defibrillator at Harbour?"
    assert searched(store, "How much can the chief exec sign?") == (
        "How much can the chief executive sign?"
    )


def test_a_clip_said_by_two_words_as_often_or_too_short_is_left_alone(
    store: SqliteStore,
) -> None:
    # "temperature" and "temporary" are each said once: which one "temp" clips is a guess
    assert searched(store, "temp log staff") is None
    assert searched(store, "tem log staff") is None  # under MIN_CLIP letters


def test_a_joined_word_is_searched_as_the_documents_split_it(store: SqliteStore) -> None:
    hits = store.search("How long for a checkout room?", 3, None, "lexical")
    assert hits[0].doc_id == "rooms.md"
    assert hits[0].query == "How long for a check out room?"


def test_a_split_word_is_searched_as_the_documents_join_it(store: SqliteStore) -> None:
    assert searched(store, "Can I send my note by e-mail?") == "Can I send my note by email?"
    assert searched(store, "Can I send my note by e mail?") == "Can I send my note by email?"
    # "for me" is no "forme", though porter stems "forme" as "form"
    assert searched(store, "Is there a form for me?") is None


def test_an_initialism_is_searched_with_the_definition_the_documents_give(
    store: SqliteStore,
) -> None:
    assert searched(store, "I'm a KP, what notice do I give?") == (
        "I'm a Kitchen Porter (KP), what notice do I give?"
    )
    # said without a definition ("HACCP plan"): an expansion would be invented
    assert searched(store, "Where is the HACCP plan?") is None


def test_only_the_readers_documents_rewrite_a_question(store: SqliteStore) -> None:
    # only the board's document says "refurbishment" and defines "ROD"
    hits = store.search("When does the refurb start?", 5, None, "lexical")
    assert all(h.query is None and h.doc_id != "board.md" for h in hits)
    hits = store.search("Who is the ROD?", 5, None, "lexical")
    assert all(h.query is None and h.doc_id != "board.md" for h in hits)
    board = Principal(user_id="b1", roles=["board"])
    assert searched(store, "When does the refurb start?", board) == (
        "When does the refurbishment start?"
    )
    assert searched(store, "Who is the ROD?", board) == (
        "Who is the Regional Operations Director (ROD)?"
    )


class Words:
    """A reader's words given outright: (term -> rows) and row texts."""

    def __init__(self, texts: list[str]) -> None:
        self.rows = texts
        self.terms = [set(shared_tokenizer().terms(t)) for t in texts]

    def frequency(self, word: str) -> int:
        terms = shared_tokenizer().terms(word)
        return sum(terms[0] in t for t in self.terms) if len(terms) == 1 else 0

    def completions(self, prefix: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for said in self.terms:
            for t in said:
                if len(t) > len(prefix) and t.startswith(prefix):
                    out[t] = out.get(t, 0) + 1
        return out

    def texts(self, terms: Sequence[str], limit: int) -> list[str]:
        return [r for r, t in zip(self.rows, self.terms, strict=True) if set(terms) <= t][:limit]

    def document_texts(self, term: str, limit: int) -> dict[int, str]:
        return {i: r for i, (r, t) in enumerate(zip(self.rows, self.terms, strict=True))
                if term in t}  # fmt: skip


def test_names_real_words_and_said_words_are_left_alone() -> None:
    words = Words(["The defibrillator is at reception.", "Delia Defibson runs the spa.",
                   "Test the defibrillator weekly.", "Newtown station is north of town.",
                   "Guests check in at two and check out by eleven."])  # fmt: skip
    assert reworded("Who is Defib?", words) == "Who is Defib?"  # a name after the first word
    # the first word may be capitalised; "defibrillator" is said more than "Defibson"
    assert reworded("Defib location?", words) == "Defibrillator location?"
    assert reworded("when is checkout", words) == "when is check out"
    assert reworded("the reception desk", words) == "the reception desk"
    # the documents write "check in" apart and never "checkin": asked as written
    assert reworded("check in time", words) == "check in time"
    # "Newtown" is a name the documents write, not the word "new town" joined
    assert reworded("the new town station", words) == "the new town station"


def test_an_initialism_most_documents_use_undefined_is_left_alone() -> None:
    networks = "Packets travel over the Internet Protocol (IP) between hosts."
    classes = ["IP and AM are classes of interactive proofs.", "IP equals PSPACE."]
    assert reworded("What defines IP?", Words([networks, *classes])) == "What defines IP?"
    defined = Words([networks, classes[0]])  # one document of two defines it
    assert reworded("What defines IP?", defined) == "What defines Internet Protocol (IP)?"


SPELLED = {
    "arrears.md": "---\ntitle: Rent Arrears\n---\n| Stage | When | Action |\n|---|---|---|\n"
    "| 3 | Arrears reach £700 | Notice of Seeking Possession, approved by the team leader |\n",
    "asb.md": "---\ntitle: Neighbour Problems\n---\n# Anti-Social Behaviour\n\nNoise from everyday living, such as "
    "footsteps, is not anti-social behaviour.\n",
    "shifts.md": "---\ntitle: Shifts\n---\nThe Night Shift Premium and the Never Shut "
    "Policy both apply.\n",
    "panel.md": "---\ntitle: Panel\naccess_scope: role\nallowed_roles: [board]\n---\n"
    "The Tenant Scrutiny Panel meets monthly.\n",
}


@pytest.fixture
def spelled_store(tmp_path: Path) -> SqliteStore:
    return indexed_store(tmp_path, SPELLED)


def test_an_initialism_no_document_says_is_searched_with_the_phrase_it_spells(
    spelled_store: SqliteStore,
) -> None:
    hits = spelled_store.search("At what point do we serve a NOSP?", 3, None, "lexical")
    assert hits[0].doc_id == "arrears.md"
    assert hits[0].query == "At what point do we serve a Notice of Seeking Possession (NOSP)?"
    # a hyphen parts words too
    assert searched(spelled_store, "Is that ASB?") == "Is that Anti-Social Behaviour (ASB)?"


def test_an_initialism_two_phrases_spell_as_often_or_only_a_forbidden_one_is_left_alone(
    spelled_store: SqliteStore,
) -> None:
    # "Night Shift Premium" and "Never Shut Policy": which one "NSP" is, is a guess
    assert searched(spelled_store, "Who pays the NSP?") is None
    assert searched(spelled_store, "When does the TSP meet?") is None  # the board's document
    board = Principal(user_id="b1", roles=["board"])
    assert searched(spelled_store, "When does the TSP meet?", board) == (
        "When does the Tenant Scrutiny Panel (TSP) meet?"
    )


PAIRS = {
    "directory.md": "---\ntitle: Staff Directory\n---\nThe managing director is Alison Rowe.\n",
    "approvals.md": "---\ntitle: Recruitment Approval\n---\n| Vacancy | Who approves |\n|---|---|\n"
    "| A new job in Bands 5 to 7 | Managing director |\n| Replacing a leaver | Mentor |\n",
    "kitchen.md": "---\ntitle: Kitchen\n---\nOur kitchens close at ten. Our kitchens open at "
    "six. Market days are busy.\n",
    "surveyors.md": "---\ntitle: Surveyors\n---\nThe quantity surveyor checks each order.\n",
}


@pytest.fixture
def pairs_store(tmp_path: Path) -> SqliteStore:
    return indexed_store(tmp_path, PAIRS)


def test_two_capitals_no_document_says_are_searched_as_the_pair_of_words_they_open(
    pairs_store: SqliteStore,
) -> None:
    # "managing director" twice (once capitalised, in a cell), more than any other M-D pair
    hits = pairs_store.search("Who's the MD?", 3, None, "lexical")
    assert hits[0].doc_id == "directory.md"
    assert hits[0].query == "Who's the Managing director (MD)?"


def test_two_capitals_left_as_asked_unless_a_capitalised_pair_is_written_twice(
    pairs_store: SqliteStore, tmp_path: Path
) -> None:
    assert searched(pairs_store, "Is it OK to leave?") is None  # "Our kitchens": a stop word
    assert searched(pairs_store, "Ask the QS first") is None  # "quantity surveyor" said once
    assert searched(pairs_store, "Is MB allowed?") is None  # no such pair at all
    # the pair written most wins, and two written as often leave the capitals as asked
    phones = dict(PAIRS, **{"phones.md": "---\ntitle: Phones\n---\nMobile data is capped. "
                             "Mobile data roams. Mobile data is logged.\n"})  # fmt: skip
    assert searched(indexed_store(tmp_path / "a", phones), "Is MD capped?") == (
        "Is Mobile data (MD) capped?"
    )
    tied = dict(PAIRS, **{"phones.md": "---\ntitle: Phones\n---\nMobile data is capped. "
                           "Mobile data roams.\n"})  # fmt: skip
    tied_store = indexed_store(tmp_path / "b", tied)
    assert searched(tied_store, "What about MD?") is None
    # the question's own words break the tie (tests/store/test_initialism_context.py)
    assert searched(tied_store, "Is MD capped?") == "Is Mobile data (MD) capped?"
