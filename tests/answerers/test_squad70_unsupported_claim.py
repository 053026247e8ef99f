"""A line naming the asked thing only inside a claim it says is unsupported or false ("there
is no documentation to support X", "the implication that X is fallacious"), read into
`neg_mismatch` (`answerers/unsupported_claim.py`; squad70)."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive as extractive_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.unsupported_claim import unsupported_claim, unsupported_spans
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

LACE = (
    "The only reference to immigrant lacemakers in this period is of twenty-five widows who "
    "settled in Dover, and there is no contemporary documentation to support there being "
    "Huguenot lacemakers in Bedfordshire."
)
BUCKS = (
    "The implication that the style of lace known as 'Bucks Point' demonstrates a Huguenot "
    'influence, being a "combination of Mechlin patterns on Lille ground", is fallacious: '
    "what is now known as Mechlin lace did not develop until first half of the eighteenth "
    "century."
)
DEPOT = (
    "The depot kept twelve vans in 2019, and there is no record to support the story of a "
    "second depot in Harwick."
)
ROTA = (
    "The idea that night porters at Ardlow work a four-night rota is unfounded: every porter "
    "works five shifts a week."
)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("How many immigrant lacemakers were there in Bedfordshire?", LACE),
        ("How many Huguenots settled in Bedfordshire?", LACE),
        ('In what era was "Bucks Point" lace making developed?', BUCKS),
        ("How many vans did the Harwick depot keep?", DEPOT),
        ("When did Ardlow start the four-night rota?", ROTA),
    ],
)  # fmt: skip
def test_named_only_in_the_unsupported_claim(question: str, line: str) -> None:
    assert unsupported_claim(question, "what", line)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # the question is about what the line does say
        ("How many widows settled in Dover?", LACE),
        ("When did Mechlin lace develop?", BUCKS),
        ("How many vans did the depot keep in 2019?", DEPOT),
        ("How many shifts does a night porter work?", ROTA),
        # the question asks about the claim or the evidence itself
        ("What style of lace is erroneously believed by some to have Huguenot influence?", BUCKS),
        ("Is there evidence of Huguenot lacemakers in Bedfordshire?", LACE),
        ("What claim about Bucks Point is fallacious?", BUCKS),
        # a plain negation disowns no claim
        ("How many days of sick leave need a note?",
         "There is no limit on sick leave, and staff do not need a note for Bedfordshire."),
        ("Who checks the Bedfordshire records?",
         "No record of a visit is kept; the manager checks the Bedfordshire records."),
    ],
)  # fmt: skip
def test_not_only_in_an_unsupported_claim(question: str, line: str) -> None:
    assert not unsupported_claim(question, "what", line)


def test_a_plain_negation_is_not_a_disowned_claim() -> None:
    assert not unsupported_spans("There is no limit on the number of days you can carry over.")
    assert not unsupported_spans("Staff do not need evidence for the first three days.")
    assert unsupported_spans(LACE) and unsupported_spans(BUCKS)


def test_a_yes_no_question_is_not_read() -> None:
    assert not unsupported_claim("Were Huguenot lacemakers in Bedfordshire?", "yesno", LACE)


DOCS = {
    "huguenots": (
        "Huguenot lacemakers",
        "# Huguenot lacemakers\n\n"
        "Huguenot refugees brought lacemaking skills to several English towns. " + LACE + "\n\n"
        "## Styles\n\n"
        "Lille ground was a fine net used as the base of many laces.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


ASKED = "How many Huguenots settled in Bedfordshire?"


async def test_the_unsupported_claim_is_refused(emb: OnnxEmbedder) -> None:
    """The line says only that nothing supports Huguenot lacemakers in Bedfordshire; the
    same question about what it does say (Dover's widows) is still answered."""
    refused = await ask(ASKED, emb)
    assert isinstance(refused, Refusal), refused
    answered = await ask("How many widows settled in Dover?", emb)
    assert isinstance(answered, Answer), answered


async def test_without_the_reading_the_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(extractive_module, "unsupported_claim", lambda *args: False)
    answered = await ask(ASKED, emb)
    assert isinstance(answered, Answer), answered
