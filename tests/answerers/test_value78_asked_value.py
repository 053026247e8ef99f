"""The kind of value asked names the keyed row's column (value78, asked_value.py): "How
quickly should it be fixed?" asks for the one stretch of time in the keyed row ("| Priority 2
| ..., 3D not working | within 4 hours |", the "4" of "screen 4" notwithstanding). Bounded as
keyed_row is: another place's table, an attribute no header or heading says, a topic no
document covers and the table withheld all stay refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import asked_value, key_cell, keyed_row
from wikiqa.answerers.asked_value import duration_cell, timed_words
from wikiqa.answerers.features import key_set
from wikiqa.store.embed import OnnxEmbedder


@pytest.fixture(autouse=True)
def _on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keyed_row, "KEYED_ROW", True)
    monkeypatch.setattr(keyed_row, "TABLE_ABOUT", True)
    monkeypatch.setattr(key_cell, "KEY_CELL", True)
    monkeypatch.setattr(asked_value, "ASKED_VALUE", True)


FAULTS = (
    "Show Stops and Technical Faults",
    "# Show Stops and Technical Faults\n\n"
    "Front of house colleagues report a fault in a screen to the duty manager, who calls the "
    "Technical Helpline, answered by the technician on call from 09:00 to 01:00 every day.\n\n"
    "| Priority | Example | Target time to fix |\n|---|---|---|\n"
    "| Priority 1 | no picture, no sound, film stopped in a full screen | technician on the "
    "phone within 10 minutes, on site within 1 hour |\n"
    "| Priority 2 | picture out of focus, one sound channel lost, 3D not working | within 4 "
    "hours |\n"
    "| Priority 3 | broken seat, a screen light out, a faulty door | within 3 working days |\n\n"
    "The duty manager logs every show stop in the StaffRoom app with the screen number.\n",
)
ELSEWHERE = (
    "Technical Faults Abroad",
    "# Technical Faults Abroad\n\n"
    "Front of house colleagues report a fault in a screen to the duty manager.\n\n"
    "| Priority | Example | Target time to fix in Gibraltar |\n|---|---|---|\n"
    "| Priority 1 | no picture, no sound | within 2 hours |\n"
    "| Priority 2 | picture out of focus, 3D not working | within 8 hours |\n",
)
PARKING = (
    "Staff Parking",
    "# Staff Parking\n\nStaff park in the rear car park after 18:00 with a permit.\n",
)
LAB = (
    "Laboratory Procedures",
    "# Laboratory Procedures\n\nSamples are booked into the lab system when they arrive.\n\n"
    "## Turnaround\n\n"
    "| Test | Results by |\n|---|---|\n"
    "| Haematology | 20:00 on the day the sample arrives |\n"
    "| Cytology | 2 working days |\n"
    "| Faecal parasitology | 3 working days |\n",
)
CYTOLOGY = "How long does cytology take to come back, roughly?"
THREE_D = "The 3D has stopped working in screen 4. How quickly should it be fixed?"


def test_the_one_cell_stating_a_time_is_the_column_asked() -> None:
    header = ["Priority", "Example", "Target time to fix"]
    row = ["Priority 2", "3D not working", "within 4 hours"]
    said = key_set(THREE_D)
    assert duration_cell(THREE_D, row, header, said) == 2
    assert duration_cell("What is the target for 3D?", row, header, said) is None  # no time asked
    told = key_set("I've been off within 4 hours, how long is it?")
    assert duration_cell("how long is it", row, header, told) is None  # the question's own time


async def test_how_quickly_reads_the_time_of_the_keyed_row(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"f": FAULTS, "p": PARKING}, THREE_D)
    assert quotes is not None and any("within 4 hours" in q for q in quotes), quotes


async def test_switched_off_the_time_is_not_read(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(asked_value, "ASKED_VALUE", False)
    quotes = await quotes_over(emb, {"f": FAULTS, "p": PARKING}, THREE_D)
    assert quotes is None or not any("within 4 hours" in q for q in quotes), quotes


async def test_the_table_withheld_is_refused(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"p": PARKING}, THREE_D)
    assert quotes is None, quotes


async def test_another_places_table_is_not_read(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"e": ELSEWHERE, "p": PARKING}, THREE_D)
    assert quotes is None or not any("within 8 hours" in q for q in quotes), quotes


UNSAID = (
    "The 3D has stopped working in screen 4. How quickly is the usher rota redone?",
    "How quickly can I get a parking permit for a sabbatical?",  # no document covers it
)


@pytest.mark.parametrize("question", UNSAID)
async def test_an_attribute_no_header_or_heading_says_is_refused(
    emb: OnnxEmbedder, question: str
) -> None:
    quotes = await quotes_over(emb, {"f": FAULTS, "p": PARKING}, question)
    assert quotes is None or not any("within" in q for q in quotes), quotes


def test_what_happens_in_the_time_asked_asks_for_the_time() -> None:
    assert timed_words(CYTOLOGY) == key_set("take come back roughly")
    assert timed_words("How long does it take to get a parking permit?") == key_set("take get")
    assert timed_words("What does cytology take?") == frozenset()  # no time asked


async def test_how_long_a_named_test_takes(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"l": LAB, "p": PARKING}, CYTOLOGY)
    assert quotes is not None and any("2 working days" in q for q in quotes), quotes


LAB_UNSAID = (
    "How long does cytology take to come back for a horse?",  # the table says no horses
    "How long does it take to get a parking permit?",  # no row keyed, no document says it
)


@pytest.mark.parametrize("question", LAB_UNSAID)
async def test_a_time_asked_of_what_the_table_does_not_say(
    emb: OnnxEmbedder, question: str
) -> None:
    quotes = await quotes_over(emb, {"l": LAB, "p": PARKING}, question)
    assert quotes is None or not any("working days" in q for q in quotes), quotes


async def test_the_lab_table_withheld_is_refused(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"p": PARKING}, CYTOLOGY)
    assert quotes is None, quotes
