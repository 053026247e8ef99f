"""A yes/no question asking whether someone may have a thing is answered by the line of the
first line's document that rules on the thing in its own words ("pet" for "dog"), when the
ranker put first a line naming none of it and the ruling line clears the floor once ranked
first (answerers/thing_line.py, read by ExtractiveAnswerer.clearing). Small documents
written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers import extractive
from wikiqa.answerers.thing_line import rules_on
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

COURT = (
    "Living at Elm Court",
    "# Living at Elm Court\n\nElm Court has 40 flats for people aged 60 and over.\n\n"
    "The warden makes a daily call to each new tenant who has asked for one.\n\n"
    "Residents may keep a small pet with the warden's agreement.\n\n"
    "The shared lounge is open from 09:00 to 21:00.\n",
)
BINS = (
    "Bins and Recycling",
    "# Bins and Recycling\n\nBins are emptied every Tuesday.\n\n"
    "Tenants sort glass into the green bin.\n",
)
DOCS = {"court": COURT, "bins": BINS}
QUESTION = "Can new tenants have a dog?"


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


def test_a_line_rules_on_a_thing_by_permission_prohibition_or_grant() -> None:
    assert rules_on("Residents may keep a small pet with the warden's agreement.")
    assert rules_on("Pets are not allowed in the flats.")
    assert rules_on("Staff get 20% off in the shop.")
    assert not rules_on("The warden makes a daily call to each new tenant.")


async def test_the_line_ruling_on_the_thing_answers_in_other_words() -> None:
    """The daily-call line shares more of the question's words and ranks first, under the
    floor; the pet line, ranked first in its place, clears it."""
    result = await ask(QUESTION)
    assert isinstance(result, Answer), result
    cited = " ".join(c.quote for c in result.citations)
    assert "may keep a small pet" in cited


async def test_without_the_rule_it_is_refused(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(extractive, "thing_candidate", lambda *args: None)
    result = await ask(QUESTION)
    assert isinstance(result, Refusal), result


async def test_a_thing_no_line_names_stays_refused() -> None:
    result = await ask("Can new tenants have a barbecue?")
    assert isinstance(result, Refusal), result
