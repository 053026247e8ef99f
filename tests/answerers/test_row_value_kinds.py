"""A table row the question keys answers by the cell holding the kind of value it asks:
"20 working days" is a stretch of time as "20 days" is; "how much notice" asks for one as
"how long" does; a limit is the most allowed, asked by "the biggest" as "Maximum" is. A row
of a case the question does not name still does not answer. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer, gated_type
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.kinds import asks_duration, says_duration
from wikiqa.answerers.rows import STRONG, extreme_keys, row_fit
from wikiqa.text.tables import table_rows
from wikiqa.types import Question

ETHICS = (
    "Research Ethics Approval",
    "# Research Ethics Approval\n\nEvery study with human participants needs approval before "
    "any data is collected.\n\n"
    "| Risk level | Reviewed by | Decision within |\n|---|---|---|\n"
    "| Low risk (anonymous surveys, public records) | two members of the school panel "
    "| 10 working days |\n"
    "| Medium risk (focus groups, identifiable records) | the Faculty Ethics Committee "
    "| 20 working days |\n"
    "| High risk (clinical trials, children) | the University Ethics Board "
    "| 40 working days |\n",
)
PLANT = (
    "Booking Plant",
    "# Booking Plant\n\nBook company plant before hiring it in from outside.\n\n"
    "| What you need | Notice to give |\n|---|---|\n"
    "| Mini diggers and dumpers | 2 working days |\n"
    "| Excavators over 13 tonnes and cherry pickers | 10 working days |\n",
)
LIMITS = (
    "Purchasing Limits",
    "# Purchasing Limits\n\nThe most each job may commit on one purchase order, before VAT."
    "\n\n| Job | Limit per order | Above the limit, ask |\n|---|---|---|\n"
    "| Site supervisor | £2,000 | Site manager |\n"
    "| Site manager | £8,000 | Regional director |\n"
    "| Regional director | £60,000 | Board |\n",
)
APPROVALS = (
    "Purchase Order Approvals",
    "# Purchase Order Approvals\n\nWhat each role may commit on one order, before VAT.\n\n"
    "| Role | Single purchase limit | Notes |\n|---|---|---|\n"
    "| Store manager | £5,000 | Above this, ask the area manager |\n"
    "| Finance director | £90,000 | Above this, the Board decides |\n",
)
CANTEEN = (
    "Staff Canteen",
    "# Staff Canteen\n\nThe canteen serves hot food from 07:00 to 14:00 on weekdays.\n\n"
    "Staff can pay with their pass or by card.\n",
)


async def _answer(question: str, docs: dict[str, tuple[str, str]]) -> tuple[bool, list[str]]:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    draft = await answerer.answer(Question(text=question), TermSource(docs))  # type: ignore[arg-type]
    return draft.refusal is None, [q.quote for c in draft.claims for q in c.quotes]


def _row(doc: tuple[str, str], i: int) -> tuple[str, str]:
    r = table_rows(doc[1])[i]
    return r.header.text, r.row.text


def test_a_number_of_working_days_is_a_stretch_of_time() -> None:
    assert says_duration("20 working days")
    assert says_duration("5 clear days")
    assert says_duration("within 3 business days")
    assert not says_duration("working days")  # no number: no stretch of time
    assert not says_duration("the Faculty Ethics Committee")


def test_how_much_notice_or_time_asks_for_a_stretch_of_time() -> None:
    assert asks_duration("how much notice for a telehandler")
    assert asks_duration("How much warning must I give?")
    assert not asks_duration("How much time off do I get as the new dad?")
    assert not asks_duration("How much money do I get for my move?")
    assert not asks_duration("How much is the staff discount?")


def test_a_limit_is_the_most_allowed() -> None:
    assert extreme_keys(frozenset(keys("biggest"))) >= frozenset(keys("limit"))
    assert extreme_keys(frozenset(keys("the most I can claim"))) >= frozenset(keys("limit cap"))
    assert not extreme_keys(frozenset(keys("the least I can order"))) & frozenset(keys("limit"))


def test_the_row_whose_cell_says_the_stretch_of_time_asked_is_the_row_asked_for() -> None:
    # main read the row as one that could answer (FITS), not as the row asked for with the
    # value asked (STRONG): "20 working days" said no stretch of time
    q = "How long does ethics sign-off take for a focus group study?"
    info = analyse(q)
    r = table_rows(ETHICS[1])[1]
    fit = row_fit(
        gated_type(info), frozenset(info.terms), ETHICS[1], ETHICS[0], r.header.text,
        r.row.text, r.header.start, duration=asks_duration(q),
    )  # fmt: skip
    assert fit == STRONG
    lab = table_rows(ETHICS[1])[2]  # a study the question does not name: not this row
    fit = row_fit(
        gated_type(info), frozenset(info.terms), ETHICS[1], ETHICS[0], lab.header.text,
        lab.row.text, lab.header.start, duration=asks_duration(q),
    )  # fmt: skip
    assert fit != STRONG


async def test_how_much_notice_is_answered_by_the_keyed_rows_notice() -> None:
    q = "how much notice for a cherry picker"
    info = analyse(q)
    r = table_rows(PLANT[1])[1]
    fit = row_fit(
        gated_type(info), frozenset(info.terms), PLANT[1], PLANT[0], r.header.text,
        r.row.text, r.header.start, duration=asks_duration(q),
    )  # fmt: skip
    assert fit == STRONG  # main: FITS, "Notice to give" being named by one word of two
    ok, quotes = await _answer(q, {"plant": PLANT, "canteen": CANTEEN})
    assert ok
    assert quotes == [
        "| What you need | Notice to give |",
        "| Excavators over 13 tonnes and cherry pickers | 10 working days |",
    ]


async def test_the_biggest_order_is_the_limit_per_order() -> None:
    ok, quotes = await _answer(
        "What's the biggest single order a site manager can approve?",
        {"limits": LIMITS, "canteen": CANTEEN},
    )
    assert ok
    assert quotes[-1] == "| Site manager | £8,000 | Regional director |"


async def test_a_case_the_table_does_not_list_stays_refused() -> None:
    for question, docs in (
        ("how much notice for a tower crane", {"plant": PLANT, "canteen": CANTEEN}),
        ("How long does ethics sign-off take for a lab study?", {"ethics": ETHICS}),
        ("What's the biggest single order a buyer can approve?", {"limits": LIMITS}),
        (
            "How much can the head chef sign off on a single order for site kit?",
            {"approvals": APPROVALS, "canteen": CANTEEN, "plant": PLANT},
        ),
    ):
        ok, _ = await _answer(question, docs)
        assert not ok, question
