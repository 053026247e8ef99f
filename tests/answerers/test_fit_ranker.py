"""The ranker fit on several corpora at once (bench/fit_ranker.py, bench/_fit.py): a
handbook candidate is right only when it says a reference point as words (not "30" inside
"300"), and each corpus weighs what its share says, so a small handbook set is not drowned
by SQuAD's thousands of questions."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

from wikiqa.answerers.features import RANK_FEATURES

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from _fit import fit_ranker
from fit_ranker import _weights, holds


def test_a_reference_point_is_held_on_word_boundaries() -> None:
    assert holds("Lecturers get 30 days of annual leave.", ["30"])
    assert holds("Up to 5 days may be carried over, used by 31 December.", ["31 December"])
    assert not holds("The budget is 300 pounds.", ["30"])
    assert not holds("Anything at all.", [])


def _record(corpus: str, right: int) -> SimpleNamespace:
    """Two candidates: one high on feature 0 (overlap), one high on feature 1 (window);
    `right` says which holds the answer."""
    a, b = [0.0] * len(RANK_FEATURES), [0.0] * len(RANK_FEATURES)
    a[0], b[1] = 1.0, 1.0
    return SimpleNamespace(
        corpus=corpus,
        cands=[SimpleNamespace(features=a), SimpleNamespace(features=b)],
        gold=[right == 0, right == 1],
    )


def test_each_corpus_counts_by_its_share() -> None:
    # 30 "squad" questions answered by overlap, 5 "handbook" ones by window
    recs = [_record("squad", 0) for _ in range(30)] + [_record("handbook", 1) for _ in range(5)]
    plain = fit_ranker(recs)  # type: ignore[arg-type]
    assert plain[0] > plain[1]
    weights = _weights(recs, {"squad": 1.0, "handbook": 1.0})  # type: ignore[arg-type]
    assert sum(weights[:30]) == sum(weights[30:])
    shared = fit_ranker(recs, weights=[w * (1 if i < 30 else 2) for i, w in enumerate(weights)])  # type: ignore[arg-type]
    assert shared[1] > shared[0]
