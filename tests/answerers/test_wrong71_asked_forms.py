"""Two readings of how a question asks (wrong71). (1) A contracted question word ("Who's",
"What's") is the question word and "is": it names nothing a table row must say, so "Who's
the depot manager at Lindow?" is asked of the directory row keyed by that role and place
as "Who is ..." is (features.ASKING_CONTRACTIONS, rows.row_fit). (2) "What rate is that
paid at?" asks for a rate, which a pay table may give as a multiple of pay in words ("time
and a quarter", "double time"): such a row answers as a figure does (features.gated_type
"rate"). Small documents written here: a haulier's depot operations page pointing to its
staff directory, the directory, its shift enhancements and its grades page. Must stay
refused: a depot no row names, a day the enhancements table does not hold."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import features, rows
from wikiqa.answerers.features import QuestionInfo, analyse, gated_type
from wikiqa.store.embed import OnnxEmbedder

OPERATIONS = (
    "Depot Operations",
    "# Depot Operations\n\n"
    "Lindow Depot and Marfield Depot are run by a depot manager each (see the Staff "
    "Directory).\n\n"
    "- The speed limit in both yards is 10 mph.\n"
    '- Depot radio is channel 4; call "Lindow Yard" or "Marfield Yard".\n'
    "- Hi-vis vests must be worn in the yards at all times.\n",
)
DIRECTORY = (
    "Staff Directory",
    "# Staff Directory\n\n| Name | Job | Based at | Phone |\n|---|---|---|---|\n"
    "| Morven Baxter | Managing director | Head Office | 01632 960 100 |\n"
    "| Gregor Laing | Depot manager | Lindow Depot | 01632 960 120 |\n"
    "| Isla Turnbull | Depot manager | Marfield Depot | 01632 960 125 |\n"
    "| Callum Reid | Transport planner | Head Office | 01632 960 140 |\n",
)
ENHANCEMENTS = (
    "Shift Enhancements",
    "# Shift Enhancements\n\n"
    "Drivers and warehouse staff in Bands 1 to 3 are paid these rates on top of their hourly "
    "rate.\n\n| When you work | Rate |\n|---|---|\n| Nights (22:00 to 06:00) | time plus 20% |\n"
    "| Sundays | time and a quarter |\n| Bank holidays | double time |\n\n"
    "Only the highest rate applies to any hour.\n",
)
BANDS = (
    "Pay Bands",
    "# Pay Bands\n\n| Job | Band |\n|---|---|\n| Warehouse operative | Band 1 |\n"
    "| HGV driver | Band 2 |\n| Transport planner | Band 4 |\n\n"
    "Bands 4 and 5 are salaried and are not paid night, Sunday or bank holiday "
    "enhancements.\n",
)
DEPOTS = {"operations": OPERATIONS, "directory": DIRECTORY}
PAY = {"enhancements": ENHANCEMENTS, "bands": BANDS}


def _q(text: str) -> QuestionInfo:
    return analyse(text)


def test_a_contracted_question_word_names_nothing() -> None:
    assert "who's" in features.ASKING_CONTRACTIONS and "what’s" in features.ASKING_CONTRACTIONS
    assert "who's" in _q("Who's the depot manager at Lindow?").terms  # still a term of prose


def test_what_rate_asks_for_a_rate_in_words_or_figures() -> None:
    assert gated_type(_q("I've been put on a Sunday shift. What rate is that paid at?")) == "rate"
    assert gated_type(_q("How many days do I get?")) == "tally"
    assert features.answers_type("rate", "| Sundays | time and a quarter |", set())
    assert features.answers_type("rate", "| Nights | time plus 20% |", set())
    assert not features.answers_type("rate", "Ask your manager about Sunday work.", set())


async def test_whos_asks_the_row_as_who_is_does(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DEPOTS, "Who's the depot manager over at Marfield?")
    assert quotes is not None
    assert any("Isla Turnbull" in q for q in quotes), quotes
    plain = await quotes_over(emb, DEPOTS, "Who is the depot manager over at Marfield?")
    assert plain is not None and any("Isla Turnbull" in q for q in plain), plain


async def test_without_the_reading_only_the_pointer_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rows, "ASKING_FREE", False)
    quotes = await quotes_over(emb, DEPOTS, "Who's the depot manager over at Marfield?")
    assert quotes is None or not any("Isla Turnbull" in q for q in quotes), quotes


async def test_a_depot_no_row_names_is_not_answered_by_a_row(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DEPOTS, "Who's the depot manager over at Kilbride?")
    assert quotes is None or not any("Turnbull" in q or "Laing" in q for q in quotes), quotes


async def test_the_sunday_row_gives_the_rate(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(
        emb, PAY, "I've been put on a Sunday shift. What rate is that paid at?"
    )
    assert quotes is not None
    assert "| Sundays | time and a quarter |" in quotes, quotes
    assert not any("salaried" in q for q in quotes), quotes


async def test_without_the_reading_the_sunday_row_is_not_first(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(features, "RATE_IN_WORDS", False)
    quotes = await quotes_over(
        emb, PAY, "I've been put on a Sunday shift. What rate is that paid at?"
    )
    assert quotes is None or quotes[0] != "| Sundays | time and a quarter |", quotes


async def test_a_day_the_table_does_not_hold_is_not_given_a_row(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, PAY, "What rate is Christmas Eve paid at?")
    assert quotes is None or not any("time and a quarter" in q for q in quotes), quotes
