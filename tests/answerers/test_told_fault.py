"""A fault told in everyday words ("water coming through a ceiling", "black mould", "the
brakes felt spongy", "my boots have fallen apart") and its ask ("how fast have I got to get
there", "when does someone have to look at it", "can the bus still go out") are read as the
documents write them (told_fault.py), so the ruling line answers; what no document rules on
stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.told_fault import fault_said, faults_told, plain_fault
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Draft, DraftClaim, DraftQuote

REPAIRS = (
    "Repair Priorities",
    "# Repair Priorities\n\n"
    "Every repair reported by a tenant gets a priority.\n\n"
    "| Priority | Examples | Attend within |\n|---|---|---|\n"
    "| Emergency | flooding, gas smell, unsafe electrics | 4 hours |\n"
    "| Routine | dripping tap, sticking door | 20 working days |\n\n"
    "Damp and mould reports are always inspected within 10 working days, whatever priority "
    "they were given.\n",
)
DEFECTS = (
    "Walkround Checks and Defects",
    "# Walkround Checks and Defects\n\n"
    "Before taking any bus out of the depot, the driver does a walkround check.\n\n"
    "| Category | Meaning | What happens |\n|---|---|---|\n"
    "| Category 1 | a safety defect (brakes, steering, tyres, doors, lights) | the vehicle "
    "is taken off the road at once |\n"
    "| Category 2 | a comfort or cosmetic fault | repaired at the next service |\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "Full-time staff get 25 days of annual leave a year plus bank holidays. Book leave in "
    "the HR system at least 2 weeks ahead.\n",
)
DOCS = {"r": REPAIRS, "d": DEFECTS, "l": LEAVE}

MOULD = "A tenant rang about black mould in the bedroom, when does someone have to look at it?"
BRAKES = "The brakes felt spongy on my walkround this morning. Can the bus still go out?"


def test_the_fault_and_its_ask_are_said_as_the_documents_say_them() -> None:
    assert plain_fault("Water coming through a ceiling, how fast have I got to get there?") == (
        "Water leak through a ceiling, what is the repair priority and response time?"
    )
    assert plain_fault(MOULD) == (
        "A tenant rang about damp and mould in the bedroom, when must it be inspected?"
    )
    assert plain_fault(BRAKES) == (
        "The brakes felt spongy (a safety defect) on my walkround this morning. "
        "What happens to the vehicle?"
    )
    assert plain_fault("My safety shoes have split. Will the company pay for new ones?") == (
        "My safety shoes are worn out. Is there an allowance for new ones?"
    )
    assert plain_fault("How long is the CCTV from the buses kept for?") == (
        "How long is the camera footage from the buses kept for?"
    )
    assert plain_fault("What do I do with my scanner when my shift finishes?") == (
        "What do I do with my scanner at the end of my shift?"
    )


def test_a_fault_asked_about_something_else_is_left_as_told() -> None:
    for same in (
        "Water came through the ceiling onto my laptop. Who pays for a new one?",
        "There's black mould in the bedroom. Can the tenant withhold rent?",
        "The brakes felt spongy. Who do I report it to?",
        "How long is the CCTV in the depot canteen kept for?",  # a building's CCTV
        "My boots have fallen apart. Can I wear trainers instead?",
        "The walk-in fridge is warm, who do I tell?",
        "When my shift finishes, can I leave by the back door?",
        "The brakes felt spongy on my car on the way to work. Can I still drive it home?",
        "Water coming through the ceiling of my own flat, how fast have I got to get there?",
        "Black mould in the staff kitchen at head office, when does someone have to look at it?",
    ):
        assert plain_fault(same) == same, same


async def test_everyday_wording_answers_from_the_ruling_line(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, MOULD)
    assert quotes is not None and any("inspected within 10 working days" in q for q in quotes)


async def test_without_the_reading_the_mould_is_not_answered(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "plain_fault", lambda text: text)
    quotes = await quotes_over(emb, DOCS, MOULD)
    assert quotes is None or not any("inspected within" in q for q in quotes)


async def test_what_no_document_rules_on_stays_refused(emb: OnnxEmbedder) -> None:
    without = {"l": LEAVE}
    for question in (MOULD, BRAKES, "Water coming through a ceiling, how fast must I respond?"):
        assert await quotes_over(emb, without, question) is None, question


def _answered(*quotes: str) -> Draft:
    return Draft(
        claims=[DraftClaim(text=q, quotes=[DraftQuote(doc_id="d", quote=q)]) for q in quotes]
    )


def test_the_answer_must_say_the_fault_and_what_its_rule_gives() -> None:
    assert faults_told(MOULD) == ["mould"]
    other = _answered("Every repair reported by a tenant gets a priority.")
    assert fault_said(MOULD, other).refusal is not None
    rule = _answered("Damp and mould reports are always inspected within 10 working days.")
    assert fault_said(MOULD, rule) == rule
    cameras = "How long is the CCTV from the buses kept for?"
    police = _answered("Police requests for camera footage are supplied within 2 working days.")
    assert fault_said(cameras, police).refusal is not None  # names cameras, keeps nothing
    boots = "My walking boots have fallen apart. Does the charity chip in for new ones?"
    tabards = _answered("| Shop staff | 2 tabards | Replaced when worn out |")
    assert fault_said(boots, tabards).refusal is not None  # not the boots'
    allowance = _answered("Rangers also receive a boot allowance of £90 every 2 years.")
    assert fault_said(boots, allowance) == allowance
    assert fault_said("How long can I have off?", other) == other
