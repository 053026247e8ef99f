"""The numbers a run is judged by: per category x per dimension passes/applicable (never
blended), all-dimension passes, fractions, usage, flips and failure buckets; as a dict
(JSON), a terminal table (rich), and a hillclimb comparison of two runs."""

from __future__ import annotations

import statistics
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from wikiqa.evals.aggregate import BUCKETS, TaskVerdict, verdicts
from wikiqa.evals.records import RunHeader, TrialRecord
from wikiqa.evals.tasks import DIMENSIONS, Task

COLUMNS: tuple[str, ...] = (*DIMENSIONS, "access")
SHORT = {"faithfulness": "faithful", "correctness": "correct", "completeness": "complete",
         "attribution": "attrib", "calibration": "calib", "injection": "inject"}  # fmt: skip


def _cell() -> dict[str, int]:
    return {"passes": 0, "applicable": 0, "not_graded": 0, "na": 0}


def _count(cell: dict[str, int], status: str | None) -> None:
    if status is None:
        return
    if status == "na":
        cell["na"] += 1
        return
    cell["applicable"] += 1
    cell["passes"] += status == "pass"
    cell["not_graded"] += status == "not_graded"


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.4999)))
    return ordered[rank - 1]


def _mean(values: list[float]) -> float | None:
    return round(statistics.fmean(values), 4) if values else None


def build_report(header: RunHeader, trials: list[TrialRecord]) -> dict[str, Any]:
    """Everything the terminal table, JSON and HTML show, from one run file's contents."""
    tasks = [Task.model_validate(t) for t in header.tasks]
    vs = verdicts(tasks, trials)
    table: dict[str, dict[str, dict[str, int]]] = {}
    for v in vs:
        row = table.setdefault(v.category, {c: _cell() for c in COLUMNS})
        for d, status in v.dims.items():
            _count(row[d], status)
        _count(row["access"], v.access)
    total = {c: _cell() for c in COLUMNS}
    for row in table.values():
        for c, cell in row.items():
            for k in cell:
                total[c][k] += cell[k]
    per_category = {
        cat: {
            "passed": sum(v.passed for v in vs if v.category == cat),
            "failed": sum(v.bucket is not None for v in vs if v.category == cat),
            "not_graded": sum(not v.passed and v.bucket is None for v in vs if v.category == cat),
            "tasks": sum(1 for v in vs if v.category == cat),
        }
        for cat in table
    }
    faith = [g.detail["supported_fraction"] for t in trials
             if (g := t.grades.get("faithfulness")) and "supported_fraction" in g.detail]  # fmt: skip
    compl = [g.detail["covered_fraction"] for t in trials
             if (g := t.grades.get("completeness")) and "covered_fraction" in g.detail]  # fmt: skip
    ok_trials = [t for t in trials if t.result is not None]
    latencies = [t.latency_ms for t in ok_trials]
    tokens = [t.tokens for t in ok_trials if t.tokens is not None]
    costs = [t.cost_usd for t in ok_trials if t.cost_usd is not None]
    multi = [v for v in vs if len(v.trials) > 1]
    judge_pairs = [(v, d) for v in multi for d in v.judge_flips]
    failures = [
        {"task_id": v.task_id, "category": v.category, "bucket": v.bucket, "note": v.bucket_note,
         "dims": {d: s for d, s in v.dims.items() if s in ("fail", "not_graded")},
         "access": v.access}
        for v in vs if v.bucket is not None
    ]  # fmt: skip
    ungraded = [v.task_id for v in vs if v.bucket is None and not v.passed]
    return {
        "run": {
            "task_file": header.task_file,
            "created": header.created,
            "config": header.config,
            "config_digest": header.config_digest[:12],
            "task_digest": header.task_digest[:12],
            "trials": header.trials,
            "selection": header.selection,
        },
        "tasks": len(vs),
        "tasks_in_file": len(tasks),
        "trials_recorded": len(trials),
        "errors": sum(1 for t in trials if t.error),
        "table": table,
        "total": total,
        "all_pass": {"passed": sum(v.passed for v in vs), "tasks": len(vs)},
        "not_fully_graded": sum(1 for v in vs if not v.all_graded),
        "failed_only_for_want_of_grading": ungraded,
        "per_category": per_category,
        "faithfulness_fraction": _mean(faith),
        "completeness_fraction": _mean(compl),
        "usage": {
            "tool_calls_mean": _mean([float(t.tool_calls) for t in ok_trials]),
            "tokens_total": sum(tokens) if tokens else None,
            "tokens_mean": _mean([float(x) for x in tokens]),
            "cost_usd_total": round(sum(costs), 6) if costs else None,
            "latency_ms_p50": percentile(latencies, 50),
            "latency_ms_p95": percentile(latencies, 95),
            "latencies_ms": latencies,
            "judge_tokens_total": sum(t.judge_tokens for t in trials),
        },
        "cited_not_expected": sum(len(t.cited_not_expected) for t in trials),
        "forbidden_violations": sum(
            1
            for t in trials
            if t.access is not None and t.access.status == "fail" and "leaks" in t.access.detail
        ),
        "flips": {
            "tasks_with_several_trials": len(multi),
            "answerer_flip_rate": _mean([float(v.answer_flipped) for v in multi]),
            "judge_flip_rate": _mean([float(v.judge_flips[d]) for v, d in judge_pairs]),
            "outcome_flip_rate": _mean([float(_outcome_flipped(v)) for v in multi]),
        },
        "buckets": {b: sum(1 for f in failures if f["bucket"] == b) for b in BUCKETS},
        "failures": failures,
        "task_results": [_task_row(v) for v in vs],
    }


