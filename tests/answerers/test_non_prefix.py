"""A question asking about the case a "non" negates ("non shared medium", "non-shared
medium") against a line that speaks of the bare word ("a shared physical medium"):
features.negation_mismatch. A line that does not say the word at all may name the whole
term otherwise ("non-disclosure agreement" / "NDAs"), and a line saying the same "non" word
speaks of the asked case. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse, asks_negated, has_negation, negation_mismatch
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal


@pytest.mark.parametrize(
    ("question", "line", "mismatch"),
    [
        # the bare word said: the line speaks of the other case
        (
            "In cases of non shared medium how are packets delivered?",
            "In case of a shared physical medium, the packets may be delivered by a multiple "
            "access scheme.",
            True,
        ),
        (
            "Where are the non smoking rooms of the hotel?",
            "The smoking rooms of the hotel are on the second floor.",
            True,
        ),
        # the same "non" word said: the asked case
        (
            "In cases of non-shared medium how are packets delivered?",
            "In case of a non-shared medium, the packets are delivered in turn.",
            False,
        ),
        # the word not said at all: the whole term may be named otherwise
        (
            "How long is a standard non-disclosure agreement valid?",
            "Standard NDAs last 3 years from signature.",
            False,
        ),
        # the line negates it in words
        (
            "In cases of non shared medium how are packets delivered?",
            "Where the medium is not shared, packets are sent over a point-to-point link.",
            False,
        ),
    ],
)
def test_a_non_word_against_the_line(question: str, line: str, mismatch: bool) -> None:
    assert asks_negated(question)
    assert analyse(question).negated
    assert negation_mismatch(question, line) is mismatch


def test_a_line_s_non_word_negates_none_of_its_clauses() -> None:
    """A line's "non-member states" names a kind of thing: a question asking "not" is still
    not answered by it as if the line negated what the question does."""
    assert not has_negation("Trade with non-member states is regulated by the Council.")
    assert has_negation("Trade with non-member states is regulated by the Council.", prefix=True)
    assert negation_mismatch(
        "Which trade is not regulated by the Council?",
        "Trade with non-member states is regulated by the Council.",
    )


DOCS = {
    "medium": (
        "Packet delivery",
        "# Packet delivery\n\n"
        "In case of a shared physical medium, the packets may be delivered according to a "
        "multiple access scheme.\n\n"
        "Each packet carries the address of its destination.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_async(question, TermSource(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


async def test_the_line_of_the_bare_word_is_refused_for_the_non_case(emb: OnnxEmbedder) -> None:
    """The line answers the shared case it states, and is refused for the "non shared"
    one, written apart as SQuAD 2.0 writes it or joined."""
    answered = await ask("In cases of a shared medium how are packets delivered?", emb)
    assert isinstance(answered, Answer), answered
    for other in (
        "In cases of non shared medium how are packets delivered?",
        "In cases of a non-shared medium how are packets delivered?",
    ):
        refused = await ask(other, emb)
        assert isinstance(refused, Refusal), (other, refused)
