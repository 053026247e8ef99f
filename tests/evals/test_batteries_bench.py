"""bench/batteries.py: the one table every round's closing note quotes must count what it says."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("batteries", ROOT / "bench/batteries.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["batteries"] = module
    spec.loader.exec_module(module)
    return module


def _task(task_id: str, category: str, ok: bool) -> dict[str, object]:
    dims = {"attribution": "pass" if ok else "fail", "faithfulness": "not_graded"}
    return {"task_id": task_id, "category": category, "dims": dims}


def _report(path: Path, tasks: list[dict[str, object]], leaks: int = 0) -> None:
    usage = {"latency_ms_p50": 100.0, "latency_ms_p95": 250.0}
    path.write_text(
        json.dumps({"task_results": tasks, "forbidden_violations": leaks, "usage": usage})
    )


def test_every_access_controlled_battery_is_found() -> None:
    names = _bench().battery_names()
    assert names[0] == "collection"
    newest = {
        "handbook13", "handbook14", "handbook15", "handbook16", "handbook17", "handbook18", "handbook19",
        "handbook20", "handbook21", "handbook22", "handbook23", "handbook24", "handbook25",
        "handbook26", "handbook27", "handbook28",
    }  # fmt: skip
    assert {"handbook2", "handbook10", "handbook12", *newest} <= set(names)
    assert "injection" not in names  # no held-out part: not a battery of this table


def test_a_task_passes_only_when_no_dimension_failed(tmp_path: Path) -> None:
    path = tmp_path / "collection-dev.json"
    _report(
        path,
        [_task("a", "factual", True), _task("b", "factual", False), _task("c", "permission", True)],
        leaks=1,
    )
    part = _bench().score(path)
    assert (part.passed, part.total, part.leaks) == (2, 3, 1)
    assert part.by_category == {"factual": (1, 2), "permission": (1, 1)}


def test_compare_lists_changed_dev_tasks_but_never_blind_or_held_out_ones(tmp_path: Path) -> None:
    bench = _bench()
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    after.mkdir()
    for directory, ok in ((before, False), (after, True)):
        for suite in ("collection", "handbook11"):
            for part in ("dev", "holdout"):
                tasks = [
                    _task(f"{suite}-{part}-1", "factual", ok),
                    _task(f"{suite}-{part}-2", "permission", True),
                ]
                _report(directory / f"{suite}-{part}.json", tasks)
    shown = bench.table(
        ["collection", "handbook11"], ["dev", "holdout"], after, before, {"handbook11"}
    )
    assert "| collection | dev | 2/2 (was 1) | perm 1/1 |" in shown
    assert "collection-dev-1: fail -> pass" in shown
    assert "collection-holdout-1" not in shown
    assert "handbook11-dev-1" not in shown
    assert "| all dev parts |  | 2/2 (was 1) |" in shown
    assert "| all blind parts |  | 4/4 (was 2) |" in shown


def test_fresh_parts_run_their_own_file_and_are_shown_only_where_it_exists(tmp_path: Path) -> None:
    bench = _bench()
    assert bench.PARTS["fresh"] == ("fresh-hops.jsonl", False)
    assert bench.PARTS["fresh-aside"] == ("fresh-hops-aside.jsonl", False)
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    after.mkdir()
    for directory, ok in ((before, False), (after, True)):
        _report(directory / "handbook7-fresh.json", [_task("hb7-fresh-01", "multi_hop", ok)])
        _report(directory / "handbook7-fresh-aside.json", [_task("hb7-fresh-03", "multi_hop", ok)])
    shown = bench.table(["handbook2", "handbook7"], ["fresh", "fresh-aside"], after, before, set())
    assert "| handbook7 | fresh | 1/1 (was 0) |" in shown
    assert "hb7-fresh-01: fail -> pass" in shown
    assert "hb7-fresh-03" not in shown  # kept aside: totals only
    assert "handbook2" not in shown  # no fresh file beside its tasks.jsonl


@pytest.mark.parametrize(
    ("part", "file", "suite", "category", "listed", "aside", "row"),
    [
        (
            "refuse",
            "fresh-refuse",
            "handbook7",
            "unanswerable",
            "hb7-refuse-01",
            "hb7-refuse-05",
            "| handbook7 | refuse | 1/1 (was 0) | unan 1/1 (was 0) |",
        ),
        (
            "refuse2",
            "fresh-refuse2",
            "handbook9",
            "unanswerable",
            "hb9-r2-01",
            "hb9-r2a-01",
            "| handbook9 | refuse2 | 1/1 (was 0) | unan 1/1 (was 0) |",
        ),
        (
            "refuse3",
            "fresh-refuse3",
            "handbook5",
            "unanswerable",
            "hb5-r3-01",
            "hb5-r3-99",
            "| handbook5 | refuse3 | 1/1 (was 0) | unan 1/1 (was 0) |",
        ),
        (
            "facts",
            "fresh-facts",
            "handbook6",
            "factual",
            "hb6-ff-01",
            "hb6-ffa-07",
            "| handbook6 | facts | 1/1 (was 0) |",
        ),
        (
            "yesno",
            "fresh-yesno",
            "handbook8",
            "factual",
            "hb8-yn-01",
            "hb8-yna-01",
            "| handbook8 | yesno | 1/1 (was 0) |",
        ),
        (
            "traps",
            "fresh-traps",
            "handbook4",
            "trap",
            "hb4-tr-01",
            "hb4-tra-01",
            "| handbook4 | traps | 1/1 (was 0) |",
        ),
    ],
    ids=["refuse", "refuse2", "refuse3", "facts", "yesno", "traps"],
)
def test_fresh_question_parts_list_changed_tasks_and_keep_the_aside_part_to_totals(
    tmp_path: Path,
    part: str,
    file: str,
    suite: str,
    category: str,
    listed: str,
    aside: str,
    row: str,
) -> None:
    """The must-refuse (`refuse`), factual (`facts`) and answerable yes/no (`yesno`) question
    sets written apart from the batteries: each part reads its own file, is listed like dev, and its aside part is not."""
    bench = _bench()
    assert bench.PARTS[part] == (f"{file}.jsonl", False)
    assert bench.PARTS[f"{part}-aside"] == (f"{file}-aside.jsonl", False)
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    after.mkdir()
    for directory, ok in ((before, False), (after, True)):
        _report(directory / f"{suite}-{part}.json", [_task(listed, category, ok)])
        _report(directory / f"{suite}-{part}-aside.json", [_task(aside, category, ok)])
    shown = bench.table([suite], [part, f"{part}-aside"], after, before, set())
    assert row in shown
    assert f"{listed}: fail -> pass" in shown
    assert aside not in shown  # kept aside: totals only
