"""The answer must say the thing or the case the question names, not a sibling of it
(named_case.py): a table row of another entry than the one the question names, a value of a
later period than the one a past-tense question asks of. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

DUTIES = (
    "Time Off for Public Duties",
    "# Time Off for Public Duties\n\n"
    "We support staff who serve their community. Ask your manager as early as you can.\n\n"
    "| Duty | Paid time off each year |\n|---|---|\n"
    "| Magistrate | up to 18 days |\n"
    "| Reserve forces training | 2 weeks |\n"
    "| Councillor | up to 12 days |\n"
    "| School or college governor | up to 4 days |\n"
    "| Retained firefighter | up to 10 days |\n\n"
    "Ask at least 4 weeks ahead where you can, so that your duties can be covered.\n",
)
TOOLS = (
    "Tool Allowance",
    "# Tool Allowance\n\n"
    "Tradespeople who bring and keep their own hand tools are paid a yearly tool allowance. "
    "It applies from the 2026-27 year.\n\n"
    "| Trade | Tool allowance per year |\n|---|---|\n"
    "| Joiner | £300 |\n| Bricklayer | £220 |\n| Steel fixer | £180 |\n\n"
    "The allowance is paid in two halves, with your pay in May and November.\n",
)
DOCS = {"duties": DUTIES, "tools": TOOLS}


async def _ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


async def test_a_duty_the_table_does_not_list_is_refused() -> None:
    """ "special constable" is as near the councillor's row as the magistrate's and names
    neither; no document says it (main 9c14bc7 answers the retained firefighter's row)."""
    result = await _ask("I'm a special constable. How much paid time off do I get for it?")
    assert isinstance(result, Refusal), result
    assert "constable" in result.reason
    # a duty the table lists, named in the question's words, is answered
    for question, value in (
        ("I'm a retained firefighter. How much paid time off do I get for it?", "10 days"),
        ("How much paid time off do magistrates get each year?", "18 days"),
    ):
        result = await _ask(question)
        assert isinstance(result, Answer), (question, result)
        assert value in result.text


async def test_a_past_year_before_the_documents_period_is_refused() -> None:
    """The table holds this year's allowances ("applies from the 2026-27 year"); what a joiner
    got in 2022-23 is not said (main 9c14bc7 answers the joiner's row)."""
    result = await _ask("What was the tool allowance for a joiner in 2022-23?")
    assert isinstance(result, Refusal), result
    assert "2022" in result.reason
    # a question of the present, or a year that is the asker's situation, is answered
    for question in (
        "What is the tool allowance for a joiner?",
        "I started as a joiner in 2019. What tool allowance do I get each year?",
    ):
        result = await _ask(question)
        assert isinstance(result, Answer), (question, result)
        assert "£300" in result.text
