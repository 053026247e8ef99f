"""A question telling someone else's situation, or one whose subject is part of the asker's
own thing no cited document speaks of, is not answered by a line ruling on the asker's own
case or on another thing's part; the asker's own case, and a person the line names, stay
answered (other_subject.py). Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.other_subject import others_case, own_whole
from wikiqa.store.embed import OnnxEmbedder

PAY = (
    "Underpayments",
    "# Underpayments\n\n"
    "Pay is checked by the payroll team every month.\n\n"
    "If you think you have been paid too little, tell payroll on payroll@example.org.\n\n"
    "We correct an underpayment in the next monthly pay.\n",
)
TERMINALS = (
    "Handheld Terminals",
    "# Handheld Terminals\n\n"
    "Warehouse staff use handheld terminals to scan and pick.\n\n"
    "- If the battery runs low, swap it at the charging station; never open the case.\n"
    "- Report a damaged terminal to your shift manager.\n",
)
GUESTS = (
    "Guest Data",
    "# Guest Data\n\n"
    "If a guest asks for a copy of the data we hold about them, pass the request to the "
    "Data Protection Officer within 1 day.\n",
)
DOCS = {"p": PAY, "t": TERMINALS, "g": GUESTS}
MANAGER = "I think my manager has been paid too little. What should I do?"
CAR = "The battery in my car runs low on the way home. What should I do?"


def test_whose_case_the_situation_tells() -> None:
    assert others_case("I think my manager has been paid too little") == "manager"
    assert others_case("my sister is ill today") == "sister"
    assert others_case("I think I have been paid too little") is None
    # the manager asks; the case (being asked) is the asker's
    assert others_case("My manager has asked me to work late") is None
    # the case happens to the card, not the customer
    assert others_case("A customer's fuel card was lost in the post") is None
    assert own_whole("The battery in my car runs low on the way home") == ["car"]
    # placed in the car, not a part of it: the laptop line rules on it all the same
    assert own_whole("My laptop was stolen from my car") == []
    assert own_whole("The screen on my laptop is cracked") == []


@pytest.mark.parametrize("question", [MANAGER, CAR])
async def test_a_line_for_another_case_does_not_answer(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch, question: str
) -> None:
    assert await quotes_over(emb, DOCS, question) is None
    # with the check replaced, the line for the asker's own pay (the terminal's battery)
    # answers over the floor
    monkeypatch.setattr(extractive, "other_subject", lambda *a: None)
    assert await quotes_over(emb, DOCS, question) is not None


async def test_the_askers_own_case_still_answers(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, "I think I have been paid too little. What should I do?")
    assert quotes is not None
    assert any(q.startswith("If you think you have been paid too little") for q in quotes)


async def test_a_person_the_line_names_still_answers(emb: OnnxEmbedder) -> None:
    question = "A guest has asked for a copy of the data we hold about them. What do I do?"
    quotes = await quotes_over(emb, DOCS, question)
    assert quotes is not None
    assert any(q.startswith("If a guest asks for a copy") for q in quotes)


async def test_the_terminal_battery_still_answers(emb: OnnxEmbedder) -> None:
    question = "The battery in my terminal runs low during the shift. What should I do?"
    quotes = await quotes_over(emb, DOCS, question)
    assert quotes is not None
    assert any("If the battery runs low" in q for q in quotes)
