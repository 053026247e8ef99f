"""The asker's line that a set-aside neighbour restates with another figure answers a value
question under the floor (trap64, `restated.py`).

A home care company's mileage page in force and the edition it replaced say the same line
with another figure ("Mileage between clients' homes is paid at £0.45 a mile, ..." and
"... £0.40 a mile."); the question meets the line only loosely. On small documents written
here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import Candidate, ExtractiveAnswerer
from wikiqa.answerers.restated import asks_value, restated_line, restates
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document, Principal, Refusal

CARER = Principal(user_id="u-1", roles=["home_carer"], departments=["homecare"])
CURRENT = (
    "Mileage, Travel Time and Expenses",
    "# Mileage, Travel Time and Expenses\n\n"
    "## Home carers\n\n"
    "- Mileage between clients' homes is paid at £0.45 a mile, using the CareRota route "
    "distance.\n"
    "- Travel time between visits is paid at your hourly rate.\n"
    "- Your drive from home to your first visit is not paid.\n\n"
    "## Meals\n\n"
    "If a journey for work keeps you away for more than 10 hours, you can claim up to £10 "
    "for a meal.\n",
)
PAST = (
    "Mileage, Travel Time and Expenses 2025 (superseded)",
    "# Mileage, Travel Time and Expenses 2025 (superseded)\n\n"
    "Superseded on 1 April 2026 by the current Mileage, Travel Time and Expenses page.\n\n"
    "## Home carers\n\n"
    "- Mileage between clients' homes is paid at £0.40 a mile.\n"
    "- Travel time between visits is paid at your hourly rate.\n\n"
    "## Meals\n\n"
    "If a journey for work keeps you away for more than 10 hours, you can claim up to £8 "
    "for a meal.\n",
)
LONE = (
    "Lone Working",
    "# Lone Working\n\n"
    "Text the office when you arrive at each call and when you leave. If you feel unsafe, "
    "leave and phone the on-call manager.\n",
)
DOCS = {
    "pay/mileage-and-travel": CURRENT,
    "archive/mileage-and-travel-2025": PAST,
    "homecare/lone-working": LONE,
}
QUESTION = "what's the mileage rate between calls?"


async def _ask(question: str, docs: dict[str, tuple[str, str]] = DOCS) -> Answer | Refusal:
    return await ask_over(docs, question, who=CARER, answerer=ExtractiveAnswerer(max_sentences=3))


def test_a_line_restated_with_another_figure() -> None:
    now = "- Mileage between clients' homes is paid at £0.45 a mile, using the CareRota route."
    assert restates(now, "- Mileage between clients' homes is paid at £0.40 a mile.")
    assert not restates(now, now)  # the same figure is no restatement
    assert not restates(now, "- Travel time between visits is paid at your hourly rate.")
    assert not restates("Lunch: up to £8.", "Lunch: up to £5.")  # too few words to tell
    assert asks_value(QUESTION)
    assert asks_value("How much do we get for a sleep in now?")
    assert not asks_value("Is mileage paid between calls?")


async def test_the_line_in_force_answers_and_switched_off_it_does_not(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    got = await _ask(QUESTION)
    assert isinstance(got, Answer), got
    assert {c.doc_id for c in got.citations} == {"pay/mileage-and-travel"}
    assert "£0.45" in got.text
    monkeypatch.setattr(extractive, "RESTATED", False)
    off = await _ask(QUESTION)
    assert "£0.45" not in (off.text if isinstance(off, Answer) else "")


async def test_no_neighbour_a_yes_no_question_and_an_unsaid_thing(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    alone = {k: v for k, v in DOCS.items() if not k.startswith("archive/")}
    got = await _ask(QUESTION, alone)
    assert "£0.45" not in (got.text if isinstance(got, Answer) else "")  # nothing restates it
    scooter = await _ask("How much do I get a mile on an electric scooter for my calls?")
    assert isinstance(scooter, Refusal), scooter
    # the thing whose value is asked is named first, and the meal line does not name it:
    # the reading adds nothing to what the answerer says without it
    laundry = "How much is the laundry allowance when a journey keeps me for 12 hours?"
    on = await _ask(laundry)
    monkeypatch.setattr(extractive, "RESTATED", False)
    off = await _ask(laundry)
    assert type(on) is type(off) and on.model_dump().get("text") == off.model_dump().get("text")


def _line(doc_id: str, text: str) -> Candidate:
    title, body = DOCS.get(doc_id) or PAST_DOCS[doc_id]
    doc = Document(source="docs", doc_id=doc_id, title=title, text=body)
    at = body.index(text)
    return Candidate(doc=doc, span=Span(at, at + len(text), text), terms=[], passage_rank=0)


PAST_DOCS = {
    "archive/mileage-and-travel-2024": (
        "Mileage, Travel Time and Expenses 2024 (superseded)",
        "# Mileage, Travel Time and Expenses 2024 (superseded)\n\n"
        "- Mileage between clients' homes is paid at £0.35 a mile.\n",
    ),
}


def test_only_a_line_in_force_is_the_restated_line() -> None:
    now = "- Mileage between clients' homes is paid at £0.45 a mile, using the CareRota route"
    old = "- Mileage between clients' homes is paid at £0.40 a mile."
    docs = {
        k: Document(source="docs", doc_id=k, title=t, text=b)
        for k, (t, b) in {**DOCS, **PAST_DOCS}.items()
    }
    current = _line("pay/mileage-and-travel", now)
    aside = {k: d for k, d in docs.items() if k != "archive/mileage-and-travel-2025"}
    assert restated_line(QUESTION, [current], aside) is current
    # a past edition read for want of its replacement, an older one restating it
    past = _line("archive/mileage-and-travel-2025", old)
    older = {k: d for k, d in docs.items() if k != "pay/mileage-and-travel"}
    assert restated_line(QUESTION, [past], older) is None
    # the thing asked is not the line's
    assert restated_line("How much is the laundry allowance for calls?", [current], aside) is None


async def test_a_case_no_document_speaks_of(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # "hospice" is said by no document: the case asked is one the documents never state
    asked = "what's the mileage rate at a hospice?"
    got = await _ask(asked)
    assert "£0.45" not in (got.text if isinstance(got, Answer) else "")
    monkeypatch.setattr(extractive, "said_somewhere", lambda *a: True)
    loose = await _ask(asked)
    assert isinstance(loose, Answer) and "£0.45" in loose.text, loose  # the check holds it
