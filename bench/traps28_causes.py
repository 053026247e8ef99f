"""`handbook_diagnose.py --causes` for refused tasks of any answerable category, not only
factual: the trap tasks of the dev files and the `fresh-traps.jsonl` part, the yes/no
questions of `fresh-yesno.jsonl` (factual), ... each classified by the same causes (a)-(e).

    python bench/traps28_causes.py /tmp/meas-base49 --category trap \
        evals/handbook5/tasks.jsonl evals/handbook5/fresh-traps.jsonl ...

A trap task passes only when its expected document answers; which of its refusals read that
document (b-e) and which never fetched it (a) is what tells a ranking cause from a retrieval
one (traps28's history section).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
from collections.abc import Callable
from pathlib import Path

import handbook_diagnose


def refused_of(categories: set[str]) -> Callable[[Path, str, str], dict[str, str]]:
    """A `handbook_diagnose.refused_factual` for the given task categories."""

    def refused(run_dir: Path, suite: str, part: str = "dev") -> dict[str, str]:
        out: dict[str, str] = {}
        for line in (run_dir / f"{suite}-{part}.run.jsonl").read_text().splitlines():
            row = json.loads(line)
            if row.get("kind") != "trial" or row.get("category") not in categories:
                continue
            result = row["result"]
            if result.get("kind") == "refusal":
                out[row["task_id"]] = f"{result.get('code')}: {result.get('reason', '')}"
        return out

    return refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("task_file", type=Path, nargs="+")
    parser.add_argument("--category", action="append", default=[])
    parser.add_argument("--k", type=int, default=int(os.environ.get("WIKIQA_SEARCH_K", 5)))
    args = parser.parse_args()
    handbook_diagnose.refused_factual = refused_of(set(args.category or ["factual"]))
    asyncio.run(handbook_diagnose.causes(args.run_dir, args.task_file, args.k))


if __name__ == "__main__":
    main()
