"""Failure buckets read off the trace, and the retrieval_gap abstention rule."""

from __future__ import annotations

from typing import Any

import pytest

from wikiqa.evals.aggregate import bucket
from wikiqa.evals.grade import grade_trial
from wikiqa.evals.graders.base import Grade
from wikiqa.evals.records import TrialRecord
from wikiqa.evals.tasks import Task


def task(**kw: Any) -> Task:
    base = {"id": "t", "category": "factual", "question": "q?", "dimensions": ["calibration"],
            "expected_sources": ["Gold"]}  # fmt: skip
    return Task.model_validate(base | kw)


def search(*titles: str) -> dict[str, Any]:
    return {"kind": "search", "detail": "", "data": {"titles": list(titles)}}


def fetch(title: str) -> dict[str, Any]:
    return {"kind": "fetch", "detail": "", "data": {"doc_id": title, "title": title}}


def trial(result: dict[str, Any]) -> TrialRecord:
    return TrialRecord(task_id="t", category="factual", trial=0, result=result,
                       grades={"calibration": Grade(status="fail")})  # fmt: skip


def refused(*trace: dict[str, Any]) -> TrialRecord:
    return trial({"kind": "refusal", "code": "no_evidence", "reason": "", "trace": list(trace)})


def answered(cited: list[str], *trace: dict[str, Any]) -> TrialRecord:
    cites = [{"doc_id": c, "title": c} for c in cited]
    return trial({"kind": "answer", "text": "An answer.", "citations": cites, "trace": list(trace)})


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (refused(search("Other")), ("retrieval", "gold never retrieved")),
        (refused(search("Gold")), ("ranking", "gold retrieved but never read")),
        (refused(search("Gold"), fetch("Gold")), ("calibration", "refused with the gold document in hand")),
        (answered(["Other"], search("Other"), fetch("Other")), ("retrieval", "gold never retrieved")),
        (answered(["Other"], search("Gold", "Other"), fetch("Other")),
         ("ranking", "gold retrieved but not chosen for reading")),
        (answered(["Other"], search("Gold"), fetch("Gold")), ("generation", "gold read but not cited")),
        (answered(["Gold"], search("Gold"), fetch("Gold")), ("generation", "failed a check with the gold cited")),
    ],
)  # fmt: skip
def test_buckets_say_where_to_look(record: TrialRecord, expected: tuple[str, str]) -> None:
    assert bucket(task(), record) == expected


def test_answering_an_unanswerable_task_is_calibration() -> None:
    assert bucket(task(should_refuse=True, expected_sources=[]), answered([]))[0] == "calibration"


def test_multi_hop_needs_every_gold_document() -> None:
    hop = task(category="multi_hop", expected_sources=["Gold", "Second"])
    record = answered(["Gold"], search("Gold"), fetch("Gold"))
    assert bucket(hop, record) == ("retrieval", "a gold document never retrieved")


async def test_retrieval_gap_allows_abstaining_but_not_other_categories() -> None:
    dims = ["completeness", "calibration"]
    result = {"kind": "refusal", "code": "insufficient_evidence", "reason": "", "trace": []}
    gap = await grade_trial(
        task(category="retrieval_gap", dimensions=dims, reference_answer=["x"]), result, [], None
    )
    assert {d: g.status for d, g in gap.grades.items()} == {
        "completeness": "na",
        "calibration": "pass",
    }
    fact = await grade_trial(task(dimensions=dims, reference_answer=["x"]), result, [], None)
    assert {d: g.status for d, g in fact.grades.items()} == {
        "completeness": "fail",
        "calibration": "fail",
    }
