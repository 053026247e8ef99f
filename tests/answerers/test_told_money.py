"""Pay gone wrong, a gift, a fine or a drink told in everyday words ("I was paid £40 short",
"a customer gave me a bottle of wine", "a parking ticket") is read as the documents write it
("underpayment", "gift", "fine", "alcohol": told_money.py), so the line ruling on it answers;
and what no document rules on stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_money import money_told, plain_money, situation_said
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

CONDUCT = (
    "Code of Conduct",
    "# Code of Conduct\n\n"
    "## Gifts and hospitality\n\n"
    "You may accept small gifts worth up to £30, such as a box of biscuits from a customer. "
    "Record any gift over £30 in the Gifts Register, and never accept cash.\n\n"
    "## Social media\n\n"
    "Do not post photographs of customers' homes or meters.\n",
)
EXPENSES = (
    "Expenses",
    "# Expenses\n\n"
    "Claim mileage at 45p a mile for business journeys in your own car, with the start and "
    "end postcodes.\n\n"
    "Parking and tolls are paid in full with a receipt. Parking fines and speeding fines are "
    "never paid by the company.\n\n"
    "Meals on an overnight stay are paid up to £25 a day. Alcohol is never reimbursed.\n",
)
PAY = (
    "Overpayments and Underpayments",
    "# Overpayments and Underpayments\n\n"
    "## If we overpay you\n\n"
    "Repayments are spread over the same number of months as the overpayment built up.\n\n"
    "## If we underpay you\n\n"
    "Tell payroll. An underpayment of £100 or more is paid within 5 working days by a "
    "separate payment; anything smaller is put right in your next salary.\n",
)
CASH = (
    "Cash and Ticket Machines",
    "# Cash and Ticket Machines\n\n"
    "At the end of each duty, pay in your takings in a sealed bag through the drop safe.\n\n"
    "## Shortages\n\n"
    "A shortage of more than £10 on one duty is investigated by the Revenue team.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave in "
    "the HR system at least 2 weeks ahead.\n",
)
DOCS = {"c": CONDUCT, "e": EXPENSES, "p": PAY, "k": CASH, "l": LEAVE}


def test_the_situation_told_is_said_as_the_documents_say_it() -> None:
    assert plain_money("I was paid £40 short last month. When will I get it?") == (
        "I was paid £40 short (an underpayment or shortfall) last month. When will I get it?"
    )
    assert plain_money("I've been underpaid.") == (
        "I've been underpaid (an underpayment or shortfall)."
    )
    assert plain_money("My wages were £150 short.") == (
        "My wages were £150 short (an underpayment or shortfall)."
    )
    assert plain_money("My takings were £12 short yesterday.") == (
        "My takings had a £12 shortage yesterday."
    )
    assert plain_money("A customer gave me a bottle of wine. Can I keep it?") == (
        "A customer gave me a gift, a bottle of wine. May I accept a gift?"
    )
    assert plain_money("How much can a present from a supplier be worth?") == (
        "How much can a gift from a supplier be worth?"
    )
    assert plain_money("A tenant gave me a £30 present.") == "A tenant gave me a £30 gift."
    assert plain_money("A contractor dropped off a £20 voucher as a thank-you.") == (
        "A contractor dropped off a gift, a £20 voucher as a thank-you."
    )
    assert plain_money("Can I claim a parking ticket?") == "Can I claim a parking fine?"
    assert plain_money("Can I claim the bottle of wine I had with dinner?") == (
        "Is alcohol reimbursed?"
    )


def test_what_is_not_the_situation_is_left_as_told() -> None:
    for same in (
        "My manager has been paid £40 short. When will he get it?",  # not the asker's pay
        "I was short of staff on Sunday. Who covers?",  # short of, not paid short
        "I was short with a customer. What happens now?",  # not pay
        "We are at present short of cover. How do I present a paper?",  # "present", not a gift
        "My manager gave me a warning. Can I appeal?",  # not given by an outsider
        "A customer gave me a gift card. Can I keep it?",  # the gift already named
        "How much is a day ticket for all zones?",  # a fare, not a fine
        "What is the alcohol limit? I had a bottle of wine last night.",  # nothing claimed
    ):
        assert plain_money(same) == same, same


TAKINGS = "My takings were £12 short at the end of my duty. What happens?"


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for question, said in (
        (TAKINGS, "A shortage of more than £10"),
        ("I was paid £40 short last month. When will I get it?", "An underpayment of £100"),
        ("How much can a present from a customer be worth?", "small gifts worth up to £30"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(said in q for q in quotes), question


async def test_without_the_reading_the_takings_short_are_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_money", lambda text: text)
    quotes = await quotes_over(emb, DOCS, TAKINGS)
    assert quotes is None or not any("A shortage of more" in q for q in quotes)


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    without = {"e": EXPENSES, "k": CASH, "l": LEAVE}  # no gifts policy, no pay-errors policy
    for docs, question in (
        (without, "A customer gave me a bottle of wine, about £40 worth. Can I keep it?"),
        (without, "I was paid £40 short last month. When will I get it?"),
        ({"c": CONDUCT, "l": LEAVE}, "I got a speeding ticket driving to a job. Can I claim it?"),
        ({"e": EXPENSES, "l": LEAVE}, "My float came up £5 short. What happens now?"),
    ):
        assert await quotes_over(emb, docs, question) is None, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_situation_told() -> None:
    ticket = "I got a parking ticket on a home visit. Can I claim it back?"
    assert money_told(ticket) == ["fine"]
    refused = situation_said(
        ticket, _answered("- Parking and tolls are reimbursed against receipts.")
    )
    assert refused.refusal is not None
    fines = _answered("Not reimbursable", "- traffic and parking fines")
    assert situation_said(ticket, fines) == fines
    short = "I was underpaid last month. How soon will I get the money?"
    wrong = _answered(
        "When the 27th falls on a weekend, pay arrives on the last working day before."
    )
    assert situation_said(short, wrong).refusal is not None
    right = _answered("An underpayment of £100 or more is paid within 5 working days.")
    assert situation_said(short, right) == right
    # a gift is said as the documents say it or as told ("vouchers" for "a £40 voucher")
    voucher = "A donor gave me a £40 voucher to say thanks. Can I keep it?"
    vouchers = _answered("Never accept cash or vouchers.")
    assert situation_said(voucher, vouchers) == vouchers
    wine = "A customer gave me a bottle of wine. Can I keep it?"
    assert situation_said(wine, vouchers).refusal is not None
    # a question telling no such situation is left to the answerer
    assert situation_said("How long can I have off?", wrong) == wrong


PARKING = (
    "Travel Expenses",
    "# Travel Expenses\n\n"
    "Claim mileage at 45p a mile for home visits in your own car.\n\n"
    "- Parking and tolls are reimbursed against receipts.\n"
    "- Claim within 3 months of the journey.\n",
)


async def test_a_reading_that_says_no_fine_leaves_the_question_as_asked(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No fines line: what the reading answers says no fine, so the question as asked is
    decided, as without the reading (which here answers with the parking line too)."""
    docs = {"t": PARKING, "l": LEAVE}
    question = "I got a parking ticket on a home visit. Can I claim it back?"
    read = await quotes_over(emb, docs, question)
    monkeypatch.setattr(extractive, "plain_money", lambda text: text)
    assert read == await quotes_over(emb, docs, question)
