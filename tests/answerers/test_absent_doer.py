"""A past question's doer that the line never names (other_case.py `absent_doer`): "What
did Iran launch on Yom Kippur?" over a line telling what Syria and Egypt launched. The
question names who acted right after "did"; a line that says that name nowhere, nor its
heading or title, in any form, and has no pronoun that could stand for it, tells what
someone else did. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.other_case import absent_doer, other_case
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

LINE = (
    "On 6 October 1973, Syria and Egypt, with support from other Arab nations, launched a "
    "surprise attack on Israel, on Yom Kippur."
)


@pytest.mark.parametrize(
    ("question", "line", "context", "names"),
    [
        ("What did Iran launch on Yom Kippur?", LINE, "", ["Iran"]),
        (
            "What did Geroge Lenczowski do to the price of oil in 1973?",
            "In October 1973, OPEC raised the posted price of oil by 70%.",
            "",
            ["Geroge Lenczowski"],
        ),
        # an acronym is a name too
        ("What did the UN demand after the war?", LINE, "", ["UN"]),
        # the line names the doer: in part, as an acronym, or a little misspelt
        ("What did Syria launch on Yom Kippur?", LINE, "", []),
        (
            "What did the European Union ban in 2004?",
            "In 2004 the EU banned the import of the drug.",
            "",
            [],
        ),
        ("What did Egyptt launch on Yom Kippur?", LINE, "", []),
        # ... or its heading or title does
        (
            "What did Acme Freight change in 2020?",
            "In 2020 the delivery window was cut to two days.",
            "Acme Freight history",
            [],
        ),
        # a pronoun may stand for the doer, said in the sentence before
        (
            "What did Iran launch on Yom Kippur?",
            "On Yom Kippur it launched a surprise attack.",
            "",
            [],
        ),
        # a nationality names no one the line must say
        ("What did the French build in 1604?", "A fort was built at Port Royal in 1604.", "", []),
        # not a past doer: a present question, a name after "is", a name in another slot
        ("When does Linden House open?", "The office opens at 9:00.", "", []),
        ("When was Fort Coligny built?", "The fort was built in 1555.", "", []),
        ("What did the Huguenots build in Berlin?", "The Huguenots built two churches.", "", []),
    ],
)
def test_a_past_question_s_doer_the_line_never_names(
    question: str, line: str, context: str, names: list[str]
) -> None:
    assert absent_doer(question, line, context) == names
    assert other_case(question, line, "what", context) == bool(names)


def test_a_yes_no_question_is_never_another_case() -> None:
    assert absent_doer("Did Iran launch an attack on Yom Kippur?", LINE) == []
    assert not other_case("Did Iran launch an attack on Yom Kippur?", LINE, "yesno")


DOCS = {
    "war": (
        "The October War",
        f"# The October War\n\n{LINE}\n\nThe fighting lasted until the ceasefire of 25 October.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_over(DOCS, question, answerer=answerer)


async def test_the_line_is_refused_for_a_doer_it_never_names(emb: OnnxEmbedder) -> None:
    """The line answers what its doers did, and is refused for another doer's."""
    answered = await ask("What did Syria and Egypt launch on Yom Kippur?", emb)
    assert isinstance(answered, Answer), answered
    refused = await ask("What did Iran launch on Yom Kippur?", emb)
    assert isinstance(refused, Refusal), refused
