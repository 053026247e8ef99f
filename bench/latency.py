"""Latency of `bench/batteries.py` runs side by side: p50, p95 and max of every question's
`usage.latencies_ms` pooled over the part reports of each run directory (nearest-rank
percentiles, as the eval report computes them). Only timings are read, never a question,
so blind and held-out parts can be pooled too. Timings mean something only for runs made
at the same time on the same machine (two processes started together), never across loads.

    python bench/latency.py /tmp/lat-main /tmp/lat-branch
    python bench/latency.py /tmp/lat-main /tmp/lat-branch --by-part
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from wikiqa.evals.report import percentile


def latencies(run: Path) -> dict[str, list[float]]:
    """Each part report's latencies (ms) in a run directory, by report name."""
    out: dict[str, list[float]] = {}
    for report in sorted(run.glob("*.json")):
        try:
            usage = json.loads(report.read_text()).get("usage") or {}
        except (json.JSONDecodeError, AttributeError):
            continue  # a part still running, or not a part report
        values = usage.get("latencies_ms")
        if isinstance(values, list) and values:
            out[report.stem] = [float(v) for v in values]
    return out


def line(label: str, values: list[float]) -> str:
    p50, p95 = percentile(values, 50), percentile(values, 95)
    return f"| {label} | {len(values)} | {p50:.0f} | {p95:.0f} | {max(values):.0f} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", type=Path, nargs="+")
    parser.add_argument("--by-part", action="store_true", help="also each part report")
    args = parser.parse_args()
    print("| run | questions | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    for run in args.runs:
        parts = latencies(run)
        pooled = [v for values in parts.values() for v in values]
        if not pooled:
            print(f"| {run} | 0 | - | - | - |")
            continue
        print(line(str(run), pooled))
        if args.by_part:
            for name, values in parts.items():
                print(line(f"{run.name}/{name}", values))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
