"""From trials to per-task verdicts: majority vote per task and dimension, flip rates,
and the failure bucket that says where to look."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from wikiqa.evals.graders.base import DocRef, Outcome, Status, outcome_of
from wikiqa.evals.graders.names import matches
from wikiqa.evals.records import TrialRecord
from wikiqa.evals.tasks import JUDGE_DIMENSIONS, Task

# Ties break toward the outcome that claims least: a tie is never a pass.
_TIE_ORDER: dict[str, int] = {"fail": 0, "not_graded": 1, "na": 2, "pass": 3}
BUCKETS = ("retrieval", "ranking", "generation", "calibration", "access", "error")


def majority(statuses: list[Status]) -> Status:
    """The most common status; ties go to fail, then not_graded, then na, then pass."""
    if not statuses:
        return "not_graded"
    counts = Counter(statuses)
    return min(counts, key=lambda s: (-counts[s], _TIE_ORDER[s]))


@dataclass
class TaskVerdict:
    task_id: str
    category: str
    dims: dict[str, Status]
    access: Status | None
    trials: list[TrialRecord]
    passed: bool
    all_graded: bool
    answer_flipped: bool = False
    judge_flips: dict[str, bool] = field(default_factory=dict)
    bucket: str | None = None
    bucket_note: str = ""


def _output_key(t: TrialRecord) -> str:
    if t.result is None:
        return f"error:{t.error}"
    r = t.result
    cites = sorted({(c.get("doc_id"), c.get("quote")) for c in r.get("citations") or []})
    return f"{r.get('kind')}|{r.get('code')}|{r.get('text') or r.get('reason')}|{cites}"


def verdict(task: Task, trials: list[TrialRecord]) -> TaskVerdict:
    """Majority per dimension; the task passes when every declared dimension's majority is
    pass or N/A, all of them were graded, and the forbidden-source rule (if any) passed."""
    dims: dict[str, Status] = {
        d: majority([t.grades[d].status for t in trials if d in t.grades]) for d in task.dimensions
    }
    access_list = [t.access.status for t in trials if t.access is not None]
    access = majority(access_list) if access_list else None
    # A forbidden document in any trial fails the task outright, whatever the majority.
    if any(s == "fail" for s in access_list):
        access = "fail"
    all_graded = all(s != "not_graded" for s in dims.values())
    passed = all_graded and all(s in ("pass", "na") for s in dims.values()) and access != "fail"
    keys = {_output_key(t) for t in trials}
    judge_flips: dict[str, bool] = {}
    by_output: dict[str, list[TrialRecord]] = {}
    for t in trials:
        by_output.setdefault(_output_key(t), []).append(t)
    for d in task.dimensions:
        if d in JUDGE_DIMENSIONS or d == "injection":
            judge_flips[d] = any(
                len({t.grades[d].status for t in same if d in t.grades and t.grades[d].graded}) > 1
                for same in by_output.values()
            )
    v = TaskVerdict(
        task_id=task.id,
        category=task.category,
        dims=dims,
        access=access,
        trials=trials,
        passed=passed,
        all_graded=all_graded,
        answer_flipped=len(trials) > 1 and len(keys) > 1,
        judge_flips=judge_flips,
    )
    if any(s == "fail" for s in dims.values()) or access == "fail":
        v.bucket, v.bucket_note = bucket(task, representative(v))
    return v


def representative(v: TaskVerdict) -> TrialRecord:
    """The first trial whose own outcome agrees with the majority (for buckets and display);
    for a forbidden-source failure, the trial where the forbidden document appeared."""
    if v.access == "fail":
        return next(t for t in v.trials if t.access is not None and t.access.status == "fail")
    for t in v.trials:
        ok = all(
            t.grades.get(d) is not None and t.grades[d].status in ("pass", "na") for d in v.dims
        )
        if ok == v.passed:
            return t
    return v.trials[0]


def _has(gold: list[str], refs: Sequence[DocRef], need_all: bool) -> bool:
    """Whether the gold documents are among `refs`: all of them for multi-hop tasks."""
    found = [any(matches(g, r.keys()) for r in refs) for g in gold]
    return all(found) if need_all else any(found)


def bucket(task: Task, t: TrialRecord) -> tuple[str, str]:
    """Where to look for a failing task, read off what the trial searched, fetched, cited.
    For multi-hop tasks "the gold" means every expected source."""
    if t.result is None:
        return "error", t.error or "the run errored"
    if t.access is not None and t.access.status == "fail":
        return "access", t.access.note
    out: Outcome = outcome_of(t.result)
    gold = task.expected_sources
    need_all = task.category == "multi_hop"
    read = _has(gold, out.read, need_all)
    retrieved = read or _has(gold, [*out.retrieved, *out.read], need_all)
    cited = _has(gold, out.cited, need_all)
    bucketed = _bucket(task, out, read=read, retrieved=retrieved, cited=cited)
    if need_all and bucketed[0] in ("retrieval", "ranking", "generation"):
        return bucketed[0], bucketed[1].replace("gold", "a gold document", 1)
    return bucketed


def _bucket(
    task: Task, out: Outcome, *, read: bool, retrieved: bool, cited: bool
) -> tuple[str, str]:
    gold = task.expected_sources
    if out.refused:
        if task.should_refuse:
            return "generation", "refused as it should, but the refusal itself failed a check"
        if not gold:
            return "calibration", "refused an answerable task"
        if read:
            return "calibration", "refused with the gold document in hand"
        if retrieved:
            return "ranking", "gold retrieved but never read"
        return "retrieval", "gold never retrieved"
    if task.should_refuse:
        return "calibration", "answered a task that should be refused"
    if gold and not retrieved:
        return "retrieval", "gold never retrieved"
    if gold and not read:
        return "ranking", "gold retrieved but not chosen for reading"
    if gold and not cited:
        return "generation", "gold read but not cited"
    return "generation", "failed a check with the gold cited"


def verdicts(tasks: list[Task], trials: list[TrialRecord]) -> list[TaskVerdict]:
    """One verdict per task that has at least one recorded trial, in task-file order."""
    by_task: dict[str, list[TrialRecord]] = {}
    for t in sorted(trials, key=lambda r: r.trial):
        by_task.setdefault(t.task_id, []).append(t)
    return [verdict(task, by_task[task.id]) for task in tasks if task.id in by_task]
