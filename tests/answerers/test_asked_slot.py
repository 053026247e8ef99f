"""The slot a question's name fills, against the line's filler of that slot
(other_case.py `swapped_slots`); the passive and the name's verb read past an adverb
(`swapped_roles`, `swapped_names`); and a how-many question, which neither a share nor
"one of the ..." counts (features.answers_type "tally"). Small documents written here."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse, answers_type, gated_type
from wikiqa.answerers.other_case import (
    other_case,
    swapped_names,
    swapped_roles,
    swapped_slots,
)
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal


@pytest.mark.parametrize(
    ("question", "line", "pairs"),
    [
        (
            "How many Huguenots were killed in Bordeaux?",
            "Between 2,000 and 3,000 Protestants were killed in Paris.",
            [("Bordeaux", "Paris")],
        ),
        (
            "How many Huguenots were slaughtered in Orleans?",
            "Nearly 3,000 Protestants were slaughtered in Toulouse alone.",
            [("Orleans", "Toulouse")],
        ),
        (
            "Which firm opened an office at the Sorbonne?",
            "A bookseller opened an office at the Collège in 1530.",
            [("Sorbonne", "Collège")],
        ),
        # the line puts its slot first
        (
            "What neighbourhood did the Huguenots create in Hamburg?",
            "In Berlin, the Huguenots created two new neighbourhoods.",
            [("Hamburg", "Berlin")],
        ),
        # the asked slot holds the wh-word: a name after a preposition there is the answer
        ("Who presented the trophy?", "The trophy was presented by Frank Lowy.", []),
        ("Where were the Huguenots killed?", "Many Huguenots were killed in Paris.", []),
        # the line names the question's name too (elsewhere, or in another form)
        (
            "How many were killed in Bordeaux?",
            "Some 300 were killed in Paris, and as many in Bordeaux.",
            [],
        ),
        (
            "What rules apply in the EU?",
            "Treaty rules apply in the European Union.",
            [],
        ),
        # another word before the preposition: another slot
        (
            "How many Huguenots were killed in Bordeaux?",
            "Many Huguenots were born in Paris.",
            [],
        ),
    ],
)
def test_another_name_in_the_slot_the_question_fills(
    question: str, line: str, pairs: list[tuple[str, str]]
) -> None:
    assert swapped_slots(question, line) == pairs
    assert other_case(question, line, analyse(question).wh) == bool(pairs)


def test_a_passive_read_past_an_adverb_and_a_name_past_an_ly_adverb() -> None:
    # "were first encouraged ... by the Lombards": the Normans are encouraged, not encouraging
    assert swapped_roles(
        "Who did the Normans encourage to come to the south?",
        "Norman mercenaries were first encouraged to come to the south by the Lombards.",
    ) == [("Normans", "encourage")]
    assert not swapped_roles(
        "Who did the Lombards encourage to come to the south?",
        "Norman mercenaries were first encouraged to come to the south by the Lombards.",
    )
    # "the United States unilaterally pulled out": another name before the asked verb
    assert swapped_names(
        "In what year did OPEC pull out of the Bretton Woods Accord?",
        "On August 15, 1971, the United States unilaterally pulled out of the Bretton Woods "
        "Accord.",
    ) == [("OPEC", "United States")]
    assert not swapped_names(
        "In what year did the United States pull out of the Bretton Woods Accord?",
        "On August 15, 1971, the United States unilaterally pulled out of the Bretton Woods "
        "Accord.",
    )


def test_how_many_is_counted_by_neither_a_share_nor_one_of_a_group() -> None:
    many = analyse("How many Huguenots lived in Amsterdam?")
    assert gated_type(many) == "tally"
    terms = set(many.terms)
    assert not answers_type("tally", "Nearly 25% of the Amsterdam population was Huguenot.", terms)
    assert answers_type("tally", "About 7,000 of the Amsterdam population were Huguenots.", terms)
    settled = analyse("How many Huguenots settled in Bedfordshire?")
    assert not answers_type(
        "tally",
        "Some Huguenots settled in Bedfordshire, one of the main centres of the lace trade.",
        set(settled.terms),
    )
    # a question asking for a share is answered by one; "how much" is too
    assert gated_type(analyse("How many percent of the population were Huguenots?")) == "count"
    much = analyse("How much of the budget goes on pay?")
    assert gated_type(much) == "count"
    assert answers_type("count", "About 60% of the budget goes on pay.", set(much.terms))


DOCS = {
    "massacre": (
        "St. Bartholomew's Day massacre",
        "# St. Bartholomew's Day massacre\n\n"
        "On 23 and 24 August, about 3,000 Huguenots were killed in Paris by Catholic mobs.\n\n"
        "The killings spread to other towns over the following weeks.\n",
    ),
    "lace": (
        "Huguenots in England",
        "# Huguenots in England\n\n"
        "Some Huguenots settled in Bedfordshire, one of the main centres of the English lace "
        "trade at the time.\n\n"
        "About 25 Huguenot weavers settled in Canterbury.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, embedder=emb)
    return await ask_async(question, TermSource(DOCS), settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("asked", "other"),
    [
        (
            "How many Huguenots were killed in Paris by Catholic mobs?",
            "How many Huguenots were killed in Lyon by Catholic mobs?",
        ),
        (
            "How many Huguenot weavers settled in Canterbury?",
            "How many Huguenots settled in Bedfordshire?",
        ),
    ],
)
async def test_the_line_is_refused_for_another_slot_filler_or_no_count(
    asked: str, other: str, emb: OnnxEmbedder
) -> None:
    """The line answers what it states, and is refused for the question that puts another
    name in the slot it fills, or that asks how many of a line counting none."""
    answered = await ask(asked, emb)
    assert isinstance(answered, Answer), answered
    refused = await ask(other, emb)
    assert isinstance(refused, Refusal), refused
