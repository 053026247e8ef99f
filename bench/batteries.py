"""Every handbook battery, dev and held-out parts, in one table; optionally beside an earlier run.

Each part runs through `wikiqa eval run --no-judge --json` (the real `ask()` path with the
keyless extractive answerer) in its own process, two suites at a time by default so both cores
work; the suites' indexes live in a fresh home per suite under `--out`, so nothing is shared
between parallel runs and nothing touches the user's home. The table shows, per part, tasks
passed (no code-graded dimension failed), the permission and unanswerable counts a change must
hold, forbidden-document leaks, and latency p95.

`--compare DIR` (an earlier `--out`) adds the earlier totals beside each part and lists the dev
tasks whose pass/fail changed. Held-out parts and the suites named by `--blind` show totals only,
never their questions, so comparing does not turn a held-out part into a tuned one.

    python bench/batteries.py --out /tmp/run-a                       # main
    python bench/batteries.py --out /tmp/run-b --compare /tmp/run-a  # after a change
    python bench/batteries.py --suites handbook5 handbook10 --parts dev --out /tmp/run-c

Two more parts, `fresh` and `fresh-aside`, run the two-document questions written apart from the
batteries (`fresh-hops.jsonl` and `fresh-hops-aside.jsonl` beside a battery's tasks.jsonl, over
the same documents and principals); a battery without the file has no such part. Changed tasks
are listed for `fresh` as for dev; `fresh-aside` is kept aside like a held-out part.

    python bench/batteries.py --parts fresh fresh-aside --out /tmp/run-d --compare /tmp/run-c

`fresh2` and `fresh2-aside` are a second such set (`fresh-hops2.jsonl`, `fresh-hops2-aside.jsonl`),
written in round hops15 before any of them was run; `fresh2-aside` is kept aside the same way.
`fresh3` and `fresh3-aside` are a third (`fresh-hops3.jsonl`, `fresh-hops3-aside.jsonl`, handbook5, 8
and 9 only), written in round hops21 before any was run, in shapes not seen failing, with
permission and unanswerable two-document-looking questions among them.
`fresh4` and `fresh4-aside` are a fourth (`fresh-hops4.jsonl`, `fresh-hops4-aside.jsonl`), and
`fresh5` and `fresh5-aside` a fifth (`fresh-hops5.jsonl`, `fresh-hops5-aside.jsonl`, round hops26:
a bridge through a role, a place, a date, a document's title or a table value, a compare question,
a first hop that is a list item or a table row), each written before any of it was run.
Two more, `refuse` and `refuse-aside`, run the must-refuse questions written apart from the
batteries (`fresh-refuse.jsonl` and `fresh-refuse-aside.jsonl`: unanswerable questions whose topic
the documents touch without answering, and traps whose wrong neighbour is a superseded edition);
`refuse` is listed like dev, `refuse-aside` kept aside. `refuse2` and `refuse2-aside` are a second
such set (`fresh-refuse2.jsonl`, `fresh-refuse2-aside.jsonl`, round refuse22: a sibling row, another
period or group, a thing never mentioned), written before any of them was run. `refuse3` and
`refuse3-aside` are a third (`fresh-refuse3.jsonl`, `fresh-refuse3-aside.jsonl`, round refuse3w: a
situation told, then "what do I do", where a document rules only on a neighbouring case); `refuse3`
is floor27's questions kept after checking, the aside ones were written before any of them was run.
Likewise `facts` and `facts-aside` run the factual questions written apart from the batteries
(`fresh-facts.jsonl`, `fresh-facts-aside.jsonl`: everyday wording, a situation before the ask);
`facts` is listed like dev, `facts-aside` kept aside.
And `yesno` and `yesno-aside` run the answerable yes/no questions written apart from the batteries
(`fresh-yesno.jsonl`, `fresh-yesno-aside.jsonl`: "do I get / is there / does it cover X" with the
thing said in other words than the document's); `yesno` is listed like dev, `yesno-aside` kept
aside.
And `traps` and `traps-aside` run trap questions written apart from the batteries
(`fresh-traps.jsonl`, `fresh-traps-aside.jsonl`, round trap19: a sibling document for another
office, site, line or kind of worker holds a plausible wrong answer); `traps` is listed like dev,
`traps-aside` kept aside.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVALS = ROOT / "evals"
DEFAULT_BLIND = ("handbook11", "handbook12", "handbook13", "handbook28")
WATCHED = ("permission", "unanswerable")
# part -> (task file beside the battery's tasks.jsonl, read with --holdout)
PARTS = {
    "dev": ("tasks.jsonl", False),
    "holdout": ("tasks.jsonl", True),
    "fresh": ("fresh-hops.jsonl", False),
    "fresh-aside": ("fresh-hops-aside.jsonl", False),
    "fresh2": ("fresh-hops2.jsonl", False),
    "fresh2-aside": ("fresh-hops2-aside.jsonl", False),
    "fresh3": ("fresh-hops3.jsonl", False),
    "fresh3-aside": ("fresh-hops3-aside.jsonl", False),
    "fresh4": ("fresh-hops4.jsonl", False),
    "fresh4-aside": ("fresh-hops4-aside.jsonl", False),
    "fresh5": ("fresh-hops5.jsonl", False),
    "fresh5-aside": ("fresh-hops5-aside.jsonl", False),
    "refuse": ("fresh-refuse.jsonl", False),
    "refuse-aside": ("fresh-refuse-aside.jsonl", False),
    "refuse2": ("fresh-refuse2.jsonl", False),
    "refuse2-aside": ("fresh-refuse2-aside.jsonl", False),
    "refuse3": ("fresh-refuse3.jsonl", False),
    "refuse3-aside": ("fresh-refuse3-aside.jsonl", False),
    "facts": ("fresh-facts.jsonl", False),
    "facts-aside": ("fresh-facts-aside.jsonl", False),
    "yesno": ("fresh-yesno.jsonl", False),
    "yesno-aside": ("fresh-yesno-aside.jsonl", False),
    "traps": ("fresh-traps.jsonl", False),
    "traps-aside": ("fresh-traps-aside.jsonl", False),
}
LISTED = (
    "dev",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
    "refuse",
    "refuse2",
    "refuse3",
    "facts",
    "yesno",
    "traps",
)  # parts whose changed tasks are listed by id


def battery_names() -> list[str]:
    """Suites with their own documents and a held-out part: the access-controlled batteries."""
    found = [
        d.name
        for d in EVALS.iterdir()
        if (d / "tasks.jsonl").is_file()
        and (d / "holdout.jsonl").is_file()
        and (d / "docs").is_dir()
    ]
    return sorted(found, key=lambda n: (n != "collection", len(n), n))


@dataclass(frozen=True)
class PartScore:
    """What one part of one battery scored."""

    passed: int
    total: int
    by_category: dict[str, tuple[int, int]]
    leaks: int
    p95_ms: float | None
    outcomes: dict[str, bool]


def score(report_path: Path) -> PartScore:
    """Pass counts from a `--json` report: a task passes when no graded dimension failed."""
    report = json.loads(report_path.read_text())
    passed: Counter[str] = Counter()
    total: Counter[str] = Counter()
    outcomes: dict[str, bool] = {}
    for task in report["task_results"]:
        ok = not any(v == "fail" for v in task["dims"].values())
        outcomes[task["task_id"]] = ok
        total[task["category"]] += 1
        passed[task["category"]] += ok
    return PartScore(
        passed=sum(passed.values()),
        total=sum(total.values()),
        by_category={c: (passed[c], n) for c, n in total.items()},
        leaks=int(report.get("forbidden_violations", 0) or 0),
        p95_ms=report.get("usage", {}).get("latency_ms_p95"),
        outcomes=outcomes,
    )


def run_suite(suite: str, parts: list[str], out: Path) -> list[str]:
    """Run the named parts of one suite in sequence (they share its index); return any errors."""
    wikiqa = Path(sys.executable).with_name("wikiqa")
    env = suite_env(suite, out)
    errors = []
    for part in parts:
        report = out / f"{suite}-{part}.json"
        name, holdout = PARTS[part]
        if not (EVALS / suite / name).is_file():
            continue
        command = [str(wikiqa), "eval", "run", "--suite", str(EVALS / suite / name)]
        command += ["--holdout"] if holdout else []
        command += ["--no-judge", "--json", "--run-file", str(out / f"{suite}-{part}.run.jsonl")]
        error = run_part(command, report, env, f"{suite} {part}")
        if error is not None:
            errors.append(error)
    return errors


def suite_env(suite: str, out: Path) -> dict[str, str]:
    """The environment a suite's parts run in: this tree's code, the keyless answerer, and a
    home of the suite's own under `out` (its index shared by its parts, by nothing else)."""
    return dict(
        os.environ,
        PYTHONPATH=str(ROOT / "src"),
        WIKIQA_ANSWERER="extractive",
        WIKIQA_HOME=str(out / f"home-{suite}"),
    )