def _trial_passed(t: TrialRecord) -> bool:
    ok = all(g.status in ("pass", "na") for g in t.grades.values())
    return ok and (t.access is None or t.access.status != "fail")


def _outcome_flipped(v: TaskVerdict) -> bool:
    return len({_trial_passed(t) for t in v.trials}) > 1


def _task_row(v: TaskVerdict) -> dict[str, Any]:
    first = v.trials[0]
    r = first.result or {}
    return {
        "task_id": v.task_id,
        "category": v.category,
        "passed": v.passed,
        "dims": v.dims,
        "access": v.access,
        "output": (r.get("kind") or "error"),
        "text": (r.get("text") or r.get("reason") or first.error or "")[:300],
        "cited": sorted({c.get("title") or c.get("doc_id") for c in r.get("citations") or []}),
        "notes": {d: g.note for d, g in first.grades.items()},
        # what each grade was decided on (trial 0): matched pairs, unsupported claims,
        # contradictions, covered fractions, backstop mismatches, leaks
        "details": {d: g.detail for d, g in first.grades.items()}
        | ({"access": first.access.detail} if first.access else {}),
    }


def _fmt_cell(cell: dict[str, int]) -> str:
    if not cell["applicable"]:
        return "-"
    text = f"{cell['passes']}/{cell['applicable']}"
    return text + (f" ({cell['not_graded']} ng)" if cell["not_graded"] else "")


def _fmt(value: float | None, spec: str = ".2f") -> str:
    return "-" if value is None else format(value, spec)


