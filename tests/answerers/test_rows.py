"""Table rows: the row the question names, asked for a column (answerers/rows.py), on small
tables written here."""

from __future__ import annotations

from memsource import TermSource
from test_named_cell import PLANT  # the plant-notice table, its column named by its noun

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import (
    ExtractiveAnswerer,
    part_query,
    part_subject,
)
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.rows import (
    FITS,
    NO,
    STRONG,
    cell_range,
    head_keys,
    named_cells,
    own_heads,
    question_numbers,
    row_fit,
)
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.tables import table_rows
from wikiqa.types import Answer, Refusal

PENSION = (
    "Pension and Retirement Savings",
    "# Pension and Retirement Savings\n\n"
    "Every office has a company retirement plan.\n\n"
    "| Office | Plan | Employer contribution |\n"
    "|---|---|---|\n"
    "| Lisbon | PPR group plan | 3% of base salary |\n"
    "| Berlin | Company pension | 4% of base salary |\n",
)
PARENTAL = (
    "Parental Leave Policy",
    "# Parental Leave Policy\n\n"
    "| Office | Primary caregiver (weeks at full pay) | Secondary caregiver (weeks at full pay) |\n"
    "|---|---|---|\n"
    "| Lisbon | 17 | 5 |\n"
    "| Berlin | 20 | 6 |\n",
)
DIRECTORY = (
    "Office Directory",
    "# Office Directory\n\n"
    "| Office | Address | Opening hours | Site lead |\n"
    "|---|---|---|---|\n"
    "| Lisbon (HQ) | Rua do Sol 8, Lisbon | 08:00–20:00 | Ines Duarte |\n"
    "| Berlin | Hauptstrasse 27, Berlin | 08:00–19:00 | Felix Hartmann |\n",
)
PARKING = (
    "Parking and Bicycles",
    "# Parking and Bicycles\n\n"
    "| Office | Car parking | Bicycles |\n"
    "|---|---|---|\n"
    "| Lisbon | 20 spaces | 30 places |\n"
    "| Berlin | none | 60 places |\n",
)