def run_part(command: list[str], report: Path, env: dict[str, str], label: str) -> str | None:
    """Run one part's `eval run` with its JSON report written to `report`; on failure the
    half-written report is removed (a table never counts a partial run) and the error returned."""
    with report.open("w") as stdout:
        done = subprocess.run(
            command, cwd=ROOT, env=env, stdout=stdout, stderr=subprocess.PIPE, text=True
        )
    print(f"  {label} done", file=sys.stderr, flush=True)
    if done.returncode != 0:
        report.unlink(missing_ok=True)
        return f"{label}: exit {done.returncode}: {done.stderr.strip()[-400:]}"
    return None


def cell(now: PartScore | None, before: PartScore | None) -> str:
    if now is None:
        return "missing"
    text = f"{now.passed}/{now.total}"
    if before is not None and before.passed != now.passed:
        text += f" (was {before.passed})"
    return text


def watched(now: PartScore | None, before: PartScore | None) -> str:
    if now is None:
        return ""
    shown = []
    for category in WATCHED:
        if category not in now.by_category:
            continue
        got, n = now.by_category[category]
        text = f"{category[:4]} {got}/{n}"
        if before is not None and before.by_category.get(category, (got, n))[0] != got:
            text += f" (was {before.by_category[category][0]})"
        shown.append(text)
    return ", ".join(shown)


