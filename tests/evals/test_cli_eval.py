"""`wikiqa eval` end to end: the real pipeline, the extractive answerer and a tiny access-
controlled collection (tests/evals/data/collection), offline, no judge."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wikiqa.cli.eval import EXIT_FORBIDDEN
from wikiqa.cli.main import app

COLLECTION = Path(__file__).parent / "data" / "collection"
runner = CliRunner()


@pytest.fixture
def suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WIKIQA_RETRIEVAL_MODE", "lexical")
    copy = tmp_path / "collection"
    shutil.copytree(COLLECTION, copy)
    return copy / "tasks.jsonl"


def run_eval(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["eval", "run", *args])
    return result.exit_code, result.stdout, result.stderr


def test_eval_help_lists_commands() -> None:
    text = runner.invoke(app, ["eval", "--help"]).output
    for command in ("run", "report", "compare", "validate-judges"):
        assert command in text
    run_help = runner.invoke(app, ["eval", "run", "--help"]).output
    for flag in ("--suite", "--holdout", "--trials", "--source", "--principals", "--concurrency",
                 "--run-file", "--fail-on-forbidden", "--html", "--json"):  # fmt: skip
        assert flag in run_help


def test_eval_run_on_a_collection_with_the_extractive_answerer(suite: Path, tmp_path: Path) -> None:
    run_file = tmp_path / "run.jsonl"
    html = tmp_path / "report.html"
    code, out, err = run_eval("--suite", str(suite), "--run-file", str(run_file), "--trials", "2",
                              "--concurrency", "2", "--json", "--html", str(html),
                              "--fail-on-forbidden")  # fmt: skip
    assert code == 0, err
    report = json.loads(out)
    rows = {r["task_id"]: r for r in report["task_results"]}
    # answered from the right document, by the right reader
    assert rows["laptop-replace"]["passed"], rows["laptop-replace"]
    assert "Laptop policy" in rows["laptop-replace"]["cited"]
    assert rows["payroll-allowed"]["passed"] and rows["payroll-allowed"]["output"] == "answer"
    # the same question from a reader outside finance: refused, nothing forbidden anywhere
    assert (
        rows["payroll-denied"]["output"] == "refusal" and rows["payroll-denied"]["access"] == "pass"
    )
    assert rows["ticker"]["passed"]
    # no judge: judge dimensions are not graded, and that task does not count as passing
    assert (
        rows["leave-days"]["dims"]["faithfulness"] == "not_graded"
        and not rows["leave-days"]["passed"]
    )
    assert report["forbidden_violations"] == 0 and report["trials_recorded"] == 10
    assert (
        report["run"]["config"]["answerer"] == "extractive"
        and report["run"]["config"]["judge"] is None
    )
    assert html.read_text().startswith("<!doctype html>")
    # report and compare read the run file back
    again = runner.invoke(app, ["eval", "report", str(run_file)])
    assert again.exit_code == 0 and "permission" in again.stdout
    same = runner.invoke(app, ["eval", "compare", str(run_file), str(run_file)])
    assert same.exit_code == 0 and "broken (pass -> fail): none" in same.stdout
    # rerunning the same file resumes (nothing to do); a changed setting fails closed
    code, _, err = run_eval("--suite", str(suite), "--run-file", str(run_file), "--trials", "2")
    assert code == 0 and "10 trials already recorded, 0 to go" in err
    code, _, err = run_eval("--suite", str(suite), "--run-file", str(run_file), "--trials", "3")
    assert code == 1 and "trials: 2 -> 3" in err
    # so does an edited document
    laptops = suite.parent / "docs" / "it" / "laptops.md"
    laptops.write_text(laptops.read_text().replace("three", "four"))
    code, _, err = run_eval("--suite", str(suite), "--run-file", str(run_file), "--trials", "2")
    assert code == 1 and "sources:" in err, err


def test_fail_on_forbidden_exits_non_zero_when_a_forbidden_document_appears(suite: Path) -> None:
    tasks = [json.loads(line) for line in suite.read_text().splitlines()]
    laptop = next(t for t in tasks if t["id"] == "laptop-replace")
    laptop["forbidden_sources"] = ["it/laptops.md"]  # readable, so the answerer finds it
    suite.write_text("".join(json.dumps(t) + "\n" for t in tasks))
    code, out, err = run_eval("--suite", str(suite), "--fail-on-forbidden")
    assert code == EXIT_FORBIDDEN, err
    assert "forbidden documents in results: 1" in out


def test_holdout_is_never_read_unless_asked(suite: Path) -> None:
    # the fixture's holdout.jsonl is deliberately not JSON
    code, _, err = run_eval("--suite", str(suite), "--limit", "1")
    assert code == 0, err
    code, _, err = run_eval("--suite", str(suite), "--holdout")
    assert code == 1 and "holdout.jsonl:1: not a valid task" in err


def test_bad_inputs_fail_clearly(suite: Path, tmp_path: Path) -> None:
    code, _, err = run_eval("--suite", str(tmp_path / "missing.jsonl"))
    assert code == 1 and "cannot read task file" in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": "x", "category": "factual", "question": "q",
                               "dimensions": ["vibes"]}) + "\n")  # fmt: skip
    code, _, err = run_eval("--suite", str(bad))
    assert code == 1 and "bad.jsonl:1" in err and "dimensions" in err
    code, _, err = run_eval("--suite", str(suite), "--principals", str(tmp_path / "none.json"))
    assert code == 1 and "cannot read principals file" in err
    code, _, err = run_eval("--suite", str(bad.with_name("x.jsonl")))
    assert code == 1
    result = runner.invoke(app, ["eval", "validate-judges"])
    assert result.exit_code == 1 and "no judge configured" in result.stderr


def test_every_eval_option_is_documented_in_the_cli_manual() -> None:
    import typer.main

    manual = (Path(__file__).parents[2] / "docs" / "cli.md").read_text()
    group = typer.main.get_command(app).commands["eval"]  # type: ignore[attr-defined]
    assert set(group.commands) == {"run", "report", "compare", "validate-judges"}
    for name, command in group.commands.items():
        assert f"wikiqa eval {name}" in manual
        for param in command.params:
            for opt in param.opts:
                if opt.startswith("--") and opt != "--help":
                    assert opt in manual, f"{name} {opt} is not in docs/cli.md"
