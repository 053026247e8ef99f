"""A question asking for one variant of a value ("the executive daily allowance") is not
answered from a table that gives only another variant ("Standard daily allowance") and
says the asked one nowhere: the asked variant is in another document, here one the reader
may not see (answerers/qualified.py). Small documents written here."""

from __future__ import annotations

from chain_helpers import table_row
from test_key_chains import BANDS, FILLER, LEVELS, GuardedSource

from wikiqa.answerers.qualified import unsaid_variant
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Principal, Refusal

PER_DIEM = (
    "Daily Subsistence Allowance",
    "# Daily Subsistence Allowance\n\nA daily allowance covers meals and incidentals on a "
    "business trip.\n\n| Travel band | Standard daily allowance |\n|---|---|\n| Band A | €40 |\n"
    "| Band B | €55 |\n| Band C | €80 |\n",
)
EXECUTIVE = (
    "Executive Travel Allowances",
    "# Executive Travel Allowances\n\nExecutives travelling on company business receive an "
    "executive daily allowance.\n\n| Travel band | Executive daily allowance |\n|---|---|\n"
    "| Band C | €150 |\n",
)
DOCS = {**FILLER, "levels": LEVELS, "bands": BANDS, "per_diem": PER_DIEM, "exec": EXECUTIVE}


async def ask(question: str, role: str) -> Answer | Refusal:
    source = GuardedSource(DOCS, {"exec": "executive"})
    who = Principal(user_id="u-1", roles=[role])
    return await ask_async(question, source, settings=Settings(), principal=who)  # type: ignore[arg-type]


async def test_the_standard_row_does_not_answer_for_the_executive_allowance() -> None:
    """Through three documents (role -> grade -> band -> allowance) the staff member's chain
    ends on the standard allowance table: refused, naming the variant asked for."""
    for question in (
        "What is the executive daily allowance for the Head of Sales?",
        "What is the executive daily allowance for Band C?",
    ):
        result = await ask(question, "staff")
        assert isinstance(result, Refusal), result
        assert "executive" in result.reason


async def test_a_reader_who_may_see_the_executive_table_is_answered_from_it() -> None:
    result = await ask("What is the executive daily allowance for the Head of Sales?", "executive")
    assert isinstance(result, Answer), result
    assert "€150" in result.text and {c.doc_id for c in result.citations} >= {"levels", "exec"}


async def test_an_unqualified_or_matching_question_is_answered() -> None:
    result = await ask("What is the daily allowance for the Head of Sales?", "staff")
    assert isinstance(result, Answer), result
    assert "€80" in result.text
    result = await ask("What is the standard daily allowance for Band C?", "staff")
    assert isinstance(result, Answer), result
    assert "€80" in result.text


def test_only_a_column_qualified_otherwise_and_a_qualifier_unsaid_refuse() -> None:
    both = (
        "| Travel band | Standard daily allowance | Executive daily allowance |\n|---|---|---|\n"
        "| Band C | €80 | €150 |\n"
    )
    row = table_row("both", both, "| Band C | €80 | €150 |")
    asked = "What is the executive daily allowance for Band C?"
    assert unsaid_variant(asked, [row]) == ""  # the table has the column asked for
    standard = table_row("std", PER_DIEM[1], "| Band C | €80 |")
    assert unsaid_variant(asked, [standard]) == "executive"
    assert unsaid_variant("What is the daily allowance for Band C?", [standard]) == ""
    # the qualifier must sit right before the column's other words
    assert unsaid_variant("Is the daily allowance for executives in Band C?", [standard]) == ""


def test_a_header_function_word_is_no_part_of_the_qualified_value() -> None:
    mileage = "| Vehicle | Rate per mile |\n|---|---|\n| Car | 45 pence |\n"
    row = table_row("mileage", mileage, "| Car | 45 pence |")
    assert unsaid_variant("How much do I get back per mile for using my own car?", [row]) == ""


def test_a_column_naming_the_thing_itself_is_no_variant() -> None:
    """ "Probation period" is what "my trial period" asks about in other words, not a kind
    of period beside others, as "Standard daily allowance" is."""
    probation = "| Staff group | Probation period |\n|---|---|\n| Grades 1 to 5 | 6 months |\n"
    row = table_row("probation", probation, "| Grades 1 to 5 | 6 months |")
    assert unsaid_variant("I've just started on Grade 3. How long is my trial period?", [row]) == ""
