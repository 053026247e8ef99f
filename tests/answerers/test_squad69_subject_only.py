"""A line meeting the question only in its subject: a definition line saying none of the
question's words of what is asked (`answerers/defined_only.py`), and a line saying of its
subject only what it contrasts with (`answerers/contrasted_only.py`); both read into
`neg_mismatch` (squad69)."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive as extractive_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.contrasted_only import contrasted_only
from wikiqa.answerers.defined_only import defined_only
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

UDP = "The User Datagram Protocol (UDP) is an example of a datagram protocol."
RELAY = "Frame Relay is a modified version of ISDN's layer two protocol, LAPD and LAPB."
DATANET = (
    "Datanet 1 was the public switched data network operated by the Dutch PTT Telecom (now "
    "known as KPN)."
)
CSNET = (
    "The Computer Science Network (CSNET) was a computer network funded by the U.S. National "
    "Science Foundation (NSF) that began operation in 1981."
)
PACKET = (
    "Packet switching contrasts with another principal networking paradigm, circuit "
    "switching, a method which pre-allocates dedicated network bandwidth specifically for "
    "each communication session, each having a constant bit rate and latency between nodes."
)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("What suite uses UDP?", UDP),
        ("In UDP, the network guarantees what?", UDP),
        ("What does Frame Relay's LAPB provide?", RELAY),
        ("Who founded Ardlow Coaches?",
         "Ardlow Coaches is the Brackwater Transit group's coach company for private hire and "
         "school contracts."),
    ],
)  # fmt: skip
def test_only_defined(question: str, line: str) -> None:
    assert defined_only(question, "what", line, "Packet switching")


@pytest.mark.parametrize(
    ("question", "line", "context"),
    [
        # the question asks what the thing is, or its kind: the definition answers it
        ("What is UDP?", UDP, ""),
        ("What kind of network was Datanet 1?", DATANET, ""),
        # the line says a word of what is asked (its key or first four letters), or its
        # heading does
        ("Who operated Datanet 1?", DATANET, ""),
        ("Who funded CSNET?", CSNET, ""),
        ("What does CSNET's funding come from?", CSNET, ""),
        ("What suite uses UDP?", UDP, "Protocol suites"),
        # the line names who did something to its subject: a question may ask that act in
        # other words ("managed" / "operated", "manages" / "run by")
        ("Who managed Datanet 1 for KPN?", DATANET, ""),
        ("Who benefited from CSNET?", CSNET, ""),
        ("Which provider manages the Greystone Vets Group Pension Plan?",
         "Greystone Vets' pension scheme is the Greystone Vets Group Pension Plan, run by "
         "Aviva.", ""),
        # the line defines something the question does not name
        ("Who managed the Dutch network for KPN?", UDP, ""),
        # not a definition: the line's main clause says what its subject did
        ("Who benefited from CSNET?",
         "CSNET connected computer science departments from 1981.", ""),
        # a relative clause: the question's subject is described, not named
        ("Which network that KPN ran was managed by PTT?", DATANET, ""),
        # a handbook definition answering a question in its own words
        ("Who approves expense claims?",
         "The Finance Director is the approver of all expense claims.", ""),
    ],
)  # fmt: skip
def test_not_only_defined(question: str, line: str, context: str) -> None:
    assert not defined_only(question, "what", line, context)


def test_a_yes_no_question_is_not_read_as_defined() -> None:
    assert not defined_only("Did KPN manage Datanet 1?", "yesno", DATANET)


@pytest.mark.parametrize(
    "question",
    [
        "What does packet switching pre-allocate?",
        "Packet switching communication has what kind of bit rate?",
        "What is packet switching?",
        "What is special about communication sessions with packet switching?",
    ],
)  # fmt: skip
def test_only_contrasted(question: str) -> None:
    assert contrasted_only(question, "what", PACKET)


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
        # a handbook line: the asked leave is said again after the contrast
        ("How long is the notice for annual leave?",
         "Annual leave differs from sick leave: annual leave needs two weeks' notice."),
    ],
)  # fmt: skip
def test_not_only_contrasted(question: str, line: str) -> None:
    assert not contrasted_only(question, "what", line)


def test_a_yes_no_question_is_not_read_as_contrasted() -> None:
    assert not contrasted_only("Does packet switching pre-allocate bandwidth?", "yesno", PACKET)


DOCS = {
    "packet": (
        "Packet switching",
        "# Packet switching\n\n"
        "Packet switching is a method of grouping data that is transmitted over a digital "
        "network into packets. " + PACKET + "\n\n"
        "## Networks\n\n" + DATANET + " " + UDP + " " + CSNET + "\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


DEFINED = "What suite uses UDP?"
CONTRASTED = "What does packet switching pre-allocate?"


async def test_a_definition_alone_is_refused(emb: OnnxEmbedder) -> None:
    """The line says what UDP is; nothing of a suite using it. A definition naming who
    operated its subject still answers a question in other words."""
    refused = await ask(DEFINED, emb)
    assert isinstance(refused, Refusal), refused
    answered = await ask("Who managed Datanet 1?", emb)
    assert isinstance(answered, Answer), answered


async def test_the_contrast_alone_is_refused(emb: OnnxEmbedder) -> None:
    """The line says packet switching contrasts with circuit switching and what circuit
    switching pre-allocates; a question about circuit switching is still answered."""
    refused = await ask(CONTRASTED, emb)
    assert isinstance(refused, Refusal), refused
    answered = await ask("What does circuit switching pre-allocate?", emb)
    assert isinstance(answered, Answer), answered


@pytest.mark.parametrize(
    ("question", "reading"), [(DEFINED, "defined_only"), (CONTRASTED, "contrasted_only")]
)
async def test_without_the_readings_the_lines_answer(
    question: str, reading: str, emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusals above are these readings': switched off, the lines answer."""
    monkeypatch.setattr(extractive_module, reading, lambda *args: False)
    answered = await ask(question, emb)
    assert isinstance(answered, Answer), answered
