"""Opposites a question can be turned into by one word, read by other_case.opposite_pairs:
simplicity / difficulty, soft / hard, finite or limited / infinite or unlimited, abstract /
concrete. A line saying the other end of the scale in the question's phrase speaks of the
other case ("How does one measure the simplicity of a problem?" over "To measure the
difficulty of solving a problem ..."); the answerability model reads it as a mismatch.
Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.other_case import opposite_pairs, other_case
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal


@pytest.mark.parametrize(
    ("question", "line", "pairs"),
    [
        (
            "How does one measure the simplicity of a computational problem?",
            "To measure the difficulty of solving a computational problem, one counts the time "
            "the best algorithm needs.",
            [("simplicity", "difficulty")],
        ),
        (
            "What is the softest problem in C?",
            "A problem X is hard for C if every problem in C reduces to X.",
            [("softest", "hard")],
        ),
        (
            "What can be viewed as a limited collection of instances?",
            "A computational problem can be viewed as an infinite collection of instances.",
            [("limited", "infinite")],
        ),
        (
            "What classifies problems solved with approximately unlimited resources?",
            "It classifies problems solved with appropriately restricted resources.",
            [("unlimited", "restricted")],
        ),
        (
            "What term refers to the concrete question to be solved?",
            "A problem refers to the abstract question to be solved.",
            [("concrete", "abstract")],
        ),
        # the line says the asked end too, in the same phrase: it speaks of the asked case
        (
            "How is the difficulty of a problem measured?",
            "The difficulty of a problem, not its simplicity, is measured in time.",
            [],
        ),
        # the other end of the scale beside none of the question's phrase: another phrase
        (
            "What is a hard copy of the contract?",
            "Soft drinks are served in the canteen.",
            [],
        ),
    ],
)
def test_the_other_end_of_a_scale_in_the_same_phrase(
    question: str, line: str, pairs: list[tuple[str, str]]
) -> None:
    assert opposite_pairs(question, line) == pairs


def test_a_yes_no_question_is_answered_by_the_other_end() -> None:
    """A line saying the other end answers a yes/no question with a no."""
    line = "A computational problem can be viewed as an infinite collection of instances."
    assert not other_case("Is a problem a finite collection of instances?", line, "yesno")


DOCS = {
    "problems": (
        "Computational problems",
        "# Computational problems\n\n## Instances\n\n"
        "A computational problem can be viewed as an infinite collection of instances together "
        "with a solution for every instance.\n\n"
        "The input string for a computational problem is referred to as a problem instance.\n",
    ),
    "sorting": (
        "Sorting",
        "# Sorting\n\nQuicksort sorts a list by choosing a pivot and dividing the list around "
        "it.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


async def test_the_line_for_the_other_end_is_refused(emb: OnnxEmbedder) -> None:
    """The line answers the end of the scale it states and is refused for the other one."""
    asked = "What can be viewed as an infinite collection of instances with a solution for each?"
    answered = await ask(asked, emb)
    assert isinstance(answered, Answer), answered
    other = "What can be viewed as a finite collection of instances with a solution for each?"
    refused = await ask(other, emb)
    assert isinstance(refused, Refusal), refused
