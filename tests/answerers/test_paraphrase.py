"""Paraphrase (issue 10, class 2): with the bundled embedder, a question worded unlike the
text is answered when a sentence fills what it asks, and refused when none does. Small
handbook documents written here; the questions share few words with the sentences."""

from __future__ import annotations

import pytest
from test_extractive_classes import Source

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

DOCS = {
    "expenses": (
        "Travel and Expenses",
        "# Travel and Expenses\n\n## Reimbursement\n\n"
        "Taxi fares to and from the airport are refunded within 30 days of submitting the "
        "receipt.\n\nMeals during travel are covered up to a daily limit of 45 euros.\n\n"
        "## Booking\n\nFlights must be booked through the travel desk.\n",
    ),
    "leaving": (
        "Leaving the Company",
        "# Leaving the Company\n\n## Termination\n\n"
        "An employee who is dismissed receives pay for the notice period of four weeks.\n\n"
        "The laptop must be returned to IT on the last working day.\n",
    ),
    "wellbeing": (
        "Wellbeing",
        "# Wellbeing\n\n## Gym\n\nStaff may join the partner gym at a reduced rate.\n\n"
        "The wellbeing budget is reviewed every year by the people team.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_async(question, Source(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "paid back" / "cab" for "refunded" / "taxi"
        ("When will I be paid back for a cab to the airport?", "refunded within 30 days"),
        # "cap on meal costs" for "daily limit"
        ("What is the cap on meal costs per day?", "daily limit of 45 euros"),
        # "fired" for "dismissed"
        ("How many weeks of pay do fired staff get?", "notice period of four weeks"),
        # "looks at the wellbeing money" for "the wellbeing budget is reviewed": the sentence
        # nearest in meaning is ranked over the gym sentence sharing "wellbeing" (extractive
        # topic cosine); it was refused while the gym sentence ranked first
        ("Who looks at the wellbeing money each year?", "reviewed every year by the people team"),
    ],
)
async def test_a_paraphrased_question_is_answered(
    question: str, expected: str, emb: OnnxEmbedder
) -> None:
    result = await ask(question, emb)
    assert isinstance(result, Answer), result
    assert expected in result.text


@pytest.mark.parametrize(
    "question",
    [
        "What is the dress code in the office?",  # on no page
    ],
)
async def test_an_on_topic_question_no_sentence_answers_is_refused(
    question: str, emb: OnnxEmbedder
) -> None:
    assert isinstance(await ask(question, emb), Refusal)


@pytest.mark.parametrize(
    "question",
    [
        # the travel policy names no office and no contractors: its general meal limit is
        # not the Berlin contractors' limit (a plausible wrong neighbour, not an answer)
        "What is the daily meal limit for contractors in Berlin?",
        "How many weeks of pay do fired contractors in Lisbon get?",
    ],
)
async def test_a_question_naming_what_no_document_says_is_refused(
    question: str, emb: OnnxEmbedder
) -> None:
    assert isinstance(await ask(question, emb), Refusal)
