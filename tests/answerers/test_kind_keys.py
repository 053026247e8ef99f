"""A key the question names by its kind ("grade F", "band 4") that the tables read hold no
row for, though they hold rows of that kind, is not answered from a row keyed otherwise
(answerers/kind_keys.py, rows.row_fit): refused naming the key, unless a line says it."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.kind_keys import (
    PLACE,
    asked_keys,
    asked_names,
    name_unread,
    row_holds,
    unsaid_key,
)
from wikiqa.answerers.rows import NO, row_fit
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

GRADES = (
    "# Grades and Bands\n\nEvery grade sits in one travel band.\n\n| Grade | Travel band |\n"
    "|---|---|\n| Grade A | Band 1 |\n| Grade B | Band 1 |\n| Grade C | Band 2 |\n"
    "| Grade D | Band 2 |\n| Grade E | Band 3 |\n"
)
PER_DIEM = (
    "# Per-diem Rates\n\nThe daily per-diem depends on your travel band and the region you "
    "travel to.\n\n| Band | Region 1 | Region 2 | Region 3 |\n|---|---|---|---|\n"
    "| Band 1 | €40 | €55 | €70 |\n| Band 2 | €50 | €65 | €80 |\n| Band 3 | €60 | €75 | €90 |\n"
)
DOCS = {
    "grades": ("Grades and Bands", GRADES),
    "perdiem": ("Per-diem Rates", PER_DIEM),
    "leave": (
        "Annual Leave Policy",
        "# Annual Leave Policy\n\nFull-time staff get 25 days of annual leave each year.\n",
    ),
}


async def ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    return await ask_async(question, TermSource(docs), settings=Settings())  # type: ignore[arg-type]


def test_keys_named_by_their_kind_and_the_cells_that_hold_them() -> None:
    asked = asked_keys("What is the per-diem for a grade F employee travelling to region 2?")
    assert [(k, c) for k, c, _ in asked] == [("grade", "F"), ("region", "2")]
    assert asked_keys("How many days do I get after 5 years in 2026?") == ()
    assert asked_keys("How am I paid for the first 5 days off sick?") == ()  # a quantity
    assert asked_keys("Will I be paid for holiday I haven't used?") == ()
    assert not row_holds("| Grade C | Band 2 |", "grade", "F")
    assert row_holds("| Grade C | Band 2 |", "band", "2")
    assert row_holds("| Bands 5 to 7 | 8 weeks |", "band", "6")
    assert row_holds("| Grades A to C | €40 |", "grade", "B")
    assert row_holds("| Grade A, B or C | €40 |", "grade", "C")
    assert not row_holds("| Grades A to C | €40 |", "grade", "D")
    assert row_holds("| Grades G1 to G4 | €150 |", "grade", "G3")
    assert not row_holds("| Grades G1 to G4 | €150 |", "grade", "G5")


def test_a_row_of_another_key_of_the_kind_the_question_names_does_not_fit() -> None:
    """ "Grade A" is named by "grade" alone ("a" is a stopword): for "grade F", which the
    table does not hold, it was read as the row asked about; it answers nothing now, and
    neither does any other grade's row."""
    header, start = "| Grade | Travel band |", GRADES.index("| Grade |")
    qset = frozenset({"per", "diem", "grade", "employe", "travel", "region", "2"})
    args = ("what", qset, GRADES, "Grades and Bands", header)
    asked = asked_keys("What is the per-diem for a grade F employee travelling to region 2?")
    assert row_fit(*args, "| Grade A | Band 1 |", start) != NO  # as before: no key asked
    assert row_fit(*args, "| Grade A | Band 1 |", start, named_keys=asked) == NO
    assert row_fit(*args, "| Grade C | Band 2 |", start, named_keys=asked) == NO
    held = asked_keys("What is the per-diem for a grade A employee travelling to region 2?")
    assert row_fit(*args, "| Grade A | Band 1 |", start, named_keys=held) != NO


def test_a_key_no_table_holds_is_said_only_by_a_line_naming_it() -> None:
    q = "What is the per-diem for a grade F employee?"
    assert unsaid_key(q, [GRADES, PER_DIEM], ["| Band 2 | €50 | €65 | €80 |"]) == "grade F"
    assert unsaid_key(q, [GRADES, PER_DIEM], ["Grade F staff get €90 a day."]) is None
    assert unsaid_key(q, [PER_DIEM], ["| Band 2 | €50 | €65 | €80 |"]) is None  # no grades read
    with_f = GRADES + "| Grade F | Band 3 |\n"
    assert unsaid_key(q, [with_f, PER_DIEM], ["| Band 3 | €60 | €75 | €90 |"]) is None


