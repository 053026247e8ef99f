"""The asker's told place chooses the supplement written for it, and its row names the rate
(place_rate.py): "I'm Band 2 at St Peter Port. What should I be getting an hour?" is answered
by the Guernsey supplement's Band 2 row, whose opening names St Peter Port, not by the
group-wide table's Band 2 row; a place the question names only through the shops list's row
("| Torteval Kiosk | Torteval | Guernsey |") reaches it too, the row cited after the rate.
A mainland shop, a band the supplement does not key, or a matter other than a rate keeps
main's reading. Small documents written here: a bakery chain's pay rates, its Guernsey
supplement and its list of shops."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import place_rate
from wikiqa.answerers.per_unit import rate_keys
from wikiqa.answerers.place_rate import names_place, opening_places, rate_row
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Document

PAY = (
    "Pay Rates 2026-27",
    "# Pay Rates 2026-27\n\n"
    "These rates apply from 1 April 2026 to every colleague in our mainland shops and "
    "bakeries.\n\n"
    "| Pay band | Hourly rate | Annual salary |\n|---|---|---|\n"
    "| Band 1 | £12.40 | hourly paid |\n| Band 2 | £12.90 | hourly paid |\n"
    "| Band 3 | £13.60 | hourly paid |\n| Band 6 | salaried | £31,000 |\n",
)
GUERNSEY = (
    "Working in Guernsey",
    "# Working in Guernsey\n\n"
    "This supplement applies to colleagues at our Guernsey shops, in St Peter Port and "
    "elsewhere on the island. Where it says something different, it replaces the general "
    "policies.\n\n"
    "## Pay rates\n\n"
    "| Pay band | Hourly rate in Guernsey |\n|---|---|\n"
    "| Band 1 | £13.10 |\n| Band 2 | £13.65 |\n| Band 3 | £14.40 |\n\n"
    "## Travel\n\nFlights to the mainland for training are booked for you.\n",
)
SHOPS = (
    "Our Shops",
    "# Our Shops\n\n| Shop | Town | Region |\n|---|---|---|\n"
    "| Harbour Street | St Peter Port | Guernsey |\n| Torteval Kiosk | Torteval | Guernsey |\n"
    "| Exeter Quay | Exeter | Devon |\n",
)
DOCS = {"pay": PAY, "guernsey": GUERNSEY, "shops": SHOPS}


def _doc(entry: tuple[str, str]) -> Document:
    return Document(source="t", doc_id=entry[0], title=entry[0], text=entry[1])


def test_a_value_asked_per_unit_names_that_units_rate() -> None:
    assert rate_keys("What should I be getting an hour?") == {"rate", "hour"}
    assert rate_keys("How much is the allowance per day?") >= {"rate", "day"}
    assert not rate_keys("How many hours a week do I work?")  # a count, not a rate
    assert not rate_keys("Can I take a day off?")  # a thing, not a rate


def test_the_supplements_places_and_its_named_row() -> None:
    places = opening_places(_doc(GUERNSEY))
    assert {("guernsey",), ("st", "peter", "port")} <= places
    assert names_place("St Peter", places) and names_place("Guernsey", places)
    assert not names_place("Torteval", places)  # named by the shops list only
    assert not names_place("Peter Port", places)  # not its distinguishing first word
    assert not opening_places(_doc(PAY))  # mainland shops: no place named
    assert opening_places(
        Document(source="t", doc_id="x", title="Working at Fernleigh Lisburn", text="# x\n")
    ) == {("fernleigh", "lisburn")}
    row = rate_row(_doc(GUERNSEY), "I'm Band 2 at St Peter Port. What do I get an hour?")
    assert row is not None and row.row.text == "| Band 2 | £13.65 |"
    assert rate_row(_doc(GUERNSEY), "I'm Band 6 at St Peter Port. What do I get an hour?") is None
    premium = "I'm Band 2 at St Peter Port. What is the night shift premium an hour?"
    assert rate_row(_doc(GUERNSEY), premium) is None  # a premium the row does not give


async def test_the_told_places_supplement_answers_the_rate(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, DOCS, "I'm Band 2 at St Peter Port. What should I be getting an hour?"
    )
    assert quotes is not None
    assert "| Band 2 | £13.65 |" in quotes, quotes
    assert not any("12.90" in q for q in quotes), quotes


async def test_a_place_named_through_the_shops_list(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, "I'm Band 3 at our Torteval shop. What do I get an hour?")
    assert quotes is not None
    assert "| Band 3 | £14.40 |" in quotes, quotes
    assert any("Torteval Kiosk" in q for q in quotes), quotes  # the row placing it


async def test_without_the_reading_the_supplements_rate_is_not_given(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(place_rate, "PLACE_RATE", False)
    quotes = await quotes_over(
        emb, DOCS, "I'm Band 2 at St Peter Port. What should I be getting an hour?"
    )
    assert quotes is None or not any("13.65" in q for q in quotes), quotes


async def test_a_mainland_shop_never_gets_the_supplements_rate(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, "I'm Band 2 at Exeter. What should I be getting an hour?")
    assert quotes is None or not any("13.65" in q for q in quotes), quotes


async def test_a_kind_of_site_the_supplement_shares_places_no_one(emb: OnnxEmbedder) -> None:
    docs = {**DOCS, "shops": (SHOPS[0], SHOPS[1] + "| Exeter Kiosk | Exeter | Kiosk |\n")}
    guern = (
        GUERNSEY[0],
        GUERNSEY[1].replace("in St Peter Port and", "at the St Peter Port Kiosk and"),
    )
    docs["guernsey"] = guern
    quotes = await quotes_over(
        emb, docs, "I'm Band 2 at the Exeter Kiosk. What should I be getting an hour?"
    )
    assert quotes is None or not any("13.65" in q for q in quotes), quotes


async def test_a_band_the_supplement_does_not_key_is_not_answered_from_it(
    emb: OnnxEmbedder,
) -> None:
    quotes = await quotes_over(emb, DOCS, "I'm Band 6 at St Peter Port. What do I get an hour?")
    assert quotes is None or not any("Guernsey" in q or "£13" in q for q in quotes), quotes


async def test_an_unsaid_matter_stays_refused(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, DOCS, "I'm Band 2 at St Peter Port. What is the night shift premium an hour?"
    )
    assert quotes is None, quotes
