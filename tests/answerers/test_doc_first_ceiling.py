"""bench/doc_first_ceiling.py: one document put first in a search's hits, nothing else moved,
and the documents put first for an answerable, a trap and a must-refuse task."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from doc_first_ceiling import _chosen, promoted
from wikiqa.evals.tasks import Task
from wikiqa.types import Hit


def _hits(*docs: str) -> list[Hit]:
    return [
        Hit(source="m", doc_id=d, title=d.upper(), score=1.0 - i / 10) for i, d in enumerate(docs)
    ]


def _task(category: str, refuse: bool = False) -> Task:
    return Task(
        id="t",
        category=category,
        question="How soon is an underpayment paid back?",
        dimensions=["attribution"],
        reference_answer=[] if refuse else ["within 5 working days"],
        expected_sources=[] if refuse else ["pay"],
        should_refuse=refuse,
    )


def test_the_document_goes_first_with_the_first_places_scores() -> None:
    hits = _hits("leave", "pay", "leave", "parking")
    got = promoted(hits, hits, "pay")
    assert [h.doc_id for h in got] == ["pay", "leave", "leave", "parking"]
    assert [h.score for h in got] == [h.score for h in hits]


def test_a_document_the_search_left_out_comes_from_the_wide_list_and_the_length_holds() -> None:
    hits = _hits("leave", "parking")
    wide = _hits("leave", "parking", "canteen", "pay", "pay")
    got = promoted(hits, wide, "pay")
    assert [h.doc_id for h in got] == ["pay", "leave"]
    assert promoted(hits, wide, "nowhere") == hits
    assert promoted([], wide, "pay") == []


def test_an_answerable_task_promotes_its_own_document_only() -> None:
    wide = _hits("leave", "pay", "parking")
    assert _chosen(_task("factual"), wide, {"pay"}, 3) == [("pay", True)]


def test_a_trap_also_promotes_the_neighbours_but_not_the_first() -> None:
    wide = _hits("leave", "pay", "parking", "canteen", "uniform")
    got = _chosen(_task("trap"), wide, {"pay"}, 2)
    assert got == [("pay", True), ("parking", False), ("canteen", False)]


def test_a_must_refuse_task_promotes_each_other_document_and_none_is_its_own() -> None:
    wide = _hits("leave", "leave", "pay", "parking")
    got = _chosen(_task("permission", refuse=True), wide, set(), 3)
    assert got == [("pay", False), ("parking", False)]
