"""How often does the role reading (`neighbours.audience_hits` / `as_asked`) change an open
task's outcome, and is the change right? Each open task whose base run searched again with the
asker's roles named (a search "QUESTION ROLES" in its run record) is asked once more through
`ask_async` with the role reading switched off (`audience_hits` still runs, so the script can
tell whether it kept a document, but its hits are dropped and the question is read on its own
words), graded as the eval grades without a judge, and compared with the base run's recorded
outcome (the base gives the same outputs as the recorded run).

    PYTHONPATH=src:bench python bench/role_reading.py [--run /tmp/meas-trial70] [--suites ...]
        [--off audience|tiers|both]

`--off tiers` switches off the other half of the role reading instead: a close hit whose
title (or opening sentence) names the asker's role, read as written for them (tier 0 of
`neighbours.prefer_fitting`, `written_for_asker`: put first and read alone), is read as a
general document; every open task whose asker has a role is asked.

Prints one line per task whose outcome changed and a table per battery: tasks with a role
search, tasks where it kept a document, outcome changed, and of those pass->fail / fail->pass
when the role reading is dropped. Only open parts are read (never held-out, aside or blind).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from batteries import DEFAULT_BLIND
from floor_features import open_tasks
from wikiqa.answerers import extractive, neighbours
from wikiqa.evals.grade import grade_trial
from wikiqa.evals.tasks import task_source
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.types import Answer

BLIND = set(DEFAULT_BLIND)
_orig = extractive.audience_hits
_tiers = neighbours._tiers
_kept: list[str] = []  # titles the role reading would have added, this task


def _tiers_off(hits: list[Any], docs: Any, question: str, principal: Any) -> list[int]:
    """`neighbours._tiers` with a guide whose title (or opening) names the asker's role read
    as a general document (tier 1), the asker's own records kept at tier 0."""
    out = _tiers(hits, docs, question, principal)
    for i, (h, t) in enumerate(zip(hits, out, strict=True)):
        if t == 0 and not neighbours._personal(h, docs, question, principal):
            _kept.append(h.title)
            out[i] = 1
    return out


async def _off(*args: Any, **kw: Any) -> list[Any]:
    """The role reading switched off: run it to see what it keeps, then drop it."""
    mine = await _orig(*args, **kw)
    _kept.extend(h.title for h in mine)
    return []


def _open_parts(run: Path, suites: list[str]) -> list[Path]:
    out = []
    for p in sorted(run.glob("*.run.jsonl")):
        suite, _, part = p.name.removesuffix(".run.jsonl").partition("-")
        if suite in BLIND or part == "holdout" or part.endswith("-aside"):
            continue
        if suites and suite not in suites:
            continue
        out.append(p)
    return out


def _role_searched(run: Path, suites: list[str], every: bool) -> dict[str, dict[str, Any]]:
    """Open task id -> its recorded base outcome, for tasks whose run searched with roles
    (`every`: all open tasks)."""
    found: dict[str, dict[str, Any]] = {}
    for p in _open_parts(run, suites):
        rep = json.loads(p.with_name(p.name.replace(".run.jsonl", ".json")).read_text())
        base = {t["task_id"]: t for t in rep["task_results"]}
        for line in p.open():
            r = json.loads(line)
            if r.get("kind") != "trial":
                continue
            q = r["result"]["question"]
            if every:
                t = base[r["task_id"]]
                ok = not any(v == "fail" for v in t["dims"].values())
                found[r["task_id"]] = {"suite": p.name.partition("-")[0], "ok": ok, **t}
                continue
            for e in r["result"]["trace"]:
                m = re.match(r"^[^:]+:[^:]+: [\"'](.*)[\"']$", e.get("detail") or "", re.S)
                if e["kind"] == "search" and m and m.group(1).startswith(q + " "):
                    t = base[r["task_id"]]
                    ok = not any(v == "fail" for v in t["dims"].values())
                    found[r["task_id"]] = {"suite": p.name.partition("-")[0], "ok": ok, **t}
                    break
    return found


def _said(out: str, text: str, cited: list[str]) -> str:
    return f"{out}: {text[:90]!r} {cited}" if out == "answer" else "refused"


async def main(run: Path, suites: list[str], off: str) -> None:
    base = _role_searched(run, suites, every=off != "audience")
    settings = Settings()
    answerer = extractive_answerer(settings)
    if off in ("audience", "both"):
        extractive.audience_hits = _off  # type: ignore[assignment]
    if off in ("tiers", "both"):
        neighbours._tiers = _tiers_off  # type: ignore[assignment]
    table: dict[str, Counter[str]] = {}
    for tf, t, who in open_tasks(set(base)):
        if off != "audience" and not neighbours.audience(who):
            continue  # no role to read the question by
        b = base[t.id]
        _kept.clear()
        source = open_source(task_source(t, tf, None), settings)
        r = await ask_async(t.question, source, settings=settings, answerer=answerer, principal=who)
        await source.aclose()
        g = await grade_trial(t, r.to_dict(), [], None)
        ok = not any(v.status == "fail" for v in g.grades.values())
        if isinstance(r, Answer):
            own = _said("answer", r.text, sorted({c.title for c in r.citations}))
        else:
            own = "refused"
        was = _said(b["output"], b["text"] or "", sorted(set(b["cited"] or [])))
        c = table.setdefault(b["suite"], Counter())
        c["searched"] += 1
        c["kept"] += bool(_kept)
        if own != was:
            c["changed"] += 1
            c[f"{'PASS' if b['ok'] else 'fail'}->{'PASS' if ok else 'fail'}"] += 1
            print(
                f"{t.id}\t{t.category}\twant {'refuse' if t.should_refuse else 'answer'}"
                f"\trole {'PASS' if b['ok'] else 'fail'}\town {'PASS' if ok else 'fail'}"
                f"\n    role: {was}\n    own:  {own}\n    kept: {sorted(set(_kept))}",
                flush=True,
            )
    keys = ["searched", "kept", "changed", "fail->PASS", "PASS->fail", "fail->fail", "PASS->PASS"]
    print("\nsuite\t" + "\t".join(keys))
    total: Counter[str] = Counter()
    for s, c in sorted(table.items()):
        total.update(c)
        print(s + "\t" + "\t".join(str(c[k]) for k in keys))
    print("all\t" + "\t".join(str(total[k]) for k in keys))


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--run", type=Path, default=Path("/tmp/meas-trial70"))
    p.add_argument("--suites", nargs="*", default=[])
    p.add_argument(
        "--off",
        choices=("audience", "tiers", "both", "none"),
        default="audience",
        help="audience: the role-named search and '(as a ROLE)' (audience_hits, as_asked); "
        "tiers: a close guide whose title names the asker's role read first (neighbours._tiers); "
        "none: the tree as it stands, against the recorded run",
    )
    a = p.parse_args()
    asyncio.run(main(a.run, a.suites, a.off))
