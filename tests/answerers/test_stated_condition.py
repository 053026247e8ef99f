"""A line stating the very condition a question sets on its asker, and a value of what follows
from it, answers under the floor (stated_condition.py). Small documents written here."""

from __future__ import annotations

from memsource import quotes_over

from wikiqa.answerers.stated_condition import asked_condition, states_condition
from wikiqa.store.embed import OnnxEmbedder

BENEFITS = (
    "Benefits",
    "# Benefits\n\n## Pension\n\nThe company pays 6% of basic salary into the Harbour pension "
    "plan and matches up to 3% more.\n\n## Death in service\n\nMembers of the Harbour plan are "
    "covered for a lump sum of 2 times basic salary if they die in service.\n\n## Cycle "
    "scheme\n\nBikes are bought through salary sacrifice over 12 months.\n",
)
ABSENCE = (
    "Sickness Absence",
    "# Sickness Absence\n\n## Reporting\n\nIf you are poorly, phone the duty desk before 07:00 "
    "on your first day off. If you are still poorly after 4 weeks, occupational health will "
    "meet you to plan your return.\n\n## Pay\n\nSick pay is paid at the full basic rate.\n",
)
TRAVEL = (
    "Travel",
    "# Travel\n\nBook trains through the travel desk. If you miss a booked train, buy the next "
    "ticket and claim it.\n",
)
HOLIDAY = (
    "Annual Leave",
    "# Annual Leave\n\nEveryone gets 25 days of annual leave a year. Book leave in the staff "
    "portal at least 2 weeks ahead. Your family may join you at the staff hotel in August.\n",
)
DOCS = {"b": BENEFITS, "a": ABSENCE, "t": TRAVEL, "h": HOLIDAY}


def test_the_condition_set_on_the_asker_is_read_from_the_question() -> None:
    assert asked_condition("What would she get if I die while I'm working for you?") == (
        "die",
        False,
    )
    assert asked_condition("If I'm poorly, by what time do I ring in?") == ("poor", False)
    assert asked_condition("What happens if I don't return my badge?") == ("return", True)
    # no condition of the asker's, or one of light words only
    assert asked_condition("What happens if a colleague is unwell?") is None
    assert asked_condition("How much is the lump sum?") is None
    assert asked_condition("Can I claim it if I get one?") is None
    # an ask no number answers: a person, a place
    assert asked_condition("Who do I see if I'm poorly?") is None
    assert asked_condition("Where do I go if I'm poorly?") is None


def test_a_line_states_the_condition_and_a_value_of_what_follows() -> None:
    line = "If you pass away while employed, your beneficiaries receive 2 times your salary."
    assert states_condition(line, "pass", False)
    assert states_condition(
        "Members get 3 times basic pay if they pass away in service.", "pass", False
    )
    assert states_condition("If you are unwell, phone the duty desk before 07:00.", "unwel", False)
    # the one value is the condition's own; another condition; the condition negated otherwise
    still = "If you are still unwell after 4 weeks, occupational health will meet you."
    assert not states_condition(still, "unwel", False)
    assert not states_condition("If you miss a train, buy the next one for £5.", "unwel", False)
    assert not states_condition("If you return your badge late, we deduct £10.", "return", True)


async def test_a_line_stating_the_asked_condition_answers_under_the_floor(
    emb: OnnxEmbedder,
) -> None:
    # the asker's own words for the ask ("my wife", "she") and the rest of the condition
    # ("while I'm working for you", "ring in") pull the line under the floor: main refuses
    # both, at 0.16 and 0.33
    asked = "My wife keeps asking. What would she get if I die while I'm working for you?"
    quotes = await quotes_over(emb, DOCS, asked)
    assert quotes is not None
    assert any("a lump sum of 2 times basic salary if they die in service" in q for q in quotes)
    quotes = await quotes_over(emb, DOCS, "If I'm poorly, by what time do I have to ring in?")
    assert quotes is not None
    assert any("phone the duty desk before 07:00" in q for q in quotes)
    # beside them, over the same documents: a line stating the condition with no value of
    # what follows, and an ask no number answers (the duty desk line's time for "who"), are
    # refused
    missed = "What do I do if I miss my train to the conference?"
    assert await quotes_over(emb, DOCS, missed) is None
    assert await quotes_over(emb, DOCS, "Who do I speak to if I'm poorly at home?") is None