def print_report(report: dict[str, Any], console: Console) -> None:
    """The terminal table and the summary lines under it."""
    table = Table(title=f"wikiqa eval: {report['run']['task_file']}", title_justify="left",
                  box=box.SIMPLE_HEAD)  # fmt: skip
    table.add_column("category", no_wrap=True)
    for c in COLUMNS:
        table.add_column(SHORT.get(c, c), justify="right", no_wrap=True)
    table.add_column("all dims", justify="right", no_wrap=True)
    for cat, row in sorted(report["table"].items()):
        pc = report["per_category"][cat]
        table.add_row(cat, *(_fmt_cell(row[c]) for c in COLUMNS), f"{pc['passed']}/{pc['tasks']}")
    ap = report["all_pass"]
    table.add_row("[bold]total", *(_fmt_cell(report["total"][c]) for c in COLUMNS),
                  f"[bold]{ap['passed']}/{ap['tasks']}")  # fmt: skip
    console.print(table)
    u, f = report["usage"], report["flips"]
    cfg = report["run"]["config"]
    console.print(
        f"answerer {cfg.get('answerer')} (model {cfg.get('model') or '-'}), judge "
        f"{cfg.get('judge') or 'none: judge dimensions not graded'}; "
        f"{report['trials_recorded']} trials, {report['errors']} errors\n"
        f"passes/applicable per cell (ng = not graded, counted as not passing; - = N/A)\n"
        f"tasks passing every declared dimension: {ap['passed']}/{ap['tasks']} "
        f"({report['not_fully_graded']} not fully graded)\n"
        f"faithfulness fraction {_fmt(report['faithfulness_fraction'])}, completeness fraction "
        f"{_fmt(report['completeness_fraction'])}\n"
        f"tool calls/trial {_fmt(u['tool_calls_mean'], '.1f')}, tokens {u['tokens_total'] or '-'}, "
        f"cost ${_fmt(u['cost_usd_total'], '.4f')}, latency p50 {_fmt(u['latency_ms_p50'], '.0f')} ms "
        f"p95 {_fmt(u['latency_ms_p95'], '.0f')} ms, judge tokens {u['judge_tokens_total']}\n"
        f"cited but not expected: {report['cited_not_expected']}; forbidden documents in results: "
        f"{report['forbidden_violations']}\n"
        f"flip rates over {f['tasks_with_several_trials']} multi-trial tasks: answerer "
        f"{_fmt(f['answerer_flip_rate'])}, judge {_fmt(f['judge_flip_rate'])}, outcome "
        f"{_fmt(f['outcome_flip_rate'])}",
        highlight=False,
    )
    if report["failed_only_for_want_of_grading"]:
        console.print("not passing only because a declared dimension was not graded: "
                      + ", ".join(report["failed_only_for_want_of_grading"]), highlight=False)  # fmt: skip
    if report["failures"]:
        buckets = ", ".join(f"{b} {n}" for b, n in report["buckets"].items() if n)
        console.print(f"failure buckets: {buckets}", highlight=False)
        for fail in report["failures"]:
            dims = ", ".join(f"{d}={s}" for d, s in fail["dims"].items())
            console.print(
                f"  [dim]{escape(fail['task_id'])}[/] ({fail['category']}) {fail['bucket']}: "
                + escape(f"{fail['note']} [{dims}]"),
                highlight=False,
            )


def _rate(cell: dict[str, int]) -> float | None:
    return cell["passes"] / cell["applicable"] if cell["applicable"] else None


def compare(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The hillclimb row from run A to run B: per-dimension deltas and flipped tasks."""
    deltas: dict[str, dict[str, float | None]] = {}
    for c in COLUMNS:
        ra, rb = _rate(a["total"][c]), _rate(b["total"][c])
        deltas[c] = {"a": ra, "b": rb, "delta": None if ra is None or rb is None else rb - ra}
    pa = {r["task_id"]: r["passed"] for r in a["task_results"]}
    pb = {r["task_id"]: r["passed"] for r in b["task_results"]}
    common = sorted(pa.keys() & pb.keys())
    return {
        "a": a["run"],
        "b": b["run"],
        "same_tasks": a["run"]["task_digest"] == b["run"]["task_digest"],
        "all_pass": {"a": a["all_pass"], "b": b["all_pass"]},
        "dimensions": deltas,
        "fixed": [t for t in common if not pa[t] and pb[t]],
        "broken": [t for t in common if pa[t] and not pb[t]],
        "only_in_a": sorted(pa.keys() - pb.keys()),
        "only_in_b": sorted(pb.keys() - pa.keys()),
    }


def print_compare(row: dict[str, Any], console: Console) -> None:
    table = Table(title="hillclimb: A -> B", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("all dims", justify="right", no_wrap=True)
    for c in COLUMNS:
        table.add_column(SHORT.get(c, c), justify="right", no_wrap=True)
    aa, ab = row["all_pass"]["a"], row["all_pass"]["b"]

    def delta(d: dict[str, float | None]) -> str:
        if d["delta"] is None:
            return "-"
        return f"{d['b']:.2f} ({d['delta']:+.2f})"

    table.add_row(f"{aa['passed']}/{aa['tasks']} -> {ab['passed']}/{ab['tasks']}",
                  *(delta(row["dimensions"][c]) for c in COLUMNS))  # fmt: skip
    console.print(table)
    if not row["same_tasks"]:
        console.print("[yellow]warning:[/] the runs used different task files (digests differ)")
    console.print(f"fixed (fail -> pass): {', '.join(row['fixed']) or 'none'}", highlight=False)
    console.print(f"broken (pass -> fail): {', '.join(row['broken']) or 'none'}", highlight=False)
    for key in ("only_in_a", "only_in_b"):
        if row[key]:
            console.print(f"{key.replace('_', ' ')}: {', '.join(row[key])}", highlight=False)
