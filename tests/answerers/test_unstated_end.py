"""A question asking when a thing ends is refused when no line the answer would cite gives a
date, states that thing's span or says the thing with a verb of its ending
(unstated_end.py). Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.unstated_end import gives_end, unstated_end
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.text.sentences import Span
from wikiqa.types import Document

FIRE = (
    "Fire Safety",
    "# Fire Safety\n\n"
    "Every hotel has at least two fire marshals on each shift. Fire marshal training lasts "
    "half a day and is repeated every 3 years. Book it with the duty manager.\n",
)
FIRE_CARD = (
    "Fire Safety",
    "# Fire Safety\n\n"
    "Every hotel has at least two fire marshals on each shift. Fire marshal training lasts "
    "half a day. Your fire marshal certificate is valid for 3 years from the day of the "
    "course.\n",
)
ASKED = "When does my fire marshal certificate expire?"


def _line(title: str, text: str, line: str) -> Candidate:
    doc = Document(source="m", doc_id="d", title=title, text=text)
    start = text.index(line)
    return Candidate(doc, Span(start, start + len(line), line), [], 0, rank=1.0)


def _gives(line: str, thing: str) -> bool:
    return gives_end(_line("Notes", f"# Notes\n\n{line}\n", line), thing)


def test_a_line_giving_an_end() -> None:
    # a date; the thing's own span; a span of a subject naming nothing; a verb of ending
    # whose subject names the thing; the thing with a verb of its ending, the end given by
    # an event; the thing with a stretch of time (a row)
    assert _gives("Your phased return ends on 14 August 2026.", "my phased return")
    assert _gives("The card lasts 3 years.", "my card")
    assert _gives("It lasts 3 years.", "my blue card")
    assert _gives("A permit lasts for one shift at most.", "my permit")
    assert _gives("| Final written warning | 18 months |", "a final written warning")
    assert _gives(
        "Your badge and accounts expire on the last day of the engagement.",
        "my badge and accounts",
    )
    assert _gives("Passwords do not expire.", "passwords")


def test_a_line_giving_no_end_of_the_thing() -> None:
    # another thing's span; a clock time and a weekday; the ask's own verb; "may" is no month
    assert not _gives(
        "Fire marshal training lasts half a day and is repeated every 3 years.",
        "my fire marshal certificate",
    )
    assert not _gives("Inductions start at 07:30 on Mondays.", "my site induction")
    assert not _gives(
        "Book your renewal at least 2 months before it runs out.", "my driving licence check"
    )
    assert not _gives("You may renew it online.", "my permit")
    # a subject naming the thing's kind, in a document that never says the thing's case
    assert not _gives("The card lasts 3 years.", "my fuel card")
    assert not _gives("After it expires it is not used again.", "a final written warning")


INSURANCE = (
    "Business Travel Insurance",
    "# Business Travel Insurance\n\nEffective 1 April 2026.\n\n"
    "- Cover lasts for trips of up to 180 days.\n"
    "- Trips to some countries need approval at least 4 weeks ahead.\n",
)


def test_a_cited_document_stating_the_end_elsewhere_keeps_the_answer() -> None:
    title, text = INSURANCE
    other = _line(title, text, "- Trips to some countries need approval at least 4 weeks ahead.")
    # the document states the cover's end in another line: the answer cites where it is;
    # its effective date is no end of the cover, and it says no end of a fuel card
    assert unstated_end("When does my travel insurance cover end?", [other]) is None
    assert unstated_end("When does my fuel card run out?", [other]) == "my fuel card"
    title, text = FIRE
    training = _line(
        title, text, "Fire marshal training lasts half a day and is repeated every 3 years."
    )
    assert unstated_end(ASKED, [training]) == "my fire marshal certificate"


async def test_an_end_no_line_gives_is_refused(emb: OnnxEmbedder) -> None:
    assert await quotes_over(emb, {"f": FIRE}, ASKED) is None


async def test_without_the_rule_the_training_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "unstated_end", lambda q, chosen: None)
    quotes = await quotes_over(emb, {"f": FIRE}, ASKED)
    assert quotes is not None
    assert any("Fire marshal training lasts" in q for q in quotes)


async def test_the_thing_s_own_span_still_answers(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"f": FIRE_CARD}, ASKED)
    assert quotes is not None
    assert any("valid for 3 years" in q for q in quotes)
