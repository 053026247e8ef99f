"""The answer must say the case the question names, not a sibling of it (named_case.py): a
value of a later period than the one a past-tense question asks of. Small documents written
here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.types import Answer, Refusal

TOOLS = (
    "Tool Allowance",
    "# Tool Allowance\n\n"
    "Tradespeople who bring and keep their own hand tools are paid a yearly tool allowance. "
    "It applies from the 2026-27 year.\n\n"
    "| Trade | Tool allowance per year |\n|---|---|\n"
    "| Joiner | £300 |\n| Bricklayer | £220 |\n| Steel fixer | £180 |\n\n"
    "The allowance is paid in two halves, with your pay in May and November.\n",
)
DOCS = {"tools": TOOLS}


async def _ask(question: str) -> Answer | Refusal:
    return await ask_over(DOCS, question)


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
