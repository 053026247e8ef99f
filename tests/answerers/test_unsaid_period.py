"""A question set in a period of time its answering line's document never names (squad24,
unsaid_period.py): the document dates other things, none overlapping the asked period, so
its line tells of another time. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.unsaid_period import unsaid_period
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

LINE = "The harbour was guarded by the governor Anselm Varro and his garrison."
PARAGRAPH = f"In 1191 the fleet anchored off Lemnos after a storm. {LINE}"


@pytest.mark.parametrize(
    "question",
    [
        "Who guarded the harbour in the 11th century?",
        "Who guarded the harbour in 1150?",
        "Who guarded the harbour in the 1300s?",
        "Who guarded the harbour during the late 1920s?",
        "In 1205, who guarded the harbour?",
        "Who guarded the harbour on October 6, 1185?",
    ],
)
def test_a_period_the_document_never_names(question: str) -> None:
    assert unsaid_period(question, "who", LINE, "Lemnos", PARAGRAPH)


@pytest.mark.parametrize(
    ("question", "document"),
    [
        ("Who guarded the harbour in the 12th century?", PARAGRAPH),  # 1191 is in it
        ("Who guarded the harbour in the 1190s?", PARAGRAPH),
        ("Who guarded the harbour from 1180 to 1200?", PARAGRAPH),  # a span holding it
        ("Who guarded the harbour after 1150?", PARAGRAPH),  # a bound asks no period
        ("Who guarded the harbour in 1150?", LINE),  # a document dating nothing
        # the period sets a description, not the asked time
        ("Who guarded the harbour built in 1150?", PARAGRAPH),
        ("Who was the governor born in 1150?", PARAGRAPH),
        ("Who guarded the harbour that was rebuilt in 1150?", PARAGRAPH),
        # a year naming a thing sets no time
        ("Who guarded the harbour in the 1150 storm?", PARAGRAPH),
        ("Who guarded the 1150 harbour?", PARAGRAPH),
        # a document dating its rule from a year answers for the years after it
        (
            "How many days of leave do I get in 2027?",
            "Effective from 1 April 2026. Staff get 25 days of leave.",
        ),
    ],
)
def test_a_period_the_document_names_or_none_asked(question: str, document: str) -> None:
    assert not unsaid_period(question, "who", LINE, "Lemnos", document)


def test_a_yes_no_question_is_never_read() -> None:
    assert not unsaid_period("Was the harbour guarded in 1150?", "yesno", LINE, "", PARAGRAPH)
    assert unsaid_period("Who guarded the harbour in 1150?", "who", LINE, "", PARAGRAPH)


def test_the_heading_or_the_line_may_name_the_period() -> None:
    assert not unsaid_period("Who guarded the harbour in 1191?", "who", LINE, "", PARAGRAPH)
    assert not unsaid_period(
        "Who guarded the harbour in 1150?", "who", LINE, "Lemnos, 1140-1160", PARAGRAPH
    )


DOCS = {
    "lemnos": (
        "Lemnos",
        "# Lemnos\n\n"
        "In 1191 the fleet anchored off Lemnos after a storm scattered it. "
        "The harbour of Myrina was then guarded by the governor Anselm Varro and his garrison "
        "of archers.\n",
    ),
    "mills": (
        "Paper mills",
        "# Paper mills\n\nThe first paper mill of the valley opened beside the river weir.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


async def test_the_line_answers_for_its_document_s_time_not_another(emb: OnnxEmbedder) -> None:
    yes = await ask("Who guarded the harbour of Myrina on Lemnos in the 12th century?", emb)
    assert isinstance(yes, Answer), yes
    no = await ask("Who guarded the harbour of Myrina on Lemnos in the 14th century?", emb)
    assert isinstance(no, Refusal), no