async def test_a_grade_no_table_holds_is_refused_naming_it() -> None:
    result = await ask("What is the per-diem for a grade F employee travelling to region 2?", DOCS)
    assert isinstance(result, Refusal), result
    assert result.code == "insufficient_evidence" and "grade F" in result.reason


async def test_a_grade_the_table_holds_is_still_answered_through_its_band() -> None:
    result = await ask("What is the per-diem for a grade D employee travelling to region 2?", DOCS)
    assert isinstance(result, Answer), result
    assert "| Grade D | Band 2 |" in result.text and "€65" in result.text


async def test_a_band_no_row_holds_is_not_answered_from_a_row_another_number_names() -> None:
    """ "band 4 in region 2": the Band 2 row holds the question's words "band" and "2" (of
    region 2) but is not band 4; plain row reading refuses."""
    result = await ask("What is the per-diem for band 4 in region 2?", DOCS)
    assert isinstance(result, Refusal), result
    assert "band 4" in result.reason
    held = await ask("What is the per-diem for band 3 in region 2?", DOCS)
    assert isinstance(held, Answer) and "€75" in held.text, held


async def test_a_sentence_saying_the_key_still_answers() -> None:
    docs = {
        **DOCS,
        "senior": (
            "Senior Grades",
            "# Senior Grades\n\nGrade F employees travelling to any region receive a per-diem "
            "of €120.\n",
        ),
    }
    result = await ask("What is the per-diem for a grade F employee travelling to region 2?", docs)
    assert isinstance(result, Answer), result
    assert "€120" in result.text


SITES = {
    "sites": (
        "Our Sites",
        "# Our Sites\n\nThe Mill Yard office is the only site with a rooftop garden. The "
        "Harbour office has the largest canteen.\n",
    ),
    "rates": (
        "Meal Rates by Office",
        "# Meal Rates by Office\n\nThe daily meal rate depends on the office and your band.\n\n"
        "| Office | Band | Daily meal rate |\n|---|---|---|\n| Mill Yard | Band 1 | €12 |\n"
        "| Mill Yard | Band 2 | €15 |\n| Harbour | Band 1 | €10 |\n| Harbour | Band 2 | €13 |\n",
    ),
    "leave": DOCS["leave"],
}


async def test_a_description_chain_does_not_end_on_a_row_of_another_band() -> None:
    """The description resolves to Mill Yard; its rows hold bands 1 and 2, not band 4: the
    chain (described.py) used to answer with the Band 2 row."""
    q = "What is the daily meal rate for band 4 at the office with a rooftop garden?"
    result = await ask(q, SITES)
    assert isinstance(result, Refusal), result
    assert "band 4" in result.reason
    held = await ask(q.replace("band 4", "band 2"), SITES)
    assert isinstance(held, Answer) and "€15" in held.text, held


def test_a_header_whose_columns_hold_other_keys_of_the_kind_fits_no_row() -> None:
    """ "region 5" over columns Region 1 to 3: the Band 2 row is the band asked for, but no
    cell of it is region 5; it used to answer with the whole row."""
    header, start = "| Band | Region 1 | Region 2 | Region 3 |", PER_DIEM.index("| Band |")
    qset = frozenset({"per", "diem", "region", "5", "band", "2"})
    args = ("what", qset, PER_DIEM, "Per-diem Rates", header, "| Band 2 | €50 | €65 | €80 |")
    assert row_fit(*args, start, named_keys=asked_keys("per-diem in region 5 for band 2")) == NO
    assert row_fit(*args, start, named_keys=asked_keys("per-diem in region 2 for band 2")) != NO


async def test_a_region_no_column_holds_is_refused_naming_it() -> None:
    result = await ask("What is the per-diem in region 5 for band 2?", DOCS)
    assert isinstance(result, Refusal), result
    assert "region 5" in result.reason
    held = await ask("What is the per-diem in region 2 for band 2?", DOCS)
    assert isinstance(held, Answer) and "€65" in held.text, held


OFFICES = {
    "offices": (
        "Office Hours",
        "# Office Hours\n\nOur offices keep local opening hours.\n\n"
        "| Office | Opening hours | Phone |\n|---|---|---|\n"
        "| Lisbon (HQ) | 08:30-17:30 | +351 21 000 |\n| Berlin | 09:00-18:00 | +49 30 000 |\n"
        "| Poland | 07:00-15:00 | +48 22 000 |\n",
    ),
    "leave": DOCS["leave"],
}


