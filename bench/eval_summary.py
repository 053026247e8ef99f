"""Per-category pass counts of a `wikiqa eval run --no-judge --json` report.

A task passes when none of its code-graded dimensions failed (dimensions a judge would grade
are `not_graded` without one and are ignored): an answer citing an expected document, or a
refusal where one is wanted. Also prints latency p50/p95 and forbidden-document leaks.

    python bench/eval_summary.py report.json [report2.json ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batteries import score  # one count of passing tasks for both tables


def summarise(path: Path) -> str:
    part = score(path)
    cats = ", ".join(f"{c} {got}/{n}" for c, (got, n) in part.by_category.items())
    usage = json.loads(path.read_text())["usage"]
    return (
        f"{path.name}: {part.passed}/{part.total} ({cats}); "
        f"p50 {usage['latency_ms_p50']} ms, p95 {usage['latency_ms_p95']} ms; "
        f"forbidden leaks {part.leaks}"
    )


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(summarise(Path(arg)))
