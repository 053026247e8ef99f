"""A sum the question tells, read against the approval threshold a line sets (told_amount,
line72): "A customer wants £400 back at the box office. Who has to okay that?" is answered by
"Refunds over £300 need the house manager's approval ...", ranked under the floor and below
the refunds page's own lines. Must stay refused or unanswered by that line: a sum under the
threshold, another act's threshold, a question asking something else of the sum."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import told_amount
from wikiqa.answerers.told_amount import asks_approval, question_acts, threshold, told_sum
from wikiqa.types import Answer, Principal, Refusal

FILES = {
    "box-office-cash.md": (
        "---\ntitle: Box Office Cash and Cards\n---\n# Box Office Cash and Cards\n\n"
        "- Each box office till opens with a float of £200.\n"
        "- Takings are counted by two people and banked every day.\n"
        "- Refunds over £300 need the house manager's approval before they are paid.\n"
        "- Voided sales are logged with the reason and signed off by the box office supervisor "
        "at the end of the day.\n"
    ),
    "refunds-and-exchanges.md": (
        "---\ntitle: Refunds and Exchanges\n---\n# Refunds and Exchanges\n\n"
        "1. Tickets can be exchanged for another performance up to 48 hours before the "
        "performance, for a fee of £2 a ticket.\n"
        "2. If we cancel a performance, customers get a full refund, paid within 14 days.\n"
        "3. Otherwise tickets cannot be refunded, but the box office can offer to resell them "
        "for the customer.\n"
    ),
    "payroll-corrections.md": (
        "---\ntitle: Payroll Corrections\n---\n# Payroll Corrections\n\n"
        "- Every correction over £1,000 needs the finance director's approval.\n"
        "- Corrections are logged on the payroll variance log the same day.\n"
    ),
}
APPROVAL = "house manager's approval"
FINANCE = Principal(user_id="u-1", roles=["staff"], departments=["finance"])


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


@pytest.mark.parametrize(
    "question",
    [
        "A customer wants £400 back at the box office. Who has to okay that?",
        "A customer wants £1,500 refunded at the box office. Who has to approve it?",
    ],
)
async def test_the_threshold_the_sum_passes_answers(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), FINANCE)
    assert APPROVAL in _said(result)
    assert "finance director" not in _said(result)


async def test_switched_off_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(told_amount, "TOLD_AMOUNT", False)
    question = "A customer wants £400 back at the box office. Who has to okay that?"
    result = await ask_as(question, own_source(tmp_path, FILES), FINANCE)
    assert APPROVAL not in _said(result)


@pytest.mark.parametrize(
    "question",
    [
        "A customer wants £250 back at the box office. Who has to okay that?",
        "A customer wants £400 back at the box office. How long does the refund take to arrive?",
        "A colleague's pay needs a £400 correction. Who has to okay that?",
    ],
)
async def test_a_sum_the_threshold_does_not_cover_is_not_answered(
    tmp_path: Path, question: str
) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), FINANCE)
    assert APPROVAL not in _said(result)
    assert "finance director" not in _said(result)


def test_the_readings() -> None:
    assert told_sum("A customer wants £1,200 back. Who okays it?") == 1200.0
    assert told_sum("£20 or £30 back?") is None
    assert asks_approval("Can I just refund it?")
    assert asks_approval("Whose approval do I need?")
    assert not asks_approval("How long does a refund take?")
    assert "refund" in question_acts("A customer wants £25 back on a cake.")
    assert threshold("- Refunds over £20 need a shift supervisor's code.") == (
        ["refund"],
        20.0,
        False,
    )
    assert threshold("Orders of £5,000 or more must be approved by the director.") == (
        ["order"],
        5000.0,
        True,
    )
    assert threshold("- Cash over £500 in a till is moved to the safe.") is None
