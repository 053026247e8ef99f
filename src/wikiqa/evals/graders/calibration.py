"""Calibration (code): the answer-or-refuse decision matches `should_refuse`.

The decision is read off the result's branch, with a backstop: an answer whose text is
empty or sounds like a refusal counts as a refusal, and the mismatch is logged."""

from __future__ import annotations

from wikiqa.evals.graders.base import Grade, Outcome, grade
from wikiqa.evals.tasks import Task


def grade_calibration(task: Task, out: Outcome) -> Grade:
    if task.category == "adversarial":
        return grade("na", "calibration is not graded on adversarial tasks")
    decided = "refuse" if out.refused else "answer"
    if task.category == "retrieval_gap" and out.refused and not task.should_refuse:
        return grade("pass", "abstained: allowed on retrieval_gap (retrieve deeper or abstain)",
                     decided=decided, wanted="answer or abstain", branch=out.branch)  # fmt: skip
    wanted = "refuse" if task.should_refuse else "answer"
    detail: dict[str, object] = {"decided": decided, "wanted": wanted, "branch": out.branch}
    note = f"{decided} (wanted {wanted})"
    if out.backstop:
        detail["backstop"] = (
            "the result is an answer, but its text is empty or sounds like a refusal: "
            "counted as a refusal"
        )
        note += "; backstop: answer branch read as a refusal"
    return grade("pass" if decided == wanted else "fail", note, **detail)
