"""Fitting the extractive answerer's two linear models (numpy), for `squad2.py --fit`.

Both fits are *sign-constrained* (projected gradient): `answerability.RANK_SIGNS` and
`ANSWER_SIGNS` say which way each feature may push, so the models cannot learn the
artefacts of SQuAD 2.0's adversarial construction (missing question terms meaning
"answerable", short questions meaning "unanswerable"), which made the answerer refuse plain
questions over clean text. Stronger L2 than before keeps the weights small and smooth.

Two answerability weight sets come out of one run: `lexical` (the cosine features pinned at
0; used when the answerer has no embedder) and `semantic` (with the bundled MiniLM's
question-sentence cosines). The fit records (retrieval and rank features) do not depend on
the answerability features, so a `--fit-cache` stays valid when only those change.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wikiqa.answerers.answerability import ANSWER_SIGNS, LEXICAL_ANSWER_SIGNS, RANK_SIGNS
from wikiqa.answerers.extractive import Candidate, ExtractiveAnswerer
from wikiqa.answerers.features import ANSWER_FEATURES, RANK_FEATURES, QuestionInfo, analyse
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Hit

RANK_L2 = 1e-2
ANSWER_L2 = 1e-3


@dataclass
class Record:
    """One question's candidate sentences, their features and which hold a gold answer."""

    item: Any  # squad2.Item
    q: QuestionInfo
    cands: list[Candidate]
    hits: list[Hit]
    gold: list[bool]
    synthetic: bool = False  # the question asked of a corpus without its own article


async def collect(
    items: list[Any], source: CollectionSource, k: int, norm: Callable[[str], str]
) -> list[Record]:
    """Retrieve and featurise every question's candidates once (the slow part of a fit).

    Every other question is also asked of the corpus *without its own article* (its hits
    dropped) as a synthetic unanswerable: the natural failure the adversarial SQuAD
    negatives never show, a question whose topic the corpus lacks. Without these the fit
    learns that question entities missing from the passage signal an answer."""
    answerer = ExtractiveAnswerer(search_k=k)
    out = []
    for n, item in enumerate(items):
        q = analyse(item.question)
        pool = await source.search(item.question, 6 * k)
        hits = pool[:k]
        docs = {h.doc_id: await source.fetch(h.doc_id) for h in hits}
        cands = answerer.candidates(q, hits, docs)
        golds = [g for g in (norm(a) for a in item.answers) if g]
        marks = [any(g in norm(c.span.text) for g in golds) for c in cands]
        if cands:
            out.append(Record(item, q, cands, hits, marks))
        other = [h for h in pool if h.title != item.title][:k]
        if n % 2 == 0 and other:
            docs = {h.doc_id: await source.fetch(h.doc_id) for h in other}
            cands = answerer.candidates(q, other, docs)
            fake = copy.copy(item)
            fake.impossible = True
            if cands:
                out.append(Record(fake, q, cands, other, [False] * len(cands), True))
    return out


def load_or_collect(cache: Path | None, make: Callable[[], list[Record]]) -> list[Record]:
    """Records from `cache` when present (rank features unchanged), else collected and saved."""
    if cache is not None and cache.exists():
        recs: list[Record] = pickle.loads(cache.read_bytes())
        return recs
    recs = make()
    if cache is not None:
        cache.write_bytes(pickle.dumps(recs))
    return recs


def _bounds(names: tuple[str, ...], signs: dict[str, int]) -> tuple[Any, Any]:
    import numpy as np

    lo = np.array([0.0 if signs.get(n) in (0, 1) else -np.inf for n in names])
    hi = np.array([0.0 if signs.get(n) in (0, -1) else np.inf for n in names])
    return lo, hi


