"""Which answered open trials of a `batteries.py --out` run ask a kind of thing the answer never says.

`kinds.asked_kind` reads a finer kind than the question word ("What time ...": a clock time,
"How often ...": a frequency, "what's the number ...": a phone number); the ranker prefers a
line that says it (`extractive.fit_level`, LOOSE after FITS) but never requires it. This lists,
from the run files alone (no question is asked again), each answered trial of the open parts
(no held-out, kept-aside or blind file is read) whose question asks a kind, whether its cited
claims say that kind (`kinds.says_kind`), whether the trial passed, and whether it should have
been refused: the count a gate "an answer says the kind asked" would refuse, on both sides.

    PYTHONPATH=src python bench/kind_said.py /tmp/meas-integ50
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from batteries import DEFAULT_BLIND
from wikiqa.answerers.kinds import asked_kind, says_kind

_BLIND = set(DEFAULT_BLIND)


def open_runs(base: Path) -> list[Path]:
    """The open parts' run files of `base` (no held-out, kept-aside or blind suite)."""
    out = []
    for p in sorted(base.glob("*.run.jsonl")):
        suite, part = p.name.removesuffix(".run.jsonl").split("-", 1)
        if suite not in _BLIND and part != "holdout" and not part.endswith("-aside"):
            out.append(p)
    return out


def scan(run: Path) -> list[str]:
    """One line per answered trial of `run` whose question asks a kind."""
    scored = json.loads(run.with_name(run.name.removesuffix(".run.jsonl") + ".json").read_text())
    passed = {
        t["task_id"]: not any(v == "fail" for v in t["dims"].values())
        for t in scored["task_results"]
    }
    refuse: dict[str, bool] = {}
    lines = []
    for raw in run.read_text().splitlines():
        d = json.loads(raw)
        if d.get("kind") == "header":
            refuse = {t["id"]: t["should_refuse"] for t in d["tasks"]}
            continue
        r = d["result"]
        kind = asked_kind(r["question"])
        if r.get("kind") != "answer" or kind is None:
            continue
        text = " ".join(c["text"] for c in r.get("claims", []))
        said = "SAYS" if says_kind(kind, text) else "NOT "
        ok = "pass" if passed[d["task_id"]] else "FAIL"
        lines.append(
            f"{said} {kind:9} {ok} refuse={refuse[d['task_id']]!s:5} {d['task_id']:14} "
            f"{r['question'][:70]!r} -> {text[:90]!r}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path, help="a batteries.py --out directory")
    args = parser.parse_args()
    for p in open_runs(args.run):
        for line in scan(p):
            print(line)


if __name__ == "__main__":
    main()
