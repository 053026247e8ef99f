"""A line affirming what a wh-question asks the negation of, read by
affirmed_act.affirmed_act (and through other_case as a negation mismatch): "Which body did not
develop the principles?" over "... principles developed by the Court". Small documents
written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import other_case as other_case_module
from wikiqa.answerers.affirmed_act import affirmed_act, asked_negation
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.other_case import other_case
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

# The line negates something else, so `features.negation_mismatch` (a question's negation
# against a line with none) does not read it; this reading does.
COURT = (
    "Today the Harbour Court, which does not sit in winter, is the main judicial body of the "
    "league."
)


@pytest.mark.parametrize(
    ("question", "line", "affirmed"),
    [
        (
            "What is not the main judicial body of the league?",
            COURT,
            ["bodi", "judici", "leagu", "main"],
        ),
        (
            "Which entity did not develop the principles of league law?",
            "The principles of league law are rules developed by the Harbour Court.",
            ["develop", "law", "leagu", "princip"],
        ),
        (
            "Who did not have immunity from prosecution?",
            "Commissioners have privileges, such as immunity from prosecution (but not from "
            "taxes).",
            ["immun", "prosecu"],
        ),
        (
            "What did the articles not generally require of workers?",
            "The articles generally require that workers can take up employment.",
            ["general", "requir", "worker"],
        ),
    ],
)
def test_a_line_affirming_the_negated_ask(question: str, line: str, affirmed: list[str]) -> None:
    assert affirmed_act(question, line) == affirmed
    assert other_case(question, line, "what")


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # the line negates what is asked: it answers
        (
            "Which company could not evade tax by moving to the Netherlands?",
            "The parent company could not evade tax by moving to the Netherlands.",
        ),
        ("When aren't we allowed to cut hedges?", "No hedge cutting between 1 March and 31 May."),
        # an exception the line names may answer
        (
            "Which expenses are not reimbursed?",
            "All travel is reimbursed except taxis after midnight.",
        ),
        # the line says the negated word's subject only, not the word the negation falls on
        (
            "What is not recognised as a principle of league law?",
            "The principles of league law are rules developed by the Harbour Court.",
        ),
        # a negation in a subordinate clause, a manner, a kind, a yes/no question
        (
            "Which article states that commissioners should not take instructions?",
            "Article 17 states that commissioners should be independent.",
        ),
        (
            "How much can I refund without asking my team leader?",
            "A team leader may refund up to 600 pounds when asked.",
        ),
        (
            "He co-founded what not-for-profit media outlet?",
            "He co-founded The Conversation, a media outlet.",
        ),
        ("Is the court not the main judicial body?", COURT),
        ("Where does league law apply?", "League law applies in every member port."),
    ],
)
def test_no_affirmation_of_a_negated_ask(question: str, line: str) -> None:
    assert affirmed_act(question, line) == []


def test_the_word_the_negation_falls_on() -> None:
    assert asked_negation("Which entity did not develop the principles?")[0] == "develop"
    assert asked_negation("What did the articles not generally require?")[0] == "requir"
    assert asked_negation("Where does the law not apply?")[0] == "appli"
    assert asked_negation("What happens if a deadline is not met?") == ("", frozenset())


def test_a_yes_no_question_is_not_read() -> None:
    assert not other_case("Is the Harbour Court not the main judicial body?", COURT, "yesno")


DOCS = {
    "courts": (
        "League courts",
        "# League courts\n\n## Judicial bodies\n\n" + COURT + "\n\n"
        "Its judges are appointed for six years.\n",
    ),
    "ports": (
        "League ports",
        "# League ports\n\nThe league's ports trade mainly in grain and salt.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


NEGATED = "What is not the main judicial body of the league?"


async def test_the_line_affirming_the_negated_ask_is_refused(emb: OnnxEmbedder) -> None:
    """The line answers which body is the main one and is refused for which one is not."""
    answered = await ask("What is the main judicial body of the league?", emb)
    assert isinstance(answered, Answer), answered
    refused = await ask(NEGATED, emb)
    assert isinstance(refused, Refusal), refused


async def test_without_the_reading_the_affirming_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(other_case_module, "affirmed_act", lambda question, line: [])
    answered = await ask(NEGATED, emb)
    assert isinstance(answered, Answer), answered
