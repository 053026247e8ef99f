"""A line saying the past act a question asks about did not take place, read by
denied_act.denied_act (and through other_case as a negation mismatch): "What did the tribunal
justify ...?" over "... did not justify ...". Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import other_case as other_case_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.denied_act import denied_act, past_asked
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.other_case import other_case
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

FAT = (
    "The tribunal held that a low content of vegetable fat did not justify a "
    '"chocolate substitute" label.'
)


@pytest.mark.parametrize(
    ("question", "line", "denied"),
    [
        (
            "What did the tribunal justify about a low content of vegetable fat?",
            FAT,
            ["justifi"],
        ),
        (
            "Why did the council have to justify its actions?",
            "The council did not need to justify its action, as the rules were not harmonised.",
            ["action", "justifi"],
        ),
        (
            "Who could evade taxes by moving to the Netherlands?",
            "The parent company couldn't evade tax by moving to the Netherlands.",
            ["evad", "move", "netherl", "tax"],
        ),
        (
            "What kind of art did the settlers have a rich tradition of?",
            "The settlers did not have the rich and distinctive traditions of their neighbours.",
            ["rich"],
        ),
    ],
)
def test_a_past_act_the_line_denies(question: str, line: str, denied: list[str]) -> None:
    assert denied_act(question, line) == denied
    assert other_case(question, line, "what")


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # the present or a modal states a rule, which answers by denying
        ("Which claims are paid?", "Claims older than 3 months are not paid."),
        ("How many hours a week can I work?", "You should not work more than 6 hours a week."),
        # a bound, not a denial: later, in part, more than
        ("When did the lace develop?", "The lace did not develop until the 1680s."),
        (
            "In what machines was compounding popular?",
            "It was not universally popular in railway locomotives.",
        ),
        # a correction says what was done
        (
            "What could the Commission propose?",
            "The Commission could not propose the sanctions, only that there must be some.",
        ),
        # the asked word said outside the negation too
        (
            "What did the board approve in 2019?",
            "The board approved the budget in 2019 but did not approve the new office.",
        ),
        # the question asks a negation itself, or asks whether
        ("What did the tribunal not justify?", FAT),
        ("In 1998, did the tribunal justify the label?", FAT),
        # a line denying another act
        ("What did the tribunal hold about vegetable fat?", FAT),
    ],
)
def test_no_denial_of_the_asked_act(question: str, line: str) -> None:
    assert denied_act(question, line) == []


def test_the_asking_clause_in_the_past() -> None:
    assert past_asked("What did the court rule?")
    assert past_asked("Who patented the engine?")
    assert not past_asked("What does the court rule?")
    assert not past_asked("Which claims are paid?")
    assert not past_asked("How much notice do I need?")


def test_a_yes_no_question_is_not_read() -> None:
    question = "Did the tribunal justify the label?"
    assert not other_case(question, FAT, "yesno")


DOCS = {
    "labels": (
        "Chocolate labelling",
        "# Chocolate labelling\n\n## The tribunal's ruling\n\n" + FAT + "\n\n"
        "The ruling was given in Vienna in 1998.\n",
    ),
    "cocoa": (
        "Cocoa trade",
        "# Cocoa trade\n\nCocoa beans are shipped mainly from West Africa to European ports.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


DENIED = "What did the tribunal justify about a low content of vegetable fat?"


async def test_the_line_denying_the_act_is_refused(emb: OnnxEmbedder) -> None:
    """The line answers what the tribunal held and is refused for what it justified."""
    answered = await ask("What did the tribunal hold about a low content of vegetable fat?", emb)
    assert isinstance(answered, Answer), answered
    refused = await ask(DENIED, emb)
    assert isinstance(refused, Refusal), refused


async def test_without_the_reading_the_denying_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(other_case_module, "denied_act", lambda question, line: [])
    answered = await ask(DENIED, emb)
    assert isinstance(answered, Answer), answered
