"""Do the batteries' answers depend on the order their documents were indexed in?

Runs the open parts of the tuned batteries through `wikiqa eval run` (the real `ask()` path,
as `bench/batteries.py` does) with each suite's documents indexed in another order than the
sorted walk the indexer uses: reversed, or shuffled with a seed. The store's row ids, the
embedding batches and every tie broken by insertion order then differ; the collection does
not. Each task's output, answer or refusal text and citations are compared with a run in the
usual order (an earlier `bench/batteries.py --out` or `index_order.py --order sorted`), and
every task that differs is listed with both texts.

    python bench/index_order.py --out /tmp/order-rev --order reverse --compare /tmp/meas-main
    python bench/index_order.py --out /tmp/order-s1 --order shuffle:1 --compare /tmp/meas-main \
        --suites handbook6 handbook9 --parts dev facts

Only parts whose tasks may be read are run (held-out, kept-aside and blind parts are not):
the point is to find the places an order changes an answer, task by task.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from batteries import DEFAULT_BLIND, PARTS, run_part, suite_env

ROOT = Path(__file__).resolve().parents[1]
EVALS = ROOT / "evals"

OPEN_PARTS = {part: PARTS[part] for part in ("dev", "fresh", "fresh2", "refuse", "facts", "yesno")}


def ordered(files: list[Path], order: str) -> list[Path]:
    """`files` (the walk's sorted list) in the order named: sorted, reverse or shuffle:SEED."""
    if order == "sorted":
        return list(files)
    if order == "reverse":
        return list(reversed(files))
    if order.startswith("shuffle:"):
        out = list(files)
        random.Random(int(order.split(":", 1)[1])).shuffle(out)
        return out
    raise SystemExit(f"unknown order {order!r}: sorted, reverse or shuffle:SEED")


def child(order: str, argv: list[str]) -> int:
    """Run the wikiqa CLI with the indexer's walk handing files over in `order`."""
    from wikiqa.store import indexer

    walk = indexer.walk

    def walked(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        found = walk(*args, **kwargs)  # type: ignore[arg-type]
        found.files = ordered(found.files, order)
        return found

    indexer.walk = walked  # type: ignore[assignment]
    from wikiqa.cli.main import app

    sys.argv = ["wikiqa", *argv]
    return int(app() or 0)


def run_suite(suite: str, parts: list[str], out: Path, order: str) -> list[str]:
    env = suite_env(suite, out)
    errors = []
    for part in parts:
        name, _ = OPEN_PARTS[part]
        if not (EVALS / suite / name).is_file():
            continue
        report = out / f"{suite}-{part}.json"
        command = [sys.executable, str(Path(__file__).resolve()), "--child", order, "--"]
        command += ["eval", "run", "--suite", str(EVALS / suite / name), "--no-judge", "--json"]
        error = run_part(command, report, env, f"{suite} {part}")
        if error is not None:
            errors.append(error)
    return errors


def tasks(path: Path) -> dict[str, tuple[str, str, str]]:
    if not path.is_file() or not path.stat().st_size:
        return {}
    report = json.loads(path.read_text())
    return {
        t["task_id"]: (str(t["output"]), str(t["text"]), str(t["cited"]))
        for t in report["task_results"]
    }


def compare(suites: list[str], parts: list[str], out: Path, base: Path) -> int:
    differing = 0
    compared = 0
    for suite in suites:
        for part in parts:
            now = tasks(out / f"{suite}-{part}.json")
            before = tasks(base / f"{suite}-{part}.json")
            for task_id in sorted(now.keys() & before.keys()):
                compared += 1
                if now[task_id] != before[task_id]:
                    differing += 1
                    print(f"- {task_id} ({suite} {part})")
                    for label, got in (("usual", before[task_id]), ("this order", now[task_id])):
                        print(f"    {label}: {got[0]}: {got[1][:300]!r} cites {got[2][:300]}")
    print(f"{differing} of {compared} tasks differ from {base}")
    return differing


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        return child(sys.argv[2], sys.argv[4:])
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--order", default="reverse", help="sorted, reverse or shuffle:SEED")
    parser.add_argument("--compare", type=Path, help="a run in the usual order")
    parser.add_argument("--suites", nargs="*")
    parser.add_argument("--parts", nargs="*", default=list(OPEN_PARTS), choices=list(OPEN_PARTS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--compare-only", action="store_true")
    args = parser.parse_args()
    suites = args.suites or sorted(
        d.name
        for d in EVALS.iterdir()
        if (d / "holdout.jsonl").is_file() and (d / "docs").is_dir() and d.name not in DEFAULT_BLIND
    )
    blind = [s for s in suites if s in DEFAULT_BLIND]
    if blind:
        parser.error(f"blind suites are not run task by task: {', '.join(blind)}")
    args.out.mkdir(parents=True, exist_ok=True)
    if not args.compare_only:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            errors = [
                e
                for found in pool.map(
                    lambda s: run_suite(s, args.parts, args.out, args.order), suites
                )
                for e in found
            ]
        for e in errors:
            print(e, file=sys.stderr)
    if args.compare is not None:
        compare(suites, args.parts, args.out, args.compare)
    return 0


if __name__ == "__main__":
    sys.exit(main())
