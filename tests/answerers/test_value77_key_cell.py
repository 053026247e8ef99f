"""A row is keyed by its key cell (value77, key_cell.py): the one row whose whole first cell
the question says is the row it names, though another row's value mentions the same thing
("| Irrigation on call | ... £30 a night on Saturdays and Sundays |" beside "| Sunday | time
and a quarter |"), and such a row is read in the first few retrieved documents' tables, not
only the first's. Bounded as keyed_row is: another place's table, a table about another
matter, an attribute no header or heading says, the table withheld, and a key named in two
documents' tables all stay refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import key_cell, keyed_row
from wikiqa.answerers.features import key_set
from wikiqa.answerers.key_cell import key_named, light_topic, value_column
from wikiqa.store.embed import OnnxEmbedder


@pytest.fixture(autouse=True)
def _keyed_row_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keyed_row, "KEYED_ROW", True)
    monkeypatch.setattr(keyed_row, "TABLE_ABOUT", True)
    monkeypatch.setattr(key_cell, "KEY_CELL", True)


ENHANCEMENTS = (
    "Enhancements and Overtime",
    "# Enhancements and Overtime\n\n"
    "These payments are for colleagues in Bands A to D. Bands E and F take time off in lieu.\n\n"
    "| Enhancement | Rate |\n|---|---|\n"
    "| Sunday | time and a quarter |\n"
    "| Bank holiday | double time |\n"
    "| Early start before 06:00 | £1.25 an hour extra for every hour before 06:00 |\n"
    "| Overtime after 40 hours in a week | time and a half |\n"
    "| Irrigation on call | £20 a night on weekdays, £30 a night on Saturdays and Sundays |\n\n"
    "Overtime must be agreed by your club manager before you work it.\n",
)
HOLIDAYS = (
    "Bank Holidays 2027",
    "# Bank Holidays 2027\n\n"
    "The clubs stay open on bank holidays. These are the dates for next year.\n\n"
    "| Bank holiday | Date |\n|---|---|\n"
    "| New Year's Day | Friday 1 January 2027 |\n"
    "| Early May bank holiday | Monday 3 May 2027 |\n"
    "| Spring bank holiday | Monday 31 May 2027 |\n",
)
ELSEWHERE = (
    "Working at Sobreiro",
    "# Working at Sobreiro\n\n"
    "This supplement sets out the terms that differ for colleagues at Sobreiro, our club in "
    "the Algarve, Portugal.\n\n"
    "| Enhancement | Rate |\n|---|---|\n"
    "| Sunday | time and a half |\n"
    "| Public holiday | double time |\n",
)
RANGES = (
    "Driving Ranges",
    "# Driving Ranges\n\n"
    "Our ranges take bookings through the club app.\n\n"
    "| Range | Bays |\n|---|---|\n"
    "| Sunday | 24 bays |\n"
    "| Meadow | 18 bays |\n",
)
SUNDAY = "What extra do I get for working on a Sunday?"


def test_the_one_row_whose_whole_key_cell_is_said() -> None:
    header = ["Enhancement", "Rate"]
    rows = [
        ["Sunday", "time and a quarter"],
        ["Irrigation on call", "£30 a night on Saturdays and Sundays"],
    ]
    assert key_named(rows, header, key_set(SUNDAY)) == 0
    both = key_set("What do I get for irrigation on call on a Sunday?")
    assert key_named(rows, header, both) is None  # two rows named: neither is the one


def test_words_that_need_no_table_once_the_key_names_the_row() -> None:
    assert light_topic(SUNDAY, ["time and a quarter"]) == key_set("extra working")
    assert light_topic(SUNDAY, ["24 bays"]) == key_set("working")  # adds nothing to pay
    assert light_topic("Is there a bonus for a Sunday?", ["double time"]) == frozenset()


def test_only_a_two_column_row_has_one_value_to_read_across() -> None:
    assert value_column(["Enhancement", "Rate"], ["Sunday", "time and a quarter"]) == 1
    assert value_column(["Band", "Min", "Max"], ["Band A", "£1", "£2"]) is None


async def test_the_row_named_by_its_key_cell_answers(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"e": ENHANCEMENTS, "h": HOLIDAYS}, SUNDAY)
    assert quotes is not None and any("time and a quarter" in q for q in quotes), quotes


async def test_a_key_named_whole_among_keys_sharing_words(emb: OnnxEmbedder) -> None:
    question = "when is the early may bank holiday next year"
    quotes = await quotes_over(emb, {"e": ENHANCEMENTS, "h": HOLIDAYS}, question)
    assert quotes is not None and any("Monday 3 May 2027" in q for q in quotes), quotes


async def test_switched_off_the_sunday_row_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(key_cell, "KEY_CELL", False)
    quotes = await quotes_over(emb, {"e": ENHANCEMENTS, "h": HOLIDAYS}, SUNDAY)
    assert quotes is None or not any("time and a quarter" in q for q in quotes), quotes


async def test_the_table_withheld_is_refused(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"h": HOLIDAYS}, SUNDAY)
    assert quotes is None, quotes


async def test_another_places_row_is_not_read(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"s": ELSEWHERE, "h": HOLIDAYS}, SUNDAY)
    assert quotes is None or not any("time and a half" in q for q in quotes), quotes


async def test_a_key_named_in_two_documents_tables_is_untold(emb: OnnxEmbedder) -> None:
    docs = {"e": ENHANCEMENTS, "s": ELSEWHERE, "h": HOLIDAYS}
    quotes = await quotes_over(emb, docs, SUNDAY)
    assert quotes is None or not any("time and a half" in q for q in quotes), quotes


UNSAID = (
    "Is there a parking permit for working on a Sunday?",  # an attribute no header says
    "How many lockers are there on a Sunday?",
    "Can I take a sabbatical?",  # a topic no document covers
)


@pytest.mark.parametrize("question", UNSAID)
async def test_an_attribute_no_header_or_heading_says_is_refused(
    emb: OnnxEmbedder, question: str
) -> None:
    quotes = await quotes_over(emb, {"e": ENHANCEMENTS, "h": HOLIDAYS}, question)
    assert quotes is None or not any("time and a quarter" in q or "24 bays" in q for q in quotes), (
        quotes
    )


async def test_a_table_about_another_thing_keyed_by_the_same_word(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"r": RANGES, "h": HOLIDAYS}, SUNDAY)
    assert quotes is None or not any("24 bays" in q for q in quotes), quotes
