"""Issue 7 item 11: a heavy question must not stall the server's event loop.

A real `wikiqa serve` subprocess on 127.0.0.1 answers two heavy questions at once (each
the first asked of its own `docs:` folder: indexing, the in-memory index build, reading and
sentence-splitting large documents) while /healthz is sampled. The same run with offload off
(WIKIQA_WORKER_THREADS=0, everything on the loop, as before) is the control that shows the
measurement can fail. Judged side by side, since these machines are noisy: with the worker
pool, /healthz p95 is under a fifth of the worst stall the control shows (typically 75-100 ms
against over 1 s). No bar in milliseconds: a bare 100 ms, later 250 ms, bar failed on
busy machines while the code was fine; the ratio is what shows the loop is free.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from server_health import percentile, run

pytestmark = pytest.mark.slow


def test_healthz_stays_fast_while_heavy_questions_run() -> None:
    after = run(threads=2, concurrency=2, files=40, kb=200)
    before = run(threads=0, concurrency=2, files=40, kb=200)
    for figures in (after, before):
        assert figures.answers == ["answer", "answer"]
        assert max(figures.heavy_s) > 0.5, "the load is too light to measure anything"
    p95 = percentile(after.loaded, 0.95)
    print(
        f"/healthz under load: p50 {statistics.median(after.loaded):.1f} ms, p95 {p95:.1f} ms "
        f"({len(after.loaded)} samples); offload off: p95 {percentile(before.loaded, 0.95):.1f} ms"
    )
    assert len(after.loaded) >= 20
    assert max(before.loaded) > 300  # the control: on the loop, the same load stalls /healthz
    assert p95 < max(before.loaded) / 5
