"""What holds a right, first-ranked line under the floor? Answerability features by class.

`record` asks every task of the open task files (the dev `tasks.jsonl` and the fresh files of
collection and handbook2-10, never `-aside` or `holdout.jsonl`) through the answerer's first
pass (handbook_diagnose.first_passes' reading: the eval's source and principal, the top k
hits, `ExtractiveAnswerer.assess`) and writes one JSON line per task: its category, whether
it must be refused, the first-ranked line (kind, text, heading context, lead-in), whether
that line answers it (`handbook_diagnose.answers`) and its `features.ANSWER_FEATURES`.

`compare` reads such a file and prints, for the answering lines under the floor (POS_low)
against the first-ranked lines of must-refuse tasks in the same score band (NEG), each
feature's mean and the AUC with which it tells the two apart beyond the score, and, for the
tasks a baseline run still refuses, the weighted features that hold each line down most
against the mean of the answering lines over the floor.

    python bench/floor_features.py record OUT.jsonl [--k 5]
    python bench/floor_features.py compare OUT.jsonl [--band 0.15 0.35] [--run RUN_DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
from collections.abc import Collection, Iterator
from pathlib import Path

from handbook_diagnose import _doc_matches, answers, line_kind
from wikiqa.answerers.answerability import SEMANTIC_ANSWER_WEIGHTS
from wikiqa.answerers.features import ANSWER_FEATURES, analyse
from wikiqa.evals.tasks import (
    Task,
    TaskFile,
    default_principals_file,
    load_principals,
    load_tasks,
    task_source,
)
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.sources.search_query import respelled
from wikiqa.types import Principal

EVALS = Path(__file__).resolve().parent.parent / "evals"
OPEN_SUITES = ["collection", *(f"handbook{i}" for i in range(2, 11))]
OPEN_PARTS = ("dev", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "refuse", "refuse2",
              "refuse3", "facts", "yesno", "traps")  # fmt: skip
FLOOR = 0.35


def open_files(suites: list[str] = OPEN_SUITES) -> list[Path]:
    """The open task files: each open suite's dev tasks and fresh files, no `-aside`."""
    out = []
    for suite in suites:
        for f in sorted((EVALS / suite).glob("*.jsonl")):
            if f.name == "tasks.jsonl" or (f.name.startswith("fresh-") and "aside" not in f.name):
                out.append(f)
    return out


def open_tasks(ids: Collection[str]) -> Iterator[tuple[TaskFile, Task, Principal | None]]:
    """Each open task whose id is in `ids` (the open batteries' files and handbook14's,
    handbook15's, ..., handbook27's dev tasks), with its file and its asker."""
    later = [f"handbook{n}" for n in range(14, 28)]
    for path in open_files([*OPEN_SUITES, *later]):
        tf = load_tasks(path)
        pf = default_principals_file(tf)
        who = load_principals(pf) if pf else {}
        for t in tf.tasks:
            if t.id in ids:
                yield tf, t, who.get(t.principal or "")


async def record(out: Path, k: int) -> None:
    settings = Settings()
    answerer = extractive_answerer(settings)
    with out.open("w") as fh:
        for path in open_files():
            tf = load_tasks(path)
            pf = default_principals_file(tf)
            principals = load_principals(pf) if pf else {}
            sources = {}
            for task in tf.tasks:
                spec = task_source(task, tf, None)
                if spec not in sources:
                    sources[spec] = open_source(spec, settings)
                source = sources[spec]
                who = principals.get(task.principal) if task.principal else None
                hits = (await source.search(task.question, k=20, principal=who))[:k]
                docs = {}
                for h in hits:
                    if h.doc_id not in docs:
                        docs[h.doc_id] = await source.fetch(h.doc_id, principal=who)
                ev = answerer.assess(analyse(respelled(task.question, hits)), hits, docs)
                row = {"id": task.id, "file": str(path.relative_to(EVALS)),
                       "cat": task.category, "refuse": task.should_refuse, "q": task.question}  # fmt: skip
                if ev is not None and ev.ranked:
                    top = ev.ranked[0]
                    names = list(task.expected_sources)
                    row |= {
                        "score": ev.score,
                        "feats": dict(zip(ANSWER_FEATURES, ev.features, strict=True)),
                        "kind": line_kind(top),
                        "text": top.text[:200],
                        "context": top.context,
                        "lead": top.lead.text if top.lead else None,
                        "right_doc": _doc_matches(top.doc.doc_id, top.doc.title, names),
                        "answering": not task.should_refuse
                        and answers(top, names, task.reference_points),
                    }
                fh.write(json.dumps(row) + "\n")
            for s in sources.values():
                await s.aclose()


