"""A yes/no question naming one of the things a rule line's subject lists is answered by that
line when its predicate rules on the rest of the ask ("Can a client's insulin go out on a
Thursday?" -> "Vaccines, insulin and other fridge lines are packed in a cool box ... and sent
only Monday to Wednesday ..."), listed_case.py, rule74. A listed thing asked something the line
does not rule on, a thing the list does not name, and a subject that is no list of things stay
refused. Small documents written here."""

from __future__ import annotations

import pytest

from wikiqa.answerers import extractive
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.listed_case import case_listed, listed_items
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Principal, Question

from memsource import TermSource  # isort: skip

DISPATCH = (
    "Pharmacy Dispatch Procedures",
    "# Pharmacy Dispatch Procedures\n\n"
    "Client orders approved by a vet by 13:30 on a weekday are dispatched the same day by "
    "tracked post.\n\n"
    "Vaccines, insulin and other fridge lines are packed in a cool box with two frozen gel "
    "packs, and sent only Monday to Wednesday, so they do not sit in a depot over the "
    "weekend.\n\n"
    "Record the fridge temperature at 08:00 and 16:00.\n",
)
DRUGS = (
    "Controlled Drugs: Register and Storage",
    "# Controlled Drugs: Register and Storage\n\n"
    "- Every Schedule 2 drug taken from the cabinet is entered in the register straight away.\n"
    "- Ketamine and buprenorphine are also counted at every weekly check, although the law "
    "does not require a register for buprenorphine.\n"
    "- Schedule 2 and 3 drugs are kept in the locked cabinet.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nYou get 25 days of annual leave a year. Book holiday through your "
    "manager at least two weeks ahead.\n",
)
DOCS = {"dispatch": DISPATCH, "drugs": DRUGS, "leave": LEAVE}
INSULIN = "Can a client's insulin go out on a Thursday?"
BUPRENORPHINE = "is buprenorphine part of the weekly CD count or just the schedule 2 stuff?"
WHO = Principal(user_id="u-1", roles=["staff"], departments=["pharmacy"])


async def _quotes(emb: OnnxEmbedder, question: str) -> list[str] | None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    draft = await answerer.answer(Question(text=question, principal=WHO), TermSource(DOCS))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


def test_a_subject_listing_things() -> None:
    assert listed_items("Vaccines, insulin and other fridge lines ") == [
        "Vaccines",
        "insulin",
        "other fridge lines",
    ]
    assert listed_items("- Ketamine and buprenorphine ") == ["Ketamine", "buprenorphine"]
    assert listed_items("Insulin ") == []  # one thing: no list
    # a clause or the reader doing something is no list of things
    assert listed_items("If you work nights or a weekend shift and ") == []
    assert listed_items("We lend you a laptop, screen and headset; we do ") == []


def test_the_item_named_and_the_ask_ruled() -> None:
    line = DISPATCH[1].split("\n\n")[2]
    assert case_listed(line, "Pharmacy Dispatch", INSULIN)
    # the thing listed, but asked something the predicate does not say
    assert not case_listed(line, "Pharmacy Dispatch", "Can insulin be posted abroad?")
    # the ask ruled, but for a thing the list does not name
    assert not case_listed(
        line, "Pharmacy Dispatch", "Can a client's dog food go out on a Thursday?"
    )
    # a word of an item is not the item: "fridge" alone does not name "other fridge lines"
    assert not case_listed(line, "Pharmacy Dispatch", "Can a fridge go out on a Thursday?")
    # the ask set under a clause: what is asked is before it ("paid extra"), not in it
    tested = "- Rangers, keepers and darting team members can be tested at random."
    assert case_listed(tested, "Alcohol", "Can darting team members be tested at random?")
    assert not case_listed(
        tested,
        "Alcohol",
        "Do darting team members get paid extra for being on the random testing list?",
    )
    nails = "- Kitchen and spa staff must not wear false nails or nail varnish."
    assert not case_listed(nails, "Appearance", "Can I wear my earrings in the kitchen?")
    bare = "Horses, farm animals and animals kept for business are not included."
    assert case_listed(
        bare,
        "Staff Pet Care",
        "My horse needs his teeth doing. Is that covered by the staff discount?",
    )
    assert not case_listed(bare, "Staff Pet Care", "Can I bring my horse to work?")


@pytest.mark.asyncio
async def test_the_listing_line_answers_through_the_answerer(emb: OnnxEmbedder) -> None:
    quotes = await _quotes(emb, INSULIN)
    assert quotes is not None and any("sent only Monday to Wednesday" in q for q in quotes)
    quotes = await _quotes(emb, BUPRENORPHINE)
    assert quotes is not None and any("weekly check" in q for q in quotes)


@pytest.mark.asyncio
async def test_what_the_line_does_not_rule_on_stays_refused(emb: OnnxEmbedder) -> None:
    asked = (
        "Can a client's flea collar go out on a Thursday?",
        "Can buprenorphine be taken home by the vet on call?",
        "Is ketamine kept in the fridge?",
    )
    for question in asked:
        assert await _quotes(emb, question) is None, question


@pytest.mark.asyncio
async def test_without_the_reading_they_are_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "LISTED_CASE", False)
    assert await _quotes(emb, INSULIN) is None
    assert await _quotes(emb, BUPRENORPHINE) is None
