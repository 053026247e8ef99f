"""Fusing lexical and dense rankings, and the optional reranker hook.

Both lists arrive already filtered by access control, so fusion and reranking only ever see
chunks the reader may read. Fusion is array arithmetic (`fuse_arrays`); the list functions
are the same computation for callers holding (id, score) pairs. Defaults were tuned on SciFact *train* qrels (the only split in
../shared/bench/scifact) with `bench/retrieval.py --tune`; see FUSION_DEFAULTS.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

import numpy as np

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


Arrays = tuple[np.ndarray, np.ndarray]  # (chunk ids int64, scores float64), best first
# chunk ids -> their documents' doc ids (an array of str, same length): the tie-break key
DocKeys = Callable[[np.ndarray], np.ndarray]


def top_k(
    ids: np.ndarray, scores: np.ndarray, k: int, docs: np.ndarray | None = None
) -> np.ndarray:
    """Positions of the k best scores, best first, ties broken by the document key `docs`
    (each candidate's doc id, when given) and then by the smaller chunk id.

    A chunk id says when a chunk was written, so alone it would break a tie between two
    documents by the order they were indexed in; a document's own chunks are written in text
    order at once, so within one document it is their place in the text. With `docs` the
    ranking is the same whatever order the collection was indexed in."""
    n = len(scores)
    if k < n:  # every row tied with the k-th score competes, so ties never depend on layout
        kth = -np.partition(-scores, k - 1)[k - 1]
        part = np.flatnonzero(scores >= kth)
    else:
        part = np.arange(n)
    keys = (ids[part], -scores[part]) if docs is None else (ids[part], docs[part], -scores[part])
    return part[np.lexsort(keys)][:k]


def as_arrays(ranked: Ranked) -> Arrays:
    return (np.fromiter((c for c, _ in ranked), dtype=np.int64, count=len(ranked)),
            np.fromiter((s for _, s in ranked), dtype=np.float64, count=len(ranked)))  # fmt: skip


def as_ranked(arrays: Arrays) -> list[tuple[int, float]]:
    return list(zip(arrays[0].tolist(), arrays[1].tolist(), strict=True))


def fuse_arrays(
    lexical: Arrays,
    dense: Arrays,
    config: FusionConfig = FUSION_DEFAULTS,
    doc_keys: DocKeys | None = None,
) -> Arrays:
    """Fused (ids, scores), best first: one unique + bincount over both candidate lists.
    Ties (a chunk first in one list and absent from the other scores as the other list's
    first does) are broken by the document key `doc_keys` gives each fused chunk id, when
    given, then by chunk id (see top_k)."""
    parts = []
    for i, (ids, scores) in enumerate((lexical, dense)):
        if not len(ids):
            continue
        if config.method == "rrf":
            weight = config.dense_weight if i else 1.0
            parts.append((ids, weight / (config.rrf_k + np.arange(1, len(ids) + 1))))
        else:
            lo, span = scores.min(), scores.max() - scores.min()
            norm = (scores - lo) / span if span > 0 else np.ones(len(scores))
            parts.append((ids, (config.alpha if i else 1.0 - config.alpha) * norm))
    if not parts:
        return np.zeros(0, dtype=np.int64), np.zeros(0)
    uniq, inv = np.unique(np.concatenate([p[0] for p in parts]), return_inverse=True)
    fused = np.bincount(inv, weights=np.concatenate([p[1] for p in parts]))
    if doc_keys is None:
        order = np.lexsort((uniq, -fused))
    else:
        order = np.lexsort((uniq, doc_keys(uniq), -fused))
    return uniq[order], fused[order]


def rrf(
    lexical: Ranked, dense: Ranked, rrf_k: float = 60.0, dense_weight: float = 1.0
) -> list[tuple[int, float]]:
    """Reciprocal-rank fusion of two ranked lists (ranks start at 1)."""
    config = FusionConfig("rrf", rrf_k=rrf_k, dense_weight=dense_weight)
    return as_ranked(fuse_arrays(as_arrays(lexical), as_arrays(dense), config))


def weighted(lexical: Ranked, dense: Ranked, alpha: float = 0.5) -> list[tuple[int, float]]:
    """Convex combination of min-max normalised scores."""
    config = FusionConfig("weighted", alpha=alpha)
    return as_ranked(fuse_arrays(as_arrays(lexical), as_arrays(dense), config))


def fuse(
    lexical: Ranked, dense: Ranked, config: FusionConfig = FUSION_DEFAULTS
) -> list[tuple[int, float]]:
    return as_ranked(fuse_arrays(as_arrays(lexical), as_arrays(dense), config))


@runtime_checkable
class Reranker(Protocol):
    """Reorders (and may cut) the store's best hits, e.g. a cross-encoder. Off by default:
    no reranker ships as a bundled model. It receives only hits the reader may read."""

    def __call__(self, query: str, hits: list[Hit]) -> list[Hit]: ...