def passed(run_dir: Path) -> dict[str, bool]:
    """Open tasks of a batteries run (its open parts' run files only) and whether each passed."""
    out: dict[str, bool] = {}
    for suite in OPEN_SUITES:
        for part in OPEN_PARTS:
            path = run_dir / f"{suite}-{part}.run.jsonl"
            if not path.is_file():
                continue
            for line in path.read_text().splitlines():
                row = json.loads(line)
                if row.get("kind") == "trial":
                    grades = row["grades"].values()
                    out[row["task_id"]] = all(g["status"] in ("pass", "not_graded") for g in grades)
    return out


def _auc(pos: list[float], neg: list[float]) -> float:
    if not pos or not neg:
        return 0.5
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def compare(path: Path, band: tuple[float, float], run: Path | None) -> None:
    rows = [r for r in map(json.loads, path.read_text().splitlines()) if "score" in r]
    lo, hi = band
    pos = [r for r in rows if not r["refuse"] and r["answering"] and lo <= r["score"] < hi]
    neg = [r for r in rows if r["refuse"] and lo <= r["score"] < hi]
    over = [r for r in rows if not r["refuse"] and r["answering"] and r["score"] >= FLOOR]
    print(f"band {lo}-{hi}: answering lines {len(pos)}, must-refuse first lines {len(neg)}")
    print(f"{'feature':18s} {'weight':>7s} {'POS_low':>8s} {'NEG':>8s} {'AUC':>6s}")
    table = []
    for f in ANSWER_FEATURES:
        p = [r["feats"][f] for r in pos]
        n = [r["feats"][f] for r in neg]
        table.append((_auc(p, n), f, statistics.fmean(p or [0]), statistics.fmean(n or [0])))
    table.append((_auc([r["score"] for r in pos], [r["score"] for r in neg]), "SCORE", 0, 0))
    for auc, f, p_mean, n_mean in sorted(table, reverse=True):
        w = SEMANTIC_ANSWER_WEIGHTS.get(f, 0.0)
        print(f"{f:18s} {w:7.3f} {p_mean:8.3f} {n_mean:8.3f} {auc:6.3f}")
    if run is None:
        return
    ok = passed(run)
    weighted = [f for f, w in SEMANTIC_ANSWER_WEIGHTS.items() if w]
    mean = {f: statistics.fmean(r["feats"][f] for r in over) for f in weighted}
    low = [r for r in rows if not r["refuse"] and r["answering"] and r["score"] < FLOOR]
    print(f"\nanswering lines under the floor: {len(low)}; still refused or failed by the run:")
    for r in low:
        if ok.get(r["id"], True):
            continue
        held = {f: SEMANTIC_ANSWER_WEIGHTS[f] * (r["feats"][f] - mean[f]) for f in weighted}
        worst = sorted(held.items(), key=lambda x: x[1])[:4]
        print(f"{r['id']:14s} {r['score']:.2f} {r['kind']:9s} "
              + " ".join(f"{f}={v:+.2f}" for f, v in worst))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--k", type=int, default=5)
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("records", type=Path)
    cmp_.add_argument("--band", type=float, nargs=2, default=(0.15, FLOOR))
    cmp_.add_argument("--run", type=Path)
    args = parser.parse_args()
    if args.command == "record":
        asyncio.run(record(args.out, args.k))
    else:
        compare(args.records, tuple(args.band), args.run)


if __name__ == "__main__":
    main()
