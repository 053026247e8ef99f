"""A yes/no question asking whether a place is open on a day is answered by the line of the
first document naming that day among the days the place is open or closed (open_day.py),
lifted over the line giving its other days. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.open_day import asked_day, names_day_of
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.sentences import Span
from wikiqa.types import Document

HOLIDAY = (
    "holiday cover 2026",
    "HOLIDAY AND NEW YEAR COVER 2026\n\n"
    "The Riverside office and the stores close at 12:00 on Thursday 24 December 2026 and "
    "reopen at 07:30 on Monday 4 January 2027.\n\n"
    "The Harbour Help Desk is open 08:00 to 16:00 on 28, 29 and 30 December for account "
    "calls. It is closed on 25 December, 26 December and 1 January. The out-of-hours fault "
    "line stays open every day.\n\n"
    "Pumping stations and the control room run as normal over the whole holiday.\n\n"
    "Staff who work on Christmas Day get double time and a day off in lieu.\n\n"
    "Put your name down for Christmas Day and Boxing Day shifts with your manager by 20 "
    "November 2026.\n",
)
CANTEEN = (
    "Canteen",
    "# Canteen\n\nThe canteen serves hot food from 12:00 to 14:00 on weekdays.\n",
)
HOME = (
    "Home Working",
    "# Home Working\n\nStaff at the Riverside office and the Harbour Help Desk may work from "
    "home for up to 2 days a week.\n",
)
FIRST_AID = (
    "First Aid",
    "# First Aid\n\nDefibrillators are at the Riverside office reception and the Harbour Help "
    "Desk entrance.\n",
)
DOCS = {"h": HOLIDAY, "c": CANTEEN, "w": HOME, "f": FIRST_AID}
NEW_YEAR = "Is the help desk open on New Year's Day?"


def _lines(*texts: str) -> list[Candidate]:
    doc = Document(source="m", doc_id="h", title=HOLIDAY[0], text=HOLIDAY[1])
    out = []
    for text in texts:
        start = doc.text.index(text)
        out.append(Candidate(doc, Span(start, start + len(text), text), [], 0, rank=1.0))
    return out


def test_the_place_and_day_a_question_asks_about() -> None:
    assert asked_day(NEW_YEAR) == ("the help desk", (1, 1))
    assert asked_day("Will the Riverside office be open on Tuesday 29 December?") == (
        "the Riverside office",
        (29, 12),
    )
    assert asked_day("Do buses run on Boxing Day?") == ("buses", (26, 12))
    # no single day: a weekday, a stretch of days
    assert asked_day("Is the desk open on a Sunday?") is None
    assert asked_day("Is the desk open between Christmas and New Year?") is None


def test_a_line_naming_the_day_for_the_place() -> None:
    days, closed = _lines(
        "The Harbour Help Desk is open 08:00 to 16:00 on 28, 29 and 30 December for account calls.",
        "It is closed on 25 December, 26 December and 1 January.",
    )
    ranked = [days, closed]
    assert names_day_of(closed, "the help desk", (1, 1), ranked)  # "It": the help desk
    assert names_day_of(days, "the help desk", (29, 12), ranked)
    # the day not named, or another place
    assert not names_day_of(days, "the help desk", (1, 1), ranked)
    assert not names_day_of(closed, "the fault line", (1, 1), ranked)


async def test_a_day_among_the_closed_days_answers(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, NEW_YEAR)
    assert quotes is not None
    assert any("It is closed on 25 December, 26 December and 1 January." in q for q in quotes)


async def test_without_the_rule_the_day_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        extractive,
        "LIFTED_LINES",
        tuple(c for c in extractive.LIFTED_LINES if c is not extractive.day_candidate),
    )
    monkeypatch.setattr(extractive, "named_day", lambda e: False)
    assert await quotes_over(emb, DOCS, NEW_YEAR) is None


async def test_a_day_or_a_place_no_line_names_stays_refused(emb: OnnxEmbedder) -> None:
    # a place no line names, and one whose line names other days
    assert await quotes_over(emb, DOCS, "Is the staff gym open on New Year's Day?") is None
    assert await quotes_over(emb, DOCS, "Is the canteen open on New Year's Day?") is None
