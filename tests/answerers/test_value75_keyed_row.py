"""The one row of a table a word of the question keys answers the value asked (keyed_row.py):
"How much can I spend on a hotel?" is answered by the expenses table's "| Hotel outside
London | £95 a night |" row, "three separate times" by the trigger table's "3 separate
absences" row, "Code Amber ... what does that mean and what should I do?" by the code's row.
The same row in another place's supplement, a superseded edition or a guide for another kind
of worker never answers; nor does a row keyed by the asker's own person ("my mentor"), a
band told at a place whose supplement the table is not, or a question whose document is
withheld. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import keyed_row
from wikiqa.answerers.keyed_row import asking_sentence, own_words, placed_elsewhere
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Document


@pytest.fixture(autouse=True)
def _keyed_row_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading ships switched off (a held-out unanswerable it answered, round 75); its
    tests read it switched on, as it would be once bounded."""
    monkeypatch.setattr(keyed_row, "KEYED_ROW", True)


EXPENSES = (
    "Expenses",
    "# Expenses\n\n"
    "Claim what you spend on company business through the expenses app within a month.\n\n"
    "| Expense | Limit |\n|---|---|\n"
    "| Lunch when working away from your usual workplace for more than 5 hours | £8 |\n"
    "| Evening meal when away overnight | £22 |\n"
    "| Hotel outside London | £95 a night |\n"
    "| Parking at another site or a supplier | actual cost |\n",
)
GUERNSEY = (
    "Working in Guernsey",
    "# Working in Guernsey\n\n"
    "This supplement applies to colleagues at our Guernsey shops, in St Peter Port and "
    "elsewhere on the island.\n\n"
    "## Expenses\n\n"
    "| Expense | Limit in Guernsey |\n|---|---|\n"
    "| Evening meal | £25 |\n| Hotel | £120 a night |\n\n"
    "## Pay rates\n\n"
    "| Pay band | Hourly rate in Guernsey |\n|---|---|\n"
    "| Band 1 | £13.10 |\n| Band 2 | £13.65 |\n| Band 3 | £14.40 |\n",
)
ARCHIVED = (
    "Expenses (2024 edition, superseded)",
    "# Expenses (2024 edition, superseded)\n\n"
    "Superseded on 1 April 2025 by the current Expenses policy.\n\n"
    "| Expense | Limit |\n|---|---|\n"
    "| Evening meal when away overnight | £18 |\n| Hotel outside London | £80 a night |\n",
)
CONTRACTORS = (
    "Contractors' Guide",
    "# Contractors' Guide\n\n"
    "Contractors working on our sites claim through their own agency.\n\n"
    "| Expense | Limit |\n|---|---|\n"
    "| Evening meal | £15 |\n| Hotel | £70 a night |\n",
)
TRIGGERS = (
    "Absence Triggers",
    "# Absence Triggers\n\n"
    "A formal absence review is held when a colleague reaches any of these triggers in a "
    "rolling 12 months:\n\n"
    "| Trigger | Action |\n|---|---|\n"
    "| 3 separate absences | first absence review meeting |\n"
    "| 7 working days' absence | first absence review meeting |\n"
    "| 14 calendar days in one spell | occupational health referral |\n\n"
    "Absences for pregnancy and injuries caused by an animal at work are not counted "
    "towards a trigger. HR must be told before any second review.\n",
)
ESCAPES = (
    "Animal Escapes",
    "# Animal Escapes\n\n"
    "An escape is called on the site radio with a colour code and the animal's location.\n\n"
    "| Code | Meaning | What you do |\n|---|---|---|\n"
    "| Code Red | a Category 1 animal is out of its enclosure | get visitors into the nearest "
    "building and lock the doors |\n"
    "| Code Amber | a Category 2 animal is out | keep visitors at least 50 metres away and "
    "wait for keepers |\n"
    "| Code Green | a Category 3 animal is out | keep visitors back |\n",
)
DIRECTORY = (
    "Staff Directory",
    "# Staff Directory\n\nCall a colleague on the mobile number listed here.\n\n"
    "| Name | Job | Base | Mobile |\n|---|---|---|---|\n"
    "| Sam Whitlock | Apprentice mentor | Brigg Lane Yard | 07700 900 160 |\n"
    "| Ruth Okoye | Site manager | Millbrook | 07700 900 171 |\n",
)
HOTEL = "I'm staying over for a supplier visit. How much can I spend on a hotel?"


