"""A line saying of its subject only what it contrasts with ("X contrasts with Y, a method
which ..."), read into `neg_mismatch` (`answerers/contrasted_only.py`; squad69)."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive as extractive_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.contrasted_only import contrasted_only
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

PACKET = (
    "Packet switching contrasts with another principal networking paradigm, circuit "
    "switching, a method which pre-allocates dedicated network bandwidth specifically for "
    "each communication session, each having a constant bit rate and latency between nodes."
)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("What does packet switching pre-allocate?", PACKET),
        ("Packet switching communication has what kind of bit rate?", PACKET),
        ("What is packet switching?", PACKET),
        ("What is special about communication sessions with packet switching?", PACKET),
        ("How many shifts does a night porter work?",
         "A night porter differs from a day porter, who works five shifts a week."),
        ("What does annual leave need?",
         "Annual leave is unlike sick leave, which needs a fit note after 7 days."),
    ],
)  # fmt: skip
def test_only_contrasted(question: str, line: str) -> None:
    assert contrasted_only(question, "what", line)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # the question is about the other thing, the one the line describes
        ("What is circuit switching?", PACKET),
        ("What does circuit switching pre-allocate?", PACKET),
        # the question asks about the contrast itself, or chooses between the two
        ("What does packet switching contrast with?", PACKET),
        ("How does packet switching differ from circuit switching?", PACKET),
        ("Which pre-allocates bandwidth, packet switching or circuit switching?", PACKET),
        # the contrast is not the line's main clause right after its subject
        ("What does packet switching pre-allocate?",
         "Unlike circuit switching, packet switching allocates bandwidth on demand."),
        ("What does packet switching pre-allocate?",
         "In the early networks of the 1960s and 1970s packet switching contrasts with "
         "circuit switching."),
        # the asked thing is said again after the contrast: the line speaks of it there
        ("How long is the notice for annual leave?",
         "Annual leave differs from sick leave: annual leave needs two weeks' notice."),
        # a subordinate clause: the contrast is a condition, not what the line says of its
        # subject
        ("Which guide applies to casual colleagues?",
         "Where this guide differs from our other policies, it applies to you."),
        # no contrast at all
        ("What does packet switching pre-allocate?",
         "Packet switching allocates bandwidth on demand."),
    ],
)  # fmt: skip
def test_not_only_contrasted(question: str, line: str) -> None:
    assert not contrasted_only(question, "what", line)


def test_a_yes_no_question_is_not_read() -> None:
    assert not contrasted_only("Does packet switching pre-allocate bandwidth?", "yesno", PACKET)


DOCS = {
    "packet": (
        "Packet switching",
        "# Packet switching\n\n"
        "Packet switching is a method of grouping data that is transmitted over a digital "
        "network into packets. " + PACKET + "\n\n"
        "## Networks\n\n"
        "Datanet 1 was the public switched data network operated by the Dutch PTT Telecom. "
        "The User Datagram Protocol (UDP) is an example of a datagram protocol.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


ASKED = "What does packet switching pre-allocate?"


async def test_the_contrast_alone_is_refused(emb: OnnxEmbedder) -> None:
    """The line says packet switching contrasts with circuit switching and what circuit
    switching pre-allocates; the same question about circuit switching is still answered."""
    refused = await ask(ASKED, emb)
    assert isinstance(refused, Refusal), refused
    answered = await ask("What does circuit switching pre-allocate?", emb)
    assert isinstance(answered, Answer), answered


async def test_without_the_reading_the_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(extractive_module, "contrasted_only", lambda *args: False)
    answered = await ask(ASKED, emb)
    assert isinstance(answered, Answer), answered
