"""A relative's death told in other words ("my nan passed away", "I lost my dad") is read as
the documents say it, "died" (told_death.py), so the bereavement row or item naming the
relative's kind answers; and a death's row or item naming the told relative answers only an
ask its table or list says (told_key.unasked_told). Small documents written here."""

from __future__ import annotations

import pytest
from memsource import TermSource, quotes_over
from test_told_key import BEREAVEMENT, CARERS, PAY

from wikiqa.answerers import extractive, told_key
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.told_death import plain_death
from wikiqa.answerers.told_key import death_told
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Question

LISTED = (
    "Bereavement Leave",
    "# Bereavement Leave\n\n"
    "When someone close to you dies, take the time you need and tell your manager as soon "
    "as you can.\n\n"
    "- Death of a spouse or partner, child, parent or sibling: 5 working days of paid leave.\n"
    "- Death of a grandparent, grandchild or parent-in-law: 2 working days of paid leave.\n"
    "- Up to 10 further days may be taken as unpaid leave, agreed with your manager.\n\n"
    "Bereavement leave does not reduce your annual leave and needs no certificate.\n",
)
TABLED = {"b": BEREAVEMENT, "c": CARERS, "p": PAY}
LISTS = {"b": LISTED, "c": CARERS, "p": PAY}
NAN = "My nan passed away on Sunday. How long can I have off?"


def test_a_death_told_in_other_words_is_said_died() -> None:
    assert plain_death(NAN) == "My nan died on Sunday. How long can I have off?"
    assert plain_death("If my grandmother passes away, what do I get?") == (
        "If my grandmother dies, what do I get?"
    )
    assert plain_death("I lost my dad last week.") == "my dad died last week."
    assert plain_death("We've just lost our mum.") == "our mum died."
    assert plain_death("my nan has passed, what now?") == "my nan died, what now?"
    for same in (
        "I lost my dad's phone on the bus.",  # a relative's thing
        "a little boy has lost his mum at the park",  # another's loss, a child gone missing
        "I lost my son at the fair.",  # a child lost in a crowd
        "My dad passed on the message.",  # "passed on" before an object
        "My mum passed her driving test.",
        "My dog passed away.",  # no relative
        "My nan nearly passed away.",
    ):
        assert plain_death(same) == same, same


def test_the_relative_told_and_what_is_asked() -> None:
    assert death_told("If my grandmother dies, how much time off am I given?") == (
        "grandmother",
        " how much time off am I given?",
    )
    assert death_told("My dad died. How long can I have off?") == (
        "dad",
        "How long can I have off?",
    )
    assert death_told("My dad's dog died. How long can I have off?") is None
    assert death_told("How long can I have off?") is None


async def test_passed_away_answers_from_the_kind_of_relative(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, TABLED, NAN)
    assert quotes is not None
    assert any("| Your grandparent or grandchild | 3 working days |" in q for q in quotes)
    listed = await quotes_over(emb, LISTS, "My grandad passed away. How many days off do I get?")
    assert listed is not None
    assert any("grandparent, grandchild or parent-in-law: 2 working days" in q for q in listed)


async def test_without_the_reading_passed_away_is_not_answered_so(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_death", lambda text: text)
    quotes = await quotes_over(emb, TABLED, NAN)
    assert quotes is None or not any("3 working days" in q for q in quotes)


async def test_a_death_row_answers_no_other_ask(emb: OnnxEmbedder) -> None:
    for docs, question in (
        (TABLED, "My nan passed away. How long is the wait for the counselling service?"),
        (TABLED, "My sister died. How long have I got to book the leave in the system?"),
        (TABLED, "I lost my grandad. How long until the death in service payment comes?"),
        (LISTS, "My grandad passed away. How long do I have to hand in the death certificate?"),
        (TABLED, "My dad's dog passed away. How long can I have off?"),
        (TABLED, "I lost my dad's wallet. How long do I have to report it?"),
    ):
        quotes = await quotes_over(emb, docs, question)
        # neither the bereavement row nor its item ("... working days")
        assert quotes is None or not any("working day" in q for q in quotes), question


COUNSELLING = "My sister died. How long have I got to book the leave in the system?"


async def test_without_the_ask_check_the_row_answers_another_ask(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await quotes_over(emb, TABLED, COUNSELLING) is None
    monkeypatch.setattr(extractive, "unasked_told", lambda e: False)
    quotes = await quotes_over(emb, TABLED, COUNSELLING)
    assert quotes is not None and any("5 working days" in q for q in quotes)


GRANDAD = "My grandad died. How long can I have off?"


async def test_the_row_of_the_death_told_answers_over_the_carers_line(
    emb: OnnxEmbedder,
) -> None:
    quotes = await quotes_over(emb, TABLED, GRANDAD)
    assert quotes is not None
    assert "| Your grandparent or grandchild | 3 working days |" in quotes


async def test_without_it_the_carers_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "told_elsewhere", lambda e, asker=frozenset(): False)
    quotes = await quotes_over(emb, TABLED, GRANDAD)
    assert quotes is not None and not any("3 working days" in q for q in quotes)


RELATIONSHIP = (
    "Bereavement and Compassionate Leave",
    "# Bereavement and Compassionate Leave\n\n"
    "Paid bereavement leave is given when someone close to you dies. Take it in one block "
    "or in separate days within 12 weeks of the death.\n\n"
    "| Relationship to you | Paid leave |\n|---|---|\n"
    "| Partner, spouse or child | 10 working days |\n"
    "| Parent, step-parent, brother or sister | 5 working days |\n"
    "| Grandparent, grandchild, parent-in-law | 3 working days |\n"
    "| Aunt, uncle, niece, nephew, close friend | 1 working day, for the funeral |\n\n"
    "Parents whose child dies under the age of 18 get 2 weeks of parental bereavement leave "
    "on top of the 10 working days.\n",
)
KEYED = {"b": RELATIONSHIP, "c": CARERS, "p": PAY}
NAN_DAYS = "my nan passed away on Sunday, how many days off do I get?"


async def test_a_relationship_column_in_a_death_document_names_the_row(
    emb: OnnxEmbedder,
) -> None:
    quotes = await quotes_over(emb, KEYED, NAN_DAYS)
    assert quotes is not None
    assert "| Grandparent, grandchild, parent-in-law | 3 working days |" in quotes


async def test_without_the_relationship_reading_no_grandparent_row(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(told_key, "kin_told", lambda *a: False)
    quotes = await quotes_over(emb, KEYED, NAN_DAYS)
    assert quotes is None or "| Grandparent, grandchild, parent-in-law | 3 working days |" not in (
        quotes
    )


async def test_a_death_row_refused_over_the_floor_is_not_said_to_be_under_it(
    emb: OnnxEmbedder,
) -> None:
    """The ask check refuses a row that cleared the floor: the reason must not claim it scored
    under the floor (the refusal's reason is shown to the user)."""
    answerer = extractive.ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    draft = await answerer.answer(Question(text=COUNSELLING), TermSource(TABLED))
    assert draft.refusal is not None and draft.reason is not None
    score = float(draft.reason.split(" scores ")[1].split()[0])
    assert score >= DEFAULT_FLOOR, draft.reason  # the row cleared the floor ...
    assert "over the floor" in draft.reason, draft.reason  # ... and the reason says so
