"""Situations every trade has, told in a shop-floor worker's words, read by their kind
(grocer57): an illness told by how one woke up or feels, then ringing in, is reporting
sickness (told_sick.py); money trouble told with help asked of work is the hardship money
(told_perks.py); the staff card asked of what it buys is the staff discount (told_perks.py);
a trip told by its length, then "how far ahead do I put the request in", is a request for
that much holiday (told_shift.py); "mat leave" is maternity leave (told_birth.py); "Who's"
is "Who is" and a closing "or not" is dropped (asked_plainly.py). Each is asked only after
the question as told was refused, and kept only when a cited line says the situation. Small
documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over
from test_told_money import _answered

from wikiqa.answerers import extractive
from wikiqa.answerers.asked_plainly import asked_plainly, plainly_said
from wikiqa.answerers.told_birth import birth_due, birth_said
from wikiqa.answerers.told_perks import perk_said, perks_told, plain_perks
from wikiqa.answerers.told_shift import in_place_said, shift_in_place
from wikiqa.answerers.told_sick import plain_sick, sick_said, sick_told
from wikiqa.store.embed import OnnxEmbedder

SICKNESS = (
    "Sickness Absence",
    "# Sickness Absence\n\n## Telling us you are ill\n\n"
    "1. Phone the depot's duty line yourself, at least 2 hours before your shift starts. "
    "A text message is not enough.\n"
    "2. Night shift colleagues phone before 18:00 on the day of the shift.\n\n"
    "## Sick pay\n\nCompany sick pay starts after 6 months' service.\n",
)
WELLBEING = (
    "Wellbeing and Support",
    "# Wellbeing and Support\n\nOur counselling line is free and confidential.\n\n"
    "If you are facing sudden money trouble, for example a broken car or an unexpected "
    "funeral, you can apply to the Staff Support Fund for a grant of up to £400. It does not "
    "have to be paid back.\n",
)
UNIFORM = ("Uniform", "# Uniform\n\nFront-of-house staff are given three shirts a year.\n")
PARKING = ("Parking", "# Parking\n\nStaff park in the rear car park, never in bays for guests.\n")
WORK = {"s": SICKNESS, "w": WELLBEING, "u": UNIFORM, "p": PARKING}
EMPTY = {"u": UNIFORM, "p": PARKING}
FEVER = "Woke up with a temperature and feel awful. How early do I need to ring in before my shift?"
SKINT = "I'm skint till payday. Is there any help from work?"


def test_the_telling_is_read_by_its_kind() -> None:
    assert sick_told(FEVER) == ["report"]
    assert plain_sick(FEVER) == (
        "Woke up with a temperature and feel awful. How early do I need to ring in (report "
        "sickness absence) before my shift?"
    )
    assert plain_perks(SKINT).endswith("Is there any help from work (a hardship fund grant)?")
    assert plain_perks("does my staff card work on cigs and lottery tickets?") == (
        "does my staff discount card work on cigs and lottery tickets?"
    )
    assert perks_told("Can I use my colleague card on fuel?") == ["discount"]
    assert shift_in_place(
        "I want to go to Spain for 10 days in June. How far ahead do I have to put the request in?"
    ).startswith(
        "I want to go to Spain for 10 days in June. How far ahead do I have to put the request "
        "in for 10 days of holiday"
    )
    assert birth_due("How much of my mat leave is on full pay?") == (
        "How much of my maternity leave is on full pay?"
    )
    assert asked_plainly("Who's the area manager for Scotland?") == (
        "Who is the area manager for Scotland?"
    )
    assert asked_plainly("are the big stores open on easter sunday or not") == (
        "are the big stores open on easter sunday?"
    )


def test_other_questions_are_left_as_told() -> None:
    for same in (
        "The customer feels awful, who do I call?",  # not the asker's illness
        "How early do I ring in for an early shift?",  # no illness told
    ):
        assert plain_sick(same) == same, same
    for same in (
        "Is there any help with the rota?",  # no money trouble
        "I'm skint, when is payday?",  # no help asked
        "Does my staff card open the back door?",  # a card asked of no purchase
    ):
        assert plain_perks(same) == same, same
    for same in (
        # the van's days off are no trip of the asker's
        "The van is off for 3 days for repairs. How far ahead do I have to put the request in?",
        "I want to go to Spain for 10 days. How far ahead do I have to book the flights?",
    ):
        assert shift_in_place(same) == same, same
    assert birth_due("Where is the mat?") == "Where is the mat?"
    assert asked_plainly("Is the notice period a month?") == "Is the notice period a month?"


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for question, said in ((FEVER, "phone"), (SKINT, "grant of up to")):
        quotes = await quotes_over(emb, WORK, question)
        assert quotes is not None and any(said in q for q in quotes), (question, quotes)


async def test_without_the_reading_none_is_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_sick", lambda text: text)
    monkeypatch.setattr(extractive, "plain_perks", lambda text: text)
    for question in (FEVER, SKINT):
        assert await quotes_over(emb, WORK, question) is None, question


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    for question in (FEVER, SKINT, "does my staff card work on cigs and lottery tickets?"):
        assert await quotes_over(emb, EMPTY, question) is None, question


def test_the_answer_must_say_the_situation() -> None:
    parking = _answered("Staff park in the rear car park.")
    assert sick_said(FEVER, parking).refusal is not None  # no telling of the illness
    phone = _answered("Phone the duty line at least 2 hours before your shift starts.")
    assert sick_said(FEVER, phone) == phone
    pointer = _answered("Sick pay may be stopped if you do not report the absence as described.")
    assert sick_said(FEVER, pointer).refusal is not None  # says no way to ring in
    payslips = _answered("Payslips are in the app 3 working days before payday.")
    assert not perk_said(SKINT, payslips)  # nothing of hardship money
    assert perk_said(SKINT, _answered("Apply to the Staff Support Fund for a grant."))
    card = "does my staff card work on cigs and lottery tickets?"
    assert not perk_said(card, _answered("Wear your name badge on the shop floor."))
    assert perk_said(card, _answered("Your colleague discount is 10% on most shopping."))
    trip = "Going to Poland for two weeks. How far ahead do I have to put the request in?"
    service = _answered("Outside Poland, annual leave increases with continuous service.")
    assert in_place_said(trip, service).refusal is not None  # no notice or booking said
    mat = "How much of my pat leave is paid?"
    assert birth_said(mat, _answered("Paternity leave is 2 weeks at full pay.")).refusal is None
    bank = _answered("New Year's Day: Superstores open 10:00 to 17:00.")
    assert not plainly_said("are the pharmacies open on new year's day or not", bank)
    easter = _answered("Superstores are closed on Easter Sunday; Local stores open that day.")
    assert plainly_said("are the big stores open on easter sunday or not", easter)
    row = _answered("| Name | Job |", "| Alasdair Grant | Area manager, Scotland |")
    assert plainly_said("Who's the area manager for Scotland?", row)
    assert not plainly_said("Who's the area manager for Wales?", row)
