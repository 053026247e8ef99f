"""Correctness and completeness (one judge call B, against the reference, never the
retrieved text). Code decides what needs no judge: a refusal on an answerable task fails
completeness; a clean refusal is N/A for correctness."""

from __future__ import annotations

from wikiqa.evals.graders.base import Grade, Outcome, grade
from wikiqa.evals.judges import JudgeCall, Judges, ReferenceVerdict
from wikiqa.evals.tasks import Task


def _completeness_by_code(task: Task, out: Outcome) -> Grade | None:
    if "completeness" not in task.dimensions:
        return None
    if out.refused:
        if task.should_refuse:
            return grade("na", "refusal on a task that should be refused")
        if task.category == "retrieval_gap":
            return grade("na", "abstained: allowed on retrieval_gap")
        return grade("fail", "refused an answerable task", covered_fraction=0.0)
    if not task.reference_points:
        return grade("na", "the task has no reference points")
    return None


def _correctness_by_code(task: Task, out: Outcome) -> Grade | None:
    if "correctness" not in task.dimensions:
        return None
    if out.refused and not out.text.strip():
        return grade("na", "clean refusal (no text)")
    if not task.reference_points:
        return grade("na", "the task has no reference points")
    return None


async def grade_reference(
    judges: Judges | None, task: Task, out: Outcome
) -> tuple[dict[str, Grade], JudgeCall | None]:
    grades: dict[str, Grade] = {}
    pending: list[str] = []
    for dim, decide in (
        ("correctness", _correctness_by_code),
        ("completeness", _completeness_by_code),
    ):
        if dim not in task.dimensions:
            continue
        decided = decide(task, out)
        if decided is None:
            pending.append(dim)
        else:
            grades[dim] = decided
    if not pending:
        return grades, None
    if judges is None:
        return grades | {d: grade("not_graded", "no judge configured") for d in pending}, None
    call = await judges.reference(task.question, out.judged_text, task.reference_points)
    v: ReferenceVerdict = call.verdict
    if "correctness" in pending:
        if out.refused and v.claims_made == 0:
            grades["correctness"] = grade("na", "clean refusal (the judge found no claims)")
        else:
            bad = [c.model_dump() for c in v.contradictions]
            ok = v.correctness == "pass" and not bad
            grades["correctness"] = grade(
                "pass" if ok else "fail",
                f"{len(bad)} contradiction(s)",
                contradictions=bad,
                reason=v.reason,
            )
    if "completeness" in pending:
        points = v.points
        covered = sum(1 for p in points if p.covered)
        fraction = covered / len(points) if points else 0.0
        ok = v.completeness == "pass" and bool(points) and covered == len(points)
        grades["completeness"] = grade(
            "pass" if ok else "fail",
            f"{covered}/{len(points)} key points covered",
            covered_fraction=round(fraction, 4),
            missing=[p.point for p in points if not p.covered],
            reason=v.reason,
        )
    return grades, call
