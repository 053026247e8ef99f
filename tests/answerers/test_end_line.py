"""A question asking when a thing ends is answered by the line of the first document stating
how long that thing lasts or until when it runs (end_line.py), lifted over the line that
says the ask's own words. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.end_line import asked_end, span_subject, states_end_of
from wikiqa.answerers.extractive import Candidate
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.sentences import Span
from wikiqa.types import Document

BADGES = (
    "Site Safety Passport",
    "# Site Safety Passport\n\n"
    "Everyone who works in the plant rooms must hold a valid Site Safety Passport, known as "
    "the green pass. The pass lasts 2 years. Book a refresher with the Training desk at "
    "least 6 weeks before it runs out.\n\n"
    "## Fire training\n\n"
    "Fire warden training lasts half a day and is repeated every year.\n",
)
PARKING = (
    "Parking",
    "# Parking\n\nStaff park in the north car park. Permits are issued by the front desk.\n",
)
DOCS = {"b": BADGES, "p": PARKING}
GREEN = "When does my green pass run out?"


def _line(doc: Document, text: str) -> Candidate:
    start = doc.text.index(text)
    return Candidate(doc, Span(start, start + len(text), text), [], 0, rank=1.0)


def test_the_thing_a_question_asks_the_end_of() -> None:
    assert asked_end(GREEN) == "my green pass"
    assert asked_end("when does the trial of my new pattern finish?") == (
        "the trial of my new pattern"
    )
    assert asked_end("When's my phased return finish?") == "my phased return"
    # no end asked: a past end, "when" of another verb, or the end verb in another clause
    assert asked_end("When did the war end?") is None
    assert asked_end("When do I need a doctor's note?") is None
    assert asked_end("What do I do with my scanner when my shift finishes?") is None


def test_the_span_a_line_states() -> None:
    assert span_subject("The card lasts 3 years.") == "The card"
    assert span_subject("The trial runs until 15 January 2027.") == "The trial"
    assert span_subject("- First aid certificates last 3 years.") is not None
    # no span with a value: "the last 3 years", a span with no number or month
    assert span_subject("Anyone trained in the last 3 years may go.") is None
    assert span_subject("A permit lasts for one shift at most.") is None


def test_the_span_of_the_asked_thing_in_a_document_naming_it() -> None:
    doc = Document(source="m", doc_id="b", title=BADGES[0], text=BADGES[1])
    passes = _line(doc, "The pass lasts 2 years.")
    training = _line(doc, "Fire warden training lasts half a day and is repeated every year.")
    assert states_end_of(passes, "my green pass")
    # the document never says "fuel"; the training's span is not the certificate's
    assert not states_end_of(passes, "my fuel pass")
    assert not states_end_of(training, "my fire warden certificate")


async def test_when_a_thing_runs_out_is_answered_by_its_span(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, GREEN)
    assert quotes is not None
    assert any("The pass lasts 2 years." in q for q in quotes)


async def test_without_the_rule_when_a_thing_runs_out_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        extractive,
        "LIFTED_LINES",
        tuple(c for c in extractive.LIFTED_LINES if c is not extractive.end_candidate),
    )
    monkeypatch.setattr(extractive, "stated_end", lambda e: False)
    assert await quotes_over(emb, DOCS, GREEN) is None


async def test_the_end_of_a_thing_no_line_gives_stays_refused(emb: OnnxEmbedder) -> None:
    # the pass's span is no parking permit's, nor a blue pass's the documents never name
    assert await quotes_over(emb, DOCS, "When does my parking permit run out?") is None
    assert await quotes_over(emb, DOCS, "When does my blue pass run out?") is None
