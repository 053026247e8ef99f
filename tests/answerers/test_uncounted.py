"""A how-many question over a line that names the counted thing but counts something else
(`answerers/uncounted.py`, read into `neg_mismatch`; bounded by squad59 to lines that count
another thing, with no count in the sentences beside them)."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive as extractive_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.uncounted import counted_noun, counts_other
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal


@pytest.mark.parametrize(
    ("question", "line"),
    [
        (  # SQuAD's shape: the count in the line is of the towns, the year another's
            "How many Huguenots were there in 1598?",
            'Montpellier was among the most important of the 66 "villes de sûreté" that the '
            "Edict of 1598 granted to the Huguenots.",
        ),
        (  # a handbook-shaped line: the wardens named, the rooms counted
            "How many fire wardens are there on each floor?",
            "Fire wardens walk the corridors and check that the 12 rooms on their floor are "
            "empty before they leave.",
        ),
    ],
)
def test_the_thing_named_and_not_counted(question: str, line: str) -> None:
    assert counts_other(question, line)


@pytest.mark.parametrize(
    ("question", "line", "around"),
    [
        # no count of anything but a year: a list or the heading may give the count
        (
            "How many Huguenots were there in France in 1685?",
            "After the Revocation of the Edict of Nantes in 1685, several Huguenot families of "
            "Norman and Carolingian nobility and descent settled in England.",
            (),
        ),
        (
            "How many approvals does a new position need?",
            "A new position needs approval from the department head and from Finance.",
            (),
        ),
        # an article or a determiner before the noun counts it as one
        (
            "How many passes do casual drivers get?",
            "Casual drivers receive a pass for themselves only, valid on 3 routes.",
            (),
        ),
        # the noun as a verb of the same stem: the approvers named are the count
        (
            "How many approvals does a change need?",
            "A change is approved by the head of engineering and the People team, who meet "
            "every week to review the 40 requests.",
            (),
        ),
        # the noun inside a name
        (
            "How many homes does the neighbourhood manager look after?",
            "Staff are enrolled in the Fellbrook Homes Pension Plan and may opt out within "
            "1 month, with 2 options of contributions.",
            (),
        ),
        # every count an amount: days, pounds, a share
        (
            "How many spare drivers does each depot keep?",
            "Spare drivers are rostered on a rolling pattern and paid £20 for each standby "
            "duty of more than 8 hours.",
            (),
        ),
        # a count in the sentence beside it may count the noun
        (
            "How many fire wardens are there on each floor?",
            "Fire wardens walk the corridors and check that the 12 rooms on their floor are "
            "empty before they leave.",
            ("There are two of them on every floor.",),
        ),
    ],
)
def test_bounded_lines_left_alone(question: str, line: str, around: tuple[str, ...]) -> None:
    assert not counts_other(question, line, around)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # the count stands beside the noun, before or after it
        (
            "How many Huguenots fled to England?",
            "An estimated 50,000 Protestant Walloons and Huguenots fled to England.",
        ),
        (
            "How many Huguenots lived in France at the peak?",
            "Huguenot numbers peaked near an estimated two million by 1562.",
        ),
        # the count does what the question asks, the noun left unsaid beside it
        (
            "How many Huguenots were killed during this purge?",
            "The height of this persecution was the St. Bartholomew's Day massacre when 5,000 to "
            "30,000 were killed, although there were also political reasons, as some of the "
            "Huguenots were nobles.",
        ),
        # "none" is a count
        (
            "How many original treaties protected fundamental rights?",
            "None of the original treaties establishing the European Union mention protection "
            "for fundamental rights.",
        ),
        # a year counts the noun it stands before
        (
            "How many employees does the firm have?",
            "Since its founding the firm has grown steadily and now has 1500 employees.",
        ),
        # the line does not name the thing: left to the other readings
        (
            "How many Huguenots were slain in Toulouse?",
            "Nearly 3,000 Protestants were slaughtered in Toulouse alone.",
        ),
        # a table row or a label line: the count stands under a header
        ("How many quotes does the Head of Engineering need?", "Approver | Up to | Quotes needed"),
        ("How many quotes are needed for large orders?", "Quotes needed for large orders: 3"),
        # units and kinds of value are counted in other words
        (
            "How many days of notice must I give?",
            "Notice of leave must be given before the days are booked.",
        ),
        (
            "How many times a year is the register checked?",
            "The register is checked at times set by the office manager.",
        ),
        ("How many types of leave are there?", "Types of leave are listed in the annex."),
        # not a how-many question
        (
            "What did the Huguenots found in 1598?",
            "The Edict of 1598 granted the Huguenots safe towns.",
        ),
    ],
)
def test_counted_or_not_read(question: str, line: str) -> None:
    assert not counts_other(question, line)


def test_the_counted_noun() -> None:
    assert counted_noun("How many immigrant lacemakers were there in Bedfordshire?") == "lacemakers"
    assert counted_noun("How many regard themselves as Huguenots?") is None
    assert counted_noun("How many people live there?") is None
    assert counted_noun("What is it?") is None


DOCS = {
    "wardens": (
        "Fire safety",
        "# Fire safety\n\n## Fire wardens\n\n"
        "Fire wardens at the Quayside office walk the corridors and check that the 12 rooms "
        "on their floor are empty, and then report to the assembly point in the car park.\n\n"
        "## Drills\n\nA fire drill is held twice a year.\n",
    ),
    "first-aid": (
        "First aid",
        "# First aid\n\nThe first aid kits are kept in the kitchen on each floor.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


UNCOUNTED = "How many fire wardens are there at the Quayside office?"


async def test_the_uncounted_line_is_refused(emb: OnnxEmbedder) -> None:
    """The line names the wardens and what they do, never how many there are."""
    refused = await ask(UNCOUNTED, emb)
    assert isinstance(refused, Refusal), refused
    answered = await ask("What do fire wardens at the Quayside office check?", emb)
    assert isinstance(answered, Answer), answered


async def test_without_the_reading_the_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(extractive_module, "counts_other", lambda *args: False)
    answered = await ask(UNCOUNTED, emb)
    assert isinstance(answered, Answer), answered
