"""A question asking what one group of staff gets, answered by a line about another group
(other_group.py). Small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.other_group import asked_group, line_group
from wikiqa.types import Answer, Refusal

PAY = (
    "Overtime and Standby Pay",
    "# Overtime and Standby Pay\n\n"
    "Overtime must be agreed by your manager before you work it.\n\n"
    "## Standby\n\n"
    "Engineers on the out-of-hours standby rota receive a flat £35 for each night on standby, "
    "plus pay at time and a half for time spent on a call-out.\n",
)
MEALS = (
    "Staff Meals",
    "# Staff Meals\n\n"
    "You get a free staff meal on any shift of 6 hours or more.\n\n"
    "Night workers can order a hot meal from room service at no charge before 23:00.\n",
)
DOCS = {"pay": PAY, "meals": MEALS}


async def _ask(question: str) -> Answer | Refusal:
    return await ask_over(DOCS, question)


def test_the_group_asked_and_the_group_a_line_is_about() -> None:
    assert asked_group("How much standby pay do shift managers get for a night?") == (
        "shift managers"
    )
    assert asked_group("Are bus drivers entitled to a tool allowance?") == "bus drivers"
    # the asker themselves, or a generic group, is no group asked
    assert asked_group("How much standby pay do I get for a night?") is None
    assert asked_group("How much standby pay do staff get for a night?") is None
    assert asked_group("Do employees get a discount?") is None
    assert asked_group("Does a shift manager get standby pay?") == "shift manager"
    assert line_group("Engineers on the standby rota receive a flat £35.") == "Engineers"
    assert line_group("- Tram drivers must have 12 hours off between duties.") == "Tram drivers"
    assert line_group("Members of the reserve forces receive 10 days.") is None
    assert line_group("| Engineer | £35 |") is None


async def test_a_line_about_another_group_does_not_answer_for_the_group_asked() -> None:
    """The standby line is the engineers'; for shift managers the document says nothing
    (main 43ddf89 answers the engineers' £35)."""
    result = await _ask("How much standby pay do shift managers get for a night on call?")
    assert isinstance(result, Refusal), result
    assert "Engineers" in result.reason
    # the group the line is about, and the asker speaking of themselves, are answered
    for question in (
        "How much standby pay do engineers get for a night on call?",
        "How much standby pay do I get for a night on call?",
    ):
        result = await _ask(question)
        assert isinstance(result, Answer), (question, result)
        assert "£35" in result.text


async def test_a_part_of_the_group_asked_is_the_same_people() -> None:
    """ "Night workers" are the "night shift workers" asked about, in fewer words."""
    result = await _ask("Can night shift workers order a hot meal from room service?")
    assert isinstance(result, Answer), result
    assert "room service" in result.text


async def test_a_question_nothing_answers_stays_refused() -> None:
    result = await _ask("What bonus do shift managers get for a year without accidents?")
    assert isinstance(result, Refusal), result


async def test_a_group_said_in_other_words_is_the_same_people() -> None:
    """ "Housekeepers" are the "cleaners" asked about: the embedder reads them as near."""
    docs = {
        "rates": (
            "Cleaning Rota",
            "# Cleaning Rota\n\n"
            "Housekeepers on the early shift receive a breakfast voucher worth £4.\n",
        )
    }
    result = await ask_over(docs, "What breakfast voucher do cleaners get on the early shift?")
    assert isinstance(result, Answer), result
    assert "£4" in result.text
