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
from wikiqa.answerers.said_value import key_cell, other_kind, structure_keys, value_cell
from wikiqa.text.tables import table_rows
from wikiqa.types import Document, Question

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
    monkeypatch.setattr(
        extractive,
        "LIFTED_LINES",
        tuple(c for c in extractive.LIFTED_LINES if c is not extractive.value_row),
    )
    answered, _ = await _answer(question, docs)
    assert not answered


# Tables keyed by the asker's job or grade whose column qualifies its head noun, as a
# restaurant, a school, an airport, a supermarket and a care home would write them; each
# with a body sentence after the table that says the question's other words.
SHAPES = {
    "refer": (
        "Refer a Friend",
        "# Refer a Friend\n\n| Job filled | Referral bonus |\n|---|---|\n| Waiter | £150 |\n"
        "| Line cook | £300 |\n| Room attendant | £200 |\n\nWaiters get a mystery diner score "
        "each month. Room attendants are inspected weekly by the housekeeping supervisor.\n",
    ),
    "school": (
        "Allowances for Support Staff",
        "# Allowances for Support Staff\n\n| Post | Responsibility allowance |\n|---|---|\n"
        "| Head of year | £2,500 |\n| Exams officer | £1,200 |\n\nHeads of year travel to the "
        "partner schools each term, and exams officers claim mileage for it.\n",
    ),
    "airport": (
        "Shift Pay for Security Staff",
        "# Shift Pay for Security Staff\n\n| Grade | Night rate |\n|---|---|\n"
        "| Security officer | £2.10 an hour extra |\n| Screening supervisor | £2.60 an hour extra |"
        "\n\nBank holidays are paid as overtime at time and a half. Screening supervisors are "
        "paid for a Christmas Day shift.\n",
    ),
    "shop": (
        "Store Attendance Awards",
        "# Store Attendance Awards\n\n| Role | Attendance bonus |\n|---|---|\n"
        "| Checkout assistant | £100 a quarter |\n| Shelf stacker | £80 a quarter |\n\n"
        "Checkout assistants working Boxing Day are thanked by the store manager. Shelf "
        "stackers who stack at night are given a meal.\n",
    ),
    "care": (
        "Sleep-in Shifts",
        "# Sleep-in Shifts\n\n| Role | Sleep-in allowance |\n|---|---|\n"
        "| Care assistant | £45 a night |\n| Senior carer | £55 a night |\n\nCare assistants "
        "who drive residents to appointments use the pool car.\n",
    ),
}


def _rows_taken(question: str) -> list[str]:
    """The rows of SHAPES that value_cell takes for the question."""
    qset = frozenset(keys(question))
    taken = []
    for doc_id, (title, text) in SHAPES.items():
        doc = Document(doc_id=doc_id, title=title, text=text, source="mem")
        for r in table_rows(text):
            if (
                value_cell(question, qset, doc, r.header.text, r.header.start, r.row.text)
                is not None
            ):
                taken.append(r.row.text)
    return taken


@pytest.mark.parametrize(
    "question",
    [
        "Do room attendants get a bonus for good inspection scores?",
        "Do waiters get a bonus for a good mystery diner score?",
        "How much is the travel allowance for a head of year?",
        "What's the mileage allowance for an exams officer?",
        "What's the overtime rate for bank holidays for a security officer?",
        "What's the Christmas Day rate for a screening supervisor?",
        "Do checkout assistants get a bonus for working Boxing Day?",
        "What's the night bonus for a shelf stacker?",
        "What's the driving allowance for a care assistant?",
    ],
)
def test_another_kind_of_the_columns_thing_keys_no_row(question: str) -> None:
    """Each was taken before the column's qualifier and the table's own words were read
    (rows55): the job keyed the row, the head noun named the column, and a body sentence
    after the table said the question's other words."""
    assert _rows_taken(question) == []


def test_the_qualifier_said_or_nothing_else_asked_keys_the_row() -> None:
    assert _rows_taken("What do I get for referring a line cook?") == ["| Line cook | £300 |"]


def test_a_qualifier_the_question_does_not_say() -> None:
    known = frozenset(keys("Refer a Friend Job filled Referral bonus Room attendant £200"))
    question = "Do room attendants get a bonus for good inspection scores?"
    assert other_kind(question, frozenset(keys(question)), "Referral bonus", known)
    question = "Do room attendants get a referral bonus?"
    assert not other_kind(question, frozenset(keys(question)), "Referral bonus", known)
    # a clause after the preposition names the act, not another cut-off
    question = "What's the cut off for getting my expenses into October's pay?"
    assert not other_kind(question, frozenset(keys(question)), "Changes and claims cut-off", known)
    question = "What's the overtime rate for a security officer?"
    assert other_kind(question, frozenset(keys(question)), "Night rate", known)


def test_the_tables_own_words_are_its_title_headings_and_lead_in() -> None:
    title, text = SHAPES["refer"]
    r = table_rows(text)[0]
    said = structure_keys(Document(doc_id="r", title=title, text=text, source="mem"),
                          r.header.text, r.header.start)  # fmt: skip
    assert said >= frozenset(keys("Refer a Friend Referral bonus"))
    assert not said & frozenset(keys("inspected mystery diner score"))  # after the table
    title, text = LIMITS
    r = table_rows(text)[0]
    said = structure_keys(Document(doc_id="l", title=title, text=text, source="mem"),
                          r.header.text, r.header.start)  # fmt: skip
    assert "order" in said  # the paragraph leading into the table
