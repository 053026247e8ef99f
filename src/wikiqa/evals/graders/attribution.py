"""Attribution (code): the expected sources are among the cited ones.

Any-of for single-source categories, all-of for `multi_hop`; a refusal is N/A."""

from __future__ import annotations

from wikiqa.evals.graders.base import Grade, Outcome, grade
from wikiqa.evals.graders.names import matches
from wikiqa.evals.tasks import Task


def grade_attribution(task: Task, out: Outcome) -> Grade:
    if out.refused:
        return grade("na", "refusal: nothing to attribute")
    if not task.expected_sources:
        return grade("na", "the task lists no expected sources")
    pairs: list[list[str]] = []
    missing: list[str] = []
    for expected in task.expected_sources:
        hit = next((ref for ref in out.cited if matches(expected, ref.keys())), None)
        if hit is None:
            missing.append(expected)
        else:
            pairs.append([expected, hit.title or hit.doc_id])
    cited = sorted({ref.title or ref.doc_id for ref in out.cited})
    need_all = task.category == "multi_hop"
    ok = not missing if need_all else bool(pairs)
    rule = "all-of" if need_all else "any-of"
    note = f"{rule}: {len(pairs)}/{len(task.expected_sources)} expected sources cited"
    return grade("pass" if ok else "fail", note, matched=pairs, missing=missing, cited=cited)


def cited_not_expected(task: Task, out: Outcome) -> list[str]:
    """Cited documents that match no expected source (for the report's noise count)."""
    if not task.expected_sources:
        return []
    extra = {
        ref.title or ref.doc_id
        for ref in out.cited
        if not any(matches(e, ref.keys()) for e in task.expected_sources)
    }
    return sorted(extra)
