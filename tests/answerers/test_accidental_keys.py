"""A row picked by accident, and a column named in other words (rows.py). A number the
question names falls in a row's range ("after 7 years" in "5 to 10 years"), but the table is
about something else than what is asked: its number, the words that came with it, a light
"get" or another section of the document do not make it the answer. "The top of band 4" asks
for the column "Maximum". Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import QuestionInfo, analyse, keys
from wikiqa.answerers.kinds import asked_kind, asked_row_kind, says_kind
from wikiqa.answerers.rows import (
    NO,
    STRONG,
    extreme_keys,
    named_cells,
    question_numbers,
    row_fit,
    table_section,
)
from wikiqa.text.tables import table_rows

LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\n## How much leave you get\n\n"
    "Your entitlement depends on your continuous service on 1 January.\n\n"
    "| Continuous service | Annual leave days | Public holidays |\n|---|---|---|\n"
    "| Less than 5 years | 26 | 8 |\n"
    "| 5 to 10 years | 28 | 8 |\n"
    "| More than 10 years | 30 | 8 |\n\n"
    "## Booking leave\n\n"
    "- Give notice of at least twice the length of the leave you want to take.\n",
)
NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\n"
    "If we end your employment, the notice we give you is one week for each complete year of "
    "service, up to 12 weeks.\n",
)
SICK = (
    "Sick Pay",
    "# Sick Pay\n\nCompany sick pay depends on your continuous service.\n\n"
    "| Continuous service | Full pay | Then half pay |\n|---|---|---|\n"
    "| Probation completed, under 1 year | 4 weeks | 4 weeks |\n"
    "| 1 to 5 years | 8 weeks | 8 weeks |\n",
)
COMPENSATION = (
    "Customer Compensation",
    "# Customer Compensation\n\n"
    "| What went wrong | Household customer | Business customer |\n|---|---|---|\n"
    "| We missed a booked appointment | £20 | £20 |\n"
    "| Sewage flooding inside the home | Refund of charges, up to £2,000 | Refund of charges, "
    "up to £2,000 |\n",
)
PAY_BANDS = (
    "Pay Bands 2026-27",
    "# Pay Bands 2026-27\n\nEveryone joins at the minimum of their band.\n\n"
    "| Pay band | Minimum | Maximum |\n|---|---|---|\n"
    "| Band 3 | £27,100 | £29,640 |\n"
    "| Band 4 | £30,420 | £34,320 |\n",
)


def fit(question: str, doc: tuple[str, str], row: int, on_topic: bool = False) -> int:
    r = table_rows(doc[1])[row]
    return row_fit(
        "what", frozenset(keys(question)), doc[1], doc[0], r.header.text, r.row.text,
        r.header.start, question_numbers(question), on_topic=on_topic,
        kind=asked_row_kind(question),
    )  # fmt: skip


async def _assess(q: QuestionInfo, docs: dict[str, tuple[str, str]]) -> Evidence | None:
    source = TermSource(docs)
    hits = await source.search(q.text)
    fetched = {h.doc_id: await source.fetch(h.doc_id) for h in hits}
    return ExtractiveAnswerer(floor=0.35, max_sentences=3).assess(q, hits, fetched)


def test_a_light_get_does_not_make_a_leave_table_about_notice() -> None:
    q = "If the company lets me go after 7 years, how much notice do I get?"
    assert fit("How many leave days do I get after 7 years?", LEAVE, 1) == STRONG  # still
    assert fit(q, LEAVE, 1) == NO  # "get" of "How much leave you get" is no topic
    # the first document's other section says "notice": not the table's section
    assert fit(q, LEAVE, 1, on_topic=True) == NO
    assert "Booking" not in table_section(LEAVE[1], table_rows(LEAVE[1])[0].header.start)


async def test_the_line_about_notice_outranks_the_leave_row_its_number_picks() -> None:
    q = analyse("If the company lets me go after 7 years, how much notice do I get?")
    ev = await _assess(q, {"l": LEAVE, "n": NOTICE})
    assert ev is not None
    assert ev.ranked[0].doc.doc_id == "n"


def test_a_number_and_its_unit_say_nothing_of_what_the_table_is_about() -> None:
    q = "I forgot to put in a claim from 4 months ago, can I still get it paid?"
    assert 0 in named_cells(
        table_rows(SICK[1])[0].row.text, frozenset(keys(q)), question_numbers(q)
    )
    assert fit(q, SICK, 0) == NO  # "4" and "months" matched "4 weeks" before
    assert fit(q, SICK, 0, on_topic=True) == NO  # a range-picked row needs its table's words
    assert fit("How much sick pay do I get after 4 months?", SICK, 0) == STRONG


def test_a_cap_past_the_key_cell_keys_no_row() -> None:
    q = "A customer gave me a bottle of wine, about £40 worth. Can I keep it?"
    row = table_rows(COMPENSATION[1])[1].row.text
    assert named_cells(row, frozenset(keys(q)), question_numbers(q)) == []
    assert fit(q, COMPENSATION, 1) != STRONG  # (its columns say "customer": FITS)
    # a cap in the key cell still keys its row
    assert named_cells(
        "| Up to £26,000 | 4% |", frozenset(), question_numbers("I earn £20,000")
    ) == [0]


def test_the_top_of_a_band_names_the_maximum_column() -> None:
    assert {"maximum", "max"} <= extreme_keys(frozenset(keys("whats the top of band 4")))
    assert "minimum" in extreme_keys(frozenset(keys("what's the least I'd be paid on band 3")))
    assert extreme_keys(frozenset(keys("what does band 4 involve"))) == frozenset()
    assert fit("whats the top of band 4", PAY_BANDS, 1) == STRONG  # was NO: "top" named nothing
    assert fit("whats the top of band 4", PAY_BANDS, 0) == NO  # band 3's row
    assert fit("what's the lowest salary on band 3", PAY_BANDS, 0) == STRONG


SPEAK_UP = (
    "Grievance",
    "# Grievance\n\nRaise a grievance with your manager first.\n\n"
    "For bullying or harassment you can also call the confidential Speak Up line on "
    "0800 047 2291.\n",
)
DISCIPLINARY = (
    "Disciplinary Procedure",
    "# Disciplinary Procedure\n\nGross misconduct examples are:\n\n"
    "- bullying, or going through a manager to ring a colleague about it without a reason;\n"
    "- theft or fraud.\n",
)


def test_a_number_to_ring_is_a_phone_number_not_a_count() -> None:
    assert asked_kind("Is there a number I can ring about bullying?") == "phone"
    assert asked_kind("what's the lone worker number?") == "phone"
    assert asked_kind("What is the phone number of the Singapore office?") == "phone"
    assert asked_kind("What is the number of staff at Leeds?") is None
    assert asked_kind("What number did he wear?") is None
    assert says_kind("phone", "call the Speak Up line on 0800 047 2291, which is free")
    assert says_kind("phone", "Lone worker line: 01632 960 633")
    assert says_kind("phone", "In an emergency ring 999.")
    assert not says_kind("phone", "The course costs £11,500 and lasts 20 months.")


async def test_the_line_with_a_number_to_ring_outranks_a_line_naming_the_topic() -> None:
    q = analyse("Is there a number I can ring about bullying without going through my manager?")
    ev = await _assess(q, {"g": SPEAK_UP, "d": DISCIPLINARY})
    assert ev is not None
    assert "0800 047 2291" in ev.ranked[0].text


COLLEGE = (
    "Apprentice Handbook",
    "# Apprentice Handbook\n\nWe pay your bus or train fare to college, or 45 pence a mile if "
    "you drive to college.\n\nYou attend college every Wednesday in term time.\n",
)


def test_which_day_asks_for_a_day_of_the_week_or_a_date() -> None:
    assert asked_kind("Which day am I at college?") == "day"
    assert asked_kind("What day is payday in December?") == "day"
    assert asked_kind("What days off do I get at Christmas?") is None
    assert asked_kind("How many days off do I get?") is None
    assert says_kind("day", "You attend college every Wednesday in term time.")
    assert says_kind("day", "Payday: Friday 18 December 2026")
    assert says_kind("day", "You are paid on the 28th of each month.")
    assert not says_kind("day", "We pay your bus or train fare to college.")
    assert not says_kind("day", "Respond within 10 working days.")


async def test_the_line_naming_the_day_outranks_a_line_naming_the_place() -> None:
    ev = await _assess(analyse("Which day am I at college?"), {"a": COLLEGE})
    assert ev is not None
    assert "Wednesday" in ev.ranked[0].text


def test_a_clock_time_is_no_number_for_a_range() -> None:
    q = "What's the sick pay cap in the country of the depot that opens at 05:00?"
    assert [float(n) for n in question_numbers(q)] == []
    assert [float(n) for n in question_numbers("called out at 2am for 3 hours")] == [3.0]
    assert named_cells("| Over 3 years | 13 weeks |", frozenset(keys(q)), question_numbers(q)) == []
    assert [float(n) for n in question_numbers("I claim £7.50 for 2 days")] == [7.5, 2.0]
