"""Where does the expected document and its answering line stand? One row per answerable task.

For each answerable factual or trap task of the given task files (dev parts only), over the
same collection source and principal the eval uses: the rank of the first chunk of an
expected document in the top 20 search hits (None: not there), whether it is in the top k
the answerer reads, and the rank of the answering line (a candidate holding one of the
reference points, case-insensitive) among the answerer's first-pass candidates over the
top k hits. Totals per file: recall@k, recall@20, answering line first / in the top 3.

    python bench/reach_recall.py evals/handbook7/tasks.jsonl evals/handbook6/tasks.jsonl [--k 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
from pathlib import Path

from handbook_diagnose import first_passes


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("*", "").split())


async def measure(path: Path, k: int, rows: list[dict[str, object]]) -> None:
    async for read in first_passes(path, k, lambda t: t.category in ("factual", "trap")):
        task, wide, ev = read.task, read.wide, read.evidence
        names = set(task.expected_sources)
        pos = next((i for i, h in enumerate(wide) if names & {h.doc_id, h.title}), None)
        refs = [_norm(r) for r in task.reference_answer]
        line = None
        if ev is not None:
            line = next(
                (i for i, c in enumerate(ev.ranked)
                 if names & {c.doc.doc_id, c.doc.title} and any(r in _norm(c.text) for r in refs)),
                None,
            )  # fmt: skip
        win = ev.ranked[0].passage_rank if ev is not None and ev.ranked else None
        right = ev.ranked[line].passage_rank if ev is not None and line is not None else None
        rows.append({"suite": path.parent.name, "id": task.id, "doc": pos, "line": line,
                     "win_hit": win, "line_hit": right,
                     "ms": round(1000 * read.seconds)})  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", type=Path, nargs="+")
    parser.add_argument("--k", type=int, default=int(os.environ.get("WIKIQA_SEARCH_K", 5)))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows: list[dict[str, object]] = []
    for path in args.suites:
        asyncio.run(measure(path, args.k, rows))
    for suite in dict.fromkeys(str(r["suite"]) for r in rows):
        mine = [r for r in rows if r["suite"] == suite]
        docs = [r["doc"] for r in mine]
        lines = [r["line"] for r in mine]
        print(
            f"{suite}: n={len(mine)} doc@{args.k} {sum(d is not None and d < args.k for d in docs)}"  # type: ignore[operator]
            f" doc@20 {sum(d is not None for d in docs)}"
            f" line@1 {sum(x == 0 for x in lines)} line@3 {sum(x is not None and x < 3 for x in lines)}"  # type: ignore[operator]
            f" line-any {sum(x is not None for x in lines)}"
        )
    if args.out:
        args.out.write_text("\n".join(json.dumps(r) for r in rows) + "\n")


if __name__ == "__main__":
    main()
