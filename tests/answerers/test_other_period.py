"""A number or date the question names that the line contradicts (squad23): a period of time
the line gives otherwise ("in the 1100s" over "in the 11th century", "in 1970" over "from
1974 to 1979": other_case.py `swapped_periods`), a numbered name the line numbers otherwise
("Henry II" over "Henry III": `swapped_numerals`), a birth asked over a death told (a pair of
`_SCALES`), and the answer type of a question asking in what year (a year, not a century)
or in what month (a month: features.gated_type "year", "month"). Small documents written
here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse, answers_type, gated_type
from wikiqa.answerers.other_case import (
    opposite_pairs,
    other_case,
    swapped_numerals,
    swapped_periods,
)
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

IVORY = "Lombard Salerno was a centre of ivorywork in the 11th century under Norman rule."
OIL = "The price of a barrel of oil remained constant at $12 from 1974 to 1979."
NAMES = "Bethencourt took the title of King of the Canary Islands, as vassal to Henry III."


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("What was a centre of ivorywork in the 1100s?", IVORY),  # the 1100s: 12th century
        ("What was a centre of ivorywork in the 13th century?", IVORY),
        ("What was the price of a barrel of oil in 1970?", OIL),  # outside the span
        (
            "Who gave their name to Normandy in the 1100's?",
            "The Normans were the people who in the 10th and 11th centuries gave their name "
            "to Normandy.",
        ),
    ],
)
def test_a_period_the_line_gives_otherwise(question: str, line: str) -> None:
    assert swapped_periods(question, line)
    assert other_case(question, line, "what")


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("What was a centre of ivorywork in the 11th century?", IVORY),
        ("What was a centre of ivorywork in the 1000s?", IVORY),  # the same period, in years
        ("What was a centre of ivorywork in 1050?", IVORY),  # a year inside it
        ("What was the price of a barrel of oil in 1976?", OIL),  # inside the span
        ("What was the price of a barrel of oil in the 1970s?", OIL),  # the span inside it
        ("What was the price of a barrel of oil after 1970?", OIL),  # a bound asks no period
        # another period, but not in the same phrase
        ("What was a centre of trade in the 1100s?", "In the 11th century the abbey burned."),
    ],
)
def test_the_same_period_or_none_in_the_phrase(question: str, line: str) -> None:
    assert swapped_periods(question, line) == []


def test_a_numbered_name_the_line_numbers_otherwise() -> None:
    assert swapped_numerals("What title did Henry II take?", NAMES) == [("Henry II", "Henry III")]
    assert swapped_numerals("What title did Henry III give?", NAMES) == []
    assert swapped_numerals(
        "What did DECnet Phase I become?", "DECnet Phase II (and later) were open standards."
    ) == [("Phase I", "Phase II")]
    # "May I", "Can I": a word opening a question names no one
    assert swapped_numerals("When May I leave?", "Grades May II and May III leave early.") == []


def test_a_birth_asked_over_a_death_told() -> None:
    line = "The nickname may refer to the Swiss politician Besançon Hugues (died 1532)."
    assert opposite_pairs("In what year was the politician Besancon Hugues born?", line)
    assert not opposite_pairs("In what year did the politician Besancon Hugues die?", line)


def test_in_what_year_wants_a_year_and_in_what_month_a_month() -> None:
    year = analyse("In what year were Huguenots mayors of Cork?")
    assert gated_type(year) == "year"
    centuries = "Huguenots served as mayors of Cork in the 17th and 18th centuries."
    assert not answers_type("year", centuries, set(year.terms))
    assert answers_type("year", "Huguenots served as mayors of Cork from 1690.", set(year.terms))
    century = analyse("In what century were Huguenots mayors of Cork?")
    assert gated_type(century) == "era"
    assert answers_type("era", centuries, set(century.terms))
    month = analyse("What month did the oil crisis begin?")
    assert gated_type(month) == "month"
    terms = set(month.terms)
    assert not answers_type("month", "Long lines began in summer 1972.", terms)
    assert answers_type("month", "The crisis began in October 1973.", terms)
    # the month the question names is no answer
    named = analyse("In what month after October did the embargo end?")
    assert not answers_type("month", "After October the embargo went on.", set(named.terms))


DOCS = {
    "salerno": (
        "Salerno",
        f"# Salerno\n\n{IVORY}\n\nThe city's cathedral was consecrated by the pope.\n",
    ),
    "cork": (
        "Huguenots in Ireland",
        "# Huguenots in Ireland\n\n"
        "A number of Huguenots served as mayors of Cork in the 17th and 18th centuries.\n\n"
        "Their church in the city was later sold.\n",
    ),
    "embargo": (
        "Fuel shortages",
        "# Fuel shortages\n\n"
        "Motorists faced long lines at petrol stations beginning in summer 1972.\n\n"
        "Rationing was introduced in several countries.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


@pytest.mark.parametrize(
    ("answered", "refused"),
    [
        (
            "What was a centre of ivorywork in the 11th century?",
            "What was a centre of ivorywork in the 1100s?",
        ),
        (
            "In what century did Huguenots serve as mayors of Cork?",
            "In what year did Huguenots serve as mayors of Cork?",
        ),
        (
            "In what year did motorists face long lines at petrol stations?",
            "In what month did motorists face long lines at petrol stations?",
        ),
    ],
)
async def test_the_line_answers_its_own_period_not_another(
    answered: str, refused: str, emb: OnnxEmbedder
) -> None:
    yes = await ask(answered, emb)
    assert isinstance(yes, Answer), yes
    no = await ask(refused, emb)
    assert isinstance(no, Refusal), no
