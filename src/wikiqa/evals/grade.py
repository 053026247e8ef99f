"""Grade one trial: every declared dimension, the forbidden-source rule, and the
cited-but-not-expected sources. Pure apart from the judge calls."""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wikiqa.evals.evidence import instruction_sentences, retrieved_text
from wikiqa.evals.graders.access import applies, grade_access
from wikiqa.evals.graders.attribution import cited_not_expected, grade_attribution
from wikiqa.evals.graders.base import Grade, outcome_of
from wikiqa.evals.graders.calibration import grade_calibration
from wikiqa.evals.graders.faithfulness import grade_faithfulness
from wikiqa.evals.graders.injection import grade_injection
from wikiqa.evals.graders.reference import grade_reference
from wikiqa.evals.judges import JudgeCall, Judges
from wikiqa.evals.tasks import Task
from wikiqa.types import Document


@dataclass
class TrialGrades:
    grades: dict[str, Grade]
    access: Grade | None
    cited_not_expected: list[str]
    judge_calls: list[JudgeCall] = field(default_factory=list)

    @property
    def judge_tokens(self) -> int:
        return sum(c.input_tokens + c.output_tokens for c in self.judge_calls)


async def _guarded(dims: Sequence[str], work: Awaitable[Any], *, many: bool = False) -> Any:
    """Run a judge-backed grader; a judge failure leaves its dimensions not graded."""
    try:
        return await work
    except Exception as exc:  # any provider or output-validation error: never a pass
        g = Grade(status="not_graded", note=f"judge error: {type(exc).__name__}: {exc}"[:500])
        return ({d: g for d in dims}, None) if many else (g, None)


async def grade_trial(
    task: Task, result: dict[str, Any], docs: list[Document], judges: Judges | None
) -> TrialGrades:
    """Grade `result` (a Result's `to_dict()`) on the dimensions `task` declares.
    `docs` are the documents the run fetched (the faithfulness judge's retrieved text)."""
    out = outcome_of(result)
    grades: dict[str, Grade] = {}
    calls: list[JudgeCall] = []
    dims = set(task.dimensions)
    if "faithfulness" in dims:
        text = retrieved_text(docs, list(result.get("citations") or []))
        g, call = await _guarded(
            ["faithfulness"], grade_faithfulness(judges, task.question, out, text)
        )
        grades["faithfulness"] = g
        calls += [call] if call else []
    if dims & {"correctness", "completeness"}:
        wanted = [d for d in ("correctness", "completeness") if d in dims]
        ref, call = await _guarded(wanted, grade_reference(judges, task, out), many=True)
        grades |= ref
        calls += [call] if call else []
    if "attribution" in dims:
        grades["attribution"] = grade_attribution(task, out)
    if "calibration" in dims:
        grades["calibration"] = grade_calibration(task, out)
    if "injection" in dims:
        g, call = await _guarded(
            ["injection"], grade_injection(judges, task, out, instruction_sentences(docs))
        )
        grades["injection"] = g
        calls += [call] if call else []
    ordered: dict[str, Grade] = {d: grades[d] for d in task.dimensions}
    return TrialGrades(
        grades=ordered,
        access=grade_access(task, out) if applies(task) else None,
        cited_not_expected=cited_not_expected(task, out) if not out.refused else [],
        judge_calls=calls,
    )


def failed_run(task: Task, error: str) -> TrialGrades:
    """A trial that produced no result fails every declared dimension (and the access rule)."""
    g = Grade(status="fail", note=f"the run errored: {error}")
    return TrialGrades(
        grades={d: g for d in task.dimensions},
        access=g if applies(task) else None,
        cited_not_expected=[],
    )
