"""The one value of the kind a personally asked question asks, stated by the first line of the
asker's top document, answers a little under the floor (value_line, value73): "How much do we
get a year towards our work shoes?" by "We pay up to £50 a year towards them; ...". Must stay
refused: a line stating two values of the kind, a line saying no more than half the ask's own
words ("put my boyfriend on my staff card", "a second staff card for my car"), a line about
another thing, the reading switched off."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import value_line
from wikiqa.answerers.value_line import asked_value, owned_heads
from wikiqa.types import Answer, Principal, Refusal

FILES = {
    "staff-discount.md": (
        "---\ntitle: Staff Discount\n---\n# Staff Discount\n\n"
        "Every employed colleague gets a staff card in their first week.\n\n"
        "- You can add one adult from your household to your card for £12 a year.\n"
        "- The card is for your own household, not for resale or catering orders.\n"
        "- Your staff card is yours only.\n"
    ),
    "uniform.md": (
        "---\ntitle: Uniform and Appearance\n---\n# Uniform and Appearance\n\n## Shoes\n\n"
        "Wear closed, wipeable shoes with non-slip soles. We pay up to £50 a year towards "
        "them; claim on the expenses app with the receipt.\n\n## Jewellery\n\n"
        "One plain ring and small stud earrings only.\n"
    ),
    "controlled-drugs.md": (
        "---\ntitle: Controlled Drugs\n---\n# Controlled Drugs\n\n"
        "- Schedule 2 and 3 drugs are kept in the locked cabinet.\n"
        "- A running balance is checked against the stock by two registered people every "
        "Friday before the practice closes.\n"
        "- A discrepancy of any size must be reported to the clinical director the same day.\n"
    ),
    "lockers.md": (
        "---\ntitle: Lockers\n---\n# Lockers\n\n"
        "- A locker costs £5 a month, or £40 a year if you pay up front.\n"
        "- Keys are kept at reception.\n"
    ),
}
WHO = Principal(user_id="u-1", roles=["staff"], departments=[])


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


async def test_the_one_value_of_the_kind_asked_answers(tmp_path: Path) -> None:
    question = "How much do we get a year towards our work shoes?"
    result = await ask_as(question, own_source(tmp_path, FILES), WHO)
    assert isinstance(result, Answer)
    assert "£50 a year" in _said(result)


async def test_switched_off_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(value_line, "VALUE_LINE", False)
    question = "How much do we get a year towards our work shoes?"
    result = await ask_as(question, own_source(tmp_path, FILES), WHO)
    assert isinstance(result, Refusal)


@pytest.mark.parametrize(
    "question",
    [
        # "staff card" said, "put" and "boyfriend" not: as many unsaid as said
        "How much does it cost to put my boyfriend on my staff card?",
        # worded alike, and no adult of the household: the £12 is not its value
        "How much does it cost to get a second staff card for my car?",
    ],
)
async def test_a_line_saying_half_the_ask_s_words_stays_refused(
    tmp_path: Path, question: str
) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), WHO)
    assert isinstance(result, Refusal)


async def test_a_line_stating_two_values_of_the_kind_stays_refused(tmp_path: Path) -> None:
    files = dict(FILES)
    files["uniform.md"] = files["uniform.md"].replace(
        "them; claim", "them, and £80 towards safety boots; claim"
    )
    question = "How much do we get towards new work shoes?"
    result = await ask_as(question, own_source(tmp_path, files), WHO)
    assert isinstance(result, Refusal)  # which sum is the asker's, £50 or £80?


async def test_a_line_saying_too_few_of_the_ask_s_words_stays_refused(tmp_path: Path) -> None:
    question = "How much do we get towards new work trousers for the winter?"
    result = await ask_as(question, own_source(tmp_path, FILES), WHO)
    assert isinstance(result, Refusal)  # the shoes' £50 is no value of the trousers


def test_the_kinds_asked() -> None:
    assert asked_value("How much does it cost to put my boyfriend on my card?")[0] == "money"
    assert asked_value("How much is it to add my boyfriend?")[0] == "money"
    assert asked_value("How often are we meant to check it?")[0] == "frequency"
    assert asked_value("How far ahead do I have to book it?")[0] == "duration"
    count = asked_value("how many bank holidays do we get?")
    assert count is not None and count[0] == "count"
    assert count[1].search("excluding the 8 bank holidays")
    assert asked_value("How many days off do I get for my wedding?") is None  # a span of days
    assert asked_value("How many times can I be off sick?") is None
    assert asked_value("How much notice?") is not None
    assert asked_value("What is the notice period?") is None


def test_the_things_the_asker_calls_their_own() -> None:
    assert owned_heads("How much is it to add my dog to my gym membership?") == [
        "dog",
        "membership",
    ]
    assert owned_heads("How much do we get a year towards our work shoes?") == ["shoe"]
    assert owned_heads("How often are we meant to check the CD running balance?") == []
