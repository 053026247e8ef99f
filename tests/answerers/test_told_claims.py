"""What staff may keep, claim or do on the side, asked in the rule's words (claims56): cash a
guest leaves is a tip and "can I keep it" is "may I keep cash tips"; a gift's "can I keep it"
is "may I accept a gift"; a fine asked to be paid back is "are parking fines paid?"; a drink
claimed is "is alcohol reimbursed?" (told_money.py); a flight's class is "when is premium
economy allowed for a flight?" (told_perks.py); advice for a fee is private consultancy
(told_conduct.py); a memory stick plugged in is USB storage connected (told_kind.py). What
the reading answers must say the thing's kind; what no document rules on stays refused.
Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over
from test_told_money import _answered

from wikiqa.answerers import extractive
from wikiqa.answerers.told_conduct import plain_conduct
from wikiqa.answerers.told_kind import plain_kind
from wikiqa.answerers.told_money import money_told, plain_money, situation_said
from wikiqa.answerers.told_perks import perk_said, plain_perks
from wikiqa.store.embed import OnnxEmbedder

TIPS = (
    "Service Charge, Tronc and Tips",
    "# Service Charge, Tronc and Tips\n\n"
    "The service charge and tips paid by card go into the tronc, shared by points.\n\n"
    "## Cash tips\n\n"
    "- Cash tips handed to you personally are yours to keep. Cash left in a room or on a "
    "table goes into the tronc box at reception.\n"
    "- Never give change from the tronc box.\n",
)
LOST = (
    "Lost Property",
    "# Lost Property\n\n"
    "Anything a guest has left behind goes to reception within 1 hour, logged in the lost "
    "property book. Staff may not keep unclaimed items.\n",
)
EXPENSES = (
    "Expenses",
    "# Expenses\n\n"
    "Claim mileage at 45p a mile for business journeys in your own car.\n\n"
    "Parking and tolls are paid in full with a receipt. Parking fines and speeding fines "
    "are never paid by the company.\n\n"
    "An evening meal may be claimed when you stay away overnight: up to £25. Alcohol is "
    "never reimbursed.\n",
)
LICENCES = (
    "Learning and Development",
    "# Learning and Development\n\n"
    "Licences and tickets you need for your job (such as a CSCS card or HGV licence) are "
    "paid for in full, with no payback.\n",
)
TRAVEL = (
    "Travel Policy",
    "# Travel Policy\n\n"
    "- Rail: standard class. First class only if it is cheaper than standard class.\n"
    "- Air: economy class. Premium economy is allowed for a single flight scheduled to take "
    "more than 6 hours.\n"
    "- Book all travel through the travel desk at least 14 days ahead.\n",
)
OUTSIDE = (
    "Consultancy and Outside Work",
    "# Consultancy and Outside Work\n\n"
    "- **Private consultancy** needs your head of department's written approval before you "
    "agree to it.\n"
    "- Private consultancy is not covered by the University's insurance.\n",
)
IT = (
    "Acceptable Use of IT Systems",
    "# Acceptable Use of IT Systems\n\n"
    "- Lock your screen when you leave your desk.\n"
    "- Do not connect company laptops to unknown USB storage.\n"
    "- Report a lost laptop to the service desk within 1 hour.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave in "
    "the HR system at least 2 weeks ahead.\n",
)
DOCS = {"t": TIPS, "p": LOST, "e": EXPENSES, "c": LICENCES, "r": TRAVEL, "o": OUTSIDE}
DOCS |= {"i": IT, "l": LEAVE}

TENNER = "A guest left a tenner on the table for me. Can I keep it?"
TICKET = "Got a parking ticket while I was on a job. Will work pay it?"
FLIGHT = "Can I fly premium economy to Kuala Lumpur?"
ADVICE = "A firm has asked me to advise them for a fee. Can I do paid advisory work on the side?"
STICK = "Someone handed out USB sticks at a conference. Am I OK to plug one into my work laptop?"


def test_the_thing_is_said_by_its_kind_and_the_ask_in_the_rule_s_words() -> None:
    assert plain_money(TENNER) == (
        "A guest left cash as a tip, a tenner, on the table for me. May I keep cash tips?"
    )
    assert plain_money("A passenger tipped me a fiver. Can I keep it?") == (
        "A passenger tipped me cash as a tip, a fiver. May I keep cash tips?"
    )
    assert plain_money("A donor gave me a £40 voucher to say thanks. Can I keep it?") == (
        "A donor gave me a gift, a £40 voucher to say thanks. May I accept a gift?"
    )
    assert plain_money(TICKET) == "Are parking fines paid?"
    assert plain_money("I got a speeding ticket in the pool car. Do I have to pay it myself?") == (
        "Are speeding fines paid?"
    )
    assert plain_money("Can I claim the pints I had with my tea on the overnight trip?") == (
        "Is alcohol reimbursed?"
    )
    assert plain_perks(FLIGHT) == "When is premium economy allowed for a flight?"
    assert plain_perks("Can I fly business to New York?") == (
        "When is business class allowed for a flight?"
    )
    assert "(private consultancy)" in plain_conduct(ADVICE)
    assert plain_kind(STICK) == (
        "Someone handed out USB storage at a conference. May I connect one to my work laptop?"
    )


def test_what_is_not_the_situation_is_left_as_told() -> None:
    for same in (
        "A customer gave me a gift card. Can I keep it?",  # the gift named as told
        "Can I fly home early on Friday?",  # no class
        "Can I go first to the meeting?",  # not a flight
        "Is it OK to plug my laptop in at home?",  # no kind of thing told
    ):
        assert plain_money(same) == same, same
        assert plain_perks(same) == same, same
        assert plain_kind(same) == same, same
    train = "Can I travel first class to London on the train?"
    assert plain_perks(train) == train  # a train's class, not a flight's
    parking = "I got a parking ticket on a home visit. Which form do I use?"
    assert plain_money(parking) == "I got a parking fine on a home visit. Which form do I use?"


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for question, said in (
        (TENNER, "Cash left in a room or on a table goes into the tronc box"),
        (TICKET, "Parking fines and speeding fines are never paid"),
        ("Can I claim the bottle of wine I had with dinner on the trip?", "Alcohol is never"),
        (FLIGHT, "Premium economy is allowed for a single flight"),
        (ADVICE, "Private consultancy** needs"),
        (STICK, "Do not connect company laptops to unknown USB storage"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None and any(said in q for q in quotes), (question, quotes)


async def test_without_the_reading_the_tenner_is_not_answered_by_the_tronc_line(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_money", lambda text: text)
    quotes = await quotes_over(emb, DOCS, TENNER)
    assert quotes is None or not any("tronc box" in q for q in quotes)


async def test_without_the_reading_the_flight_class_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_perks", lambda text: text)
    assert await quotes_over(emb, DOCS, FLIGHT) is None


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    for docs, question in (
        ({"p": LOST, "l": LEAVE}, TENNER),  # no tips policy: lost property is no answer
        ({"c": LICENCES, "l": LEAVE}, TICKET),  # a licence's "tickets" are no fine
        ({"l": LEAVE, "c": LICENCES}, "Can I claim the pints I had on the overnight trip?"),
        ({"i": IT, "l": LEAVE}, FLIGHT),  # no travel policy
        ({"l": LEAVE, "c": LICENCES}, ADVICE),  # no outside-work rule
        ({"l": LEAVE, "p": LOST}, STICK),  # no IT rule
    ):
        assert await quotes_over(emb, docs, question) is None, question


def test_the_answer_must_say_the_kind_told() -> None:
    # "Gift Aid" is a donor's tax relief, no gift to the asker
    voucher = "A donor gave me a £40 voucher to say thanks. Can I keep it?"
    gift_aid = _answered("Ask every donor whether they would like to Gift Aid their goods.")
    assert situation_said(voucher, gift_aid).refusal is not None
    # a licence's "tickets" are no parking fine
    assert money_told(TICKET) == ["fine"]
    licences = _answered("Licences and tickets you need for your job are paid for in full.")
    assert situation_said(TICKET, licences).refusal is not None
    fines = _answered("Parking fines and speeding fines are never paid.")
    assert situation_said(TICKET, fines) == fines
    # a tip is said by the tips policy's words, or as cash
    assert money_told(TENNER) == ["tip"]
    lost = _answered("Staff may not keep unclaimed items.")
    assert situation_said(TENNER, lost).refusal is not None
    # a flight's class must be said as told
    rail = _answered("- Rail: standard class.")
    assert not perk_said(FLIGHT, rail)
    air = _answered("Premium economy is allowed for a single flight over 6 hours.")
    assert perk_said(FLIGHT, air)
