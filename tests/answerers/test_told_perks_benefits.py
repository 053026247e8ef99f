"""More money the employer gives, told in everyday words ("a sports subsidy", "cheaper gym",
"money for a course", "emergency cash", "match what I raise", what the employer adds to a
pension) asked again, when refused, by the documents' name for it (told_perks.py); what that
answers must say the perk, a pension row must be keyed by the share the asker pays, and what
no document pays stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_perks import perk_said, perks_told, plain_perks
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

WELLBEING = (
    "Staff Wellbeing Services",
    "# Staff Wellbeing Services\n\n"
    "- Free flu jabs are offered to all staff every October.\n"
    "- Staff receive a 30% discount at the Eastgate Leisure Centre on presentation of an ID "
    "pass.\n"
    "- Staff can talk in confidence to the chaplaincy team at any time.\n",
)
HARDSHIP = (
    "Staff Welfare Fund",
    "# Staff Welfare Fund\n\n"
    "The Staff Welfare Fund gives grants of up to £250 to employees facing sudden financial "
    "hardship. The grant does not have to be paid back.\n",
)
STUDY = (
    "Study Leave for Teachers",
    "# Study Leave for Teachers\n\n"
    "This guidance applies to teachers on the main and upper pay ranges.\n\n"
    "- The study leave budget is £700 per teacher per school year, reimbursed against "
    "receipts.\n"
    "- Up to 5 days of study leave a year may be taken for an approved course.\n",
)
CHARITY = (
    "Fundraising",
    "# Fundraising\n\n"
    "Staff who raise money for a charity in their own time can ask for match funding. The "
    "Group adds £1 for every £1 you raise, up to £200 per person each year.\n",
)
PARKING = (
    "Staff Parking",
    "# Staff Parking\n\nStaff park free in car park C. Passes are issued by the security office.\n",
)
DOCS = {"w": WELLBEING, "h": HARDSHIP, "s": STUDY, "c": CHARITY, "p": PARKING}

GYM = "Do staff get cheaper gym membership anywhere?"
CASH = "My boiler broke and I can't pay for it. Do staff get any emergency cash?"
MATCH = "Does the group match what I raise for the 10k?"


def test_the_perk_told_is_followed_by_the_documents_name() -> None:
    assert plain_perks("Do we get some kind of sports subsidy?") == (
        "Do we get some kind of sports subsidy "
        "(a staff discount at a gym or leisure centre, or a sports allowance)?"
    )
    assert plain_perks("Is there money for a course I want to go on?").startswith(
        "Is there money for a course (a study leave budget or course fees)"
    )
    assert plain_perks("Will the school pay the course fees for my PGCE?") == (
        "Will the school pay the course fees (a study leave budget or course fees) for my PGCE?"
    )
    assert plain_perks(CASH).endswith("emergency cash (a hardship fund grant)?")
    assert plain_perks(MATCH) == "Does the group match what I raise (match funding) for the 10k?"
    assert plain_perks("If I put 5% into my pension how much does the restaurant add?") == (
        "If I put 5% into my pension how much does the restaurant add "
        "(the employer's pension contribution when you pay 5%)?"
    )


def test_what_is_not_the_perk_is_left_as_told() -> None:
    for question in (
        "Do my children get a discount on tuition fees if they study here?",
        "Who runs the gym induction?",
        "I want to go on a course next week. Who signs off my leave?",  # no money asked
        "How much does the trust add to the match funding pot?",  # no pension told
        "Is there free parking at the airport?",
        "Can we have a staff meal before the shift?",
    ):
        assert plain_perks(question) == question, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_perk_and_the_share_paid() -> None:
    assert perks_told(GYM) == ["sport"]
    assert perk_said(GYM, _answered("a 30% discount at the Eastgate Leisure Centre"))
    assert not perk_said(GYM, _answered("Staff park free in car park C."))
    pension = "if I put 5% into my pension how much does the trust add"
    header = "| You pay (of basic pay) | Tidewell pays |"
    assert perk_said(pension, _answered(header, "| 5% | 7% |"))
    assert not perk_said(pension, _answered(header, "| 3% | 5% |"))  # 5% is what we pay


async def test_everyday_wording_answers_from_the_paying_line(emb: OnnxEmbedder) -> None:
    for question, said in (
        (GYM, "30% discount"),
        (CASH, "grants of up to £250"),
        (MATCH, "match funding"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(said in q for q in quotes), question


async def test_without_the_reading_these_are_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_perks", lambda text: text)
    for question in (GYM, CASH, MATCH):
        assert await quotes_over(emb, DOCS, question) is None, question


async def test_what_no_document_pays_stays_refused(emb: OnnxEmbedder) -> None:
    for docs, question in (
        ({"h": HARDSHIP, "s": STUDY, "c": CHARITY, "p": PARKING}, GYM),
        ({"w": WELLBEING, "s": STUDY, "c": CHARITY, "p": PARKING}, CASH),
        ({"w": WELLBEING, "h": HARDSHIP, "s": STUDY, "p": PARKING}, MATCH),
        ({"w": WELLBEING, "h": HARDSHIP, "c": CHARITY}, "Will the airport pay my course fees?"),
        (DOCS, "Do cabin crew get a sports allowance for the pool?"),
    ):
        assert await quotes_over(emb, docs, question) is None, question


EXPENSES = (
    "Staff Expenses",
    "# Staff Expenses\n\n"
    "| Vehicle | Rate per mile |\n|---|---|\n| Car | 45 pence |\n| Bicycle | 20 pence |\n\n"
    "| Time away from your usual workplace | Meal allowance |\n|---|---|\n"
    "| More than 5 hours | £7.00 |\n| More than 10 hours | £16.00 |\n\n"
    "Submit claims within 45 days of spending the money. Approved claims are paid back in "
    "the next pay period.\n",
)


def test_expenses_told_plainly_are_named() -> None:
    assert plain_perks("How long have I got to put my expenses in?") == (
        "How long have I got to put my expenses in (submit expense claims)?"
    )
    assert plain_perks("I'm on a course for 11 hours. How much can I claim for food?") == (
        "I'm on a course for 11 hours. How much can I claim for food (a meal allowance)?"
    )
    assert plain_perks("What's the per-mile payback for cycling to the other terminal?") == (
        "What's the per-mile payback for cycling (a bicycle mileage rate) to the other terminal?"
    )
    for question in (
        "What's the cut off for getting my expenses into October's pay?",  # not "in"
        "How much a mile for my motorbike?",  # a motorbike is no bicycle
        "Where do I lock my bike?",  # no rate asked
        "Is the staff meal free before service?",  # no claim asked
        "Can I claim for lunch on a normal shift?",  # no time away told
    ):
        assert plain_perks(question) == question, question


def test_a_past_edition_is_no_answer_to_the_reading() -> None:
    question = "What's the per-mile payback for cycling to the depot?"
    row = DraftQuote(doc_id="pay/expenses.md", quote="| Bicycle | 20 pence |")
    old = DraftQuote(doc_id="archive/expenses-2024.md", quote="| Bicycle | 15 pence |")
    assert perk_said(question, Draft(claims=[DraftClaim(text="20p", quotes=[row])]))
    assert not perk_said(question, Draft(claims=[DraftClaim(text="15p", quotes=[old])]))


async def test_expenses_told_plainly_answer_from_the_claims_policy(emb: OnnxEmbedder) -> None:
    docs = {"e": EXPENSES, "p": PARKING, "w": WELLBEING}
    for question, said in (
        ("How long have I got to put my expenses in?", "within 45 days"),
        ("I'm on a course for 11 hours. How much can I claim for food?", "£16.00"),
    ):
        quotes = await quotes_over(emb, docs, question)
        assert quotes is not None and any(said in q for q in quotes), question
    assert (
        await quotes_over(
            emb, {"p": PARKING, "w": WELLBEING}, "How long have I got to put my expenses in?"
        )
        is None
    )


async def test_without_the_reading_expenses_told_plainly_are_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_perks", lambda text: text)
    docs = {"e": EXPENSES, "p": PARKING, "w": WELLBEING}
    question = "I'm on a course for 11 hours. How much can I claim for food?"
    assert await quotes_over(emb, docs, question) is None