def fit_ranker(
    recs: list[Record], l2: float = RANK_L2, iters: int = 400, weights: list[float] | None = None
) -> Any:
    """Conditional logit over each question's candidates (projected Adam): P(sentence holds
    the gold), with each weight clipped to its allowed sign after every step. `weights`
    (one per record) lets several corpora each count (bench/fit_ranker.py)."""
    import numpy as np

    wts = [1.0] * len(recs) if weights is None else weights
    keep = [i for i, r in enumerate(recs) if any(r.gold) and not getattr(r, "synthetic", False)]
    recs, rw = [recs[i] for i in keep], np.array([wts[i] for i in keep])
    m, f = max(len(r.cands) for r in recs), len(RANK_FEATURES)
    x, mask, gold = np.zeros((len(recs), m, f)), np.zeros((len(recs), m)), np.zeros((len(recs), m))
    for i, r in enumerate(recs):
        x[i, : len(r.cands)] = [c.features for c in r.cands]
        mask[i, : len(r.cands)], gold[i, : len(r.cands)] = 1, r.gold
    lo, hi = _bounds(RANK_FEATURES, RANK_SIGNS)
    w, m1, m2 = np.zeros(f), np.zeros(f), np.zeros(f)
    for t in range(1, iters + 1):
        z = np.where(mask > 0, x @ w, -1e9)
        e = np.exp(z - z.max(1, keepdims=True)) * mask
        p, pg = e / e.sum(1, keepdims=True), e * gold / (e * gold).sum(1, keepdims=True)
        grad = -((rw[:, None, None] * (pg - p)[..., None]) * x).sum((0, 1)) / rw.sum() + l2 * w
        m1, m2 = 0.9 * m1 + 0.1 * grad, 0.999 * m2 + 0.001 * grad**2
        w -= 0.05 * (m1 / (1 - 0.9**t)) / (np.sqrt(m2 / (1 - 0.999**t)) + 1e-8)
        w = np.clip(w, lo, hi)
    return w


_ANSWERER: ExtractiveAnswerer | None = None


def _answerer() -> ExtractiveAnswerer:
    """One answerer with the bundled embedder for every fit (its sentence-vector cache then
    serves all leave-one-article-out refits)."""
    global _ANSWERER
    if _ANSWERER is None:
        from wikiqa.store.embed import default_embedder

        _ANSWERER = ExtractiveAnswerer(embedder=default_embedder())
        _ANSWERER.embed_cache = 1 << 20
    return _ANSWERER


def answer_data(recs: list[Record], rank_w: Any) -> tuple[Any, Any, list[bool]]:
    """Answerability features of each question's best sentence under `rank_w` (with the
    cosine features); label: the question is answerable and that sentence holds a gold."""
    import numpy as np

    answerer, xs, chosen = _answerer(), [], []
    for r in recs:
        ev = answerer.decide(r.q, list(r.cands), r.hits, tuple(float(v) for v in rank_w))
        xs.append(ev.features)
        chosen.append(r.gold[next(i for i, c in enumerate(r.cands) if c is ev.ranked[0])])
    y = np.array([(not r.item.impossible) and g for r, g in zip(recs, chosen, strict=True)])
    return np.array(xs), y.astype(float), chosen


def fit_logistic(
    x: Any,
    y: Any,
    signs: dict[str, int],
    l2: float = ANSWER_L2,
    iters: int = 3000,
    held: dict[str, float] | None = None,
) -> Any:
    """L2-regularised logistic regression by accelerated projected gradient (FISTA) under
    `signs`; returns [bias, *weights] (the bias is free and unpenalised). A feature in
    `held` keeps the weight given there (the fit moves the others and the bias)."""
    import numpy as np

    xb = np.hstack([np.ones((len(x), 1)), x])
    lo, hi = _bounds(ANSWER_FEATURES, signs)
    for i, n in enumerate(ANSWER_FEATURES):
        if held is not None and n in held:
            lo[i] = hi[i] = held[n]
    lo, hi = np.r_[-np.inf, lo], np.r_[np.inf, hi]
    reg = l2 * np.r_[0.0, np.ones(x.shape[1])]
    step = 1.0 / (0.25 * np.linalg.eigvalsh(xb.T @ xb / len(y)).max() + l2)
    w = v = np.zeros(xb.shape[1])
    t = 1.0
    for _ in range(iters):
        p = 1 / (1 + np.exp(-(xb @ v)))
        w_new = np.clip(v - step * (xb.T @ (p - y) / len(y) + reg * v), lo, hi)
        t_new = (1 + np.sqrt(1 + 4 * t * t)) / 2
        v, w, t = w_new + (t - 1) / t_new * (w_new - w), w_new, t_new
    return w


