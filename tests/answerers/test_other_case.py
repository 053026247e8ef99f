"""A line that speaks of another case than the one asked about (other_case.py): it says the
opposite of a word the question asks about, in the same phrase ("the least well known" /
"the most well-known", "after the introduction" / "before the introduction", "maximum" /
"minimum"), or another number in place of one the question names ("in 1883" / "In 1781").
Such a line copies the question's words and reads like its answer, but answers the other
case; the answerability model reads it as a mismatch (`neg_mismatch`), as it reads a
negation the line does not make. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import ANSWER_FEATURES, analyse, answer_features
from wikiqa.answerers.other_case import opposite_pairs, other_case, swapped_numbers
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal


@pytest.mark.parametrize(
    ("question", "line", "pairs"),
    [
        (
            "What are the least well known complexity resources?",
            "Time and space are the most well-known complexity resources.",
            [("least", "most")],
        ),
        (
            "What is the maximum notice period for managers?",
            "The minimum notice period for managers is 4 weeks.",
            [("maximum", "minimum")],
        ),
        (
            "What is the term for the set of all unconnected graphs?",
            "The language is then the set of all connected graphs.",
            [("unconnected", "connected")],
        ),
        (
            "How can graphs be encoded indirectly?",
            "Graphs can be encoded directly via their adjacency matrices.",
            [("indirectly", "directly")],
        ),
        (
            "After the introduction of X.25 in 1973, how many network technologies existed?",
            "Before the introduction of X.25 in 1973, about twenty network technologies existed.",
            [("after", "before")],
        ),
        # the opposite negated is the same case: "unknown" / "not known"
        (
            "What is unknown about the classes between L and P?",
            "It is not known if the classes between L and P are distinct.",
            [],
        ),
        # a comparison turned round compares with another thing: "A is more efficient than
        # B" answers "what is less efficient than A?"
        (
            "What engines were less efficient than steam turbines?",
            "Steam turbines were more efficient than reciprocating engines.",
            [],
        ),
        # the line says the asked word too: it speaks of the asked case as well
        (
            "How are smaller states kept from being dominated by larger ones?",
            "Smaller member states are not dominated by larger member states.",
            [],
        ),
        # a word that asks is not the scale it spells ("how long", "at least")
        (
            "How long is the notice period?",
            "The notice period is short: one week.",
            [],
        ),
        # opposites with nothing of the question's phrase beside them: another phrase
        (
            "What is the largest office?",
            "Small teams share the kitchen on the second floor.",
            [],
        ),
        # "in" is a negating prefix only of a word that reads as an adjective or adverb
        (
            "What engine takes in steam in hot areas?",
            "The Quasiturbine is an engine where steam intakes in hot areas.",
            [],
        ),
    ],
)
def test_the_opposite_of_an_asked_word_in_the_same_phrase(
    question: str, line: str, pairs: list[tuple[str, str]]
) -> None:
    assert opposite_pairs(question, line) == pairs


@pytest.mark.parametrize(
    ("question", "line", "context", "pairs"),
    [
        (
            "Who patented a steam engine in 1883?",
            "In 1781 James Watt patented a steam engine.",
            "",
            [("1883", "1781")],
        ),
        (
            "What was the Australian public X.75 network operated by Telstra?",
            "AUSTPAC was an Australian public X.25 network operated by Telstra.",
            "",
            [("75", "25")],
        ),
        (
            "What engines came into use at the end of the 20th century?",
            "Near the end of the 19th century compound engines came into use.",
            "",
            [("20", "19")],
        ),
        # the line says the number: no swap
        ("Who patented a steam engine in 1781?", "In 1781 James Watt patented one.", "", []),
        # the heading says it
        ("What is band 5 pay in 2026?", "| Band 5 | £31,000 | 2025 |", "Pay scales 2026", []),
        # a year inside a span the line gives, or a line's year that bounds a span
        ("What was the price in 1976?", "The price stayed at $12 from 1974 to 1979.", "", []),
        ("What was the price in 1976?", "The price had doubled since 1974.", "", []),
        ("How much did the price rise after 1971?", "In 1974 the price was $12.", "", []),
        ("How much notice does grade G8 give?", "| G7 and above | 90 days |", "", []),
        # counts and amounts are the asker's own numbers, answered by a band or a bound
        ("Been here 6 years, how many days do I get?", "| 5 to 10 years | 27 days |", "", []),
        ("I work 12 hour shifts, how is my leave worked out?", "Annual leave days: 26", "", []),
        ("Called out at 2am, what's the least I get?", "You are paid 3 hours.", "", []),
        ("What did families below $38,000 pay?", "Families below $60,000 paid nothing.", "", []),
        # a number of another kind is no swap (a year and an ordinal)
        ("What was built in 1903?", "The 2nd stadium was built of concrete.", "", []),
    ],
)
def test_another_number_in_place_of_an_asked_one(
    question: str, line: str, context: str, pairs: list[tuple[str, str]]
) -> None:
    assert swapped_numbers(question, line, context) == pairs


def test_a_yes_no_question_is_answered_by_the_other_case() -> None:
    """ "Did fuel prices increase in 1974?" is answered, with a no, by "Fuel prices decreased in
    1974"."""
    question = "Did fuel prices increase in 1974?"
    line = "Fuel prices decreased in 1974."
    assert opposite_pairs(question, line) == [("increase", "decreased")]
    assert not other_case(question, line, analyse(question).wh)
    what = "What is the canteen's opening time on Sundays in 2026?"
    assert not other_case(what, "The canteen is open on Sundays in 2026 from 9am.", "what")
    assert other_case(what, "The canteen is open on Sundays in 2025 from 9am.", "what")


