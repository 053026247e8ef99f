"""Time off and hours told in the asker's words, said in the documents' words in their place
(told_shift.py, told_calendar.py): working from a named foreign country as working from
abroad, being taken on for the summer as a seasonal worker, "how many times a year can I ask
for" as how many requests a year, asking for a week off "how far ahead" as booking it, the
extra for signing on before 5 as the early start allowance, the canteen as the staff
restaurant. Asked only when the question as told is refused; kept only when a cited line says
the situation. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over
from test_told_money import _answered

from wikiqa.answerers import extractive
from wikiqa.answerers.told_calendar import calendar_ask, opening_said
from wikiqa.answerers.told_shift import in_place_said, plain_shift, shift_in_place, shift_told
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

FLEXIBLE = (
    "Flexible Working",
    "# Flexible Working\n\n"
    "- Ask for flexible working on the Flexible Working form to your head of department.\n"
    "- You can make two requests in any 12-month period.\n"
    "- If we turn the request down, we must give a business reason.\n",
)
HYBRID = (
    "Hybrid Working",
    "# Hybrid Working\n\nOffice staff may work from home up to 2 days a week.\n\n"
    "Working from abroad is not allowed: you must work from the UK at all times, even for a "
    "single day.\n",
)
ALLOWANCES = (
    "Shift Allowances",
    "# Shift Allowances\n\n"
    "| Allowance | When it is paid | Amount |\n|---|---|---|\n"
    "| Early start | signing on before 05:00 | £6.50 per duty |\n"
    "| Late finish | signing off after 00:30 | £7.25 per duty |\n\n"
    "Only one of the early start and late finish allowances is paid for the same duty.\n",
)
UNIFORM = ("Uniform", "# Uniform\n\nSite staff are given two pairs of safety boots a year.\n")
EXPENSES = (
    "Expenses",
    "# Expenses\n\nClaim mileage at 45p a mile through the expenses app within 3 months.\n",
)
EARLY = "What's the extra for signing on before 5 in the morning?"
ABROAD = "Could I work from my sister's place in Spain for a couple of days?"
TIMES = "How many times a year can I ask for flexible working?"
WORK = {"f": FLEXIBLE, "h": HYBRID, "u": UNIFORM, "e": EXPENSES}
PAY = {"a": ALLOWANCES, "u": UNIFORM, "e": EXPENSES}


def test_the_telling_is_replaced_by_the_documents_words() -> None:
    assert shift_in_place(ABROAD) == "Could I work from abroad for a couple of days?"
    assert shift_in_place(TIMES) == "How many flexible working requests can I make a year?"
    assert shift_in_place("What's the extra for signing on before 5 in the morning?") == (
        "What's the early start allowance?"
    )
    assert shift_in_place("Is there any extra for starting before 6am?") == (
        "Is there any early start allowance?"
    )
    assert shift_in_place("I'm on the early bake at 4am, is there extra?") == (
        "I'm on the early bake at 4am, is there an early start allowance?"
    )
    assert shift_in_place(
        "I'm on a permanent contract. How far ahead do I have to ask for a week's holiday?"
    ) == (
        "I'm on a permanent contract. How far ahead do I have to book a week's holiday "
        "(annual leave requests: notice in advance)?"
    )
    # the kind replaces the telling, and no bracket is added beside it
    assert shift_in_place(
        "I've only been taken on for the summer. How far ahead do I have to book a day's holiday?"
    ) == ("I'm a seasonal worker. How far ahead do I have to book a day's holiday?")
    assert plain_shift(ABROAD) == ABROAD and shift_told(ABROAD) == []  # asked first, as told
    assert calendar_ask("What time does the staff canteen close?") == (
        "What time does the staff restaurant close?"
    )


def test_other_questions_are_left_as_told() -> None:
    for same in (
        "Can I work from home on Fridays?",  # no country
        "Can I take my work phone to Spain?",  # a country, no working from it
        "How many times a year is the fire alarm tested?",  # no asking for anything
        "What's the extra for working a bank holiday?",  # no start before an hour
        "How far ahead are rotas published?",  # no leave asked for
        "I finish at 2am, is there extra?",  # a late finish, not an early start
        "I start at 4pm, is there extra?",  # no small hour
        "What is the extra for starting at 9?",  # no small hour
    ):
        assert shift_in_place(same) == same, same
    assert calendar_ask("Where is the canteen?") == "Where is the canteen?"  # no hours asked


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    for docs, question, said in (
        (WORK, ABROAD, "from abroad is not allowed"),
        (WORK, TIMES, "two requests"),
        (PAY, EARLY, "early start"),
    ):
        quotes = await quotes_over(emb, docs, question)
        assert quotes is not None and any(said in q for q in quotes), (question, quotes)


async def test_without_the_reading_none_is_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "shift_in_place", lambda text: text)
    for docs, question in ((WORK, ABROAD), (WORK, TIMES), (PAY, EARLY)):
        assert await quotes_over(emb, docs, question) is None, question


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    for question in (
        ABROAD,
        TIMES,
        "What's the extra for signing on before 5 in the morning?",
        "I've only been taken on for the summer. How far ahead do I book a day's holiday?",
    ):
        assert await quotes_over(emb, {"u": UNIFORM, "e": EXPENSES}, question) is None, question


def test_the_answer_must_say_the_situation() -> None:
    home = _answered("Office staff may work from home up to 2 days a week.")
    assert in_place_said(ABROAD, home).refusal is not None
    abroad = _answered("Working from outside the UK must be approved in advance.")
    assert in_place_said(ABROAD, abroad) == abroad
    first_day = _answered("You may make a flexible working request from your first day.")
    assert in_place_said(TIMES, first_day).refusal is not None  # no count in a period
    two = _answered("You can make two requests in any 12-month period.")
    assert in_place_said(TIMES, two) == two
    three = "You could make three requests in any 12-month period."
    draft = Draft(
        claims=[
            DraftClaim(
                text=three,
                quotes=[DraftQuote(doc_id="people/flexible-working-2027-draft.md", quote=three)],
            )
        ]
    )
    assert in_place_said(TIMES, draft).refusal is not None  # a draft rules on nothing today
    early = "What's the extra for signing on before 5 in the morning?"
    rota = _answered("| Depot | Early shift | Late shift |", "| Leeds | 06:00 | 14:00 |")
    assert in_place_said(early, rota).refusal is not None  # an early shift's times, no pay
    paid = _answered("Only one of the early start and late finish allowances is paid.")
    assert in_place_said(early, paid) == paid
    summer = "I've only been taken on for the summer. How far ahead do I book a day's holiday?"
    anyone = _answered("Give notice of at least twice the length of the leave you want.")
    assert in_place_said(summer, anyone).refusal is not None  # nothing of a seasonal worker
    seasonal = Draft(
        claims=[
            DraftClaim(
                text="Book it at least 1 week ahead.",
                quotes=[
                    DraftQuote(doc_id="seasonal/seasonal-workers.md", quote="Book it 1 week ahead.")
                ],
            )
        ]
    )
    assert in_place_said(summer, seasonal) == seasonal
    canteen = "What time does the staff canteen close?"
    guests = _answered("The Bistro restaurant is open to guests 12:00 to 22:00.")
    assert opening_said(canteen, guests).refusal is not None  # not the staff's
    staff = _answered("The staff restaurant is open 07:00 to 19:30 every day.")
    assert opening_said(canteen, staff) == staff