def _doc(entry: tuple[str, str]) -> Document:
    return Document(source="t", doc_id=entry[0], title=entry[0], text=entry[1])


def test_the_asking_sentence_and_the_askers_own_words() -> None:
    assert asking_sentence(HOTEL).strip() == "How much can I spend on a hotel?"
    assert asking_sentence("what should I do? (Code, Amber)").strip().endswith("(Code, Amber)")
    assert own_words("How do I get hold of my mentor?") == {"mentor"}
    assert not own_words("How much can I spend on a hotel?")


def test_a_table_placed_at_another_place() -> None:
    guern = _doc(GUERNSEY)
    header = "| Pay band | Hourly rate in Guernsey |"
    assert placed_elsewhere(guern, header, "Pay rates", "I'm Band 2 at Exeter. Hourly rate?")
    assert not placed_elsewhere(guern, header, "Pay rates", "I'm Band 2 in Guernsey. Rate?")
    assert not placed_elsewhere(_doc(EXPENSES), "| Expense | Limit |", "Expenses", HOTEL)


async def test_the_row_the_asked_thing_keys_answers(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"e": EXPENSES}, HOTEL)
    assert quotes is not None and "| Hotel outside London | £95 a night |" in quotes, quotes
    assert "| Expense | Limit |" in quotes, quotes  # the header cited with the row


async def test_without_the_reading_the_row_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(keyed_row, "KEYED_ROW", False)
    assert await quotes_over(emb, {"e": EXPENSES}, HOTEL) is None


async def test_a_told_count_keys_the_row_of_that_thing(emb: OnnxEmbedder) -> None:
    q = "One of my team has been off sick three separate times this year. Does that trigger anything?"
    quotes = await quotes_over(emb, {"t": TRIGGERS}, q)
    assert quotes is not None and "| 3 separate absences | first absence review meeting |" in quotes


async def test_two_parts_asking_two_columns_of_one_row(emb: OnnxEmbedder) -> None:
    q = "Someone just said Code Amber on the radio. What does that mean and what should I do?"
    quotes = await quotes_over(emb, {"a": ESCAPES}, q)
    assert quotes is not None and any("Code Amber" in x and "50 metres" in x for x in quotes)


@pytest.mark.parametrize(
    "docs",
    [
        {"g": GUERNSEY},  # another place's supplement
        {"a": ARCHIVED},  # a superseded edition
        {"c": CONTRACTORS},  # a guide for another kind of worker
        {"t": TRIGGERS, "d": DIRECTORY},  # the expected document withheld
    ],
)
async def test_the_hotel_row_of_another_table_never_answers(
    emb: OnnxEmbedder, docs: dict[str, tuple[str, str]]
) -> None:
    quotes = await quotes_over(emb, docs, HOTEL)
    assert quotes is None or not any("a night" in q for q in quotes), quotes


async def test_a_band_told_at_another_place_keys_no_supplement_row(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, {"g": GUERNSEY}, "I'm Band 2 at Exeter. What should I be getting an hour?"
    )
    assert quotes is None or not any("13.65" in q for q in quotes), quotes


async def test_the_askers_own_person_keys_no_directory_row(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, {"d": DIRECTORY}, "How do I get hold of my mentor? What's his mobile?"
    )
    assert quotes is None or not any("Whitlock" in q for q in quotes), quotes


LEAVE = (
    "Annual Leave Entitlement",
    "# Annual Leave Entitlement\n\n"
    "Your annual leave grows with your length of service.\n\n"
    "| Length of service | Annual leave days |\n|---|---|\n"
    "| Under 5 years | 27 |\n| 5 to 10 years | 29 |\n| Over 10 years | 33 |\n",
)


async def test_a_told_number_keys_no_row_of_a_table_about_another_thing(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, {"l": LEAVE}, "What does the Trust give you for 25 years of long service?"
    )
    assert quotes is None or not any("| 33 |" in q for q in quotes), quotes


HOURS = (
    "Building Opening Hours",
    "# Building Opening Hours\n\n| Building | Campus | Term time | Vacations |\n|---|---|---|---|\n"
    "| Main Library | Fenwick Park | 08:00 to midnight | 09:00 to 17:00 |\n"
    "| The Hub café | Fenwick Park | 08:00 to 18:00 | closed |\n",
)


async def test_a_yes_no_thing_the_row_does_not_say_is_not_granted_by_it(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"h": HOURS}, "Do staff get a discount in the campus cafés?")
    assert quotes is None or not any("Hub café" in q for q in quotes), quotes
