"""A tiny evaluator for a gradient-boosted tree ensemble exported as JSON, in pure Python.

The answerability model may be a few shallow regression trees (fit with LightGBM by
`bench/fit_answerability.py trees`, under the same monotone sign constraints as the linear
model). The runtime must not depend on LightGBM, so the fitter exports the trees to a small
JSON file and this module scores them: the raw score is `bias` plus the leaf value each tree
reaches, and the probability is its logistic.

File format (what `bench/_fit.py export_forest` writes)::

    {"features": ["overlap", ...],          # the names the split indices refer to
     "bias": -0.12,                          # added to the raw score (the floor shift)
     "trees": [node, ...]}                   # node: {"leaf": v} or
                                             #   {"feature": i, "threshold": t,
                                             #    "default_left": bool, "missing": "None"|"NaN"|"Zero",
                                             #    "left": node, "right": node}

A split sends `x <= threshold` left, as LightGBM does for numerical splits; a value LightGBM
counts as missing (NaN, or zero when `missing` is "Zero") follows `default_left`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_ZERO = 1e-35  # LightGBM's kZeroThreshold: |x| under it is zero


@dataclass(frozen=True)
class Split:
    feature: int  # index into the caller's feature vector
    threshold: float
    default_left: bool
    missing: str  # "None", "NaN" or "Zero" (LightGBM's missing_type)
    left: Node
    right: Node


@dataclass(frozen=True)
class Leaf:
    value: float


Node = Split | Leaf


@dataclass(frozen=True)
class Forest:
    """Trees over a feature vector laid out as `features`; `bias` is added to their sum."""

    features: tuple[str, ...]
    bias: float
    trees: tuple[Node, ...]

    def raw(self, x: Sequence[float]) -> float:
        """The ensemble's raw score (log-odds) of feature vector `x`."""
        return self.bias + sum(_leaf(t, x) for t in self.trees)

    def probability(self, x: Sequence[float]) -> float:
        """The logistic of the raw score: a probability in [0, 1]."""
        z = self.raw(x)
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)


def _leaf(node: Node, x: Sequence[float]) -> float:
    while isinstance(node, Split):
        v = x[node.feature]
        if math.isnan(v):
            left = node.default_left if node.missing != "None" else node.threshold >= 0.0
        elif node.missing == "Zero" and abs(v) <= _ZERO:
            left = node.default_left
        else:
            left = v <= node.threshold
        node = node.left if left else node.right
    return node.value


def _node(d: Mapping[str, Any], index: Mapping[str, int], names: Sequence[str]) -> Node:
    if "leaf" in d:
        return Leaf(float(d["leaf"]))
    return Split(
        index[names[int(d["feature"])]],
        float(d["threshold"]),
        bool(d.get("default_left", True)),
        str(d.get("missing", "None")),
        _node(d["left"], index, names),
        _node(d["right"], index, names),
    )


def forest_from_dict(data: Mapping[str, Any], layout: Sequence[str]) -> Forest:
    """A forest whose splits index vectors laid out as `layout` (the model's own feature
    names are mapped onto it, so a model may use a subset in any order)."""
    names = [str(n) for n in data["features"]]
    index = {n: i for i, n in enumerate(layout)}
    unknown = [n for n in names if n not in index]
    if unknown:
        raise ValueError(f"forest uses features not in the layout: {unknown}")
    trees = tuple(_node(t, index, names) for t in data["trees"])
    return Forest(tuple(layout), float(data.get("bias", 0.0)), trees)


def load_forest(path: Path, layout: Sequence[str]) -> Forest:
    """Read a forest exported as JSON (see the module docstring)."""
    return forest_from_dict(json.loads(path.read_text(encoding="utf-8")), layout)
