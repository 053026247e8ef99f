"""The pure-Python tree evaluator (bench/_forest.py) scores an exported tree ensemble as
LightGBM does, so the runtime needs no LightGBM: a hand-written two-tree model, and (where
lightgbm is installed) a monotone model fitted here, exported by bench/_fit.py and compared
with LightGBM's own predictions."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from wikiqa.answerers.answerability import ANSWER_SIGNS
from wikiqa.answerers.features import ANSWER_FEATURES

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from _fit import export_forest, fit_forest, forest_predict, tree_features
from _forest import forest_from_dict, load_forest

# Two stumps-and-a-bit over features "a" and "b", laid out in the caller's vector as
# ("b", "unused", "a"): the model's own feature indices must be mapped onto that layout.
TWO_TREES = {
    "features": ["a", "b"],
    "bias": 0.5,
    "trees": [
        {
            "feature": 0,
            "threshold": 1.0,
            "default_left": True,
            "missing": "None",
            "left": {"leaf": -1.0},
            "right": {
                "feature": 1,
                "threshold": 0.0,
                "default_left": False,
                "missing": "Zero",
                "left": {"leaf": 0.25},
                "right": {"leaf": 2.0},
            },
        },
        {
            "feature": 1,
            "threshold": 3.0,
            "default_left": True,
            "missing": "NaN",
            "left": {"leaf": 0.1},
            "right": {"leaf": -0.3},
        },
    ],
}
LAYOUT = ("b", "unused", "a")


def _vec(a: float, b: float) -> list[float]:
    return [b, 99.0, a]


def test_a_hand_written_two_tree_model_sums_its_leaves_and_the_bias() -> None:
    forest = forest_from_dict(TWO_TREES, LAYOUT)
    assert forest.raw(_vec(1.0, 5.0)) == pytest.approx(0.5 - 1.0 - 0.3)  # a <= 1 goes left
    assert forest.raw(_vec(2.0, 5.0)) == pytest.approx(0.5 + 2.0 - 0.3)
    assert forest.raw(_vec(2.0, -1.0)) == pytest.approx(0.5 + 0.25 + 0.1)
    # "Zero" missing: b == 0 follows default_left (right here), not 0 <= 0
    assert forest.raw(_vec(2.0, 0.0)) == pytest.approx(0.5 + 2.0 + 0.1)
    # NaN: "None" missing reads it as 0 (a <= 1: left); "NaN" missing follows default_left
    assert forest.raw(_vec(math.nan, math.nan)) == pytest.approx(0.5 - 1.0 + 0.1)
    assert forest.probability(_vec(2.0, 5.0)) == pytest.approx(1 / (1 + math.exp(-2.2)))


def test_a_model_naming_a_feature_the_layout_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the layout"):
        forest_from_dict(TWO_TREES, ("a", "c"))


def test_a_forest_loads_from_json(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    path.write_text(json.dumps(TWO_TREES))
    assert load_forest(path, LAYOUT).raw(_vec(2.0, 5.0)) == pytest.approx(2.2)


def test_the_export_of_a_fitted_monotone_model_scores_as_lightgbm_does() -> None:
    pytest.importorskip("lightgbm")
    np = pytest.importorskip("numpy")

    rng = np.random.default_rng(3)
    x = rng.random((600, len(ANSWER_FEATURES)))
    x[rng.random(x.shape) < 0.2] = 0.0  # exact zeros, as many features often are
    names = tree_features(ANSWER_SIGNS)
    cols = [ANSWER_FEATURES.index(n) for n in names]
    signs = np.array([ANSWER_SIGNS[n] for n in names])
    z = x[:, cols] @ signs - 0.5 * signs.clip(0).sum() + rng.normal(0, 0.5, len(x))
    y = (z > 0).astype(float)
    booster = fit_forest(x, y, np.ones(len(y)), ANSWER_SIGNS, rounds=25)
    forest = forest_from_dict(export_forest(booster), ANSWER_FEATURES)
    ours = [forest.probability(list(row)) for row in x]
    assert ours == pytest.approx(list(forest_predict(booster, x)), abs=1e-9)
    # monotone: raising a feature that may only lower answerability never raises the score
    miss = ANSWER_FEATURES.index("neg_mismatch")
    raised = x.copy()
    raised[:, miss] += 1.0
    assert all(
        forest.raw(list(r)) <= forest.raw(list(o)) + 1e-12 for r, o in zip(raised, x, strict=True)
    )
