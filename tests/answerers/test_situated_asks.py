"""bench/situated_asks.py: the words of a situation-first question's ask that its first line
leaves unsaid, and the per-side count of what `ask_named` would read, on text written here."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from situated_asks import side, summary, unsaid_ask_words

CHAIR = (
    "- Staff who work from home for 2 or more days a week may claim up to £120 towards an "
    "office chair, once every 5 years, with a receipt."
)


def test_the_ask_words_a_line_leaves_unsaid() -> None:
    # "help" and "can" ask; "chair" is said; the employer's kind and a grading word are not
    assert unsaid_ask_words("Can the uni help with a proper chair?", CHAIR, "", "Home Working") == [
        "uni",
        "proper",
    ]
    # a kind word is said by a value of its kind, the rest by the line and its heading
    budget = "- The study leave budget is £900 per doctor per training year."
    assert unsaid_ask_words("How much money is there this training year?", budget, "", "") == []
    # the heading and the title say words too ("long" by a duration)
    assert unsaid_ask_words("How long is the notice?", "1 month.", "Notice", "Leaving") == []


def _row(score: float, named: bool, **kw: Any) -> dict[str, Any]:
    row = {"score": score, "named": named, "first_document": True, "row": False,
           "must_refuse": False, "answers": True, "unsaid": []}  # fmt: skip
    row.update(kw)
    return row


def test_sides_and_the_summary_count_the_slack_and_below() -> None:
    rows = [
        _row(0.25, True),
        _row(0.25, True, must_refuse=True, answers=False),
        _row(0.18, True, must_refuse=True, answers=False),
        _row(0.18, False, unsaid=["owe"]),
        _row(0.25, True, row=True),  # a table row: ask_named never reads it
        _row(0.30, False, answers=False, unsaid=["uni"]),
    ]
    assert [side(r) for r in rows[:2]] == ["answers", "must-refuse"]
    assert side(rows[5]) == "other"
    lines = summary(rows, floor=0.35, low=0.15)
    assert lines[0] == "named within the slack: answers 1, must-refuse 1"
    assert lines[1] == "named from 0.15: must-refuse 1"
    assert "owe (answers) 1" in lines[2] and "uni (other) 1" in lines[2]
