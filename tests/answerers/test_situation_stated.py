"""A line whose own condition clause states the situation a question tells, in several of its
words, and gives a value answers under the floor (situation_stated.py). Small documents
written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.situation_stated import condition_states
from wikiqa.store.embed import OnnxEmbedder

TRAINING = (
    "Learning and Development",
    "# Learning and Development\n\n## Qualifications we pay for\n\nIf a course is agreed by "
    "your manager, we pay the fees and give you 1 day of study leave for each exam.\n\n"
    "If you leave within 12 months of finishing a course we paid for, you pay back 100% of the "
    "fees. If you leave between 12 and 24 months after finishing, you pay back 50%.\n\n"
    "## Mentoring\n\nEvery apprentice has a mentor from another team.\n",
)
EQUIPMENT = (
    "Home Working Equipment",
    "# Home Working Equipment\n\n- Staff who work from home for 2 or more days a week may claim "
    "up to £120 towards an office chair, once every 5 years, with a receipt.\n"
    "- A second monitor can be ordered through the IT Service Desk.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nEveryone gets 25 days of annual leave a year. Book leave in the staff "
    "portal at least 2 weeks ahead.\n",
)
DOCS = {"t": TRAINING, "e": EQUIPMENT, "l": LEAVE}
OWE = (
    "The company paid for my diploma, but I've been offered a job elsewhere 6 months after "
    "finishing it. Will I owe anything?"
)


def test_a_condition_clause_states_the_situation_with_a_value_outside_it() -> None:
    paid = "If you leave within 12 months of finishing a course we paid for, you pay back 100%."
    situation = "The company paid for my diploma, I'm leaving 6 months after finishing it."
    assert condition_states(paid, situation)
    # two words of the situation said by the clause are not enough ("if you work", "when you
    # visit" are said by many lines)
    assert not condition_states(paid, "I finished my course and I'm off.")
    # the one value is the clause's own
    assert not condition_states(
        "If you leave within 12 months of finishing a course we paid for, talk to HR.", situation
    )
    # a "who" clause states whom the line is for
    chair = "Staff who work from home for 2 or more days a week may claim up to £120."
    assert condition_states(chair, "I work from home three days a week.")


async def test_a_line_stating_the_told_situation_answers_under_the_floor(
    emb: OnnxEmbedder,
) -> None:
    quotes = await quotes_over(emb, DOCS, OWE)
    assert quotes is not None
    assert any("you pay back 100% of the fees" in q for q in quotes)


async def test_without_the_rule_it_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the ask in the asker's words ("owe") pulls the pay-back line under the floor (0.30)
    monkeypatch.setattr(extractive, "situation_stated", lambda e: False)
    assert await quotes_over(emb, DOCS, OWE) is None


async def test_a_situation_that_is_not_the_askers_stays_refused(emb: OnnxEmbedder) -> None:
    # the same situation told of someone else (the asker only its possessor: "My mate"), and
    # the asker's own situation with an ask no number answers, over the same documents
    mate = (
        "My mate paid for a diploma and left his job 6 months after finishing it. "
        "Will I owe anything?"
    )
    assert await quotes_over(emb, DOCS, mate) is None
    who = (
        "The company paid for my diploma and I'm leaving 6 months after finishing it. "
        "Who do I tell?"
    )
    assert await quotes_over(emb, DOCS, who) is None