def fit_signed(
    x: Any, y: Any, w: Any, signs: list[int], l2: float = ANSWER_L2, iters: int = 3000
) -> Any:
    """Weighted L2 logistic regression under per-column signs (+1 >= 0, -1 <= 0, 0 fixed at
    0, anything else free), by the same projected gradient as `fit_logistic`, for models
    over other features than ANSWER_FEATURES; returns [bias, *weights]."""
    import numpy as np

    xb = np.hstack([np.ones((len(x), 1)), x])
    lo = np.array([-np.inf] + [0.0 if s in (0, 1) else -np.inf for s in signs])
    hi = np.array([np.inf] + [0.0 if s in (0, -1) else np.inf for s in signs])
    sw = np.asarray(w, dtype=float) / np.sum(w)
    reg = l2 * np.r_[0.0, np.ones(x.shape[1])]
    step = 1.0 / (0.25 * np.linalg.eigvalsh((xb * sw[:, None]).T @ xb).max() + l2)
    beta = v = np.zeros(xb.shape[1])
    t = 1.0
    for _ in range(iters):
        p = 1 / (1 + np.exp(-(xb @ v)))
        new = np.clip(v - step * (xb.T @ (sw * (p - y)) + reg * v), lo, hi)
        t_new = (1 + np.sqrt(1 + 4 * t * t)) / 2
        v, beta, t = new + (t - 1) / t_new * (new - beta), new, t_new
    return beta


MODELS = {"lexical": LEXICAL_ANSWER_SIGNS, "semantic": ANSWER_SIGNS}


def fit_all(recs: list[Record]) -> tuple[Any, dict[str, Any]]:
    """The ranker, and both answerability models: lexical (no embedder: the cosine features
    pinned at 0) and semantic (with them)."""
    rank_w = fit_ranker(recs)
    x, y, _ = answer_data(recs, rank_w)
    return rank_w, {name: fit_logistic(x, y, signs) for name, signs in MODELS.items()}


def scores(recs: list[Record], rank_w: Any, ans_w: Any) -> tuple[Any, list[bool]]:
    """Answerability of each record's chosen sentence, and whether it holds the gold."""
    import numpy as np

    x, _, chosen = answer_data(recs, rank_w)
    return 1 / (1 + np.exp(-(ans_w[0] + x @ ans_w[1:]))), chosen


def accuracy(recs: list[Record], p: Any, chosen: list[bool], floor: float) -> float:
    good = sum(
        (pi < floor) if r.item.impossible else bool(pi >= floor and g)
        for pi, r, g in zip(p, recs, chosen, strict=True)
    )
    return good / max(len(recs), 1)


def report_fit(recs: list[Record], floors: list[float]) -> None:
    """Fit on everything (print the weights), then leave-one-article-out: refit the models
    on the other articles and score the held-out one at each of `floors`. Accuracy counts
    the real SQuAD questions only (the synthetic negatives are training data)."""
    rank_w, models = fit_all(recs)
    print("RANK_WEIGHTS = {" + ", ".join(
        f'"{n}": {v:.3f}' for n, v in zip(RANK_FEATURES, rank_w, strict=True)) + "}")  # fmt: skip
    for name, ans_w in models.items():
        prefix = "" if name == "lexical" else "SEMANTIC_"
        print(f"{prefix}ANSWER_BIAS = {ans_w[0]:.3f}")
        print(f"{prefix}ANSWER_WEIGHTS = {{" + ", ".join(
            f'"{n}": {v:.3f}' for n, v in zip(ANSWER_FEATURES, ans_w[1:], strict=True)) + "}")  # fmt: skip
    real = [r for r in recs if not r.synthetic]
    ans = [r for r in real if not r.item.impossible]
    _, _, chosen = answer_data(ans, rank_w)
    print(f"ranking: answerable questions whose top sentence holds gold "
          f"{sum(chosen) / max(len(ans), 1):.3f} (in-sample)")  # fmt: skip
    fake = [r for r in recs if r.synthetic]
    held = {(m, f): 0.0 for m in models for f in floors}
    for title in sorted({r.item.title for r in real}):
        test = [r for r in real if r.item.title == title]
        rw, aws = fit_all([r for r in recs if r.item.title != title])
        for m, aw in aws.items():
            p, ch = scores(test, rw, aw)
            for f in floors:
                held[m, f] += accuracy(test, p, ch, f) * len(test)
    for m, ans_w in models.items():
        p_in, ch_in = scores(real, rank_w, ans_w)
        p_fake, _ = scores(fake, rank_w, ans_w) if fake else ([], [])
        for f in floors:
            refused = sum(pi < f for pi in p_fake) / max(len(fake), 1)
            print(f"{m} floor {f:g}: SQuAD accuracy in-sample "
                  f"{accuracy(real, p_in, ch_in, f):.3f}, leave-one-article-out (weights refit "
                  f"per article) {held[m, f] / len(real):.3f}; synthetic off-article questions "
                  f"refused {refused:.3f}")  # fmt: skip


