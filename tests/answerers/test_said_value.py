"""A table row picked by a value the asker says in passing, and the column the asker asks
(said_value.py): the row answers under the floor when one of its cells says the value the
question names and no other row of its table says it, and the question asks for what one
other cell holds. A value the table does not hold, a year the question says otherwise, or a
value two tables key stays refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers import extractive
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import keys
from wikiqa.answerers.said_value import key_cell
from wikiqa.text.tables import table_rows
from wikiqa.types import Question

PENSION = (
    "Pension and Life Cover",
    "# Pension and Life Cover\n\nEveryone is enrolled in the Tidewell pension scheme.\n\n"
    "## Contributions\n\n| You pay (of basic pay) | Tidewell pays |\n|---|---|\n"
    "| 3% | 5% |\n| 4% | 6% |\n| 5% | 7% |\n| 6% or more | 8% |\n",
)
LIMITS = (
    "Purchasing Authority Limits",
    "# Purchasing Authority Limits\n\n"
    "The most each role may commit on a single purchase order, excluding VAT.\n\n"
    "| Role | Single purchase limit | Notes |\n|---|---|---|\n"
    "| General Manager | £5,000 | Within the hotel's budget |\n"
    "| Head of Maintenance | £15,000 | Repairs and plant only |\n"
    "| Chief Executive | £150,000 | Above this, the Board decides |\n",
)
GOODWILL = (
    "Handling Guest Complaints",
    "# Handling Guest Complaints\n\nWhat each role may offer a guest on one order, without asking.\n\n"
    "| Your role | You can offer |\n|---|---|\n"
    "| Duty manager | up to £200 |\n| General Manager | up to £1,000 |\n",
)
PAYDATES = (
    "Pay Dates 2026-27",
    "# Pay Dates 2026-27\n\nExpenses and overtime claims must reach payroll by the cut-off.\n\n"
    "| Month | Payday | Changes and claims cut-off |\n|---|---|---|\n"
    "| September 2026 | Monday 28 September 2026 | 14 September |\n"
    "| October 2026 | Wednesday 28 October 2026 | 14 October |\n"
    "| November 2026 | Friday 27 November 2026 | 13 November |\n",
)


async def _answer(question: str, docs: dict[str, tuple[str, str]]) -> tuple[bool, list[str]]:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    draft = await answerer.answer(Question(text=question), TermSource(docs))  # type: ignore[arg-type]
    return draft.refusal is None, [q.quote for c in draft.claims for q in c.quotes]


def _key(question: str, doc: tuple[str, str], i: int) -> bool:
    r = table_rows(doc[1])[i]
    return key_cell(question, frozenset(keys(question)), doc[1], r.header.start, r.row.text)


def test_the_key_is_a_value_only_its_row_says() -> None:
    q = "if I put 5% into my pension how much does the trust add"
    assert _key(q, PENSION, 2)  # "| 5% | 7% |": 5% in the key column, once
    assert not _key(q, PENSION, 0)  # "| 3% | 5% |": 5% past the key column
    assert not _key("if I put 2% in how much does the trust add", PENSION, 0)
    assert not _key("after 5 years how much does the trust add", PENSION, 2)  # no sign
    # a year the question leaves out is the calendar's; one it says otherwise keys nothing
    assert _key("the cut off for October's pay", PAYDATES, 1)
    assert not _key("the cut off for October 2027's pay", PAYDATES, 1)


@pytest.mark.parametrize(
    ("question", "docs", "row"),
    [
        (
            "if I put 5% into my pension how much does the trust add",
            {"pension.md": PENSION},
            "| 5% | 7% |",
        ),
        (
            "How much can the chief executive sign off on one order?",
            {"limits.md": LIMITS},
            "| Chief Executive | £150,000 | Above this, the Board decides |",
        ),
        (
            "What's the cut off for getting my expenses into October's pay?",
            {"paydates.md": PAYDATES},
            "| October 2026 | Wednesday 28 October 2026 | 14 October |",
        ),
    ],
)
async def test_the_row_keyed_by_the_value_answers(
    question: str, docs: dict[str, tuple[str, str]], row: str
) -> None:
    answered, quotes = await _answer(question, docs)
    assert answered and row in quotes


@pytest.mark.parametrize(
    ("question", "docs"),
    [
        # a value the table does not hold
        ("if I put 2% into my pension how much does the trust add", {"pension.md": PENSION}),
        ("How much can the finance director sign off on one order?", {"limits.md": LIMITS}),
        # a year the calendar does not cover
        (
            "What's the cut off for getting my expenses into October 2027's pay?",
            {"paydates.md": PAYDATES},
        ),
        # two tables keyed by the same value: nothing here tells the asked one
        (
            "How much can the general manager sign off on one order?",
            {"limits.md": LIMITS, "goodwill.md": GOODWILL},
        ),
    ],
)
async def test_a_value_no_row_or_two_tables_say_stays_refused(
    question: str, docs: dict[str, tuple[str, str]]
) -> None:
    answered, quotes = await _answer(question, docs)
    assert not any("|" in q and "£" in q for q in quotes) or not answered


@pytest.mark.parametrize(
    ("question", "docs"),
    [
        ("if I put 5% into my pension how much does the trust add", {"pension.md": PENSION}),
        (
            "What's the cut off for getting my expenses into October's pay?",
            {"paydates.md": PAYDATES},
        ),
    ],
)
async def test_switched_off_the_row_is_refused(
    monkeypatch: pytest.MonkeyPatch, question: str, docs: dict[str, tuple[str, str]]
) -> None:
    monkeypatch.setattr(extractive, "_value_named", lambda e: False)
    monkeypatch.setattr(extractive, "value_line", lambda *a, **k: None)
    answered, _ = await _answer(question, docs)
    assert not answered
