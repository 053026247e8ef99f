"""A thing told by what it is ("my earrings", "ChatGPT", "a couple of pints", "a memory
stick") is read as the kind policies write it under ("jewellery", "generative AI tools",
"alcohol", "USB storage": told_kind.py), so the ruling line answers; and what no document
rules on stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_kind import kind_said, kinds_told, plain_kind
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

APPEARANCE = (
    "Appearance Standards",
    "# Appearance Standards\n\n"
    "- Wear your name badge at all times when on duty.\n"
    "- Long hair must be tied back in kitchens and food service.\n"
    "- In kitchens, a plain wedding band is the only jewellery allowed.\n"
    "- Visible tattoos are fine unless they are offensive.\n",
)
IT = (
    "Acceptable Use of IT",
    "# Acceptable Use of IT\n\n"
    "- Staff using generative AI tools for work may use only tools approved by IT, and must "
    "not enter pupils' personal data into them.\n"
    "- Lock your screen when you leave your desk.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave in "
    "the HR system at least 2 weeks ahead.\n",
)
DOCS = {"a": APPEARANCE, "i": IT, "l": LEAVE}

EARRINGS = "Can I wear my earrings in the kitchen?"


def test_the_thing_is_said_as_its_kind() -> None:
    assert plain_kind(EARRINGS) == "Can I wear my jewellery in the kitchen?"
    assert (
        plain_kind("my nose stud on the pass, is that ok?")
        == "my jewellery on the pass, is that ok?"
    )
    assert plain_kind("I had a couple of pints last night. What's the limit?") == (
        "I had alcohol last night. What's the limit?"
    )
    assert plain_kind("Can I paste pupils' essays into ChatGPT?") == (
        "Can I paste pupils' essays into generative AI tools?"
    )
    assert plain_kind("Someone handed out USB sticks. Can I plug one in?") == (
        "Someone handed out USB storage. Can I plug one in?"
    )
    assert plain_kind("Can I have a fag in the welfare cabin?") == (
        "Can I have smoking or vaping in the welfare cabin?"
    )
    assert plain_kind("Can I keep my iPhone on me?") == "Can I keep my phone on me?"


def test_what_is_not_a_thing_of_a_kind_is_left_as_told() -> None:
    for same in (
        "Give me a ring when you get there.",  # a call, not a ring worn
        "Can I vape on site?",  # the act, already the documents' word
        "Can I wear jewellery in the kitchen?",  # the kind already
        "Do I need football studs for the staff match?",
        "Can I have a drink of water on the till?",  # no quantity of drinks
        "What do I do with my scanner at the end of a shift?",  # no kind read of a scanner
        "A customer gave me a bottle of wine.",  # a gift (told_money), not a drink had
    ):
        assert plain_kind(same) == same, same


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, EARRINGS)
    assert quotes is not None and any("the only jewellery allowed" in q for q in quotes)


async def test_without_the_reading_the_earrings_are_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_kind", lambda text: text)
    quotes = await quotes_over(emb, DOCS, EARRINGS)
    assert quotes is None or not any("jewellery" in q for q in quotes)


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    without = {"l": LEAVE}
    for question in (
        EARRINGS,
        "Can I paste pupils' essays into ChatGPT?",
        "I had a couple of pints last night. Can I still drive the minibus?",
    ):
        assert await quotes_over(emb, without, question) is None, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_kind() -> None:
    assert kinds_told(EARRINGS) == ["jewellery"]
    badge = _answered("- Wear your name badge at all times when on duty.")
    assert kind_said(EARRINGS, badge).refusal is not None
    rule = _answered("- In kitchens, a plain wedding band is the only jewellery allowed.")
    assert kind_said(EARRINGS, rule) == rule
    assert kind_said("How long can I have off?", badge) == badge
