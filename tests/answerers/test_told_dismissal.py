"""Being dismissed at once told in everyday words ("sacked on the spot", "get the sack on the
spot") is read as the documents write it, "dismissed without notice" (told_dismissal.py), and
the item of the gross-misconduct list saying the act the asker tells answers under the floor
when it is clearly that act's nearest item (dismissal_item.py); an act no item says is
refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.dismissal_item import told_act
from wikiqa.answerers.told_dismissal import plain_dismissal
from wikiqa.store.embed import OnnxEmbedder

DISCIPLINARY = (
    "Disciplinary Procedure",
    "# Disciplinary Procedure\n\n"
    "Most problems with conduct are dealt with informally first.\n\n"
    "## Gross misconduct\n\n"
    "Gross misconduct can lead to dismissal without notice, even for a first offence. "
    "Examples:\n\n"
    "- theft, including taking money from a till or a collection tin;\n"
    "- falsifying timesheets, permits or inspection records;\n"
    "- being under the influence of alcohol or drugs at work;\n"
    "- violence or serious bullying;\n"
    "- removing or disabling edge protection, scaffold ties or other safety equipment.\n\n"
    "## Appeals\n\n"
    "You can appeal in writing within 7 days of the outcome letter.\n",
)
OVERTIME = (
    "Overtime",
    "# Overtime\n\n"
    "Overtime goes on your weekly timesheet and must be signed by your supervisor.\n\n"
    "Timesheets signed after the Monday 10:00 cut-off are paid a week later.\n",
)
TILLS = (
    "Cash Handling in Shops",
    "# Cash Handling in Shops\n\n"
    "Count the till with another person at the end of each day and record it on the "
    "cash sheet.\n\n"
    "Never leave the till drawer open when you step away from the counter.\n",
)
DOCS = {"d": DISCIPLINARY, "o": OVERTIME, "t": TILLS}
TIMESHEET = "Could I get sacked on the spot for fiddling my timesheet?"


def test_a_dismissal_at_once_is_said_without_notice() -> None:
    assert plain_dismissal(TIMESHEET) == (
        "Could I get dismissed without notice for fiddling my timesheet?"
    )
    assert plain_dismissal("would they get the sack on the spot?") == (
        "would they get dismissed without notice?"
    )
    assert plain_dismissal("Can my manager let me go on the spot?") == (
        "Can my manager dismiss me without notice?"
    )
    assert plain_dismissal("Is that instant dismissal?") == "Is that dismissal without notice?"
    for same in (
        "I got sacked last week, when is my final pay?",  # a dismissal, not at once
        "Can the company let someone go on the spot without notice?",  # said so already
        "Can I be fired for this?",
        "Fill in the form on the spot.",
    ):
        assert plain_dismissal(same) == same, same


def test_the_act_told() -> None:
    assert told_act("Could I get dismissed without notice for fiddling my timesheet?") == (
        "for fiddling my timesheet"
    )
    assert told_act("Is pocketing fares a sacking offence?") == "pocketing fares"


async def test_the_item_saying_the_act_answers(emb: OnnxEmbedder) -> None:
    for question, item in (
        (TIMESHEET, "falsifying timesheets"),
        ("someone took money out of the till, would they get the sack on the spot?", "till"),
        ("Can you get the sack on the spot for turning up to work drunk?", "alcohol"),
        ("Would I be sacked on the spot for taking the scaffold ties off?", "scaffold ties"),
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is not None, question
        assert any(item in q for q in quotes), (question, quotes)


async def test_without_the_item_reading_the_timesheet_item_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "dismissal_item", lambda e, similarities: False)
    quotes = await quotes_over(emb, DOCS, TIMESHEET)
    assert quotes is None or not any("falsifying timesheets" in q for q in quotes)


async def test_an_act_no_item_says_is_refused(emb: OnnxEmbedder) -> None:
    for question in (
        "Can someone be sacked on the spot for being five minutes late once?",
        "Would I get the sack on the spot for wearing trainers at work?",
        "Could I be sacked on the spot for calling in sick on a Monday?",
        "Can I get the sack on the spot for missing a team meeting?",
    ):
        quotes = await quotes_over(emb, DOCS, question)
        assert quotes is None, (question, quotes)


async def test_without_its_list_no_item_answers(emb: OnnxEmbedder) -> None:
    # the disciplinary policy withheld: the overtime and till lines do not answer
    for question in (TIMESHEET, "someone took money out of the till, would they get the sack?"):
        assert await quotes_over(emb, {"o": OVERTIME, "t": TILLS}, question) is None, question


LATE = "Can someone be sacked on the spot for being five minutes late once?"


async def test_without_the_unlisted_act_check_the_lead_in_answers_lateness(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await quotes_over(emb, DOCS, LATE) is None
    monkeypatch.setattr(extractive, "unlisted_act", lambda e, similarities: False)
    quotes = await quotes_over(emb, DOCS, LATE)
    assert quotes is not None and any("dismissal without notice" in q for q in quotes)
