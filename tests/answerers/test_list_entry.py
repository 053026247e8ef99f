"""The list item a question means among the items of its own list answers a little under the
floor (answerers/list_entry.py, `meant_item`): a list reads as a table of one column, and an
item the embedder puts nearer the question than every other item of its list by LIST_MARGIN
is the entry asked for, as a row the question names is. Not from a superseded edition, not
when the answering list is withheld, and not for an item that does not stand out from its
list. Small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.list_entry import LIST_MARGIN, item_margin
from wikiqa.types import Answer, Refusal

BENEFITS = (
    "Staff Benefits",
    "# Staff Benefits\n\nStaff benefits are reviewed every April by the People team.\n\n"
    "- **Eye tests**: staff who use a screen for most of the day can claim a free eye test and "
    "up to £60 towards glasses needed for screen work.\n"
    "- **Cycle to work**: buy a bike through salary sacrifice, up to £1,000, repaid from pay "
    "over 12 months.\n"
    "- **Season ticket loan**: an interest-free loan for an annual rail or bus ticket, repaid "
    "over 10 months.\n"
    "- **Staff shop**: 10% off books and stationery at the campus shop.\n",
)
OLD_BENEFITS = (
    "Staff Benefits (2023, superseded)",
    "# Staff Benefits (2023, superseded)\n\nThis page was replaced in April 2025.\n\n"
    "- **Eye tests**: staff who use a screen for most of the day could claim a free eye test "
    "and up to £40 towards glasses needed for screen work.\n"
    "- **Cycle to work**: buy a bike through salary sacrifice, up to £800.\n"
    "- **Season ticket loan**: an interest-free loan for an annual rail ticket, repaid over 10 "
    "months.\n"
    "- **Staff shop**: 5% off books and stationery at the campus shop.\n",
)
EXPENSES = (
    "Expenses",
    "# Expenses\n\nClaim money back for work costs in the expenses system within 3 months.\n\n"
    "You need a receipt for every claim over £10.\n\n"
    "Work equipment such as a computer or a monitor is bought by IT, not claimed.\n",
)
COMPUTERS = (
    "Computer Use",
    "# Computer Use\n\nYour work computer is set up by IT Services.\n\n"
    "Do not install software that IT Services has not approved.\n\n"
    "Screens are adjusted for you on request.\n",
)
SCREENS = (
    "Display Screen Equipment",
    "# Display Screen Equipment\n\nEveryone who works at a computer for long periods must "
    "complete the workstation assessment.\n\nTake a short break from the screen every hour.\n",
)
OTHERS = {"expenses": EXPENSES, "computers": COMPUTERS, "screens": SCREENS}
GLASSES = "Can I get money towards glasses I need for computer work?"


async def ask(question: str, docs: dict[str, tuple[str, str]]) -> Answer | Refusal:
    return await ask_over(docs, question)


def test_item_margin_is_the_lead_over_the_nearest_other_item() -> None:
    cosines = {"a": 0.62, "b": 0.24, "c": 0.08}

    def similarities(_question: str, texts: list[str]) -> list[float]:
        return [cosines[t] for t in texts]

    assert round(item_margin("q", ["a", "b", "c"], 0, similarities), 2) == 0.38 >= LIST_MARGIN
    assert item_margin("q", ["a", "b", "c"], 1, similarities) < 0  # another item is nearer
    assert item_margin("q", ["a"], 0, similarities) == 0.0  # one item: nothing to stand out from


async def test_the_item_the_question_means_answers_a_little_under_the_floor() -> None:
    """On main f092ea0 the eye-test item ranks first at 0.29, under the floor 0.35, and the
    question is refused: it asks for "money towards glasses" and "computer work", which the
    item says as "up to £60 towards glasses needed for screen work"; of the four benefits it
    is the one the question means (cosine 0.62 against 0.24 for the next)."""
    result = await ask(GLASSES, {"benefits": BENEFITS, **OTHERS})
    assert isinstance(result, Answer), result
    quoted = " ".join(c.quote for c in result.citations)
    assert "up to £60 towards glasses needed for screen work" in quoted
    assert {c.doc_id for c in result.citations} == {"benefits"}


async def test_not_from_a_superseded_list_nor_with_the_list_withheld() -> None:
    """The superseded edition's item is as near the question (first at 0.22) and no longer
    true; with no benefits page at all the question is refused too. Asked beside the current
    page, which the rule answers."""
    answered = await ask(GLASSES, {"benefits": BENEFITS, **OTHERS})
    assert isinstance(answered, Answer), answered
    old = await ask(GLASSES, {"old": OLD_BENEFITS, **OTHERS})
    assert isinstance(old, Refusal), old
    withheld = await ask(GLASSES, OTHERS)
    assert isinstance(withheld, Refusal), withheld


async def test_an_item_that_does_not_stand_out_from_its_list_stays_refused() -> None:
    """A standing desk is no benefit of the list: the eye-test item ranks first a little under
    the floor (0.23) for it, by the words "money towards ... for screen work", but the
    question is not nearer it than the other benefits by LIST_MARGIN; nor is a bus pass for a
    partner the season ticket loan (0.20). Asked beside the glasses question, answered."""
    docs = {"benefits": BENEFITS, **OTHERS}
    answered = await ask(GLASSES, docs)
    assert isinstance(answered, Answer), answered
    desk = await ask("Can I get money towards a standing desk for screen work?", docs)
    assert isinstance(desk, Refusal), desk
    partner = await ask("Does the uni pay for a bus pass for my partner?", docs)
    assert isinstance(partner, Refusal), partner
