"""Work per question from `bench/batteries.py` run files: searches and fetches each task's
trace records, the searches that repeat an earlier one of the same task, and latency.

Counts are deterministic (the same code and collection give the same trace), so two runs
compare exactly where their timings do not; latency is shown beside them for what it is
worth on a shared machine. Only counts and task ids are read, never a question or answer,
so blind parts can be shown too.

    python bench/work_counts.py /tmp/meas-before /tmp/meas-after
    python bench/work_counts.py /tmp/meas-before /tmp/meas-after --parts dev --top 5
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Work:
    """One task's recorded work."""

    searches: int
    repeated: int  # searches whose (query) an earlier search of the same task already ran
    fetches: int
    latency_ms: float


def part_work(run_file: Path) -> dict[str, Work]:
    """Each task's work in one run file (`<suite>-<part>.run.jsonl`), by task id."""
    out: dict[str, Work] = {}
    for line in run_file.read_text().splitlines():
        record = json.loads(line)
        if record.get("kind") == "header" or "latency_ms" not in record:
            continue
        trace = (record.get("result") or {}).get("trace") or []
        queries = Counter(e.get("detail") for e in trace if e.get("kind") == "search")
        out[record["task_id"]] = Work(
            searches=sum(queries.values()),
            repeated=sum(n - 1 for n in queries.values()),
            fetches=sum(1 for e in trace if e.get("kind") == "fetch"),
            latency_ms=float(record.get("latency_ms") or 0.0),
        )
    return out


def p95(values: list[float]) -> float:
    """The nearest-rank 95th percentile (the eval report's definition)."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)] if ordered else 0.0


def summary(work: dict[str, Work]) -> str:
    w = list(work.values())
    lat = [x.latency_ms for x in w]
    return (
        f"{sum(x.searches for x in w)} / {sum(x.repeated for x in w)} / "
        f"{sum(x.fetches for x in w)} | {statistics.median(lat):.0f} / {p95(lat):.0f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--parts", nargs="*", default=["dev", "holdout"])
    parser.add_argument("--top", type=int, default=0, help="also list the N slowest tasks")
    args = parser.parse_args()
    print("| part | before: searches / repeated / fetches, p50 / p95 ms | after | same counts |")
    print("|---|---|---|---|")
    for run in sorted(args.after.glob("*.run.jsonl")):
        part = run.name.removesuffix(".run.jsonl")
        if part.rsplit("-", 1)[-1] not in args.parts:
            continue
        earlier = args.before / run.name
        after = part_work(run)
        before = part_work(earlier) if earlier.is_file() else {}
        fewer = sum(
            1
            for t, w in after.items()
            if t in before and (w.searches, w.fetches) != (before[t].searches, before[t].fetches)
        )
        print(f"| {part} | {summary(before) if before else ''} | {summary(after)} | "
              f"{len(after) - fewer} of {len(after)} |")  # fmt: skip
        for task, w in sorted(after.items(), key=lambda kv: -kv[1].latency_ms)[: args.top]:
            b = before.get(task)
            was = f"{b.searches}/{b.repeated}/{b.fetches} {b.latency_ms:.0f} ms" if b else ""
            print(f"|   {task} | {was} | {w.searches}/{w.repeated}/{w.fetches} "
                  f"{w.latency_ms:.0f} ms | |")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
