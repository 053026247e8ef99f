"""A line that negates a word the question asks without a negation says the other case
(other_case.py `negated_ask`): "The meeting rooms on the ground floor have no air
conditioning" answers "Which rooms have no air conditioning?", not "Which rooms have air
conditioning?". Small documents written here."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.other_case import negated_ask, other_case
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal


@pytest.mark.parametrize(
    ("question", "line", "words"),
    [
        (
            "Which rooms have air conditioning?",
            "The meeting rooms on the ground floor have no air conditioning.",
            ["air"],
        ),
        (
            "Which depot keeps spare buses?",
            "The Northgate depot never keeps spare buses overnight.",
            ["keeps"],
        ),
        # the question asks the negation itself
        (
            "Which rooms do not have air conditioning?",
            "The meeting rooms on the ground floor have no air conditioning.",
            [],
        ),
        # a yes/no ask is answered by a "not", after a situation set out first too
        (
            "My card ran out at the gate. Do I get paid for the day?",
            "If your card runs out, you will not be paid for that day.",
            [],
        ),
        # a negation in a condition sets out the circumstances
        (
            "What times are possessions usually taken on the track?",
            "A possession is normally taken between 01:15 and 04:45, when no trams are running.",
            [],
        ),
        # "not ... until" tells when it does hold
        (
            "When did the lace style develop?",
            "The lace style did not develop until the early 18th century.",
            [],
        ),
        # the asked word only inside a name
        (
            "What needlework was used for the Bayeux Tapestry?",
            "The Bayeux Tapestry is not a tapestry but a work of embroidery.",
            [],
        ),
        # the line says the word un-negated too
        (
            "Which office serves hot meals?",
            "The Harbour office does not serve hot meals; the Quay office serves soup.",
            [],
        ),
        # a bound, not a negation of the asked word
        (
            "How long can leave be carried over?",
            "Leave can no longer be carried over after March.",
            [],
        ),
    ],
)
def test_a_line_negating_an_asked_word(question: str, line: str, words: list[str]) -> None:
    assert negated_ask(question, line) == words
    assert other_case(question, line, "what") is bool(words)


DOCS = {
    "rooms": (
        "Meeting rooms",
        "# Meeting rooms\n\n"
        "The meeting rooms on the ground floor have no air conditioning.\n\n"
        "Each room can be booked for up to four hours.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_async(question, TermSource(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


async def test_the_negating_line_is_refused_for_the_other_case(emb: OnnxEmbedder) -> None:
    """The line answers the question asking its negation, and is refused for the one
    asking the other case."""
    answered = await ask("Which meeting rooms have no air conditioning?", emb)
    assert isinstance(answered, Answer), answered
    refused = await ask("Which meeting rooms have air conditioning?", emb)
    assert isinstance(refused, Refusal), refused
