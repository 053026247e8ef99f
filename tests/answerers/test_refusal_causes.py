"""bench/handbook_diagnose.py --causes: a refused task's first pass put in one cause class,
and what lifting the answering line to first would score, on small documents written here."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from handbook_diagnose import FirstPass, answers, line_kind, refusal_cause, score_if_first
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.evals.tasks import Task
from wikiqa.types import Document, Hit

UNIFORM = (
    "# Uniform\n\n"
    "Return your uniform and name badge on your last day.\n"
    "If you do not, we may deduct up to £60 from your final pay.\n\n"
    "## What you get\n\n"
    "| Team | Items |\n|---|---|\n| Kitchen | 4 sets of whites |\n\n"
    "Each starter gets:\n\n- a name badge;\n- a locker key.\n"
)
PARKING = "# Staff Parking\n\nStaff park in the rear car park after 18:00.\n"


def _read(question: str, refs: list[str], expected: str, docs: dict[str, str]) -> FirstPass:
    task = Task(
        id="t",
        category="factual",
        question=question,
        dimensions=["attribution"],
        reference_answer=refs,
        expected_sources=[expected],
    )
    fetched = {d: Document(source="m", doc_id=d, title=d, text=t) for d, t in docs.items()}
    hits = [Hit(source="m", doc_id=d, title=d, score=1.0 - i / 10) for i, d in enumerate(docs)]
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR)
    ev = answerer.assess(analyse(question), hits, fetched)
    return FirstPass(task, hits, ev, answerer.floor, 0.0, answerer)


def test_line_kinds() -> None:
    read = _read("What do kitchen staff get?", ["4 sets"], "Uniform", {"Uniform": UNIFORM})
    assert read.evidence is not None
    kinds = {line_kind(c) for c in read.evidence.ranked}
    assert {"sentence", "table row", "list item"} <= kinds


def test_the_answering_line_is_of_an_expected_document_and_says_the_reference() -> None:
    read = _read(
        "What happens if I don't hand my uniform back?",
        ["deduct up to £60 from your final pay"],
        "Uniform",
        {"Uniform": UNIFORM},
    )
    assert read.evidence is not None
    said = [c.span.text for c in read.evidence.ranked if answers(c, ["Uniform"], ["deduct £60"])]
    assert said == ["If you do not, we may deduct up to £60 from your final pay."]
    assert not any(answers(c, ["Other"], ["deduct"]) for c in read.evidence.ranked)


def test_causes() -> None:
    missing = _read("Where do staff park?", ["rear car park"], "Car Parks", {"Parking": PARKING})
    assert refusal_cause(missing, 5)[0] == "a"
    other = _read(
        "Where do staff park?",
        ["rear car park"],
        "Uniform",
        {"Parking": PARKING, "Uniform": UNIFORM},
    )
    assert refusal_cause(other, 5)[0] == "b"
    # the line restating the question's premise outranks the one after it that answers
    own = _read(
        "What happens if I don't hand my uniform back?",
        ["deduct up to £60"],
        "Uniform",
        {"Uniform": UNIFORM},
    )
    cause, detail = refusal_cause(own, 5)
    assert cause == "c" and "answering line at 1" in detail


def test_an_answering_line_lifted_first_is_decided_again() -> None:
    read = _read(
        "What do I return on my last day?",
        ["deduct up to £60"],
        "Uniform",
        {"Uniform": UNIFORM},
    )
    assert read.evidence is not None
    line = next(c for c in read.evidence.ranked if "deduct" in c.span.text)
    score, first = score_if_first(read, line, 5)
    assert first and 0.0 <= score <= 1.0


def test_a_fresh_task_file_is_read_against_its_own_parts_run_file(tmp_path: Path) -> None:
    import json

    from handbook_diagnose import PART_OF, refused_factual

    assert PART_OF["fresh-facts.jsonl"] == "facts"
    assert PART_OF["tasks.jsonl"] == "dev"
    row = {"kind": "trial", "category": "factual", "task_id": "hb6-ff-01"}
    refusal = {**row, "result": {"kind": "refusal", "code": "insufficient_evidence"}}
    answer = {**row, "task_id": "hb6-ff-02", "result": {"kind": "answer"}}
    lines = "\n".join(json.dumps(r) for r in (refusal, answer))
    (tmp_path / "handbook6-facts.run.jsonl").write_text(lines)
    assert list(refused_factual(tmp_path, "handbook6", "facts")) == ["hb6-ff-01"]