def load(directory: Path | None, suite: str, part: str) -> PartScore | None:
    if directory is None:
        return None
    path = directory / f"{suite}-{part}.json"
    return score(path) if path.is_file() and path.stat().st_size else None


def table(
    suites: list[str], parts: list[str], out: Path, compare: Path | None, blind: set[str]
) -> str:
    lines = [
        "| battery | part | passed | permission, unanswerable | leaks | p95 ms |",
        "|---|---|---|---|---|---|",
    ]
    changed: list[str] = []
    sums: dict[str, list[int]] = {}
    for suite in suites:
        for part in parts:
            now, before = load(out, suite, part), load(compare, suite, part)
            if now is None and before is None and not (EVALS / suite / PARTS[part][0]).is_file():
                continue
            p95 = f"{now.p95_ms:.0f}" if now and now.p95_ms is not None else ""
            leaks = str(now.leaks) if now else ""
            label = f"{suite} (blind)" if suite in blind else suite
            lines.append(
                f"| {label} | {part} | {cell(now, before)} | {watched(now, before)} | {leaks} | {p95} |"
            )
            if now is not None:
                kind = "blind" if suite in blind else part
                total = sums.setdefault(kind, [0, 0, 0])
                total[0] += now.passed
                total[1] += now.total
                total[2] += before.passed if before else 0
            if now and before and part in LISTED and suite not in blind:
                for task_id, ok in sorted(now.outcomes.items()):
                    if task_id in before.outcomes and before.outcomes[task_id] != ok:
                        changed.append(f"{task_id}: {'fail -> pass' if ok else 'pass -> fail'}")
    for kind, (got, n, was) in sums.items():
        suffix = f" (was {was})" if compare is not None else ""
        lines.append(f"| all {kind} parts |  | {got}/{n}{suffix} |  |  |  |")
    if changed:
        lines += ["", "Dev tasks changed:", *(f"- {c}" for c in changed)]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--suites", nargs="*", help="battery names under evals/ (default: all)")
    parser.add_argument("--parts", nargs="*", default=["dev", "holdout"], choices=list(PARTS))
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        help="directory for reports (parts run again are overwritten)",
    )
    parser.add_argument("--compare", type=Path, help="an earlier --out to show beside this run")
    parser.add_argument(
        "--blind", nargs="*", default=list(DEFAULT_BLIND), help="suites shown as totals only"
    )
    parser.add_argument(
        "--jobs", type=int, default=2, help="suites run at once (default 2: both cores)"
    )
    parser.add_argument(
        "--table-only", action="store_true", help="print the table of --out without running"
    )
    args = parser.parse_args()

    suites = args.suites or battery_names()
    unknown = [s for s in suites if not (EVALS / s / "tasks.jsonl").is_file()]
    if unknown:
        parser.error(f"no such battery under {EVALS}: {', '.join(unknown)}")
    if args.compare is not None and not args.compare.is_dir():
        parser.error(f"--compare {args.compare} is not a directory")
    args.out.mkdir(parents=True, exist_ok=True)

    if not args.table_only:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            errors = [
                e
                for found in pool.map(lambda s: run_suite(s, args.parts, args.out), suites)
                for e in found
            ]
        for error in errors:
            print(error, file=sys.stderr)
    print(table(suites, args.parts, args.out, args.compare, set(args.blind or [])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
