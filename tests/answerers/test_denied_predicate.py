"""A line denying of its subject the predicate a question asks the subject of, read by
denied_predicate.denied_predicate (and through other_case as a negation mismatch): "What
are intended as a practical technology?" over "Turing machines are not intended as a
practical technology". Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import other_case as other_case_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.denied_predicate import asked_predicate, denied_predicate
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.other_case import other_case
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

LOOMS = (
    "Jacquard looms are not intended as a practical weaving method for small workshops, "
    "but rather as a demonstration of punched-card control."
)


@pytest.mark.parametrize(
    ("question", "line", "denied"),
    [
        (
            "What are intended as a practical weaving method for small workshops?",
            LOOMS,
            ["intend"],
        ),
        (
            "Who has a written constitution?",
            "Although the league does not have a written constitution, it has founding rules.",
            ["constit", "write"],
        ),
        (
            "What design is always cheap?",
            "Nevertheless, a modular design is not always cheap.",
            ["alway", "cheap"],
        ),
        (
            "What engine in the fleet is faster than the flagship?",
            "The flagship sets the pace. Thus no engine in the fleet is faster than the flagship.",
            ["faster", "flagshi"],
        ),
        (
            "What should count as overtime according to the unions?",
            "The unions argued that travel should not be paid, and should not count as overtime.",
            ["count"],
        ),
        (
            "What fits the standard frame?",
            "Custom bicycles do not fit the standard frame.",
            ["fit", "frame", "standar"],
        ),
    ],
)
def test_a_predicate_the_line_denies(question: str, line: str, denied: list[str]) -> None:
    assert denied_predicate(question, line) == denied
    assert other_case(question, line, "what")


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # a rule denying a restricted part of a kind answers "which of the kind" by the rest
        ("Which claims are paid?", "Claims older than 3 months are not paid."),
        ("Who can claim overtime?", "Staff on fixed-term contracts cannot claim overtime."),
        ("Who can claim overtime?", "Staff who joined after April cannot claim overtime."),
        (
            "Which drivers may drive on business?",
            "Drivers with 9 or more penalty points may not drive on business.",
        ),
        (
            "What fits into this framework?",
            "Some classes have complicated definitions that do not fit into this framework.",
        ),
        # a question asking for its object, or an amount, is not read
        ("How many hours a week can I work?", "You should not work more than 6 hours a week."),
        ("What is the name of the form?", "The form is not named in the handbook."),
        ("What did the court rule?", "The court did not rule on the appeal."),
        ("What happens if the deadline is met?", "If the deadline is not met, the claim lapses."),
        # a bound the question does not say: the predicate holds in part or later
        ("What is popular in railways?", "Compounding was not universally popular in railways."),
        ("Who approves the budget?", "The board does not approve the budget until March."),
        # a correction or an exception says who does
        (
            "Who signs the contract?",
            "The line manager does not sign the contract, but the director does.",
        ),
        (
            "Who approves travel claims?",
            "Team leaders do not approve travel claims, except for trips under £50.",
        ),
        ("Who approves travel claims?", "Travel claims are not approved by team leaders."),
        # the line denies the act of another object
        ("Who pays my wages?", "The water company does not pay sick pay to agency workers."),
        # a restriction, or a clause beside the denial that says what holds
        (
            "What is allowed on the corporate card?",
            "The card is for business expenses only; personal purchases are not allowed.",
        ),
        (
            "What applies during probation?",
            "During probation, company sick pay does not apply and notice is shorter.",
        ),
        # a passive denial for an active question: its subject is done to
        (
            "What could justify a restriction on establishment?",
            "The minimum capital law could not be justified, because it was disproportionate.",
        ),
        # the asked word said un-negated too
        (
            "Who approves travel claims?",
            "Finance approves travel claims; team leaders do not approve travel claims.",
        ),
        # "No" before a capital is a title
        ("What is known for the song?", '"No Plan" is known for the song.'),
        # the question negates itself, or asks whether
        ("What is not intended as a practical weaving method?", LOOMS),
        ("Are Jacquard looms intended as a practical weaving method?", LOOMS),
    ],
)
def test_no_denial_of_the_asked_predicate(question: str, line: str) -> None:
    assert denied_predicate(question, line) == []


def test_the_asked_predicate() -> None:
    assert asked_predicate("What type of rules are expressly provided for in treaties?") == (
        ["expressly", "provided", "for", "in", "treaties"],
        True,
    )
    assert asked_predicate("Who has a written constitution?") == (
        ["a", "written", "constitution"],
        False,
    )
    assert asked_predicate("What fits the standard frame?") == (
        ["fits", "the", "standard", "frame"],
        False,
    )
    # the predicate ends at a clause word
    assert asked_predicate("What happens if the deadline is met?") == (["happens"], False)
    # an object question, a negated question
    assert asked_predicate("What is the name of the form?") == ([], False)
    assert asked_predicate("What did the court rule?") == ([], False)
    assert asked_predicate("Who did not sign?") == ([], False)
    # a plural noun after "what" is no verb
    assert asked_predicate("What years are counted?") == (["counted"], True)


def test_a_yes_no_question_is_not_read() -> None:
    assert not other_case("Are looms intended as a practical weaving method?", LOOMS, "yesno")


DOCS = {
    "looms": (
        "Weaving machinery",
        "# Weaving machinery\n\n## Punched cards\n\n" + LOOMS + "\n\n"
        "The first such loom was shown in Lyon in 1804.\n",
    ),
    "dyes": (
        "Natural dyes",
        "# Natural dyes\n\nMadder root gives a red dye and woad a blue one.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


DENIED = "What are intended as a practical weaving method for small workshops?"


async def test_the_line_denying_the_predicate_is_refused(emb: OnnxEmbedder) -> None:
    """The line answers what Jacquard looms are not intended as, and is refused for what
    is intended as a practical method."""
    answered = await ask("What are Jacquard looms not intended as?", emb)
    assert isinstance(answered, Answer), answered
    refused = await ask(DENIED, emb)
    assert isinstance(refused, Refusal), refused


async def test_without_the_reading_the_denying_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(other_case_module, "denied_predicate", lambda question, line: [])
    answered = await ask(DENIED, emb)
    assert isinstance(answered, Answer), answered
