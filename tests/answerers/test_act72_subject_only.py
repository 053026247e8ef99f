"""A line that names what the question is about but says nothing of what it asks (act72,
subject_only.py): a plain-text notice's title line cited alone, and a directory row asked
whether something happens to the thing it keys. Small documents written here: a theatre
group's venue list and its Christmas opening notice. Must be refused: whether a venue is
closing, whether and when there is a staff party; still answered: the venue's type and
parking asked of a row that says it, the notice's own lines."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import act_unsaid, subject_only
from wikiqa.answerers.features import key_set
from wikiqa.answerers.subject_only import (
    asked_event,
    says_nothing_asked,
    subject_only_row,
    title_line,
)
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.sentences import Span
from wikiqa.text.tables import table_rows
from wikiqa.types import Document

VENUES = (
    "Our Venues",
    "# Our Venues\n\nHarrow Theatres runs four venues in two regions.\n\n"
    "| Venue | Town | Type | Seats | Region |\n|---|---|---|---|---|\n"
    "| Kelby Playhouse | Kelby | main house | 900 | Wolds |\n"
    "| Marsh Little Theatre | Marsh | studio | 180 | Coast |\n"
    "| Saltby Pavilion | Saltby | concert hall | 1,200 | Coast |\n"
    "| Ormby Arts Centre | Ormby | arts centre | 350 | Wolds |\n",
)
NOTICE = (
    "christmas opening 2026",
    "CHRISTMAS OPENING 2026\n\n"
    "Box offices and performances over the festive period.\n\n"
    "Christmas Eve, Thursday 24 December 2026: matinees only. Box offices close at 15:00.\n\n"
    "Christmas Day, Friday 25 December 2026: all venues and box offices closed.\n",
)
PARKING = (
    "Staff Parking",
    "# Staff Parking\n\n| Venue | Staff parking |\n|---|---|\n"
    "| Kelby Playhouse | 12 spaces, permit required |\n"
    "| Marsh Little Theatre | none; use the town car park |\n",
)


def _doc(title: str, text: str) -> Document:
    return Document(source="mem", doc_id=title, title=title, text=text)


class _Line:
    """What subject_only reads of a candidate: its document, span, header, reading, part."""

    def __init__(self, doc: Document, span: Span, header: Span | None = None, reading: str = ""):
        self.doc, self.span, self.header, self.reading, self.part = doc, span, header, reading, ""


def _row(doc: tuple[str, str], key: str) -> _Line:
    d = _doc(*doc)
    row = next(r for r in table_rows(d.text) if key in r.row.text)
    return _Line(d, row.row, row.header, row.reading())


def _first_line(doc: tuple[str, str]) -> _Line:
    d = _doc(*doc)
    end = d.text.index("\n")
    return _Line(d, Span(0, end, d.text[:end]))


def test_the_notices_opening_line_is_its_title() -> None:
    assert title_line(_first_line(NOTICE))  # type: ignore[arg-type]
    d = _doc(*NOTICE)
    at = d.text.index("Christmas Day")
    body = _Line(d, Span(at, at + 20, d.text[at : at + 20]))
    assert not title_line(body)  # type: ignore[arg-type]
    # a first line saying more than its title is no title line
    other = ("christmas opening", "CHRISTMAS OPENING: box offices close at 15:00\n\nMore.")
    assert not title_line(_first_line(other))  # type: ignore[arg-type]


def test_an_event_is_told_by_the_verbs_aspect_after_the_subject() -> None:
    marsh = key_set("Marsh Little Theatre Venue")
    assert asked_event("Is the Marsh theatre going to close?", marsh) == "close"
    assert asked_event("Is it true the Marsh Little Theatre is closing? When?", marsh) == "closing"
    assert asked_event("Is the Marsh theatre being sold off?", marsh) == "sold"
    assert asked_event("Will the Marsh theatre close?", marsh) == "close"
    # what the thing is or has, or a standing state, is no event
    for q in (
        "Is the Marsh theatre big?",
        "Does the Marsh theatre have a bar?",
        "Is the Marsh theatre closed on Christmas Day?",
        "Is parking free at the Marsh theatre?",
    ):
        assert asked_event(q, marsh) == "", q


def test_a_venue_row_asked_whether_it_closes_says_nothing_of_it() -> None:
    row = _row(VENUES, "Marsh")
    assert subject_only_row("Is the Marsh theatre going to close?", row)  # type: ignore[arg-type]
    assert subject_only_row("Is it true the Marsh Little Theatre is being sold? When?", row)  # type: ignore[arg-type]


def test_a_venue_row_saying_what_is_asked_is_left_alone() -> None:
    row = _row(VENUES, "Marsh")
    for q in (
        "Is the Marsh Little Theatre a studio?",  # a cell says it
        "Is Marsh Little Theatre in the Coast region?",
        "How many seats does the Marsh theatre have?",  # no yes/no question
        "Is Kelby going to close?",  # the row's key names nothing asked
        "Is the Marsh Little Theatre big?",  # no event asked: a paraphrased column may say it
    ):
        assert not subject_only_row(q, row), q  # type: ignore[arg-type]
    permit = _row(PARKING, "Kelby")
    assert not subject_only_row("Do I need a permit to park at Kelby Playhouse?", permit)  # type: ignore[arg-type]


def test_only_a_whole_answer_of_such_lines_is_refused() -> None:
    row, title = _row(VENUES, "Marsh"), _first_line(NOTICE)
    d = _doc(*NOTICE)
    at = d.text.index("Christmas Eve")
    body = _Line(d, Span(at, at + 30, d.text[at : at + 30]))
    assert says_nothing_asked("Is there a staff party, and when?", [title])  # type: ignore[list-item]
    assert not says_nothing_asked("Is there a staff party, and when?", [title, body])  # type: ignore[list-item]
    assert says_nothing_asked("Is the Marsh theatre going to close?", [row])  # type: ignore[list-item]


async def test_whether_a_venue_closes_is_refused(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"venues": VENUES}, "Is the Marsh theatre going to close?")
    assert quotes is None, quotes


async def test_without_the_reading_the_row_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(subject_only, "SUBJECT_ONLY", False)
    # refuse76's act_unsaid reads the same event over any line; off too, to show the row
    monkeypatch.setattr(act_unsaid, "EVENT_SAID", False)
    quotes = await quotes_over(emb, {"venues": VENUES}, "Is the Marsh theatre going to close?")
    assert quotes is not None and any("Marsh Little Theatre" in q for q in quotes), quotes


async def test_a_row_saying_what_is_asked_still_answers(emb: OnnxEmbedder) -> None:
    docs = {"venues": VENUES, "parking": PARKING}
    quotes = await quotes_over(emb, docs, "Is there staff parking at Marsh Little Theatre?")
    assert quotes is not None and any("town car park" in q for q in quotes), quotes


async def test_a_staff_party_is_not_answered_by_the_notices_title(emb: OnnxEmbedder) -> None:
    docs = {"notice": NOTICE}
    q = "Is there a staff Christmas party this year, and when is it?"
    quotes = await quotes_over(emb, docs, q)
    assert quotes is None or "CHRISTMAS OPENING 2026" not in quotes, quotes


async def test_the_notices_own_lines_still_answer(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, {"notice": NOTICE}, "What time do the box offices close on Christmas Eve?"
    )
    assert quotes is not None and any("15:00" in q for q in quotes), quotes


async def test_without_the_reading_the_title_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(subject_only, "SUBJECT_ONLY", False)
    q = "Is there a staff Christmas party this year, and when is it?"
    quotes = await quotes_over(emb, {"notice": NOTICE}, q)
    assert quotes == ["CHRISTMAS OPENING 2026"], quotes
