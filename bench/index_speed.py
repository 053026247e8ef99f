"""`wikiqa index` of the same documents by an older tree and by this one, side by side.

    python bench/index_speed.py [--old main] [--suites handbook9 handbook5 collection] [--rounds 3]

Each round indexes each suite's documents (evals/<suite>/docs) once with the code of git ref
`--old` (extracted with `git archive`) and once with this tree, in fresh processes and fresh
homes, alternating which goes first from round to round, so that load on a shared machine
falls on both sides alike. Each run is the real command, `python -m wikiqa.cli.main index
DIR` with the bundled embedder (model load and imports included). Per run: wall seconds,
CPU seconds of the process (user + system, from its rusage: on a loaded machine CPU time
moves far less than wall time), the candidate texts stored with the documents
(`doc_text_vectors`, answerers/stored_texts.py) and the collection file's size.

The table gives, per suite, the medians over the rounds of each side and the ratio new / old
of the medians, and the median of the per-round ratios (each round's two runs ran back to
back). Then the stored texts are compared: every text the new side stores for a document
that the old side stored too must have the very same vector bytes (the answerer takes them
from either store alike).
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEY_BYTES = 16


@dataclass
class Run:
    wall: float
    cpu: float
    texts: int
    size: int
    home: Path


def tree_of(ref: str, into: Path) -> Path:
    """The source tree of git `ref`, extracted under `into`."""
    archive = subprocess.run(
        ["git", "archive", ref, "src"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def index_once(src: Path, docs: Path, home: Path) -> Run:
    """One `wikiqa index` of `docs` into a fresh home with the code under `src`."""
    env = dict(os.environ, PYTHONPATH=str(src), WIKIQA_HOME=str(home))
    env.pop("WIKIQA_RETRIEVAL_MODE", None)  # the default: hybrid, so chunks are embedded
    cmd = [sys.executable, "-m", "wikiqa.cli.main", "index", str(docs), "--collection", "bench"]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    cpu = _child_cpu()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{(out + err).decode()[-2000:]}")
    path = home / "collections" / "bench.sqlite"
    with sqlite3.connect(path) as conn:
        try:
            rows = conn.execute("SELECT keys FROM doc_text_vectors").fetchall()
        except sqlite3.OperationalError:  # a tree from before texts were stored
            rows = []
    texts = sum(len(k) // KEY_BYTES for (k,) in rows)
    return Run(wall, cpu, texts, path.stat().st_size, home)


_LAST_CPU = [0.0]


def _child_cpu() -> float:
    """CPU seconds of the child just reaped (the reaped children's rusage grew by it; one
    child runs at a time)."""
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = now.ru_utime + now.ru_stime
    spent, _LAST_CPU[0] = total - _LAST_CPU[0], total
    return spent


def stored(home: Path) -> dict[tuple[str, bytes], bytes]:
    """(doc id, text key) -> the stored float32 vector bytes."""
    out: dict[tuple[str, bytes], bytes] = {}
    with sqlite3.connect(home / "collections" / "bench.sqlite") as conn:
        try:
            rows = conn.execute(
                "SELECT d.doc_id, v.keys, v.vectors FROM doc_text_vectors v"
                " JOIN documents d ON d.id = v.doc_rowid"
            ).fetchall()
        except sqlite3.OperationalError:  # a tree from before texts were stored
            rows = []
        for doc_id, keys, vectors in rows:
            n = len(keys) // KEY_BYTES
            width = len(vectors) // n if n else 0
            for i in range(n):
                key = bytes(keys[i * KEY_BYTES : (i + 1) * KEY_BYTES])
                out[(doc_id, key)] = bytes(vectors[i * width : (i + 1) * width])
    return out


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", default="main", help="git ref of the old side (default: main)")
    ap.add_argument("--suites", nargs="+", default=["handbook9", "handbook5", "collection"])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="index-speed-"))
    sides = {"old": tree_of(args.old, work / "old"), "new": ROOT / "src"}
    print(f"old: {args.old}; new: this tree; {args.rounds} rounds, order alternating; "
          f"load average at start {os.getloadavg()[0]:.1f}\n", flush=True)  # fmt: skip
    results: dict[tuple[str, str], list[Run]] = {}
    for rnd in range(args.rounds):
        order = ["old", "new"] if rnd % 2 == 0 else ["new", "old"]
        for suite in args.suites:
            for side in order:
                home = work / f"{suite}-{side}-{rnd}"
                run = index_once(sides[side], ROOT / "evals" / suite / "docs", home)
                results.setdefault((suite, side), []).append(run)
                print(f"  round {rnd + 1} {suite} {side}: wall {run.wall:.1f} s, "
                      f"cpu {run.cpu:.1f} s, {run.texts} texts", file=sys.stderr, flush=True)  # fmt: skip
    print("| suite | side | wall s (median) | CPU s (median) | texts stored | file MB |")
    print("|---|---|---|---|---|---|")
    for suite in args.suites:
        for side in ("old", "new"):
            runs = results[(suite, side)]
            print(f"| {suite} | {side} | {median([r.wall for r in runs]):.1f} | "
                  f"{median([r.cpu for r in runs]):.1f} | {runs[0].texts:,} | "
                  f"{runs[0].size / 1e6:.1f} |")  # fmt: skip
    print("\n| suite | wall new/old (of medians) | CPU new/old (of medians) | "
          "median per-round CPU ratio | per-round CPU ratios | texts new/old |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    same = True
    for suite in args.suites:
        old, new = results[(suite, "old")], results[(suite, "new")]
        ratios = [n.cpu / o.cpu for o, n in zip(old, new, strict=True)]
        print(f"| {suite} | {median([r.wall for r in new]) / median([r.wall for r in old]):.2f} | "
              f"{median([r.cpu for r in new]) / median([r.cpu for r in old]):.2f} | "
              f"{median(ratios):.2f} | {', '.join(f'{r:.2f}' for r in ratios)} | "
              f"{new[0].texts / max(1, old[0].texts):.2f} |")  # fmt: skip
        a, b = stored(old[0].home), stored(new[0].home)
        shared = a.keys() & b.keys()
        differ = sum(a[k] != b[k] for k in shared)
        same = same and differ == 0
        print(f"|   | stored texts: old {len(a):,}, new {len(b):,}, both {len(shared):,}, "
              f"vectors differing among both: {differ} | | | | |")  # fmt: skip
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
