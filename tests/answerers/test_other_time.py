"""A question set in one period over a line that dates what it says to another
(`answerers/other_time.py`, read into `neg_mismatch`; squad59)."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive as extractive_module
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.other_time import other_time
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Refusal

TURBINE = (
    "A rudimentary steam turbine device was described by Taqi al-Din in 1551 and by "
    "Giovanni Branca in 1629."
)


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("Who described a steam turbine in 1690?", TURBINE),
        ("What percentage of American gas stations were out of fuel in 1973?",
         "The American Automobile Association reported that in the last week of February "
         "1974, 20% of American gasoline stations had no fuel."),
    ],
)  # fmt: skip
def test_another_time(question: str, line: str) -> None:
    assert other_time(question, "what", line)


@pytest.mark.parametrize(
    ("question", "line", "around", "context"),
    [
        # the asked year is said: in the line, beside it, or in its heading or title
        ("Who described a steam turbine in 1629?", TURBINE, (), ""),
        ("Who described a steam turbine in 1690?", TURBINE,
         ("A third description followed in 1690.",), ""),
        ("What happened to oil prices in 1973?",
         "Prices quadrupled by March 1974.", (), "1973 oil crisis"),
        # inside a span or a decade the line gives
        ("Who described a steam turbine in 1600?",
         "Steam devices were described throughout the 1550s to 1620s.", (), ""),
        # the line's date is a bound, a life date or a name: it dates nothing told
        ("What is the mileage rate in 2027?",
         "From 1 April 2026 the mileage rate is 45p a mile.", (), ""),
        ("Who hosted the awards in 2002?",
         "Jane Doe (born 5 November 1986) is an American film director.", (), ""),
        ("Who played in 2010?",
         "The team was announced to begin play for the 2017-18 season.", (), ""),
        # a question describing someone by a period, or dating two things
        ("Which engineer who worked in the 1960s recorded the album?",
         "It was recorded in 1973 at the Boarding House by Owsley Stanley.", (), ""),
        ("In 1991 the chain was bought by a group that ran how many stores in 2016?",
         "It ran 1,462 stores in 2016.", (), ""),
        # a yes/no question, and a line that dates nothing
        ("Was a steam turbine described in 1690?", TURBINE, (), ""),
        ("Who described a steam turbine in 1690?",
         "A steam turbine device was described by Taqi al-Din.", (), ""),
    ],
)  # fmt: skip
def test_not_another_time(question: str, line: str, around: tuple[str, ...], context: str) -> None:
    wh = "yesno" if question.startswith("Was") else "who"
    assert not other_time(question, wh, line, around, context)


DOCS = {
    "turbine": (
        "Steam power",
        "# Steam power\n\n## Early devices\n\n" + TURBINE + "\n\n"
        "## The town\n\nThe harbour was busy with ships from the north.\n\n"
        "The town's library was founded in 1690 by the guild of merchants.\n",
    ),
}


async def ask(question: str, emb: OnnxEmbedder) -> Answer | Refusal:
    return await ask_over(DOCS, question, answerer=ExtractiveAnswerer(DEFAULT_FLOOR, embedder=emb))


ASKED = "Who described a rudimentary steam turbine device in 1690?"


async def test_the_other_time_is_refused(emb: OnnxEmbedder) -> None:
    """The line dates the descriptions to 1551 and 1629; the document says 1690 of another
    thing, far from the line."""
    refused = await ask(ASKED, emb)
    assert isinstance(refused, Refusal), refused
    answered = await ask("Who described a rudimentary steam turbine device in 1629?", emb)
    assert isinstance(answered, Answer), answered


async def test_without_the_reading_the_line_answers(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal above is this reading's: switched off, the line answers."""
    monkeypatch.setattr(extractive_module, "other_time", lambda *args: False)
    answered = await ask(ASKED, emb)
    assert isinstance(answered, Answer), answered
