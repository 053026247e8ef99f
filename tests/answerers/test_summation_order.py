"""The ranking and answerability features are the same in every process.

They sum idf weights over sets of words, and a set of strings is iterated in an order that
changes with Python's string hashing from one process to the next (PYTHONHASHSEED), so a
plain sum rounded differently run to run: the same question over the same collection could
score a hair apart, enough to swap two candidates that tie. The sums are exactly rounded
(math.fsum), the same whatever the order. Checked in fresh processes with different seeds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import wikiqa

PROBE = """
from wikiqa.answerers.features import analyse, answer_features, rank_features
q = analyse("Which regional depot manager approves overtime claims for weekend shift drivers?")
idf = {t: 0.1 * (i + 1) + 1e-3 / (i + 3) for i, t in enumerate(q.terms)}
sent = [*list(q.terms)[:5], "other"]
ranked = rank_features(q, sent, set(sent), " ".join(sent), idf, 1.0, 0, True)
said = set(sent[:3])
answered = answer_features(q, ranked, 0.5, 0.1, " ".join(sent), said, said, said, idf, [1.0])
print(repr([*ranked, *answered]))
"""


def test_features_do_not_depend_on_the_order_a_set_is_iterated_in() -> None:
    """On main ee2156a seeds 0 to 5 give several roundings of the overlap share."""
    outputs = set()
    for seed in range(6):
        # the package under test, wherever the test runs from (tests run in a temporary folder)
        src = str(Path(wikiqa.__file__).resolve().parents[1])
        env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": src}
        done = subprocess.run(
            [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1, outputs
