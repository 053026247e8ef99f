"""The two small linear models of the extractive answerer, with their weights in code.

* `rank_score`: a conditional-logit (softmax over candidates) sentence ranker over
  `features.RANK_FEATURES`; `softmax` turns a question's scores into the probability that
  each sentence is the one holding the answer.
* `answerability`: a logistic regression over `features.ANSWER_FEATURES`, giving the
  probability that the chosen sentence answers the question. The refusal floor is a
  threshold on this probability.

Both were fit with numpy on the SQuAD 2.0 dev file by `bench/squad2.py --fit`, which also
reports leave-one-article-out accuracy for the fitted weights (see docs/extractive.md).
Re-fit and paste the printed weights here when the features change.
"""

from __future__ import annotations

import math

from wikiqa.answerers.features import ANSWER_FEATURES, RANK_FEATURES

RANK_WEIGHTS: dict[str, float] = {
    "overlap": 6.0,
    "window": 2.0,
    "bigram": 1.0,
    "type": 1.5,
    "novelty": 0.5,
    "retrieval": 0.5,
    "prior": 0.5,
    "density": 0.5,
    "entity_sent": 0.5,
    "length": 0.0,
    "first": 0.0,
}

ANSWER_BIAS = -1.0
ANSWER_WEIGHTS: dict[str, float] = {
    "p_top": 1.0,
    "margin": 0.0,
    "overlap": 1.0,
    "window": 0.0,
    "passage_miss": -1.0,
    "max_miss_idf": 0.0,
    "entity_miss": -1.0,
    "number_miss": 0.0,
    "neg_mismatch": -0.5,
    "type": 0.5,
    "retrieval_top": 0.0,
    "retrieval_gap": 0.0,
    "q_len": 0.0,
    "wh_known": 0.0,
    "negated": 0.0,
    "bigram": 0.0,
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
