"""A question asking leave to *do* an activity ("Can I still do my bank shift ...?") names the
act by the activity: the line ruling on it (every word of the activity said, a word of
permission or prohibition, and the case it is for said by its heading, lead-in or title)
answers within the slack, as ruled_act.py's verb reading does. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import ruled_act
from wikiqa.answerers.ruled_act import asked_activity, rules_on_activity
from wikiqa.store.embed import OnnxEmbedder

OUTBREAKS = (
    "Infection Control and Outbreaks",
    "# Infection Control and Outbreaks\n\n## An outbreak\n\n"
    "When a home has an outbreak of diarrhoea and vomiting (D&V) or flu, the home manager "
    "tells the infection control team the same day.\n\n"
    "During an outbreak:\n\n"
    "- Stay off work for 48 hours after your last symptom.\n"
    "- You must not work a bank or agency shift anywhere else, in the company or for another "
    "employer, until the outbreak is declared over.\n"
    "- Visitors are asked to stay away until the outbreak is over.\n",
)
BANK = (
    "Bank Staff Guide",
    "# Bank Staff Guide\n\n"
    "Bank staff pick up shifts through the app. Ring the home at least 4 hours before the "
    "shift starts if you cannot make it. You do not book paid holiday; simply do not pick up "
    "shifts when you want time off.\n",
)
DOCS = {"o": OUTBREAKS, "b": BANK}
ASK = "We've got a D&V outbreak at my home. Can I still do my bank shift at another home this weekend?"
FORBIDS = "- You must not work a bank or agency shift anywhere else, until the outbreak is over."


def test_the_activity_a_question_asks_leave_to_do() -> None:
    assert asked_activity(ASK) == ["bank", "shift"]
    assert asked_activity("Am I allowed to do lone work at the reservoir?") == ["lone", "work"]
    # "do" with nothing named, another verb, or an obligation asked
    assert asked_activity("Guest booked a massage. Can I do it?") is None
    assert asked_activity("Can I get a refund?") is None
    assert asked_activity("Do I have to do a bank shift?") is None


def test_a_line_ruling_on_the_activity_for_the_case_told() -> None:
    frame = "An outbreak\nDuring an outbreak:\nInfection Control and Outbreaks"
    assert rules_on_activity(FORBIDS, frame, ASK, ["bank", "shift"])
    # no case of the rule told, no ruling word, the activity not said whole
    assert not rules_on_activity(
        FORBIDS, frame, "Can I do a bank shift at the weekend?", ["bank", "shift"]
    )
    assert not rules_on_activity(
        "- Bank shifts are booked in the app.", frame, ASK, ["bank", "shift"]
    )
    assert not rules_on_activity(FORBIDS, frame, ASK, ["night", "shift"])


async def test_leave_to_do_an_activity_is_answered_by_its_ruling(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, DOCS, ASK)
    assert quotes is not None
    assert any("must not work a bank or agency shift" in q for q in quotes)


async def test_without_the_reading_leave_to_do_an_activity_is_refused(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ruled_act, "asked_activity", lambda question: None)
    assert await quotes_over(emb, DOCS, ASK) is None


async def test_an_activity_asked_for_no_case_the_rule_is_for_stays_refused(
    emb: OnnxEmbedder,
) -> None:
    assert await quotes_over(emb, DOCS, "Can I do an agency shift at the weekend?") is None
