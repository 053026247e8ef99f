"""The two small linear models of the extractive answerer, with their weights in code.

* `rank_score`: a conditional-logit (softmax over candidates) sentence ranker over
  `features.RANK_FEATURES`; `softmax` turns a question's scores into the probability that
  each sentence is the one holding the answer.
* `answerability`: a logistic regression over `features.ANSWER_FEATURES`, giving the
  probability that the chosen sentence answers the question. The refusal floor is a
  threshold on this probability.

Both were fit with numpy on the SQuAD 2.0 dev file by `bench/squad2.py --fit`, which also
reports leave-one-article-out accuracy with both models refit without the held-out article
(in-sample 0.597, leave-one-article-out 0.574 at floor 0.5). Re-fit and paste the printed
weights here when the features change.
"""

from __future__ import annotations

import math

from wikiqa.answerers.features import ANSWER_FEATURES, RANK_FEATURES

# The refusal floor chosen on the SQuAD 2.0 dev benchmark: leave-one-article-out accuracy is
# flat from 0.40 to 0.50 (0.572 / 0.577 / 0.574), and SQuAD 2.0 is adversarial (its
# unanswerable questions copy the paragraph's words), so the low end is taken: plain factual
# questions over clean text score about 0.41-0.48. Settings.extractive_floor carries it too.
DEFAULT_FLOOR = 0.40

RANK_WEIGHTS: dict[str, float] = {
    "overlap": 2.301,
    "window": 2.093,
    "bigram": 2.024,
    "type": 2.308,
    "novelty": -1.198,
    "retrieval": 2.555,
    "prior": 1.46,
    "density": -0.256,
    "entity_sent": -0.192,
    "length": 0.318,
    "first": 0.011,
    "soft": 2.933,
}

ANSWER_BIAS = -6.339
ANSWER_WEIGHTS: dict[str, float] = {
    "p_top": 1.029,
    "margin": 0.395,
    "overlap": 2.354,
    "window": 1.428,
    "passage_miss": 3.048,
    "max_miss_idf": 0.199,
    "entity_miss": 0.094,
    "number_miss": -0.825,
    "neg_mismatch": -2.63,
    "type": 1.189,
    "retrieval_top": -0.05,
    "retrieval_gap": -0.112,
    "q_len": 2.415,
    "wh_known": -0.57,
    "negated": -0.746,
    "bigram": 0.002,
    "miss_window": -0.29,
    "miss_pool": -0.099,
    "entity_miss_window": -0.76,
    "qualifier_miss": 0.099,
}

_RANK_W = tuple(RANK_WEIGHTS[n] for n in RANK_FEATURES)
_ANSWER_W = tuple(ANSWER_WEIGHTS[n] for n in ANSWER_FEATURES)


def rank_score(x: list[float], weights: tuple[float, ...] = _RANK_W) -> float:
    """Linear ranking score of one candidate (higher is better)."""
    return sum(w * v for w, v in zip(weights, x, strict=True))


def softmax(scores: list[float]) -> list[float]:
    if not scores:
        return []
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def answerability(
    x: list[float], weights: tuple[float, ...] = _ANSWER_W, bias: float = ANSWER_BIAS
) -> float:
    """Probability in [0, 1] that the chosen sentence answers the question."""
    return sigmoid(bias + sum(w * v for w, v in zip(weights, x, strict=True)))
