"""The table row that answers over a line that only names the same thing (rows.py): a key
named by the words that tell it from its table's other keys, a column named by a clipped
word, and a how-long question's row, whose cell says a stretch of time. Small tables here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.kinds import asked_kind, asks_duration, says_duration
from wikiqa.answerers.rows import (
    FITS,
    NO,
    STRONG,
    part_named,
    question_numbers,
    row_fit,
    said_keys,
)
from wikiqa.text.tables import table_rows

DEFIBS = (
    "Defibrillators",
    "# Defibrillators\n\nEvery hotel has a defibrillator.\n\n"
    "| Hotel | Defibrillator | First aid room |\n|---|---|---|\n"
    "| Ravensholt Quay | Behind reception | Room 002 |\n"
    "| Ravensholt Harbour | Spa reception | Spa room 3 |\n"
    "| Ravensholt Abbey | Restaurant entrance | Back office |\n",
)
DIRECTORY = (
    "Hotel Directory",
    "# Hotel Directory\n\nRavensholt Harbour: Falmouth, Cornwall.\n\n"
    "Ravensholt Quay: Bristol, Harbourside.\n",
)
GRADES = (
    "Pay Rates",
    "# Pay Rates\n\n| Grade | Hourly rate |\n|---|---|\n"
    "| Grade 1 | £12.60 |\n| Grade 2 | £12.95 |\n",
)
LOST = (
    "Lost Property",
    "# Lost Property\n\n## How long we keep things\n\n"
    "| Item | Kept for |\n|---|---|\n"
    "| Everyday items (clothes, chargers) | 1 month |\n"
    "| Valuables (jewellery, phones, laptops) | 3 months |\n",
)
CLEANING = (
    "Room Cleaning",
    "# Room Cleaning\n\nAnything a guest has left in a room goes to reception within 1 hour.\n",
)
REPAIRS = (
    "Repair Priorities",
    "# Repair Priorities\n\nEvery job gets a priority.\n\n"
    "| Priority | Examples | Respond within | Fix within |\n|---|---|---|---|\n"
    "| P1 Emergency | water leak through a ceiling, guest trapped in a lift | 20 minutes "
    "| 4 hours |\n"
    "| P2 Urgent | no hot water in an occupied room, broken door lock | 1 hour | same day |\n",
)


def fit(question: str, doc: tuple[str, str], row: int, wh: str) -> int:
    r = table_rows(doc[1])[row]
    qset = frozenset(keys(question))
    return row_fit(
        wh, qset, doc[1], doc[0], r.header.text, r.row.text, r.header.start,
        question_numbers(question), duration=asks_duration(question),
    )  # fmt: skip


def test_a_key_is_named_by_the_words_that_tell_it_from_the_other_keys() -> None:
    q = "Where's the defib at Harbour?"
    # every key says "Ravensholt": "Harbour" names the row, "defib" its column
    assert fit(q, DEFIBS, 1, "where") == STRONG
    assert fit(q, DEFIBS, 0, "where") == NO
    assert fit(q, DEFIBS, 2, "where") == NO
    # a number alone is no name: "1" of "Grade 1" is said by many questions
    r = table_rows(GRADES[1])[0]
    assert not part_named(GRADES[1], r.header.start, r.row.text, frozenset(keys("in 1 week")))


def test_a_clipped_word_names_a_longer_column_word() -> None:
    assert said_keys(frozenset(keys("Defibrillator")), frozenset(keys("the defib"))) == {
        *keys("Defibrillator")
    }
    # a word under five letters is not read as clipped ("hols" for "Holidays")
    assert not said_keys(frozenset(keys("Holidays")), frozenset(keys("my hols")))


async def test_the_row_the_question_names_outranks_a_line_naming_the_same_place() -> None:
    docs = {"directory": DIRECTORY, "defibs": DEFIBS}
    q = analyse("Where's the defib at Harbour?")
    hits = await TermSource(docs).search(q.text)
    fetched = {h.doc_id: await TermSource(docs).fetch(h.doc_id) for h in hits}
    answerer = ExtractiveAnswerer(floor=0.35, max_sentences=3)
    ev = answerer.assess(q, hits, fetched)
    assert ev is not None
    assert ev.ranked[0].span.text == "| Ravensholt Harbour | Spa reception | Spa room 3 |"


def test_a_how_long_question_is_asked_of_the_cell_saying_a_stretch_of_time() -> None:
    assert asks_duration("How fast do we have to get there?")
    assert asks_duration("How quick do we need to be on site?")  # the adjective asks it too
    assert says_duration("3 months") and says_duration("same day")
    assert not says_duration("£15 handling fee")
    q = "How long do we hang on to a phone someone left in their room?"
    assert fit(q, LOST, 1, "number") == STRONG  # "phones" in its aside; "3 months"
    assert fit(q, LOST, 0, "number") == NO


async def test_the_row_holding_the_stretch_of_time_outranks_a_sentence_with_another() -> None:
    docs = {"cleaning": CLEANING, "lost": LOST}
    q = analyse("How long do we hang on to a phone someone left in their room?")
    hits = await TermSource(docs).search(q.text)
    fetched = {h.doc_id: await TermSource(docs).fetch(h.doc_id) for h in hits}
    ev = ExtractiveAnswerer(floor=0.35, max_sentences=3).assess(q, hits, fetched)
    assert ev is not None
    assert ev.ranked[0].span.text == "| Valuables (jewellery, phones, laptops) | 3 months |"


def test_a_row_described_by_its_examples_answers_through_a_column_of_times() -> None:
    q = "Water coming through a ceiling, how fast have I got to get there?"
    assert fit(q, REPAIRS, 0, "number") == FITS  # "water leak through a ceiling"
    assert fit(q, REPAIRS, 1, "number") == NO
    # without a stretch of time asked for, a description does not key the row
    assert fit("Is water coming through a ceiling an emergency?", REPAIRS, 0, "yesno") == NO


def test_a_description_read_without_a_column_of_times_keys_nothing() -> None:
    # "final warning" is all but one word of "Final written warning", but "Stays on your
    # file for" is no column of times: the row is read as before, a row the question does
    # not name, asked for the column it names
    stages = (
        "Disciplinary Procedure",
        "# Disciplinary Procedure\n\n| Stage | Stays on your file for |\n|---|---|\n"
        "| First written warning | 6 months |\n| Final written warning | 12 months |\n"
        "| Dismissal | - |\n",
    )
    q = "How long does a final warning stay on my record?"
    assert fit(q, stages, 1, "number") == fit(q, stages, 0, "number") != NO


def test_a_column_half_named_holding_the_stretch_of_time_asked_is_the_column_asked() -> None:
    # both tables key a lecturer's row and hold a time; the probation table's column is
    # the one the question half-names ("trial period"), so its row is as sure as the
    # notice row, and the ranking decides between them
    probation = (
        "Probation",
        "# Probation\n\n| Staff group | Probation period |\n|---|---|\n"
        "| Lecturers and senior lecturers | 3 years |\n| Research staff | 6 months |\n",
    )
    notice = (
        "Notice Periods",
        "# Notice Periods\n\n| Grade or group | Notice |\n|---|---|\n"
        "| Grades 1 to 5 | 1 month |\n| Academic staff (lecturer and above) | 3 months |\n",
    )
    q = "How long is the trial period for a newly hired lecturer?"
    assert fit(q, probation, 0, "number") == STRONG
    assert fit(q, notice, 1, "number") == STRONG


def test_the_named_rows_cell_of_the_asked_kind_is_the_column_asked() -> None:
    # "How much can I claim ..." asks for a sum (kinds.asked_kind): the row the question
    # names ("the UK": "United Kingdom") whose cell states one is as sure as a column named
    mileage = (
        "Expenses",
        "# Expenses\n\n## Using your own vehicle\n\n| Country | Mileage rate |\n|---|---|\n"
        "| United Kingdom | 45 pence per mile |\n| Ireland | €0.43 per km |\n",
    )
    q = "How much can I claim per mile for using my own car on company business in the UK?"
    r = table_rows(mileage[1])[0]
    args = (
        "number", frozenset(keys(q)), mileage[1], mileage[0], r.header.text, r.row.text,
        r.header.start, question_numbers(q),
    )  # fmt: skip
    assert row_fit(*args, kind=asked_kind(q)) == STRONG
    assert row_fit(*args) == FITS
    # a cell saying no sum ("at no cost") states no amount to ask of it
    cover = (
        "Health Insurance",
        "# Health Insurance\n\n| Office | Provider | Family cover |\n|---|---|---|\n"
        "| Lisbon | Medis | Yes, at no cost |\n| Berlin | TK | Yes, at no cost |\n",
    )
    q = "What does family insurance cost in Lisbon?"
    r = table_rows(cover[1])[0]
    level = row_fit(
        "what", frozenset(keys(q)), cover[1], cover[0], r.header.text, r.row.text,
        r.header.start, question_numbers(q), kind=asked_kind(q),
    )  # fmt: skip
    assert level == FITS
