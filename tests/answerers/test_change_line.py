"""A question asking what a thing is going up or down to is answered by the line stating that
thing's change to a figure (change_line.py), lifted over lines that say the thing more often.
Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.change_line import asked_change, states_change_of
from wikiqa.answerers.extractive import Candidate
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.sentences import Span
from wikiqa.types import Document

AWARD = (
    "Pay Award April 2027 (board and HR only)",
    "# Pay Award April 2027 (board and HR only)\n\n"
    "Confidential until it is announced to colleagues.\n\n"
    "- Proposed: a 4.1% rise for Grades A to D from 1 April 2027, so that Grade B is at least "
    "£13.65 an hour.\n"
    "- Proposed: 3% for Grades E to G.\n"
    "- The on-call payment rises to £40.\n"
    "- Band 2 goes from £12.60 to £13.10 an hour.\n"
    "- Announcement to colleagues planned for 10 February 2027, after the board meeting on 28 "
    "January 2027.\n",
)
ON_CALL = (
    "On-call Nights",
    "# On-call Nights\n\n"
    "An on-call night is a night you stay near the depot and can be called out.\n\n"
    "- The on-call payment is £35 a night.\n"
    "- If you are called out for more than 3 hours in one on-call night, tell the depot "
    "manager the next day.\n"
    "- On-call nights are shared fairly across the rota; nobody does more than 1 in 4.\n",
)
DOCS = {"a": AWARD, "o": ON_CALL}
ASK = "How much is the on-call going up to next April?"


def _line(doc: Document, text: str) -> Candidate:
    start = doc.text.index(text)
    return Candidate(doc, Span(start, start + len(text), text), [], 0, rank=1.0)


def test_the_thing_a_question_asks_the_change_of() -> None:
    assert asked_change(ASK) == ("the on-call", "up")
    assert asked_change("What would Grade 1 go up to next April?") == ("Grade 1", "up")
    assert asked_change("What's the night premium rising to?") == ("the night premium", "up")
    assert asked_change("What will the car allowance drop to?") == ("the car allowance", "down")
    # no coming change asked: a past one, a rise by an amount, a situation, today's value
    assert asked_change("What did the price of oil rise to in 1979?") is None
    assert asked_change("How much does my pay go up by each April?") is None
    assert asked_change("how much do they put in if i go up to paying 6%") is None
    assert asked_change("How many hours of flexi can I carry over?") is None
    assert asked_change("What are two changes to the rota?") is None


def test_the_change_a_line_states() -> None:
    doc = Document(source="m", doc_id="a", title=AWARD[0], text=AWARD[1])
    rises = _line(doc, "- The on-call payment rises to £40.")
    goes = _line(doc, "- Band 2 goes from £12.60 to £13.10 an hour.")
    assert states_change_of(rises, "the on-call payment", "up")
    assert states_change_of(goes, "Band 2", "up")
    # the other way, another thing, another band's number
    assert not states_change_of(rises, "the on-call payment", "down")
    assert not states_change_of(rises, "the night premium", "up")
    assert not states_change_of(goes, "Band 20", "up")
    assert not states_change_of(goes, "Band 2", "down")


async def test_what_a_thing_goes_up_to_is_answered_by_its_change(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, ASK)
    assert quotes is not None
    assert any("The on-call payment rises to £40." in q for q in quotes)


async def test_without_the_rule_what_a_thing_goes_up_to_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        extractive,
        "LIFTED_LINES",
        tuple(c for c in extractive.LIFTED_LINES if c is not extractive.change_candidate),
    )
    monkeypatch.setattr(extractive, "stated_change", lambda e: False)
    quotes = await quotes_over(emb, DOCS, ASK)
    assert quotes is None or not any("£40" in q for q in quotes)


async def test_a_change_no_line_states_stays_refused(emb: OnnxEmbedder) -> None:
    # no line states the on-call payment going down, nor the standby payment's change,
    # and with the award unread, today's £35 states no change
    for question in (
        "How much is the on-call going down to next April?",
        "How much is the standby going up to next April?",
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is None or not any("£40" in q for q in quotes), question
    quotes = await quotes_over(emb, {"o": ON_CALL}, ASK)
    assert quotes is None or not any("£35" in q for q in quotes)
