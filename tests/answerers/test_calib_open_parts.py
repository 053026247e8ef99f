"""bench/calib_open_parts.py's candidate first-line features read what the answerer has when
it decides, and its `sides` replay adds a feature only to raise a score: with weight 0 it
is the shipped replay."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import calib_open_parts as cop
from fit_answerability import Row, score, shipped
from wikiqa.answerers.features import ANSWER_FEATURES


def _about(question: str, text: str) -> dict[str, str]:
    return {"question": question, "text": text}


def _x(cos_top: float, cos_max3: float) -> list[float]:
    x = [0.0] * len(ANSWER_FEATURES)
    x[ANSWER_FEATURES.index("cos_top")] = cos_top
    x[ANSWER_FEATURES.index("cos_max3")] = cos_max3
    return x


def test_the_kind_asked_is_said_by_the_line_or_not() -> None:
    x = _x(0.5, 0.5)
    money = "How much can a present from a supplier be worth?"
    assert cop.kind_strict(_about(money, "You may accept a gift worth up to £50."), x, None) == 1
    assert cop.kind_strict(_about(money, "Log every gift in the register."), x, None) == 0
    long = "How long is the CCTV kept for?"
    assert cop.kind_said(_about(long, "Footage is kept for 31 days."), x, None) == 1
    assert cop.kind_said(_about(long, "Footage is overwritten."), x, None) == -1
    # a question asking no kind leaves the feature neutral
    assert cop.kind_said(_about("What is the dress code?", "Smart casual."), x, None) == 0


def test_agreement_and_the_cosine_lead_over_another_document() -> None:
    assert cop.agree({}, _x(0.6, 0.6), None) == 1
    assert cop.agree({}, _x(0.5, 0.6), None) == 0
    tops = [(0.60, "a"), (0.58, "a"), (0.50, "b")]
    assert cop.agree5({}, _x(0.6, 0.6), tops) == 1
    assert cop.cos_doc_margin({}, _x(0.6, 0.6), tops) == pytest.approx(0.5)  # 0.10 / 0.2
    assert cop.cos_doc_margin({}, _x(0.6, 0.6), [(0.4, "a"), (0.9, "b")]) == -1  # capped
    assert cop.cos_doc_margin({}, _x(0.6, 0.6), [(0.6, "a")]) == 1  # no other document


def test_sides_adds_the_feature_only_to_raise_the_shipped_score() -> None:
    x = [*_x(0.4, 0.45), 1.0]
    row = Row("hb-t", "q", "q", True, True, [(x, True)])
    old = np.r_[shipped(), 0.0]
    assert abs(cop._score(row, old) - score(row, old)) < 1e-12
    assert cop._score(row, old, 0.5) > cop._score(row, old)
    negative = Row("hb-t", "q", "q", True, True, [([*x[:-1], -1.0], True)])
    assert cop._score(negative, old, 0.5) == cop._score(negative, old)
