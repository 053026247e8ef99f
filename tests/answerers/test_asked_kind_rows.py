"""The line that gives what the question asks for (a rate, the most one can earn) over a
line that only names its topic (rows.py, kinds.py, extractive.decide). Small documents
written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import ANSWER_FEATURES, QuestionInfo, analyse, keys
from wikiqa.answerers.kind_keys import asked_names
from wikiqa.answerers.kinds import asked_kind, asked_row_kind, says_kind
from wikiqa.answerers.rows import NO, STRONG, cell_head, question_numbers, row_fit
from wikiqa.text.tables import table_rows

EXPENSES = (
    "Business Expenses",
    "# Business Expenses\n\nThe mileage rate for visits in your own car is paid from your "
    "base office, not from home.\n\n"
    "| Expense | What we pay |\n|---|---|\n"
    "| Mileage in your own car | 45 pence a mile for the first 10,000 miles |\n"
    "| Bicycle mileage | 20 pence a mile |\n"
    "| Lunch when working more than 5 hours away from your base | up to £7.50 |\n"
    "| Evening meal when staying away overnight | up to £25 |\n",
)
PARKING = (
    "Parking at Our Offices",
    "# Parking at Our Offices\n\n| Office | Staff parking | Cost to you |\n|---|---|---|\n"
    "| Wharf House | 40 spaces in the basement | £15 a month |\n"
    "| Carrow office | 6 spaces in the yard | Free |\n",
)


async def _assess(q: QuestionInfo, docs: dict[str, tuple[str, str]]) -> Evidence | None:
    """The first pass over `docs` as the answerer ranks and scores it."""
    source = TermSource(docs)
    hits = await source.search(q.text)
    fetched = {h.doc_id: await source.fetch(h.doc_id) for h in hits}
    return ExtractiveAnswerer(floor=0.35, max_sentences=3).assess(q, hits, fetched)


def fit(question: str, doc: tuple[str, str], row: int, wh: str = "what") -> int:
    r = table_rows(doc[1])[row]
    return row_fit(
        wh, frozenset(keys(question)), doc[1], doc[0], r.header.text, r.row.text,
        r.header.start, question_numbers(question), kind=asked_row_kind(question),
    )  # fmt: skip


def test_a_rate_fee_or_wage_question_asks_for_a_value() -> None:
    q = "What's the mileage rate if I use my own car for visits?"
    assert asked_row_kind(q) == "value"
    assert asked_kind(q) is None  # of a table row only: "the birth rate" asks for no sum
    assert asked_row_kind("What is the fee for a replacement pass?") == "value"
    assert asked_kind("What's the most I can earn on grade FH4?") == "money"
    assert asked_row_kind("What rate of progress is expected?") is None
    assert says_kind("value", "45 pence a mile") and says_kind("value", "double time")
    assert not says_kind("value", "from your base office, not from home")


def test_a_key_describing_a_thing_named_whole_with_the_rate_asked_is_the_answer() -> None:
    # "Mileage in your own car" is named whole, but the question says nothing of "What we
    # pay": the row states the rate asked, so it answers
    q = "What's the mileage rate if I use my own car for visits?"
    assert fit(q, EXPENSES, 0) == STRONG
    assert fit(q, EXPENSES, 1) == NO  # the bicycle's row
    # asked for no value, the same row is read as before
    assert fit("Do I get mileage in my own car on visits?", EXPENSES, 0, "yesno") == NO


def test_a_name_key_is_not_valued_by_the_kind_alone() -> None:
    # "Wharf House" is a name: any table about the place has its row; the question must
    # say what of it the table is about
    q = "What's the rate at Wharf House for a meeting room?"
    assert fit(q, PARKING, 0) == NO


def test_a_place_named_in_words_is_not_a_described_thing() -> None:
    # "Saltmarsh office" is a place the question names: its fire-alarm row states a clock
    # time, but the table is about fire tests, not opening hours
    fire = (
        "Fire Safety",
        "# Fire Safety\n\n| Building | Weekly alarm test |\n|---|---|\n"
        "| Saltmarsh office | Friday at 9:30 |\n| Carrow office | Monday at 10:00 |\n",
    )
    q = "what time does the Saltmarsh office shut?"
    r = table_rows(fire[1])[0]
    level = row_fit(
        "what", frozenset(keys(q)), fire[1], fire[0], r.header.text, r.row.text,
        r.header.start, question_numbers(q), kind=asked_row_kind(q), names=asked_names(q),
    )  # fmt: skip
    assert level == NO


def test_the_thing_named_before_its_condition_names_the_row() -> None:
    assert cell_head("Lunch when working more than 5 hours away from your base") == set(
        keys("Lunch")
    )
    assert cell_head("Bicycle mileage") == frozenset()
    q = "how much can I claim for lunch when I'm out on jobs all day?"
    assert fit(q, EXPENSES, 2, "count") == STRONG
    assert fit(q, EXPENSES, 3, "count") == NO
    # not asked for a sum, the head noun names no row
    assert fit("Is lunch provided when I'm out on jobs?", EXPENSES, 2, "yesno") == NO
    # two rows named by their head: neither is picked
    meals = (
        "Meals",
        "# Meals\n\n| Expense | What we pay |\n|---|---|\n"
        "| Lunch when working away | up to £7.50 |\n| Lunch on a training day | up to £10 |\n",
    )
    assert fit(q, meals, 0, "count") == NO


async def test_the_valued_row_answers_over_the_line_naming_the_topic() -> None:
    # the sentence says more of the question's words and ranks higher, but gives no rate
    docs = {"expenses": EXPENSES, "parking": PARKING}
    q = analyse("What's the mileage rate if I use my own car for visits?")
    ev = await _assess(q, docs)
    assert ev is not None
    assert ev.ranked[0].span.text.startswith("| Mileage in your own car | 45 pence")


async def test_a_line_that_cannot_answer_is_no_rival_of_the_named_row() -> None:
    # the review policy's line ranks higher on the question's words but states no sum (a
    # how-much question asks for a quantity): it is no rival of the pay-scale row, so the
    # row's lead over another document (doc_margin) is not taken away
    scales = (
        "Pay Scales",
        "# Pay Scales\n\n| Grade | Bottom of grade | Top of grade |\n|---|---|---|\n"
        "| FH3 | £27,900 | £31,150 |\n| FH4 | £32,040 | £36,480 |\n",
    )
    reviews = (
        "Salary Reviews",
        "# Salary Reviews\n\nHow much salary is paid at the top of grade FH4 is set by the "
        "pay panel.\n\nA salary above the top of the grade needs the pay panel's approval.\n",
    )
    docs = {"scales": scales, "reviews": reviews}
    q = analyse("How much is the salary at the top of grade FH4?")
    ev = await _assess(q, docs)
    assert ev is not None
    best = ev.ranked[0]
    assert best.span.text == "| FH4 | £32,040 | £36,480 |"
    assert any(c.doc.doc_id != best.doc.doc_id and c.rank > best.rank for c in ev.ranked)
    assert ev.features[ANSWER_FEATURES.index("doc_margin")] == 1.0


def test_a_key_named_but_for_its_aside_is_no_row_picked_by_a_number() -> None:
    # "Lisbon" names "Lisbon (HQ)" as a key; it is no number picked out of a range, so a
    # question naming no column of the directory is not answered as surely as one that does
    offices = (
        "Office Directory",
        "# Office Directory\n\n| Office | Address | Opening hours | Site lead |\n"
        "|---|---|---|---|\n| Lisbon (HQ) | Rua do Açúcar 88, Lisbon | 08:00–20:00 | Inês Duarte |\n"
        "| Berlin | Schlesische Straße 27, Berlin | 08:00–19:00 | Felix Hartmann |\n",
    )
    assert fit("Can I bring my dog to the Lisbon office?", offices, 0, "yesno") != STRONG
    assert fit("What are the Lisbon office's opening hours?", offices, 0) == STRONG


async def test_a_line_without_the_asked_kind_is_no_rival_of_one_with_it() -> None:
    # the call-out line ranks higher and holds a number, but no sum (LOOSE): beside the
    # lunch row, which states one, it takes nothing from the row's lead (doc_margin)
    expenses = (
        "Business Expenses",
        "# Business Expenses\n\n| Expense | What we pay |\n|---|---|\n"
        "| Lunch when working more than 5 hours away from your base | up to £7.50 |\n"
        "| Hotel stay | up to £120 a night |\n",
    )
    callouts = (
        "Call-outs",
        "# Call-outs\n\nIf you are called out on jobs all day you can claim for at least 2 "
        "hours, even if the job takes less.\n",
    )
    docs = {"expenses": expenses, "callouts": callouts}
    q = analyse("How much can I claim for lunch when I'm out on jobs all day?")
    ev = await _assess(q, docs)
    assert ev is not None
    best = ev.ranked[0]
    assert best.span.text.startswith("| Lunch when working")
    assert any(c.doc.doc_id == "callouts" and c.rank > best.rank for c in ev.ranked)
    assert ev.features[ANSWER_FEATURES.index("doc_margin")] == 1.0


async def test_a_prose_answer_keeps_every_other_document_as_a_rival() -> None:
    # the rival rule is for a table row placed first: over a prose answer, another
    # document's line counts against its lead even when it states no sum for a how-much
    # question (SQuAD's unanswerable questions were answered when prose lost such rivals)
    tolls = (
        "Bridge Tolls",
        "# Bridge Tolls\n\nIt costs £2 to cross the old bridge over the river by car.\n",
    )
    council = (
        "Council Notes",
        "# Council Notes\n\nHow much it costs to cross the old bridge over the river by car "
        "is set by the council.\n",
    )
    q = analyse("How much does it cost to cross the old bridge over the river by car?")
    ev = await _assess(q, {"tolls": tolls, "council": council})
    assert ev is not None
    best = ev.ranked[0]
    assert best.header is None and best.doc.doc_id == "tolls"
    assert any(c.doc.doc_id == "council" for c in ev.ranked)
    assert ev.features[ANSWER_FEATURES.index("doc_margin")] < 1.0
