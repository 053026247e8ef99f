"""una65: a chain's attribute counts as said when the cited rows' header, heading or title
says it in any words (answerers/chain_attribute.py, SAID_NEAR): "Van stock top-up day" says
"the van restock day", "Region" says "the operating area"; an attribute no cited header
comes near ("the bin collection day", "the gate code") is still refused. An answer of one
document, the row resolving the question's description, is left as it was before the
reading: it says which thing is meant and reads no other table."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers import chain_attribute, extractive
from wikiqa.answerers.chain_attribute import asked_phrase, unstated_by_chain
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

DEPOTS = {
    "people": (
        "Staff Directory",
        "# Staff Directory\n\nEveryone's base and contact details.\n\n"
        "| Name | Job | Depot | Phone |\n|---|---|---|---|\n"
        "| Kerry Fenwick | Repairs supervisor | Harbour Road Depot | 01632 960 320 |\n"
        "| Dylan Roberts | Repairs supervisor | Millfield Depot | 01632 960 310 |\n"
        "| Idris Vaughan | Estate worker | Copperlode Woods | 01632 960 522 |\n",
    ),
    "depots": (
        "Repair Depots",
        "# Repair Depots\n\nOur depots and when their vans are restocked.\n\n"
        "| Depot | Region | Van stock top-up day |\n|---|---|---|\n"
        "| Harbour Road Depot | East | Tuesday |\n"
        "| Millfield Depot | North | Monday |\n",
    ),
    "leave": (
        "Annual Leave",
        "# Annual Leave\n\nFull-time staff get 28 days of annual leave each year.\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DEPOTS), settings=Settings())  # type: ignore[arg-type]


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def _similar(emb: OnnxEmbedder):  # type: ignore[no-untyped-def]
    def similar(reference: str, texts: list[str]) -> list[float]:
        vecs = emb.embed([reference, *texts])
        return [float(vecs[0] @ v) for v in vecs[1:]]

    return similar


def test_the_asked_phrase_is_the_askers_words() -> None:
    assert asked_phrase("What's the van restock day for the depot Kerry Fenwick supervises?") == (
        "van restock day"
    )
    assert asked_phrase("What's the contact number for the site Jo runs?") == "number"
    assert asked_phrase("Who runs the Leeds site?") == ""


def test_a_header_near_the_attribute_in_meaning_says_it(emb: OnnxEmbedder) -> None:
    row = ["| Harbour Road Depot | East | Tuesday |"]
    names = ["| Depot | Region | Van stock top-up day |", "Repair Depots"]
    restock = "What's the van restock day for the depot Kerry Fenwick supervises?"
    assert unstated_by_chain(restock, row + names) == "restock"  # its words are unsaid
    assert unstated_by_chain(restock, row + names, names, _similar(emb)) == ""
    area = "What's the operating area of the depot Kerry Fenwick supervises?"
    assert unstated_by_chain(area, row + names, names, _similar(emb)) == ""
    for unsaid in (
        "What's the gate code for the depot Kerry Fenwick supervises?",
        "What's the wifi password of the depot Kerry Fenwick supervises?",
        "What's the key safe code for the depot Kerry Fenwick supervises?",
    ):
        assert unstated_by_chain(unsaid, row + names, names, _similar(emb)) != "", unsaid


@pytest.mark.asyncio
async def test_the_askers_words_for_a_header_answer_through_the_chain() -> None:
    result = await ask("What's the van restock day for the depot Kerry Fenwick supervises?")
    assert isinstance(result, Answer), result
    assert "Tuesday" in _said(result)


@pytest.mark.asyncio
async def test_without_meaning_the_askers_words_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(chain_attribute, "SAID_NEAR", 1.01)
    result = await ask("What's the van restock day for the depot Kerry Fenwick supervises?")
    assert isinstance(result, Refusal), _said(result)


@pytest.mark.asyncio
async def test_an_attribute_no_header_comes_near_is_still_refused() -> None:
    result = await ask(
        "What's the key safe code for the van stock at the depot Kerry Fenwick supervises?"
    )
    assert isinstance(result, Refusal), _said(result)


@pytest.mark.asyncio
async def test_one_documents_row_is_left_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    question = "What's the postcode of the site Idris Vaughan is based at?"
    result = await ask(question)
    monkeypatch.setattr(extractive, "CHAIN_ATTRIBUTE", False)
    before = await ask(question)
    assert type(result) is type(before)
    assert _said(result) == _said(before)