# --- gradient-boosted trees (bench only: the runtime scores the export with forest.py) ---

TREE_PARAMS: dict[str, Any] = {
    "objective": "binary",
    "num_leaves": 4,
    "max_depth": 2,
    "learning_rate": 0.05,
    "min_sum_hessian_in_leaf": 20.0,
    "lambda_l2": 10.0,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "monotone_constraints_method": "advanced",
    "verbosity": -1,
    "num_threads": 2,
    "seed": 7,
    "deterministic": True,
}


def tree_features(signs: dict[str, int]) -> tuple[str, ...]:
    """The features a tree model may split on: those with a sign; a feature pinned at 0
    (the question's form, a source's granularity; see answerability.ANSWER_SIGNS) stays out."""
    return tuple(n for n in ANSWER_FEATURES if signs.get(n, 0) != 0)


def fit_forest(
    x: Any,
    y: Any,
    w: Any,
    signs: dict[str, int],
    rounds: int = 60,
    params: dict[str, Any] | None = None,
) -> Any:
    """Gradient-boosted trees (LightGBM) on the full ANSWER_FEATURES matrix `x`, splitting
    only on `tree_features(signs)`, each monotone in its sign's direction (a feature that
    may only lower answerability lowers it in every tree). Returns the lightgbm Booster."""
    import lightgbm as lgb
    import numpy as np

    names = tree_features(signs)
    cols = [ANSWER_FEATURES.index(n) for n in names]
    data = lgb.Dataset(
        np.asarray(x)[:, cols], label=y, weight=w, feature_name=list(names), free_raw_data=False
    )
    p = {**TREE_PARAMS, **(params or {}), "monotone_constraints": [signs[n] for n in names]}
    return lgb.train(p, data, num_boost_round=rounds)


def forest_predict(booster: Any, x: Any) -> Any:
    """LightGBM's own probabilities for rows of the full ANSWER_FEATURES matrix `x`."""
    import numpy as np

    cols = [ANSWER_FEATURES.index(n) for n in booster.feature_name()]
    return booster.predict(np.asarray(x)[:, cols])


def export_forest(booster: Any, bias: float = 0.0) -> dict[str, Any]:
    """The booster as forest.py's JSON format: its feature names, `bias` (a shift of the raw
    score, e.g. to move a chosen floor onto DEFAULT_FLOOR) and each tree's splits."""
    dump = booster.dump_model()

    def node(d: dict[str, Any]) -> dict[str, Any]:
        if "leaf_value" in d:
            return {"leaf": round(float(d["leaf_value"]), 9)}
        if d.get("decision_type", "<=") != "<=":
            raise ValueError(f"unsupported split {d.get('decision_type')}")
        return {
            "feature": int(d["split_feature"]),
            "threshold": float(d["threshold"]),
            "default_left": bool(d["default_left"]),
            "missing": str(d.get("missing_type", "None")),
            "left": node(d["left_child"]),
            "right": node(d["right_child"]),
        }

    return {
        "features": list(dump["feature_names"]),
        "bias": round(bias, 9),
        "trees": [node(t["tree_structure"]) for t in dump["tree_info"]],
    }