def test_the_other_case_is_read_as_a_mismatch() -> None:
    question = "What is the maximum notice period for managers?"
    args = ([0.5, 0.5, 0.0, 0.5], 1.0, 1.0, "The minimum notice period for managers is 4 weeks.",
            set(), set(), set(), {}, [1.0])  # fmt: skip
    at = ANSWER_FEATURES.index("neg_mismatch")
    assert answer_features(analyse(question), *args)[at] == 0.0
    assert answer_features(analyse(question), *args, other_case=True)[at] == 1.0


DOCS = {
    "networks": (
        "Packet switching",
        "# Packet switching\n\n## History\n\n"
        "Before the introduction of X.25 in 1973, about twenty different network technologies "
        "had been developed.\n\n"
        "In 1978, X.25 provided the first international and commercial packet switching "
        "network.\n",
    ),
    "steam": (
        "Steam engines",
        "# Steam engines\n\n## Rotary motion\n\n"
        "In 1781 James Watt patented a steam engine that produced continuous rotary motion.\n\n"
        "Watt's engine was used to drive mills and factories.\n",
    ),
    "notice": (
        "Notice periods",
        "# Notice periods\n\n## Managers\n\n"
        "The minimum notice period for managers is 4 weeks.\n\n"
        "Notice must be given in writing to your line manager.\n",
    ),
    # neighbours on the same topics, as a collection has them
    "arpanet": (
        "ARPANET",
        "# ARPANET\n\nThe ARPANET was a packet switching network developed in 1969; the "
        "network connected university computers.\n",
    ),
    "turbines": (
        "Steam turbines",
        "# Steam turbines\n\nThe steam turbine was patented by Charles Parsons in 1884 and "
        "replaced the engine in ships.\n",
    ),
    "resignation": (
        "Resigning",
        "# Resigning\n\nStaff who resign give notice in writing; the notice period is in "
        "your contract, and managers agree the last working day.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


@pytest.mark.parametrize(
    ("asked", "other"),
    [
        (
            "Before the introduction of X.25 in 1973, how many network technologies had been "
            "developed?",
            "After the introduction of X.25 in 1973, how many network technologies had been "
            "developed?",
        ),
        ("Who patented a steam engine in 1781?", "Who patented a steam engine in 1883?"),
        (
            "What is the minimum notice period for managers?",
            "What is the maximum notice period for managers?",
        ),
    ],
)
async def test_the_line_for_the_other_case_is_refused(
    asked: str, other: str, emb: OnnxEmbedder
) -> None:
    """The line answers the case it states and is refused for the other one."""
    answered = await ask(asked, emb)
    assert isinstance(answered, Answer), answered
    refused = await ask(other, emb)
    assert isinstance(refused, Refusal), refused
