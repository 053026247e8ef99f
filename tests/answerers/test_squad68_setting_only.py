"""A line meeting a period-set question only in its setting: the period and the names, none
of the question's words of what happened (`answerers/setting_only.py`, read into
`neg_mismatch`; squad68)."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive as extractive_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.setting_only import setting_only
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

NAMED = (
    "The Normans were the people who in the 10th and 11th centuries gave their name to "
    "Normandy, a region in France."
)
EMERGED = (
    "The distinct cultural and ethnic identity of the Normans emerged initially in the first "
    "half of the 10th century, and it continued to evolve over the succeeding centuries."
)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("Who did the Normans besiege in the 11th century?", NAMED),
        ("Where did the Normans invade in the 11th century?", NAMED),
        ("Who did the Normans serve under in the 10th century?", NAMED),
        ("What fell to the Normans in the 10th century?", EMERGED),
    ],
)  # fmt: skip
def test_only_the_setting(question: str, line: str) -> None:
    assert setting_only(question, "what", line, "Normans")


@pytest.mark.parametrize(
    ("question", "line", "context"),
    [
        # the line says a word of what happened (a stop word that still says it, a stem)
        ("What did the Normans give their name to in the 10th century?", NAMED, "Normans"),
        ("Where did the Normans invade in 1169?",
         "The Normans had a profound effect on Irish culture after their invasion at Bannow "
         "Bay in 1169.", ""),
        ("What did the Normans besiege in the 11th century?", NAMED, "Cities besieged by the Normans"),
        # the question asks the time, or its period is a name or dates a description
        ("When did the Normans give their name to Normandy?", NAMED, ""),
        ("What did OPEC do in the 1973 oil crisis?",
         "In the 1973 oil crisis prices quadrupled.", ""),
        ("Which duke who ruled in the 11th century besieged Dyrrachium?", NAMED, ""),
        # the line is not dated there (other_time's case), or the question sets no period
        ("Who did the Normans besiege in the 12th century?", NAMED, ""),
        ("Who did the Normans besiege?", NAMED, ""),
        # a handbook line saying the rule asked about in that year
        ("How many days of annual leave do I get in 2026?",
         "In 2026 full-time staff get 28 days of annual leave.", ""),
    ],
)  # fmt: skip
def test_not_only_the_setting(question: str, line: str, context: str) -> None:
    assert not setting_only(question, "what", line, context)


def test_a_yes_no_question_is_not_read() -> None:
    assert not setting_only("Did the Normans besiege Bari in the 11th century?", "yesno", NAMED)


DOCS = {
    "normans": (
        "Normans",
        "# Normans\n\n" + NAMED + " They were descended from Norse raiders and pirates from "
        "Denmark, Iceland and Norway.\n\n"
        "## Culture\n\nThe Norman dynasty had a major political, cultural and military impact "
        "on medieval Europe. Norman architecture is known for its rounded arches.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


ASKED = "Who did the Normans besiege in the 11th century?"


async def test_the_setting_alone_is_refused(emb: OnnxEmbedder) -> None:
    """The line names the Normans and the 11th century and says they gave their name to
    Normandy; nothing of a siege."""
    refused = await ask(ASKED, emb)
    assert isinstance(refused, Refusal), refused
    answered = await ask("What did the Normans give their name to in the 10th century?", emb)
    assert isinstance(answered, Answer), answered


async def test_without_the_reading_the_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(extractive_module, "setting_only", lambda *args: False)
    answered = await ask(ASKED, emb)
    assert isinstance(answered, Answer), answered