async def ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    return await ask_async(question, TermSource(docs), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


def fit(question: str, doc: tuple[str, str], row: int, wh: str = "what") -> int:
    r = table_rows(doc[1])[row]
    qset = frozenset(keys(question))
    return row_fit(
        wh, qset, doc[1], doc[0], r.header.text, r.row.text, r.header.start,
        question_numbers(question),
    )  # fmt: skip


def test_a_cell_is_named_without_its_bracketed_aside() -> None:
    qset = frozenset(keys("What are the Lisbon office's opening hours?"))
    assert named_cells("| Lisbon (HQ) | Rua do Sol 8 | 08:00 | Ines |", qset) == [0]


def test_the_row_the_question_names_with_the_column_it_names_comes_first() -> None:
    q = "What are the Lisbon office's opening hours?"
    assert fit(q, DIRECTORY, 0) == STRONG
    # the question names the Lisbon row: the Berlin row is about something else
    assert fit(q, DIRECTORY, 1) == NO


def test_a_column_worded_otherwise_is_found_through_the_tables_subject() -> None:
    q = "How much does the company pay into retirement savings for Berlin staff?"
    assert fit(q, PENSION, 1, "number") == FITS
    assert fit(q, PENSION, 0, "number") == NO
    # a table of the same office about something else does not answer it
    assert fit(q, PARKING, 1, "number") == NO
    assert fit("What is the phone number of the Berlin office?", PARKING, 1) == NO


async def test_the_row_of_the_table_about_the_question_answers_it() -> None:
    result = await ask(
        "How much does the company pay into retirement savings for Berlin staff?",
        {"pension": PENSION, "parental": PARENTAL, "parking": PARKING},
    )
    assert isinstance(result, Answer), result
    assert [c.quote for c in result.citations] == [
        "| Office | Plan | Employer contribution |",
        "| Berlin | Company pension | 4% of base salary |",
    ]


async def test_a_keyed_row_answers_when_the_question_words_the_column_otherwise() -> None:
    # "stand for" names no column; the row the question names (rating 4) answers it
    doc = (
        "Performance Reviews",
        "# Performance Reviews\n\nOnly the annual review affects pay.\n\n"
        "## Rating scale\n\n| Rating | Meaning |\n|---|---|\n"
        "| 3 | Meets expectations |\n| 4 | Exceeds expectations |\n",
    )
    result = await ask("What does a review score of 4 stand for?", {"reviews": doc})
    assert isinstance(result, Answer), result
    assert result.citations[-1].quote == "| 4 | Exceeds expectations |"


# ------------------------------------------------------------------ rows picked by a number


PENSION_BANDS = (
    "Pensions",
    "# Pensions\n\nStaff wishing to retire should contact the Pensions team at least 4 months "
    "before the chosen date.\n\n## Member contribution rates\n\n"
    "| Annual pensionable pay | Member contribution |\n|---|---|\n"
    "| Up to £13,259 | 5.2% |\n| £13,260 to £33,247 | 6.5% |\n"
    "| £33,248 to £49,913 | 9.8% |\n| £49,914 and above | 12.5% |\n",
)


def test_a_cell_range_and_the_numbers_a_question_names() -> None:
    assert cell_range("Bands 5 to 7") == (5, 7)
    assert cell_range("£33,248 to £49,913") == (33248, 49913)
    assert cell_range("Under 5 years")[0] == float("-inf")  # type: ignore[index]
    assert cell_range("£49,914 and above") == (49914, float("inf"))
    assert cell_range("08:00–20:00") is None  # opening hours, not a range of quantities
    assert cell_range("1 in 4 or more frequent") is None
    assert question_numbers("Someone here three years, as a band 6?") == (6, 3)
    assert question_numbers("What is the budget for 2026?") == ()  # a year is no point


def test_a_number_the_question_names_picks_the_row_of_its_range() -> None:
    q = "What share of my wages goes into the pension if I earn £40,000?"
    levels = [fit(q, PENSION_BANDS, i) for i in range(4)]
    assert levels == [NO, NO, STRONG, NO]


async def test_the_row_of_the_range_is_the_best_evidence() -> None:
    q = "What share of my wages goes into the pension if I earn £40,000?"
    src = TermSource({"pensions": PENSION_BANDS})
    hits = await src.search(q)
    docs = {h.doc_id: await src.fetch(h.doc_id) for h in hits}
    ev = ExtractiveAnswerer().assess(analyse(q), hits, docs)
    assert ev is not None
    assert ev.ranked[0].span.text == "| £33,248 to £49,913 | 9.8% |"


# ------------------------------------------------------------------ parts of one question


def test_a_part_naming_nothing_is_about_what_the_first_part_names() -> None:
    parts = (
        "For a business trip to our Berlin office, what's the hotel cap",
        "what's the address?",
    )
    assert part_subject(parts[1], parts) == "what's the address? (Berlin)"
    assert part_subject(parts[0], parts) == parts[0]
    own = ("What is the hotel cap in Berlin", "what is the Lisbon address?")
    assert part_subject(own[1], own) == own[1]  # it names its own subject


async def test_the_second_part_is_scored_on_the_row_of_the_first_parts_subject() -> None:
    question = (
        "For a business trip to our Berlin office, what's the hotel cap per night and what's "
        "the office address?"
    )
    parts = analyse(question).parts
    src = TermSource({"directory": DIRECTORY})
    hits = await src.search(part_query(parts[1], parts))
    docs = {h.doc_id: await src.fetch(h.doc_id) for h in hits}
    ev = ExtractiveAnswerer().assess(analyse(part_subject(parts[1], parts)), hits, docs)
    assert ev is not None
    assert ev.ranked[0].span.text == (
        "| Berlin | Hauptstrasse 27, Berlin | 08:00–19:00 | Felix Hartmann |"
    )


ONCALL = (
    "Engineering On-Call",
    "# Engineering On-Call\n\n## Response times\n\n"
    "| Severity | Acknowledge within | Example |\n"
    "|---|---|---|\n"
    "| SEV1 | 15 minutes | customers cannot log in |\n"
    "| SEV2 | 1 hour | a feature is degraded |\n",
)
CARRY = (
    "Annual Leave",
    "# Annual Leave\n\n"
    "| Office | Annual leave days | Maximum carry-over days |\n"
    "|---|---|---|\n"
    "| Lisbon | 25 | 5 |\n"
    "| Berlin | 28 | 10 |\n",
)
FACILITIES = (
    "Office Facilities",
    "# Office Facilities\n\n"
    "| Office | Rooms per floor |\n"
    "|---|---|\n"
    "| Lisbon | 12 |\n"
    "| Berlin | 9 |\n",
)


def test_a_column_is_named_by_most_of_its_content_words_not_its_function_words() -> None:
    # 'within' says how the cell reads, not what is asked: "acknowledged" names the column
    assert fit("How fast must a SEV1 page be acknowledged?", ONCALL, 0) == STRONG
    # two of three content words name "Maximum carry-over days"; one of three does not name
    # "Annual leave days" (the row still fits, ranked as it scores)
    assert fit("How many days can Lisbon staff carry over?", CARRY, 0, "number") == STRONG
    assert fit("How many days do Lisbon staff get?", CARRY, 0, "number") == FITS


def test_the_noun_a_column_holds_does_not_put_its_row_first() -> None:
    # "Notice to give" holds a notice, but one word of two does not make the row STRONG
    # (named so, rows answered a permission and an unanswerable question: see column_named)
    assert fit("how much notice for a telehandler", PLANT, 1) == FITS
    assert fit("How many days do Lisbon staff get?", CARRY, 0, "number") == FITS


def test_a_noun_held_by_two_columns_tells_neither_apart() -> None:
    assert head_keys("Maximum carry-over days") == frozenset(keys("days"))  # one word
    assert own_heads(["Office", "Annual leave days", "Maximum carry-over days"])[1:] == [
        frozenset(),
        frozenset(),
    ]
    heads = own_heads(["Length of service", "Annual leave days", "Days held for the shutdown"])
    assert heads[1] == frozenset(keys("days"))


def test_a_function_word_of_a_header_neither_asks_for_a_column_nor_says_the_topic() -> None:
    # 'per' is all the question shares with "Rooms per floor": the table does not answer it
    assert fit("How many leave days per year does the Lisbon office give?", FACILITIES, 0) == NO


OFFICES = (
    "Office Hours",
    "# Office Hours\n\n"
    "| Office | Opening hours | Reception phone |\n"
    "|---|---|---|\n"
    "| Lisbon (HQ) | 08:00–20:00 | +351 21 000 0000 |\n"
    "| Berlin | 08:00–19:00 | +49 30 000 0000 |\n"
    "| Toronto | 09:00–18:00 | +1 416 000 0000 |\n",
)


async def test_a_question_about_every_office_is_answered_by_every_row() -> None:
    result = await ask("What are the opening hours of our offices?", {"o": OFFICES})
    assert isinstance(result, Answer), result
    quotes = [c.quote for c in result.citations]
    for row in table_rows(OFFICES[1]):
        assert row.row.text in quotes
    assert "| Office | Opening hours | Reception phone |" in quotes


async def test_a_question_naming_one_office_still_gets_its_row_only() -> None:
    result = await ask("What are the Berlin office's opening hours?", {"o": OFFICES})
    assert isinstance(result, Answer), result
    quotes = [c.quote for c in result.citations]
    assert "| Berlin | 08:00–19:00 | +49 30 000 0000 |" in quotes
    assert not any("Toronto" in q or "Lisbon" in q for q in quotes)


def test_a_question_picking_one_of_the_offices_does_not_ask_for_every_row() -> None:
    from wikiqa.answerers.rows import asks_every_row

    text, start = OFFICES[1], table_rows(OFFICES[1])[0].header.start

    def every(q: str) -> bool:
        return asks_every_row(q, text, start, frozenset(keys(q)))

    assert every("What are the opening hours of our offices?")
    assert every("What is the reception phone of each office?")
    assert not every("Which of our offices has the longest opening hours?")
    assert not every("Which offices open earliest?")
    assert not every("What are the Berlin office's opening hours?")


# ------------------------------------------------------------------ a key cell's aside lists


ETHICS = (
    "Research Ethics Approval",
    "# Research Ethics Approval\n\n"
    "All research with human participants needs ethics approval before data are collected.\n\n"
    "| Risk level | Reviewed by | Decision within |\n|---|---|---|\n"
    "| Low risk (anonymous surveys, public data) | the department panel | 10 working days |\n"
    "| Medium risk (interviews, identifiable data) | the Faculty committee | 20 working days |\n"
    "| High risk (children, vulnerable adults) | the University committee | after it meets |\n",
)
STUDY = (
    "Staff Development",
    "# Staff Development\n\nUp to 5 days a year of paid study leave for supported courses.\n",
)


def test_a_key_cells_aside_listing_several_things_is_named_by_any_one() -> None:
    qset = frozenset(keys("How long does ethics sign-off take for an interview study?"))
    assert named_cells(ETHICS[1].splitlines()[7], qset) == [0]  # "(interviews, ...)"
    assert named_cells(ETHICS[1].splitlines()[6], qset) == []  # "public data" is not "data"
    q = "How long does ethics sign-off take for an interview study?"
    assert fit(q, ETHICS, 1, "number") == FITS
    assert fit(q, ETHICS, 0, "number") == NO  # the question names another row


async def test_the_row_an_aside_names_is_the_evidence_over_another_documents_line() -> None:
    answerer = ExtractiveAnswerer(floor=0.0, max_sentences=1)
    result = await ask_async(
        "How long does ethics sign-off take for an interview study?",
        TermSource({"ethics": ETHICS, "study": STUDY}),  # type: ignore[arg-type]
        settings=Settings(),
        answerer=answerer,
    )
    assert isinstance(result, Answer), result
    assert result.citations[-1].quote.startswith("| Medium risk (interviews")