def test_plain_names_joined_to_a_kind() -> None:
    assert asked_names("What are the opening hours of the Madrid office?") == (
        (frozenset({"madrid"}), "offic"),
    )
    assert (frozenset({"madrid"}), "offic") in asked_names("When does the office in Madrid open?")
    assert asked_names("What are the opening hours?") == ()


async def test_an_office_the_document_names_nowhere_is_not_answered_from_another_row() -> None:
    """ "the Madrid office" over a table of Lisbon, Berlin and Poland: it used to be answered
    from the Berlin row (its "Opening hours" column named)."""
    result = await ask("What are the opening hours of the Madrid office?", OFFICES)
    assert isinstance(result, Refusal), result
    lisbon = await ask("What are the opening hours of the Lisbon office?", OFFICES)
    assert isinstance(lisbon, Answer) and "08:30-17:30" in lisbon.text, lisbon  # "Lisbon (HQ)"
    polish = await ask("What are the opening hours of the Polish office?", OFFICES)
    assert isinstance(polish, Answer) and "07:00-15:00" in polish.text, polish  # "Poland"


# "absence" sorts before "leave": the in-memory source breaks a tie by doc id, and "How much
# sick pay do Polish staff get?" shares as many words with either document
SICK_PAY = {
    "absence": (
        "Sick Pay",
        "# Sick Pay\n\nSick pay depends on the country you work in.\n\n"
        "| Country | Days of full sick pay | Notes |\n|---|---|---|\n"
        "| United Kingdom | 10 | after probation |\n| Ireland | 5 | statutory top-up |\n"
        "| Poland | 33 | 80% of salary |\n",
    ),
    "leave": DOCS["leave"],
}


def test_a_country_named_by_its_name_is_a_place_the_rows_may_key() -> None:
    assert (frozenset({"spain"}), PLACE) in asked_names("How much sick pay do I get in Spain?")
    # an adjective or short form is also a language or a unit: not surely a place
    assert all(k != PLACE for _, k in asked_names("Is the handbook available in Spanish?"))
    assert asked_names("How many GB of storage do I get?") == ()


async def test_a_country_no_row_holds_is_not_answered_from_another_countrys_row() -> None:
    """ "in Spain" over a table of the United Kingdom, Ireland and Poland: it used to be
    answered from the United Kingdom row (its "Days of full sick pay" column named)."""
    spain = await ask("How many days of sick pay do I get in Spain?", SICK_PAY)
    assert isinstance(spain, Refusal), spain
    poland = await ask("How many days of sick pay do I get in Poland?", SICK_PAY)
    assert isinstance(poland, Answer) and "| Poland | 33 |" in poland.text, poland
    uk = await ask("How many days of sick pay do I get in the UK?", SICK_PAY)
    assert isinstance(uk, Answer) and "| United Kingdom | 10 |" in uk.text, uk
    polish = await ask("How much sick pay do Polish staff get?", SICK_PAY)
    assert isinstance(polish, Answer) and "| Poland | 33 |" in polish.text, polish


async def test_a_country_is_no_key_of_a_table_whose_rows_are_not_countries() -> None:
    """The offices table holds one country (Poland) among cities: a question naming Spain
    is not refused for it, nor is the Lisbon office's row ("Lisbon (HQ)") lost."""
    assert not name_unread(
        OFFICES["offices"][1],
        OFFICES["offices"][1].index("| Office |"),
        "| Office | Opening hours | Phone |",
        asked_names("What are the opening hours in Spain?"),
    )
    lisbon = await ask("What are the opening hours of the Lisbon office for Spain?", OFFICES)
    assert isinstance(lisbon, Answer) and "08:30-17:30" in lisbon.text, lisbon


async def test_a_country_no_document_is_titled_for_is_not_answered_from_a_sibling() -> None:
    """Documents titled "Sick Pay: <country>": "in Spain" is refused (the United Kingdom's
    sentence scores under the answerability floor), not answered from another country's
    document. A guard: it held before kind_keys read countries, and must keep holding."""
    docs = {
        code: (
            f"Sick Pay: {name}",
            f"# Sick Pay: {name}\n\nStaff get {days} days of full sick pay each year.\n",
        )
        for code, name, days in (
            ("uk", "United Kingdom", 10),
            ("ie", "Ireland", 5),
            ("pl", "Poland", 33),
        )
    }
    spain = await ask("How many days of sick pay do I get in Spain?", docs)
    assert isinstance(spain, Refusal), spain
    poland = await ask("How many days of sick pay do I get in Poland?", docs)
    assert isinstance(poland, Answer) and "33 days" in poland.text, poland
