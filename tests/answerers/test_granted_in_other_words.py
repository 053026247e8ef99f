"""A yes/no question asking whether the asker gets a thing, said in other words than the
document's ("hot food" for "a hot meal"), is answered by a first-ranked line a little under
the floor that grants the thing in its own words; a line under the floor that says the asked
thing in the question's own words ("Referral bonus" for "a bonus for good inspection scores")
was weighed on it, and stays refused (answerers/asked_thing.py, granted_in_other_words).
Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.asked_thing import asked_thing
from wikiqa.answerers.features import asked_clause
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

MEALS = (
    "Staff Meals",
    "# Staff Meals\n\nDay staff eat in the staff canteen between 12:00 and 14:00.\n\n"
    "Night staff can order a hot meal from room service at no charge before 23:00.\n",
)
REFER = (
    "Refer a Friend",
    "# Refer a Friend\n\n| Job filled | Referral bonus |\n|---|---|\n| Room attendant | £200 |\n"
    "| Chef | £500 |\n\nRoom attendants are inspected weekly by the housekeeping supervisor.\n",
)
PPE = (
    "Personal Protective Equipment",
    "# Personal Protective Equipment\n\nEveryone working in the warehouse must wear a hi-vis "
    "vest.\n\nThe company issues all personal protective equipment (PPE) free of charge.\n\n"
    "Report damaged equipment to your shift supervisor the same day.\n",
)
DOCS = {"ppe": PPE, "meals": MEALS, "refer": REFER}


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


async def test_a_line_granting_the_thing_in_other_words_answers_a_little_under_the_floor() -> None:
    """On integ 586eeac the hot-meal line scores 0.33, under the floor 0.35, and the question
    is refused: "food" is said by no word of the line but meant by "meal"."""
    question = "I work nights. Can I get hot food during my shift?"
    assert asked_thing(asked_clause(question)) == ("hot", "food")
    result = await ask(question)
    assert isinstance(result, Answer), result
    cited = " ".join(c.quote for c in result.citations)
    assert "hot meal from room service at no charge" in cited


async def test_a_thing_said_in_the_questions_own_words_under_the_floor_stays_refused() -> None:
    """The referral table grants a bonus (£200) and says "bonus" itself: a line that says the
    asked thing as the question does and still scores under the floor (0.34) is low on the
    rest of the question (whose bonus), and no paraphrase excuses it. Asked beside the
    paraphrased question of the test above, which the same rule answers."""
    answered = await ask("I work nights. Can I get hot food during my shift?")
    assert isinstance(answered, Answer), answered
    result = await ask("Do room attendants get a bonus for good inspection scores?")
    assert isinstance(result, Refusal), result
