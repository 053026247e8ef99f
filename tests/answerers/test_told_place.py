"""The place an asker tells they work at chooses whose rule answers, not what the answering
line must say (told_place.py). Small documents written here, asked through the real ask()
path."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_place import covering_hits, told_place
from wikiqa.types import Document, Hit

SCOTLAND = (
    "Public Holidays (Scotland)",
    "This page applies to staff in the Scotland region only: Lomond House in Glasgow, "
    "Cambuslang Yard and our Scottish sites. Staff in England follow Bank Holidays (England "
    "and Wales).\n\nYou get 9 public holidays a year on top of your annual leave.\n\n"
    "## Working on a public holiday\n\nSites close on public holidays unless the project "
    "manager has agreed a critical activity with the client.\n\nIf you work on a public "
    "holiday in Scotland you are paid at double time for the hours worked. There is no day "
    "off in lieu.\n",
)
ENGLAND = (
    "Bank Holidays (England and Wales)",
    "This page applies to staff in the North, Central and South regions. Staff in the "
    "Scotland region have their own public holidays: see Public Holidays (Scotland).\n\n"
    "You get 8 bank holidays a year on top of your annual leave.\n\n"
    "## Working on a bank holiday\n\nIf you work on a bank holiday you are paid at time and "
    "a half for the hours worked and you get another day off in lieu.\n",
)
DOCS = {"scotland": SCOTLAND, "england": ENGLAND}
ASKED = "I work at Cambuslang Yard. What's the pay rate if I'm asked to work a public holiday?"


def test_the_place_an_asker_tells() -> None:
    assert told_place(ASKED) == (
        "I work. What's the pay rate if I'm asked to work a public holiday?",
        frozenset({"cambuslang", "yard"}),
    )
    told = told_place("How often do I check in when I'm working on my own at Brennock?")
    assert told == ("How often do I check in when I'm working on my own?", {"brennock"})
    assert told_place("I'm at the Penang Campus. Is there a staff choir?") is not None
    # a place the asker goes to or does something in is what the question is about
    assert told_place("I need a visa for my holiday in India. What should I do?") is None
    assert told_place("I'm flying out to see a client in Brazil. When do I log it?") is None
    # a day, a month or the country is no place of work; nor a name said of something else
    assert told_place("I'm off in May. Who do I tell?") is None
    assert told_place("I work in the UK. How much leave?") is None
    assert told_place("When is the Ardlow Christmas party?") is None


def _doc(doc_id: str, pair: tuple[str, str]) -> Document:
    return Document(source="mem", doc_id=doc_id, title=pair[0], text=pair[1])


def test_the_documents_read_for_the_place() -> None:
    docs = {
        "scotland": _doc("scotland", SCOTLAND),
        "england": _doc("england", ENGLAND),
        "general": _doc("general", ("Lone Working", "Check in every 2 hours when alone.")),
    }
    hits = [Hit(source="mem", doc_id=d, title=docs[d].title) for d in docs]
    # the document written for the place, by its scope
    assert [h.doc_id for h in covering_hits(hits, docs, frozenset({"cambuslang", "yard"}))] == [
        "scotland"
    ]
    # none written for it: none read (a general document's line must say what it says)
    assert covering_hits(hits, docs, frozenset({"brennock"})) == []


async def test_the_places_rule_answers_without_saying_the_place() -> None:
    result = await ask_over(DOCS, ASKED)
    assert result.kind == "answer", result
    assert "double time" in result.text
    assert {c.title for c in result.citations} == {"Public Holidays (Scotland)"}


async def test_switched_off_the_same_question_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extractive, "told_place", lambda question: None)
    result = await ask_over(DOCS, ASKED)
    assert result.kind == "refusal"


async def test_with_the_places_document_withheld_another_places_rule_stays_refused() -> None:
    result = await ask_over({"england": ENGLAND}, ASKED)
    assert result.kind == "refusal"


async def test_an_ask_no_document_answers_stays_refused() -> None:
    result = await ask_over(DOCS, "I work at Cambuslang Yard. Is there a staff choir?")
    assert result.kind == "refusal"
