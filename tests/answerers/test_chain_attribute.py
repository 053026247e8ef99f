"""A chain of lines over two documents answers a question asking an attribute of a thing it
describes only when the chain says that attribute (answerers/chain_attribute.py): the
directory's row finds the reserve someone is based at and the reserves' row gives its
region, café and staff parking, so its staff parking and region are answered while a gate
code or a wifi password, which no line says, are refused."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers import extractive
from wikiqa.answerers.chain_attribute import (
    chain_attribute,
    unstated_by_chain,
)
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

RESERVES = {
    "people": (
        "Staff Directory",
        "# Staff Directory\n\nEveryone's base and contact details.\n\n"
        "| Name | Job title | Based at | Phone |\n|---|---|---|---|\n"
        "| Morwenna Pike | Warden | Harrowgill Marsh visitor centre | 01632 960 411 |\n"
        "| Idris Vaughan | Estate worker | Copperlode Woods | 01632 960 522 |\n"
        "| Tamsin Hale | Education officer | Sallowby Dunes | 01632 960 633 |\n",
    ),
    "sites": (
        "Reserves and Sites",
        "# Reserves and Sites\n\nOur reserves and what each has.\n\n"
        "| Reserve | Region | Café | Staff parking |\n|---|---|---|---|\n"
        "| Harrowgill Marsh | Wetlands | Yes, open daily 10:00 to 16:00 | Staff bay behind the barn |\n"
        "| Copperlode Woods | Uplands | No | Lay-by on the lane |\n"
        "| Sallowby Dunes | Coast | Yes, weekends only | Car park by the hut |\n",
    ),
    "leave": (
        "Annual Leave",
        "# Annual Leave\n\nFull-time staff get 28 days of annual leave each year.\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    source = TermSource(RESERVES)
    return await ask_async(question, source, settings=Settings())  # type: ignore[arg-type]


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def test_the_attribute_is_the_noun_or_the_word_qualifying_a_kind_of_value() -> None:
    assert chain_attribute("What's the daywork rate for a general operative?") == ("daywork",)
    assert chain_attribute("What is the gate code for the site Jo runs?") == ("code", "gate")
    assert chain_attribute("What's the email address of the adviser for Leeds?") == (
        "address",
        "email",
    )
    assert chain_attribute("What's the rate for a general operative?") == ()
    assert chain_attribute("What's the contact number for the site Jo runs?") == ()
    assert chain_attribute("Who runs the Leeds site?") == ()


def test_a_value_of_the_kind_says_the_word_naming_it() -> None:
    row = ["| Eastgate campus | 0161 555 0202 |", "| Campus | Reception |"]
    assert unstated_by_chain("What's the phone number of the campus with the pool?", row) == ""
    assert unstated_by_chain("What's the fax number of the campus with the pool?", row) == "fax"
    hourly = ["| Band 1 | £12.85 |", "| Band | Hourly rate |"]
    assert unstated_by_chain("What's the daywork rate for a general operative?", hourly) == (
        "daywork"
    )
    assert unstated_by_chain("What's the hourly rate for a general operative?", hourly) == ""
    address = ["| Berlin | Schlesische Straße 27, 10997 Berlin |"]
    assert unstated_by_chain("What's the postcode of the office Felix leads?", address) == ""
    assert unstated_by_chain("What's the address of the office Felix leads?", address) == ""
    office = ["14 Market Street, Carrow. North area. Open to tenants 9:00 to 16:30."]
    assert unstated_by_chain("What's the address of the office Jo works from?", office) == ""
    assert unstated_by_chain("What's the closing time of the office Jo works from?", office) == ""
    assert unstated_by_chain("What's the fax number of the office Jo works from?", office) == "fax"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("What's the staff parking at the reserve Morwenna Pike is based at?", "Staff bay"),
        ("What's the region of the reserve Idris Vaughan is based at?", "Uplands"),
    ],
)
async def test_the_described_things_row_answers_what_it_says(question: str, says: str) -> None:
    result = await ask(question)
    assert isinstance(result, Answer)
    assert says in _said(result)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "question",
    [
        "What's the gate code for the staff parking at the reserve Morwenna Pike is based at?",
        "What's the wifi password for the café at the reserve Tamsin Hale is based at?",
    ],
)
async def test_an_attribute_the_chain_never_says_is_refused(question: str) -> None:
    result = await ask(question)
    assert isinstance(result, Refusal), _said(result)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "question",
    [
        "What's the gate code for the staff parking at the reserve Morwenna Pike is based at?",
        "What's the wifi password for the café at the reserve Tamsin Hale is based at?",
    ],
)
async def test_switched_off_the_chain_answers_what_it_does_not_say(
    question: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "CHAIN_ATTRIBUTE", False)
    result = await ask(question)
    assert isinstance(result, Answer)
    assert "Based at" in _said(result)
