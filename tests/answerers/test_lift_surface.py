"""bench/lift_surface.py: another document's lifted line sorted into a right answer, a wrong
one and a must-refuse answer, and what a rule's thresholds reach on each side."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from lift_surface import holds_reference, points, reached


def _line(text: str, said: int, dcos: float, score: float | None, **kw: Any) -> dict[str, Any]:
    line = {"text": text, "said": [f"w{i}" for i in range(said)], "dcos": dcos, "score": score}
    base = {"row": False, "oof": False, "kind": True, "newsaid": [], "title": "T", "tcos": 0.0}
    return {**base, **line, **kw}


def _records() -> list[dict[str, Any]]:
    answer = "For bullying you can also call the Speak Up line on 0800 047 2291."
    return [
        {"id": "a", "mode": "A", "mr": False, "refs": ["0800 047 2291"],
         "lines": [_line(answer, 2, 0.32, 0.02, tcos=0.2), _line("Ring Control on 01632 960 633.", 1, 0.1, 0.4)]},
        {"id": "a", "mode": "W", "mr": True, "refs": ["0800 047 2291"],
         "lines": [_line("Ring Control on 01632 960 633.", 1, 0.1, 0.4)]},
        {"id": "u", "mode": "A", "mr": True, "refs": [],
         "lines": [_line("Staff may appeal within 10 days.", 2, 0.25, 0.26),
                   _line("A superseded rule.", 3, 0.5, 0.5, oof=True),
                   _line("Not first when lifted.", 3, 0.5, None)]},
    ]  # fmt: skip


def test_a_reference_is_read_by_its_first_25_characters() -> None:
    assert holds_reference(["0800 047 2291, open 24 hours a day"], "call 0800 047 2291, open 24 ho")
    assert not holds_reference(["0800 047 2291"], "call 0800 047 2290")


def test_lines_are_sorted_by_side_and_only_lifted_first_lines_in_force_count() -> None:
    tags = [(tag, key) for tag, key, _ in points(_records())]
    assert tags == [("ANS", "a/A"), ("WRONG", "a/A"), ("MR", "a/W"), ("MR", "u/A")]


def test_thresholds_reach_each_side() -> None:
    pts = list(points(_records()))
    assert reached(pts, 1, -1.0, 0.0, False, False) == ({"a/A"}, {"a/W", "u/A"})
    # the lifted score is what a rule under the floor does not read; two words said and a
    # large meaning margin keep the answer and drop both must-refuse asks
    assert reached(pts, 2, 0.3, 0.0, False, False) == ({"a/A"}, set())
    # the floor's kind of threshold keeps the must-refuse ones and loses the answer
    assert reached(pts, 1, -1.0, 0.25, False, False) == (set(), {"a/W", "u/A"})
    assert reached(pts, 1, -1.0, 0.0, False, True) == ({"a/A"}, {"a/W", "u/A"})
    # the line's document title nearer the question than the first line's
    assert reached(pts, 1, -1.0, 0.0, False, False, 0.1) == ({"a/A"}, set())
    no_kind = [(t, k, {**x, "kind": False}) for t, k, x in pts]
    assert reached(no_kind, 1, -1.0, 0.0, True, False) == (set(), set())
