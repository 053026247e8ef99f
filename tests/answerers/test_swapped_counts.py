"""A line counting the thing a question counts with another count, read by
swapped_counts.swapped_counts (and by the answerer as a negation mismatch): "What corresponds
to multiplying three numbers?" over "... corresponds to multiplying two numbers". Small
documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive as extractive_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.swapped_counts import swapped_counts
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

GRAPHS = (
    "The graph isomorphism problem is the computational problem of determining whether two "
    "finite graphs are isomorphic."
)
TRIPLES = (
    "Deciding whether a given triple is a member of this set corresponds to solving the "
    "problem of multiplying two numbers."
)


@pytest.mark.parametrize(
    ("question", "line", "found"),
    [
        (
            "What is the problem of determining if three finite graphs are isomorphic?",
            GRAPHS,
            [(3, 2, "finit")],
        ),
        (
            "What corresponds to solving the problem of multiplying three numbers?",
            TRIPLES,
            [(3, 2, "number")],
        ),
        (
            "Which loom weaves 4 colours at once?",
            "The Dobby loom weaves 2 colours at once.",
            [(4, 2, "colour")],
        ),
    ],
)
def test_another_count_of_the_asked_thing(
    question: str, line: str, found: list[tuple[int, int, str]]
) -> None:
    assert swapped_counts(question, "what", line) == found


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # the asked count is said too
        ("What is the problem of determining if two finite graphs are isomorphic?", GRAPHS),
        (
            "What are engines using four expansion cylinders known as?",
            "Such engines use either three or four expansion stages.",
        ),
        # another thing counted
        (
            "How many references do I need from my last 2 employers?",
            "Two references are needed, one from the most recent employer.",
        ),
        # a count of time: the asker's own span
        ("How much leave do I get after 6 years?", "After 5 years you get 2 extra days."),
        ("What is the rate for 3 nights away?", "Stays of 2 nights are booked centrally."),
        (
            "What topped the chart for eight consecutive weeks?",
            "The album reached No.1 for 19 consecutive weeks.",
        ),
        # a span or a date
        ("Who coached the 2011-12 team?", "The 2012–13 team was coached by Smart."),
        ("What are the 2025/26 holiday dates?", "The 2024/25 holiday dates are listed below."),
        ("What time do shops close on 27 December?", "Shops close at 16:00 on 24 December."),
        # a count of people: the asker's party or team
        ("Who crews the van when four people are on it?", "Two people crew every collection van."),
        # a bound or a rate, on either side
        (
            "How many lookouts do we need for 6 sites?",
            "Green zone work needs a lookout for every 4 sites.",
        ),
        ("What happens with more than 3 absences?", "After 2 absences you meet your manager."),
        ("Who approves orders of 5 items?", "Orders of up to 4 items need no approval."),
        # a span the line gives
        ("What covers 4 sites?", "Between 2 and 6 sites are covered by each team."),
        # a number written against letters: an ordinal, a formula
        (
            "What engines spread in the 20th century?",
            "In the 19th century compound engines spread.",
        ),
        # "one" is no count
        ("Who owns one depot?", "The trust owns two depots."),
    ],
)
def test_no_other_count(question: str, line: str) -> None:
    assert swapped_counts(question, "what", line) == []


def test_a_yes_no_question_is_not_read() -> None:
    """The other count answers it, with a no."""
    question = "Does the loom weave 4 colours at once?"
    line = "The Dobby loom weaves 2 colours at once."
    assert swapped_counts(question, "yesno", line) == []


DOCS = {
    "graphs": (
        "Graph problems",
        "# Graph problems\n\n## Isomorphism\n\n" + GRAPHS + "\n\n"
        "No polynomial time algorithm for it is known.\n",
    ),
    "dyes": (
        "Natural dyes",
        "# Natural dyes\n\nMadder root gives a red dye and woad a blue one.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


SWAPPED = "What is the problem attributed to defining if three finite graphs are isomorphic?"


async def test_the_line_counting_another_case_is_refused(emb: OnnxEmbedder) -> None:
    """The line answers for two graphs, and is refused for three."""
    answered = await ask(SWAPPED.replace("three", "two"), emb)
    assert isinstance(answered, Answer), answered
    refused = await ask(SWAPPED, emb)
    assert isinstance(refused, Refusal), refused


async def test_without_the_reading_the_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(extractive_module, "swapped_counts", lambda question, wh, line: [])
    answered = await ask(SWAPPED, emb)
    assert isinstance(answered, Answer), answered
