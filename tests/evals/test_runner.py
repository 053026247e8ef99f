"""Runs end to end with a scripted answerer and judge: majority vote, flip rates, run files
appended per trial, fail-closed resume, the forbidden-source rule."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from wikiqa.errors import ConfigError
from wikiqa.evals.aggregate import majority
from wikiqa.evals.judges import Judges
from wikiqa.evals.records import RunFile, RunHeader, load_run
from wikiqa.evals.report import build_report
from wikiqa.evals.runner import EvalRun, answerer_config, config_digest, prompt_version, usage_of
from wikiqa.evals.tasks import load_tasks
from wikiqa.settings import Settings
from wikiqa.types import RefusalCode

from .helpers import DictSource, ScriptedAnswerer, Step, scripted_judges, write_tasks

DOCS = {
    "leave": ("Leave policy", "Full-time employees receive 25 vacation days per calendar year."),
    "payroll": ("Payroll calendar", "The payroll run happens on the 25th of every month."),
}
Q_LEAVE = "How many vacation days do employees receive?"
Q_PAY = "When does the payroll run happen?"
GOOD = Step(fetch=["leave"], quotes=[("leave", DOCS["leave"][1])])
WRONG = Step(fetch=["leave"], quotes=[("leave", DOCS["leave"][1])],
             text="Full-time employees receive 30 vacation days per calendar year.")  # fmt: skip
REFUSE = Step(refuse=RefusalCode.insufficient_evidence)


def tasks_file(tmp_path: Path) -> Path:
    return write_tasks(tmp_path / "tasks.jsonl", [
        {"id": "leave", "category": "factual", "question": Q_LEAVE,
         "dimensions": ["faithfulness", "correctness", "attribution", "calibration"],
         "reference_answer": ["25 vacation days"], "expected_sources": ["Leave policy"]},
        {"id": "pay", "category": "permission", "question": Q_PAY, "dimensions": ["calibration"],
         "should_refuse": True, "forbidden_sources": ["Payroll calendar"]},
    ])  # fmt: skip


def make_run(tmp_path: Path, script: dict[str, Any], judges: Judges | None, trials: int = 3,
             run_file: Path | None = None, settings: Settings | None = None) -> EvalRun:  # fmt: skip
    task_file = load_tasks(tasks_file(tmp_path))
    settings = settings or Settings()
    answerer = ScriptedAnswerer(script)
    config = answerer_config(settings, answerer, judges.spec if judges else None, "dict")
    header = RunHeader(task_file=str(task_file.path), task_digest=task_file.digest, config=config,
                       config_digest=config_digest(config), trials=trials,
                       tasks=[t.model_dump() for t in task_file.tasks])  # fmt: skip
    record = RunFile.open(run_file or tmp_path / "run.jsonl", header)
    return EvalRun(task_file=task_file, tasks=task_file.tasks, run_file=record, settings=settings,
                   answerer=answerer, judges=judges, open_source=lambda spec: DictSource(DOCS, frozenset({"payroll"})),
                   default_source="dict", trials=trials)  # fmt: skip


def test_majority_breaks_ties_toward_fail() -> None:
    assert majority(["pass", "pass", "fail"]) == "pass"
    assert majority(["pass", "fail"]) == "fail"
    assert majority(["pass", "not_graded"]) == "not_graded"
    assert majority(["na", "na", "pass"]) == "na"


async def test_majority_vote_and_answerer_flip_rate(tmp_path: Path) -> None:
    judges, _ = scripted_judges()
    run = make_run(tmp_path, {Q_LEAVE: [GOOD, WRONG, GOOD], Q_PAY: REFUSE}, judges)
    record = await run.run()
    report = build_report(record.header, record.trials)
    rows = {r["task_id"]: r for r in report["task_results"]}
    assert rows["leave"]["dims"]["correctness"] == "pass"  # 2 of 3 trials
    assert rows["leave"]["passed"] and rows["pay"]["passed"]
    assert report["flips"]["answerer_flip_rate"] == 0.5  # leave flipped, pay did not
    assert report["flips"]["outcome_flip_rate"] == 0.5
    assert report["flips"]["judge_flip_rate"] == 0.0
    minority = run_with(tmp_path / "b", {Q_LEAVE: [WRONG, WRONG, GOOD], Q_PAY: REFUSE}, judges)
    assert not {r["task_id"]: r for r in (await minority)["task_results"]}["leave"]["passed"]


async def run_with(tmp_path: Path, script: dict[str, Any], judges: Judges | None) -> dict[str, Any]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    record = await make_run(tmp_path, script, judges).run()
    return build_report(record.header, record.trials)


async def test_judge_flip_rate_counts_disagreement_on_identical_outputs(tmp_path: Path) -> None:
    verdicts = iter(["pass", "fail", "pass"] * 4)

    def wobbly(kind: str, prompt: str) -> dict[str, Any]:
        v = next(verdicts)
        if kind == "faithfulness":
            return {"reason": "r", "claims_total": 1, "claims_supported": int(v == "pass"),
                    "unsupported_claims": [] if v == "pass" else ["x"], "verdict": v}  # fmt: skip
        return {"reason": "r", "claims_made": 1, "contradictions": [], "points": [],
                "correctness": v, "completeness": v}  # fmt: skip

    judges, _ = scripted_judges(wobbly)
    report = await run_with(tmp_path, {Q_LEAVE: GOOD, Q_PAY: REFUSE}, judges)
    assert report["flips"]["answerer_flip_rate"] == 0.0
    assert report["flips"]["judge_flip_rate"] == 1.0  # both judged dims flipped on one output


async def test_no_judge_never_counts_a_task_as_passing(tmp_path: Path) -> None:
    report = await run_with(tmp_path, {Q_LEAVE: GOOD, Q_PAY: REFUSE}, None)
    rows = {r["task_id"]: r for r in report["task_results"]}
    assert rows["leave"]["dims"]["faithfulness"] == "not_graded"
    assert not rows["leave"]["passed"] and rows["pay"]["passed"]
    assert report["failed_only_for_want_of_grading"] == ["leave"]
    assert report["total"]["faithfulness"] == {
        "passes": 0,
        "applicable": 1,
        "not_graded": 1,
        "na": 0,
    }


async def test_forbidden_document_in_one_trial_fails_the_task(tmp_path: Path) -> None:
    leak = Step(fetch=["payroll"], refuse=RefusalCode.insufficient_evidence)
    report = await run_with(tmp_path, {Q_LEAVE: GOOD, Q_PAY: [REFUSE, leak, REFUSE]}, None)
    pay = {r["task_id"]: r for r in report["task_results"]}["pay"]
    assert pay["dims"]["calibration"] == "pass" and pay["access"] == "fail" and not pay["passed"]
    assert report["forbidden_violations"] == 1
    assert report["buckets"]["access"] == 1


async def test_each_trial_is_appended_and_a_resume_skips_done_trials(tmp_path: Path) -> None:
    run = make_run(tmp_path, {Q_LEAVE: GOOD, Q_PAY: REFUSE}, None, trials=2)
    run.tasks = run.tasks[:1]  # an interrupted run: one task done
    await run.run()
    lines = (tmp_path / "run.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["kind"] == "header" and len(lines) == 3
    with (tmp_path / "run.jsonl").open("a") as fh:
        fh.write('{"kind": "trial", "task_id": "pay", "tri')  # a torn write
    resumed = make_run(tmp_path, {Q_LEAVE: GOOD, Q_PAY: REFUSE}, None, trials=2)
    assert [(t.id, n) for t, n in resumed.pending()] == [("pay", 0), ("pay", 1)]
    await resumed.run()
    _, trials = load_run(tmp_path / "run.jsonl")
    assert sorted((t.task_id, t.trial) for t in trials) == [
        ("leave", 0), ("leave", 1), ("pay", 0), ("pay", 1)]  # fmt: skip


async def test_resume_with_a_changed_configuration_fails_closed(tmp_path: Path) -> None:
    await make_run(tmp_path, {Q_LEAVE: GOOD, Q_PAY: REFUSE}, None, trials=1).run()
    default = re.escape(f"{Settings().extractive_floor:g}")
    with pytest.raises(ConfigError, match=rf"floor: {default} -> 0\.5"):
        make_run(tmp_path, {}, None, trials=1, settings=Settings(extractive_floor=0.5))
    judges, _ = scripted_judges()
    with pytest.raises(ConfigError, match="judge: None -> 'function:scripted'"):
        make_run(tmp_path, {}, judges, trials=1)
    with (tmp_path / "tasks.jsonl").open("a") as fh:
        fh.write(json.dumps({"id": "new", "category": "factual", "question": "q",
                             "dimensions": ["calibration"]}) + "\n")  # fmt: skip
    edited = load_tasks(tmp_path / "tasks.jsonl")
    old, _ = load_run(tmp_path / "run.jsonl")
    assert RunFile.open(tmp_path / "run.jsonl", old).trials  # the same pins resume
    with pytest.raises(ConfigError, match=r"task file .* changed"):
        RunFile.open(tmp_path / "run.jsonl", old.model_copy(update={"task_digest": edited.digest}))


def test_prompt_version_is_read_from_either_attribute() -> None:
    class WithPrompt:
        name = "agent"

        class prompt:
            version = "3+abc123"

    assert prompt_version(WithPrompt()) == "3+abc123"  # type: ignore[arg-type]
    assert prompt_version(ScriptedAnswerer({})) is None


def test_usage_is_read_defensively_from_result_and_trace() -> None:
    trace = [{"kind": "search", "data": {}}, {"kind": "fetch", "data": {}},
             {"kind": "answer", "data": {"input_tokens": 100, "output_tokens": 20, "cost_usd": 0.01}}]  # fmt: skip
    assert usage_of({"trace": trace}) == (2, 120, 0.01)
    assert usage_of({"usage": {"total_tokens": 7}, "cost_usd": 0.5, "trace": trace}) == (2, 7, None)
    # the agent answerer's Usage: its own tool-call count, tokens and (possibly unknown) cost
    agent = {"usage": {"input_tokens": 900, "output_tokens": 80, "tool_calls": 5, "cost_usd": 0.02}}
    assert usage_of(agent | {"trace": trace}) == (5, 980, 0.02)
    assert usage_of({"usage": {"input_tokens": 1, "output_tokens": 1, "cost_usd": None}}) == (
        0,
        2,
        None,
    )
    assert usage_of({"trace": trace[:2]}) == (2, None, None)


async def test_an_answerer_fault_is_an_error_trial_not_a_crash(tmp_path: Path) -> None:
    class Broken(ScriptedAnswerer):
        async def answer(self, question: Any, reader: Any) -> Any:
            raise KeyError("boom")

    run = make_run(tmp_path, {}, None, trials=1)
    run.answerer = Broken({})
    record = await run.run()
    assert all(t.error == "KeyError: 'boom'" for t in record.trials) and len(record.trials) == 2
    report = build_report(record.header, record.trials)
    assert report["errors"] == 2 and report["buckets"]["error"] == 2
    assert report["all_pass"]["passed"] == 0


async def test_the_answerer_is_warmed_once_before_the_first_question(tmp_path: Path) -> None:
    """The models load before the clock starts (as the server loads them at startup), so a
    run's first question is timed for its own work; a run with nothing to do warms nothing."""
    events: list[str] = []
    run = make_run(tmp_path, {Q_LEAVE: GOOD, Q_PAY: REFUSE}, None, trials=1)
    answerer = run.answerer
    answer = answerer.answer

    async def answering(*args: Any, **kwargs: Any) -> Any:
        events.append("answer")
        return await answer(*args, **kwargs)

    answerer.warm = lambda: events.append("warm")  # type: ignore[attr-defined]
    answerer.answer = answering  # type: ignore[method-assign]
    await run.run()
    assert events == ["warm", "answer", "answer"]
    events.clear()
    done = make_run(tmp_path, {Q_LEAVE: GOOD, Q_PAY: REFUSE}, None, trials=1)  # all recorded
    done.answerer.warm = lambda: events.append("warm")  # type: ignore[attr-defined]
    await done.run()
    assert events == []
