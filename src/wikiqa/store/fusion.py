"""Fusing lexical and dense rankings, and the optional reranker hook.

Both lists arrive already filtered by access control, so fusion and reranking only ever see
chunks the reader may read. Defaults were tuned on SciFact *train* qrels (the only split in
../shared/bench/scifact) with `bench/retrieval.py --tune`; see FUSION_DEFAULTS.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from wikiqa.types import Hit

Ranked = Sequence[tuple[int, float]]  # (chunk id, score), best first


@dataclass(frozen=True)
class FusionConfig:
    """How hybrid mode combines its two lists.

    rrf: score = sum_i w_i / (rrf_k + rank_i), robust to score scales.
    weighted: score = alpha * dense_norm + (1 - alpha) * lexical_norm, each list min-max
    normalised over its candidates (a chunk missing from a list gets 0 for that part).
    """

    method: Literal["rrf", "weighted"] = "rrf"
    rrf_k: float = 60.0
    dense_weight: float = 1.0  # rrf: weight of the dense list (lexical weight is 1)
    alpha: float = 0.5  # weighted: share of the dense score
    depth: int = 100  # candidates taken from each list before fusing


# Tuned on SciFact train qrels, 809 queries (bench/retrieval.py --tune): 87 configs, nDCG@10.
# weighted alpha=0.5 depth=100: 0.7349 in-sample (best 0.7359 at depth 200, not worth 2x
# the candidates); best RRF (k=10, dense weight 0.75): 0.7301; 2-fold CV of the whole
# selection: 0.7328, so the choice is not an in-sample artefact.
FUSION_DEFAULTS = FusionConfig(method="weighted", alpha=0.5, depth=100)


def rrf(
    lexical: Ranked, dense: Ranked, rrf_k: float = 60.0, dense_weight: float = 1.0
) -> list[tuple[int, float]]:
    """Reciprocal-rank fusion of two ranked lists (ranks start at 1)."""
    scores: dict[int, float] = {}
    for weight, ranked in ((1.0, lexical), (dense_weight, dense)):
        for rank, (cid, _) in enumerate(ranked, start=1):
            scores[cid] = scores.get(cid, 0.0) + weight / (rrf_k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def weighted(lexical: Ranked, dense: Ranked, alpha: float = 0.5) -> list[tuple[int, float]]:
    """Convex combination of min-max normalised scores."""
    scores: dict[int, float] = {}
    for weight, ranked in ((1.0 - alpha, lexical), (alpha, dense)):
        if not ranked:
            continue
        values = [s for _, s in ranked]
        lo, hi = min(values), max(values)
        span = hi - lo
        for cid, s in ranked:
            norm = (s - lo) / span if span > 0 else 1.0
            scores[cid] = scores.get(cid, 0.0) + weight * norm
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def fuse(
    lexical: Ranked, dense: Ranked, config: FusionConfig = FUSION_DEFAULTS
) -> list[tuple[int, float]]:
    if config.method == "rrf":
        return rrf(lexical, dense, config.rrf_k, config.dense_weight)
    return weighted(lexical, dense, config.alpha)


@runtime_checkable
class Reranker(Protocol):
    """Reorders (and may cut) the store's best hits, e.g. a cross-encoder. Off by default:
    no reranker ships as a bundled model. It receives only hits the reader may read."""

    def __call__(self, query: str, hits: list[Hit]) -> list[Hit]: ...
