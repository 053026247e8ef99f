"""A cited table row answers only for an entry its table lists (named_case.unlisted_entry): a
question naming one more case of the table's kind, which the table leaves out, is refused,
not answered with a sibling's row. Small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.types import Answer, Refusal

DUTIES = (
    "Time Off for Public Duties",
    "# Time Off for Public Duties\n\n"
    "Tell your manager as soon as you know the dates of a public duty.\n\n"
    "| Public duty | Paid time off |\n|---|---|\n"
    "| Jury service | Full pay for as long as the court needs you |\n"
    "| Magistrate | Up to 18 days a year |\n"
    "| Local councillor | Up to 12 days a year |\n"
    "| School governor | Up to 5 days a year |\n"
    "| Retained firefighter | Up to 10 days a year |\n\n"
    "No time off is given to vote, as polling stations open long enough.\n",
)
DOCS = {"duties": DUTIES}


async def _ask(question: str) -> Answer | Refusal:
    return await ask_over(DOCS, question)


async def test_a_case_the_table_does_not_list_is_refused() -> None:
    """The table lists public duties; a special constable is one more, which it leaves out
    (main 13e33f7 answers with another duty's row)."""
    result = await _ask("I'm a special constable. How much paid time off do I get for it?")
    assert isinstance(result, Refusal), result
    assert "constable" in result.reason


async def test_a_case_the_table_lists_is_answered() -> None:
    for question, value in (
        ("I'm a magistrate. How much paid time off do I get for it?", "18 days"),
        ("How many paid days off a year does a school governor get?", "5 days"),
    ):
        result = await _ask(question)
        assert isinstance(result, Answer), (question, result)
        assert value in result.text, (question, result.text)
