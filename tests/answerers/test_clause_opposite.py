"""A line saying, in the clause about the asked thing, the other end of the asked scale, read
by clause_opposite.clause_opposites (and by the answerer as a negation mismatch): "What is easy
about proving lower bounds?" over "... proving lower bounds is much more difficult". Small
documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive as extractive_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.clause_opposite import clause_opposites
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

BOUNDS = (
    "However, proving lower bounds is much more difficult, since lower bounds make a statement "
    "about all possible algorithms that solve a given problem."
)


@pytest.mark.parametrize(
    ("question", "line", "found"),
    [
        # the predicate, outside the three-word phrase
        ("What is easy about proving lower bounds?", BOUNDS, [("easy", "difficult")]),
        # the pairs read here beside other_case's scales
        (
            "What type of major impact did the Norman dynasty have on modern Europe?",
            "The Norman dynasty had a major political, cultural and military impact on "
            "medieval Europe and even the Near East.",
            [("modern", "medieval")],
        ),
        (
            "What architecture type came after Early Gothic?",
            "In England, the period of Norman architecture immediately succeeds that of the "
            "Anglo-Saxon and precedes the Early Gothic.",
            [("after", "precedes")],
        ),
        (
            "To what nation did the fewest weavers move?",
            "Many weavers moved to the Netherlands, where the looms were.",
            [("fewest", "many")],
        ),
        # a handbook line on the other state, a few words from the shared word
        (
            "What is cheap about the staff canteen?",
            "Eating in the staff canteen every day is expensive.",
            [("cheap", "expensive")],
        ),
        (
            "What is simple about booking a meeting room?",
            "Booking a meeting room on the third floor is complex.",
            [("simple", "complex")],
        ),
    ],
)
def test_the_other_end_in_the_clause(
    question: str, line: str, found: list[tuple[str, str]]
) -> None:
    assert clause_opposites(question, "what", line) == found


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # the asked word said too
        (
            "Which jobs are hard to fill?",
            "Night shifts are hard to fill, while day shifts are easy.",
        ),
        (
            "What is the simplest way to reset my password?",
            "The simplest way is the self-service portal; the helpdesk route is more complex.",
        ),
        # the opposite in another clause, without the asked thing
        (
            "What is easy to forget when booking travel?",
            "Travellers often forget to add their staff number; it is difficult to correct.",
        ),
        # a negation on one side only, or in the clause: the same case
        (
            "What is difficult about the annual review?",
            "The annual review is not easy, and it takes two days.",
        ),
        (
            "What complexity class is characterized by unknown algorithms?",
            "NP contains many problems for which no efficient algorithm is known.",
        ),
        # an opposite of something else in the clause
        (
            "What break do I get after working in the cold chamber?",
            "Work in the frozen chamber in spells of no more than 45 minutes, each followed by a "
            "warm-up break of at least 15 minutes outside the chamber.",
        ),
        (
            "What should I drink on a warm day on site?",
            "Drink water at every break; welfare cabins must have cold drinking water.",
        ),
        (
            "What's the rule for small code changes?",
            "Keep changes under 400 lines where possible; larger changes should be split.",
        ),
        # "single" bounds a count, which a question asks in other words
        (
            "What is the purchase card limit for multiple transactions?",
            "Standard limits: £1,000 for a single transaction and £5,000 a month.",
        ),
        # "least" turns the word round
        (
            "What is the least expensive way to travel to the depot?",
            "The cheapest way to travel to the depot is the staff shuttle.",
        ),
        # order in time, age and the compass: only within the phrase
        (
            "How long can I drive before I need a break?",
            "Take a break of 45 minutes after 4 hours 30 minutes of driving.",
        ),
        (
            "How many goes do I get before it locks me out of my account?",
            "Your account locks after 8 failed attempts.",
        ),
        (
            "What northern province has a large protestant population?",
            "Most are in Alsace in northeast France and the mountains in the south.",
        ),
        # a comparison with another thing
        (
            "What engines were less efficient than gas turbines?",
            "Steam turbines were more efficient than reciprocating engines.",
        ),
        # a word that asks or bounds
        ("How long is the notice period?", "The notice period is short for new starters."),
    ],
)
def test_no_other_end(question: str, line: str) -> None:
    assert clause_opposites(question, "what", line) == []


def test_a_yes_no_question_is_not_read() -> None:
    """The other end answers it, with a no."""
    question = "Is booking a meeting room simple?"
    line = "Booking a meeting room on the third floor is complex."
    assert clause_opposites(question, "yesno", line) == []


DOCS = {
    "looms": (
        "Hand looms",
        "# Hand looms\n\n## Threading\n\n"
        "However, threading a rigid heddle loom is much more difficult, since every warp end "
        "must pass through its own slot.\n\nA floor loom needs two people to move.\n",
    ),
    "dyes": (
        "Natural dyes",
        "# Natural dyes\n\nMadder root gives a red dye and woad a blue one.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


OTHER_END = "What is easy about threading a loom?"


async def test_the_line_saying_the_other_end_is_refused(emb: OnnxEmbedder) -> None:
    """The line answers what is difficult about threading, and is refused for what is easy."""
    answered = await ask(OTHER_END.replace("easy", "difficult"), emb)
    assert isinstance(answered, Answer), answered
    refused = await ask(OTHER_END, emb)
    assert isinstance(refused, Refusal), refused


async def test_without_the_reading_the_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(extractive_module, "clause_opposites", lambda question, wh, line: [])
    answered = await ask(OTHER_END, emb)
    assert isinstance(answered, Answer), answered
