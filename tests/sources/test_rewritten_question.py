"""The answerer reads a question as the search rewrote it (search_query.respelled): a clipped
word written whole, a word joined or split, an initialism with its definition, as well as a
misspelling; a query that drops or adds words (a fallback search) leaves it as asked."""

from __future__ import annotations

from wikiqa.sources.search_query import respelled
from wikiqa.types import Hit


def found_by(query: str | None) -> list[Hit]:
    return [Hit(source="collection", doc_id="d", title="D", query=query)]


def test_words_the_documents_write_otherwise_are_read_as_searched() -> None:
    q = "Where's the defib at Harbour?"
    assert respelled(q, found_by("Where's the defibrillator at Harbour?")) == (
        "Where's the defibrillator at Harbour?"
    )
    q = "How long on a checkout room?"
    assert respelled(q, found_by("How long on a check out room?")) == (
        "How long on a check out room?"
    )
    q = "Can I send it by e-mail?"
    assert respelled(q, found_by("Can I send it by email?")) == "Can I send it by email?"
    q = "I'm a KP, what notice do I give?"
    assert respelled(q, found_by("I'm a Kitchen Porter (KP), what notice do I give?")) == (
        "I'm a Kitchen Porter (KP), what notice do I give?"
    )


def test_the_question_is_read_with_the_phrase_an_initialism_spells() -> None:
    # "of" gives "NOSP" its "O"; a hyphen parts "Anti-Social"
    q = "At what point do we serve a NOSP?"
    assert respelled(
        q, found_by("At what point do we serve a Notice of Seeking Possession (NOSP)?")
    ) == ("At what point do we serve a Notice of Seeking Possession (NOSP)?")
    q = "Is that ASB?"
    assert respelled(q, found_by("Is that Anti-Social Behaviour (ASB)?")) == (
        "Is that Anti-Social Behaviour (ASB)?"
    )
    # words inserted before it that do not spell it: another query, asked as written
    q = "Is that ASB?"
    assert respelled(q, found_by("Is that Noisy Neighbours (ASB)?")) == q


def test_another_query_leaves_the_question_as_asked() -> None:
    q = "Where's the defib at Harbour?"
    assert respelled(q, found_by("defib OR Harbour OR staff")) == q  # a fallback adds a word
    assert respelled(q, found_by("Harbour")) == q  # drops one
    assert respelled(q, found_by("Where's the defence at Harbour?")) == q  # another word
    assert respelled(q, found_by(None)) == q
    # "de" is no clip of a word: under four letters
    assert respelled("Is it de rigueur?", found_by("Is it delta rigueur?")) == ("Is it de rigueur?")


def test_the_question_is_read_with_the_pair_of_words_two_capitals_open() -> None:
    # store/lexicon.py's pair ("Managing director (MD)") reads as a definition would
    q = "Who's the MD?"
    assert respelled(q, found_by("Who's the Managing director (MD)?")) == (
        "Who's the Managing director (MD)?"
    )
    # two words that do not open with its letters: another query, asked as written
    assert respelled(q, found_by("Who's the Chief Executive (MD)?")) == q
