"""A yes/no question telling a case in a sentence of its own is answered by the first line
whose subject says the case and whose ruling predicate says what is asked ("The crisps are a
day past their best before. Can we knock them down and sell them cheap?" -> "Ambient products
past their best-before date are removed from sale; they are not sold cheaply."), ruled_case.py,
rule73. The same case asked something the line does not rule on, and the asked thing for
another case, stay refused. Small documents written here."""

from __future__ import annotations

import pytest

from wikiqa.answerers import extractive
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.ruled_case import case_ruled, told_case
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Principal, Question

from memsource import TermSource  # isort: skip

FOOD = (
    "Food Safety and Date Codes",
    "# Food Safety and Date Codes\n\n"
    "Date checks are done every morning before 08:00 on chilled and bakery lines.\n\n"
    "Ambient products past their best-before date are removed from sale; they are not sold "
    "cheaply.\n\n"
    "Never change or cover a date label.\n\n"
    "Record each check on the handheld.\n",
)
PAY = (
    "Pay Rates",
    "# Pay Rates\n\n"
    "| Band | Hourly rate |\n|---|---|\n"
    "| Band B | £13.05 |\n"
    "| Band C | £13.95 |\n\n"
    "A cellar technician who holds the Cask Marque cellar qualification is paid £0.35 an hour "
    "above the Band C rate.\n\n"
    "Apprentices are paid the rates in the Apprentice Handbook.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nYou get 25 days of annual leave a year. Book holiday through your "
    "manager at least two weeks ahead.\n",
)
DOCS = {"food": FOOD, "pay": PAY, "leave": LEAVE}
CRISPS = "The crisps are a day past their best before. Can we knock them down and sell them cheap?"
CELLAR = (
    "One of my cellar technicians has just got her Cask Marque cellar qualification. "
    "Does that change her pay?"
)
WHO = Principal(user_id="u-1", roles=["staff"], departments=["pubs"])


async def _quotes(emb: OnnxEmbedder, question: str) -> list[str] | None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    draft = await answerer.answer(Question(text=question, principal=WHO), TermSource(DOCS))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


def test_a_case_told_on_its_own_before_a_yes_no_ask() -> None:
    assert told_case(CRISPS) == (
        "The crisps are a day past their best before.",
        "Can we knock them down and sell them cheap?",
    )
    assert told_case("Can we sell crisps cheap?") is None  # no case told
    assert told_case("The crisps are out of date. How cheap can we sell them?") is None
    assert told_case("If I quit after 18 months, do I have to pay it back?") is None
    # a title cut short is no sentence told (HotpotQA: "Based on a True Story... is an album")
    assert told_case("Based on a True Story... is an album by which star?") is None


def test_the_subject_says_the_case_and_the_predicate_the_ask() -> None:
    case, ask = told_case(CRISPS) or ("", "")
    line = FOOD[1].split("\n\n")[2]
    assert case_ruled(line, case, ask)
    # the case said, but the predicate rules on nothing asked
    assert not case_ruled(line, case, "Can I take them home for free?")
    # the ask said, but the subject says another case
    assert not case_ruled("Chilled products are not sold cheaply.", case, ask)
    # "paid" is the asked "pay"; the sum is the rule
    pay_case, pay_ask = told_case(CELLAR) or ("", "")
    assert case_ruled(PAY[1].split("\n\n")[2], pay_case, pay_ask)


@pytest.mark.asyncio
async def test_the_rule_line_answers_through_the_answerer(emb: OnnxEmbedder) -> None:
    quotes = await _quotes(emb, CRISPS)
    assert quotes is not None and any("not sold cheaply" in q for q in quotes)
    quotes = await _quotes(emb, CELLAR)
    assert quotes is not None and any("£0.35" in q for q in quotes)


@pytest.mark.asyncio
async def test_what_the_line_does_not_rule_on_stays_refused(emb: OnnxEmbedder) -> None:
    asked = (
        "The crisps are a day past their best before. Can I take them home for free?",
        "One of my bar staff has just got a first aid certificate. Does that change her pay?",
        "One of my cellar technicians has just got her Cask Marque cellar qualification. "
        "Does she get an extra day of holiday?",
    )
    for question in asked:
        assert await _quotes(emb, question) is None, question


@pytest.mark.asyncio
async def test_without_the_reading_they_are_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "RULED_CASE", False)
    assert await _quotes(emb, CRISPS) is None
