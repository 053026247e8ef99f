"""A yes/no question about what the asker may or must do ("Asked to drop to 4 days and my
manager said no. Can I appeal?") is answered by a line saying that action ("you can appeal
to the next manager up"): features.ask_verb_said, the answerability feature `ask_verb`, and
the records of bench/fit_answerability.py given it without asking again (`refeatured`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from fit_answerability import Row, realigned, refeatured
from wikiqa.answerers.features import (
    ANSWER_FEATURES,
    analyse,
    answer_features,
    ask_verb_said,
    asked_action,
)

APPEAL = "If the answer is no, you can appeal to the next manager up within 14 days."
POINTS = "If you get penalty points on your licence, tell your manager within 48 hours."


@pytest.mark.parametrize(
    ("question", "action"),
    [
        ("Asked to drop to 4 days a week and my manager said no. Can I appeal?", "appeal"),
        ("Got 3 points for speeding in my own car. Do I have to tell work?", "tell"),
        ("can i take 3 weeks off in august", "take"),
        ("Can I just text my boss that I'm sick?", "text"),
        ("Should we report a near miss?", "report"),
        # not a yes/no ask about the asker's own action
        ("How many days can I take off?", ""),
        ("Is the contact centre open on New Year's Day?", ""),
        ("Can the manager refuse?", ""),
        ("Could I get the sack on the spot?", ""),  # "get" frames, "the" is no action
    ],
)
def test_the_asked_action_is_read_from_the_asking_clause(question: str, action: str) -> None:
    assert asked_action(question) == action


def test_a_line_saying_the_asked_action_is_flagged() -> None:
    ask = "Asked to drop to 4 days a week and my manager said no. Can I appeal?"
    assert ask_verb_said(ask, APPEAL) == 1.0
    assert ask_verb_said(ask, "Flexible working requests are decided within 8 weeks.") == 0.0
    tell = "Got 3 points for speeding at the weekend in my own car. Do I have to tell work?"
    assert ask_verb_said(tell, POINTS) == 1.0
    # a question that asks no action of the asker flags nothing, whatever the line says
    assert ask_verb_said("Who can appeal a decision?", APPEAL) == 0.0


def test_the_feature_is_in_the_answerability_vector() -> None:
    ask = "My manager said no to my request. Can I appeal?"
    x = answer_features(
        analyse(ask), [0.5, 0.5, 0.0, 0.5], 1.0, 1.0, APPEAL, set(), set(), set(), {}, [1.0]
    )
    assert len(x) == len(ANSWER_FEATURES)
    assert x[ANSWER_FEATURES.index("ask_verb")] == 1.0


def test_records_from_before_the_feature_get_it_from_their_question_and_line() -> None:
    old = [0.5] * (len(ANSWER_FEATURES) - 1)  # recorded before `ask_verb` existed
    about = {"question": "My manager said no. Can I appeal?", "text": APPEAL}
    x = refeatured(old, about)
    assert len(x) == len(ANSWER_FEATURES)
    assert x[ANSWER_FEATURES.index("ask_verb")] == 1.0
    assert x[:-1] == old
    assert refeatured(old, {})[-1] == 0.0  # nothing recorded to read it from
    row = Row("handbook9", "q", "q", True, True, [(old, True)], about=[about])
    (new,) = realigned([row])
    assert new.parts[0][0][ANSWER_FEATURES.index("ask_verb")] == 1.0
