"""A number asked for ringing without giving one's name is answered only by a line said to be
confidential, independent or anonymous (nameless_line.py, gap76): "I want to report something
without giving my name. What number do I call?" is not answered by a breakdown or fault line
that shares the question's plain words ("call", "number", "report"), but by the whistleblowing
page's confidential line. Must refuse: the whistleblowing page withheld (the fault line does not
answer), and a matter of the asker's own life; must stay as before: a question with no nameless
condition (the fault number), and an answer already citing such a line."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import embedded_source

from wikiqa.answerers import nameless_line
from wikiqa.answerers.nameless_line import line_unsaid
from wikiqa.answerers.told_concern import outside_asked
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Draft, DraftClaim, DraftQuote, Principal, Refusal, RefusalCode

WHISTLE = (
    "---\ntitle: Whistleblowing\naccess_scope: public\n---\n# Whistleblowing\n\nIf you suspect wrongdoing such as "
    "fraud, danger to customers or pollution of the waterway, report it. You will not be "
    "treated badly for raising a genuine concern.\n\n1. Tell your manager, or the head of "
    "operations if your manager is involved.\n2. Or call the confidential Safecall line on "
    "0800 915 1571, 24 hours a day, anonymously if you wish.\n3. We acknowledge a concern "
    "within 5 working days and tell you the outcome where we can.\n"
)
BREAKDOWN = (
    "---\ntitle: Breakdown Call-outs\naccess_scope: public\n---\n# Breakdown Call-outs\n\nCustomers call the "
    "breakdown number, 01422 610 999, which is answered by the duty engineer from 07:00 to "
    "22:00 every day in season.\n\nEngineers log every call-out in the crew app with the boat's "
    "name.\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\nFull-time staff get 28 days a year "
    "including bank holidays. Book leave on the rota app at least 4 weeks ahead.\n"
)
OTHERS = {
    "faults.md": (
        "---\ntitle: Show Stops and Technical Faults\naccess_scope: public\n---\n# Show Stops "
        "and Technical Faults\n\nColleagues report a fault in a screen to the duty manager, who "
        "calls the Technical Helpline, 0115 964 3399, answered by the technician on call.\n"
    ),
    "sickness.md": (
        "---\ntitle: Sickness Absence\naccess_scope: public\n---\n# Sickness Absence\n\nIf you are ill, phone "
        "the operations desk on 01422 610 240 before 07:30. Self-certify for up to 7 days; "
        "after that you need a fit note from your GP.\n"
    ),
    "uniform.md": (
        "---\ntitle: Uniform\naccess_scope: public\n---\n# Uniform\n\nWe give you two polo shirts and a fleece. "
        "Wear safety boots on the pontoons. Replacements are free for fair wear and tear.\n"
    ),
    "pay-dates.md": (
        "---\ntitle: Pay Dates\naccess_scope: public\n---\n# Pay Dates\n\nYou are paid monthly on the last "
        "working day. Payslips are on the crew app two days before payday.\n"
    ),
    "grievance.md": (
        "---\ntitle: Grievances\naccess_scope: public\n---\n# Grievances\n\nRaise a problem with your manager "
        "first. If it is not sorted, write to the head of operations within 3 months.\n"
    ),
}
SAFECALL = "0800 915 1571"
BREAKDOWN_NO = "01422 610 999"
CLEANER = Principal(user_id="u-1", roles=["staff"], departments=["turnaround"])
NAMELESS = "I want to report something without giving my name. What number do I call?"


async def ask_as(question: str, source: CollectionSource, who: Principal) -> Answer | Refusal:
    """`question` asked as the batteries ask it: the extractive answerer with its embedder."""
    answerer = extractive_answerer(Settings())
    return await ask_async(question, source, settings=Settings(), answerer=answerer, principal=who)


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def _files(*, whistle: bool = True) -> dict[str, str]:
    files = {"breakdown-callouts.md": BREAKDOWN, "annual-leave.md": LEAVE, **OTHERS}
    if whistle:
        files["whistleblowing.md"] = WHISTLE
    return files


def _draft(line: str) -> Draft:
    quote = DraftQuote(source="docs:t", doc_id="d.md", quote=line)
    return Draft(claims=[DraftClaim(text=line, quotes=[quote])])


async def test_the_nameless_number_is_the_confidential_line(
    emb: OnnxEmbedder, tmp_path: Path
) -> None:
    result = await ask_as(NAMELESS, embedded_source(tmp_path, _files(), emb), CLEANER)
    assert SAFECALL in _said(result)
    assert BREAKDOWN_NO not in _said(result)


async def test_withheld_the_fault_line_does_not_answer(emb: OnnxEmbedder, tmp_path: Path) -> None:
    result = await ask_as(NAMELESS, embedded_source(tmp_path, _files(whistle=False), emb), CLEANER)
    assert isinstance(result, Refusal)


async def test_a_fault_reported_by_name_keeps_its_number(emb: OnnxEmbedder, tmp_path: Path) -> None:
    question = "Our boat won't start. What number do customers call for a breakdown?"
    result = await ask_as(question, embedded_source(tmp_path, _files(), emb), CLEANER)
    assert SAFECALL not in _said(result)


async def test_the_asker_s_own_life_is_not_the_whistleblowing_line(
    emb: OnnxEmbedder, tmp_path: Path
) -> None:
    question = "Is there a number I can ring without giving my name about my pay?"
    result = await ask_as(question, embedded_source(tmp_path, _files(), emb), CLEANER)
    assert SAFECALL not in _said(result)


def test_an_answer_not_saying_a_nameless_line_does_not_stand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fault = "Customers call the breakdown number, 01422 610 999, which is answered in season."
    line = "Or call the confidential Safecall line on 0800 915 1571, anonymously if you wish."
    assert outside_asked(NAMELESS)
    assert line_unsaid(NAMELESS, _draft(fault))
    assert not line_unsaid(NAMELESS, _draft(line))
    assert not line_unsaid("What number do customers call for a breakdown?", _draft(fault))
    refused = Draft(refusal=RefusalCode.insufficient_evidence, reason="no")
    assert not line_unsaid(NAMELESS, refused)
    monkeypatch.setattr(nameless_line, "NAMELESS_LINE", False)
    assert not line_unsaid(NAMELESS, _draft(fault))


def test_report_something_reads_as_a_matter_at_work() -> None:
    assert outside_asked(NAMELESS)
    assert outside_asked("I want to report this anonymously. Who can I ring?")
    assert not outside_asked("I want to report something. What number do I call?")  # no name kept
    assert not outside_asked(
        "I want to report my sickness without giving my name. What number do I call?"
    )
