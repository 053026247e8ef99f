"""Faithfulness (judge A): every claim is supported by the retrieved text.

A clean refusal (no claims) is N/A; claims smuggled into a refusal are graded."""

from __future__ import annotations

from wikiqa.evals.graders.base import Grade, Outcome, grade
from wikiqa.evals.judges import FaithfulnessVerdict, JudgeCall, Judges


async def grade_faithfulness(
    judges: Judges | None, question: str, out: Outcome, retrieved: str
) -> tuple[Grade, JudgeCall | None]:
    if out.refused and not out.text.strip():
        return grade("na", "clean refusal (no text)"), None
    if judges is None:
        return grade("not_graded", "no judge configured"), None
    call = await judges.faithfulness(question, out.judged_text, retrieved)
    v: FaithfulnessVerdict = call.verdict
    if out.refused and v.claims_total == 0:
        return grade("na", "clean refusal (the judge found no claims)", reason=v.reason), call
    total = max(v.claims_total, v.claims_supported)
    fraction = v.claims_supported / total if total else 1.0
    ok = v.verdict == "pass" and not v.unsupported_claims and v.claims_supported >= total
    note = f"{v.claims_supported}/{total} claims supported"
    return (
        grade(
            "pass" if ok else "fail",
            note,
            supported_fraction=round(fraction, 4),
            unsupported_claims=v.unsupported_claims,
            reason=v.reason,
        ),
        call,
    )
