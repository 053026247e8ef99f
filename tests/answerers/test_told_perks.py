"""Money the employer gives told in everyday words ("recommending a mate", "a finder's fee",
"my wages early", "my move to Berlin", "work shoes") is asked again, when refused, by the
documents' name for it ("referral bonus", "salary advance", "relocation", "footwear
allowance": told_perks.py), and what that answers must say the perk; what no document pays
stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_perks import perk_said, perks_told, plain_perks
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote, RefusalCode

REFER = (
    "Refer a Friend",
    "# Refer a Friend\n\n"
    "Recommend someone for a vacancy and get a bonus if they are hired.\n\n"
    "| Job filled | Referral bonus |\n|---|---|\n"
    "| Waiter or waitress, bartender | £300 |\n| Sous chef | £750 |\n\n"
    "The friend must name you on their application form.\n",
)
ADVANCE = (
    "Salary Advances",
    "# Salary Advances\n\n"
    "If you face an unexpected bill before payday, you can ask for an advance on pay you "
    "have already earned this month.\n\n"
    "- Up to 50% of your earned pay, to a maximum of £400.\n"
    "- One advance in any 3 months.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\n"
    "Front of house staff are issued 3 shirts a year and a name badge.\n\n"
    "## Footwear\n\n"
    "You buy your own plain black shoes. A footwear allowance of £60 a year is added to "
    "your April pay.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave in "
    "the rota system at least 2 weeks ahead.\n",
)
DOCS = {"r": REFER, "a": ADVANCE, "u": UNIFORM, "l": LEAVE}

COUSIN = "My cousin wants to work the bar. What would I get for recommending her?"
SHOES = "Do we get money towards work shoes?"
EARLY = "The boiler broke and payday is ages away. How much of my wages can I get early?"


MATE = "My mate wants to be a sous chef here. What would I get for recommending him?"


def test_the_perk_told_is_followed_by_the_documents_name() -> None:
    assert plain_perks("What do I get for recommending a mate as a waiter?") == (
        "What do I get for recommending a mate (a referral bonus) as a waiter?"
    )
    assert plain_perks(MATE).endswith("recommending him (a referral bonus)?")
    assert plain_perks("Is there a finder's fee for a new gate agent?") == (
        "Is there a referral bonus for a new gate agent?"
    )
    assert plain_perks("Can I get some of my wages early?") == (
        "Can I get some of my wages early (a salary advance)?"
    )
    assert plain_perks("How much money will I get to cover my move to Berlin?") == (
        "How much money will I get to cover my move to Berlin (relocation)?"
    )
    assert plain_perks("Do we get money towards work shoes?") == (
        "Do we get money towards work shoes (a footwear allowance)?"
    )
    assert plain_perks("Is there a cash bonus for introducing a friend as a gate agent?") == (
        "Is there a referral bonus for introducing a friend as a gate agent?"
    )
    assert plain_perks("How big are this year's pay rises for teachers?") == (
        "How big are this year's pay rises (pay increases) for teachers?"
    )
    assert plain_perks("I mark from home. Is there a heating allowance?") == (
        "I mark from home. Is there a heating allowance (home energy costs)?"
    )


def test_what_is_not_the_perk_is_left_as_told() -> None:
    for question in (
        "I recommend the canteen's soup. Who runs it?",
        "Who introduces a new starter to the team?",
        "What do I get for recommending him?",  # no friend told: whom?
        "My move to the night shift starts Monday. What are the hours?",
        "Can I wear trainers instead of work shoes?",  # no money asked
        "How many days of paid leave do I get when I move house?",
        "Is there a heating allowance for the staff room?",  # no home working told
        "When is my pay day this month?",
    ):
        assert plain_perks(question) == question, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_perk_told() -> None:
    assert perks_told(MATE) == ["referral"]
    assert perk_said(MATE, _answered("| Sous chef | £750 |", "Recommend someone for a vacancy"))
    assert not perk_said(MATE, _answered("| Sous chef | Band 4 | Salaried |"))
    early = "Can I get some of my wages early?"
    assert perk_said(early, _answered("you can ask for an advance on pay you have earned"))
    assert not perk_said(early, _answered("December pay is paid early, before Christmas."))
    assert not perk_said(early, Draft(refusal=RefusalCode.insufficient_evidence))


async def test_everyday_wording_answers_from_the_paying_line(emb: OnnxEmbedder) -> None:
    for question, said in (
        (COUSIN, "| Waiter or waitress, bartender | £300 |"),
        (EARLY, "£400"),
        (SHOES, "A footwear allowance of £60"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(said in q for q in quotes), question


async def test_without_the_reading_these_are_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await quotes_over(emb, DOCS, COUSIN) is not None
    monkeypatch.setattr(extractive, "plain_perks", lambda text: text)
    for question in (COUSIN, SHOES, EARLY):
        assert await quotes_over(emb, DOCS, question) is None, question


async def test_what_no_document_pays_stays_refused(emb: OnnxEmbedder) -> None:
    for docs, question in (
        ({"a": ADVANCE, "u": UNIFORM, "l": LEAVE}, COUSIN),
        ({"r": REFER, "u": UNIFORM, "l": LEAVE}, EARLY),
        ({"r": REFER, "a": ADVANCE, "l": LEAVE}, SHOES),
        (DOCS, "How much will the school pay towards moving house for a new teacher?"),
    ):
        assert await quotes_over(emb, docs, question) is None, question
