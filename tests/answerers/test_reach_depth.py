"""bench/reach_depth.py: a search counting documents, not chunks, and where the expected
document stands among chunks and among documents."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from reach_depth import distinct_documents, doc_rank
from wikiqa.types import Hit


def _hits(*docs: str) -> list[Hit]:
    return [
        Hit(source="m", doc_id=d, title=d.upper(), score=1.0 - i / 20) for i, d in enumerate(docs)
    ]


def test_two_chunks_of_one_document_leave_room_for_a_sixth_chunk() -> None:
    wide = _hits("leave", "pay", "leave", "parking", "pension", "canteen", "uniform")
    got = distinct_documents(wide, 5)
    assert [h.doc_id for h in got] == ["leave", "pay", "leave", "parking", "pension", "canteen"]


def test_a_later_chunk_of_a_held_document_stays_and_a_new_document_past_k_does_not() -> None:
    wide = _hits("leave", "pay", "parking", "leave", "canteen")
    assert [h.doc_id for h in distinct_documents(wide, 2)] == ["leave", "pay"]
    assert [h.doc_id for h in distinct_documents(wide, 3)] == ["leave", "pay", "parking", "leave"]
    assert distinct_documents([], 5) == []


def test_the_expected_document_is_ranked_among_chunks_and_among_documents() -> None:
    wide = _hits("leave", "leave", "pay", "pay", "canteen")
    assert doc_rank(wide, {"canteen"}) == (4, 2)
    assert doc_rank(wide, {"PAY"}) == (2, 1)  # by title too
    assert doc_rank(wide, {"nowhere"}) == (None, None)
