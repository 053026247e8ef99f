"""bench/kind_said.py: answered open trials whose question asks a kind, and whether the
claims say it, read from a run's files; held-out, kept-aside and blind files are not read."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from kind_said import open_runs, scan


def _run(tmp: Path, name: str, trials: list[tuple[str, str, str, bool]]) -> Path:
    """A run file and its score file: (id, question, claim or "" for a refusal, passed)."""
    header = {
        "kind": "header",
        "tasks": [{"id": i, "should_refuse": False} for i, _, _, _ in trials],
    }
    lines = [json.dumps(header)]
    results = []
    for tid, question, claim, passed in trials:
        result = {"question": question, "kind": "answer" if claim else "refusal"}
        if claim:
            result["claims"] = [{"text": claim, "citations": [0]}]
        lines.append(json.dumps({"kind": "trial", "task_id": tid, "result": result}))
        dims = {"calibration": "pass" if passed else "fail"}
        results.append({"task_id": tid, "category": "factual", "dims": dims})
    run = tmp / f"{name}.run.jsonl"
    run.write_text("\n".join(lines) + "\n")
    (tmp / f"{name}.json").write_text(json.dumps({"task_results": results}))
    return run


def test_an_answer_not_saying_the_asked_kind_is_listed(tmp_path: Path) -> None:
    run = _run(
        tmp_path,
        "handbook6-dev",
        [
            ("a", "What time does the canteen close?", "The canteen closes at 19:30.", True),
            ("b", "What time on Friday is pay in?", "Bank workers are paid every Friday.", False),
            ("c", "What time does the bar open?", "", False),
            ("d", "Who approves leave?", "Your manager approves leave.", True),
        ],
    )
    lines = scan(run)
    assert len(lines) == 2  # the refusal and the question asking no kind are not listed
    assert lines[0].startswith("SAYS clock") and " pass " in lines[0]
    assert lines[1].startswith("NOT  clock") and " FAIL " in lines[1]


def test_hidden_files_are_not_read(tmp_path: Path) -> None:
    for name in ("collection-dev", "collection-holdout", "collection-facts-aside",
                 "handbook12-dev", "handbook9-yesno"):  # fmt: skip
        _run(tmp_path, name, [])
    names = [p.name for p in open_runs(tmp_path)]
    assert names == ["collection-dev.run.jsonl", "handbook9-yesno.run.jsonl"]
