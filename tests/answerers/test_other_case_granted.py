"""A yes/no question asking whether the asker gets a thing is not answered by a line granting
another case of the thing's kind (asked_thing._other_case): the documents say the kind
("discount") and neither say nor mean the case asked ("gym"). Small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.types import Answer, Refusal

DISCOUNT = (
    "Staff Discount",
    "# Staff Discount\n\n"
    "Staff and volunteers get a discount in our own shops and cafés.\n\n"
    "- Employees get 20% off in every shop, on donated and new goods.\n"
    "- Volunteers get 10% off in the shops and cafés where they volunteer.\n\n"
    "Show your staff card at the till. The discount is not for resale purchases.\n",
)
DOCS = {"discount": DISCOUNT}


async def _ask(question: str) -> Answer | Refusal:
    return await ask_over(DOCS, question)


async def test_a_grant_of_another_case_of_the_kind_is_refused() -> None:
    """The policy grants a discount in the shops and cafés; a gym discount is never said
    (main 13e33f7 answers with a shop discount line)."""
    result = await _ask("Do staff get a gym discount?")
    assert isinstance(result, Refusal), result
    assert "gym" in result.reason


async def test_a_grant_of_the_case_asked_is_answered() -> None:
    result = await _ask("Do employees get a discount in the shops?")
    assert isinstance(result, Answer), result
    assert "20%" in result.text
