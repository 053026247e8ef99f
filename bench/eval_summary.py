"""Per-category pass counts of a `wikiqa eval run --no-judge --json` report.

A task passes when none of its code-graded dimensions failed (dimensions a judge would grade
are `not_graded` without one and are ignored): an answer citing an expected document, or a
refusal where one is wanted. Also prints latency p50/p95 and forbidden-document leaks.

    python bench/eval_summary.py report.json [report2.json ...]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path


def summarise(path: Path) -> str:
    report = json.loads(path.read_text())
    passed: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for task in report["task_results"]:
        total[task["category"]] += 1
        if not any(v == "fail" for v in task["dims"].values()):
            passed[task["category"]] += 1
    usage = report["usage"]
    cats = ", ".join(f"{c} {passed[c]}/{n}" for c, n in total.items())
    return (
        f"{path.name}: {sum(passed.values())}/{sum(total.values())} ({cats}); "
        f"p50 {usage['latency_ms_p50']} ms, p95 {usage['latency_ms_p95']} ms; "
        f"forbidden leaks {report['forbidden_violations']}"
    )


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(summarise(Path(arg)))
