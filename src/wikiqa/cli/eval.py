"""`wikiqa eval`: run task suites, report, compare runs, validate the judges (docs/evals.md).

Exit codes: 0 done, 1 error (bad task file, missing source, resume mismatch), 2 usage,
4 a forbidden document appeared in a result and --fail-on-forbidden was given.
"""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from wikiqa.cli.progress import progress_bar
from wikiqa.cli.shown import shown
from wikiqa.errors import ConfigError, WikiqaError
from wikiqa.settings import Settings

EXIT_FORBIDDEN = 4

app = typer.Typer(
    help="Evaluate wikiqa: run task suites, report, compare runs, validate the judges.",
    no_args_is_help=True,
)
# Tables stay readable when piped (rich assumes 80 columns without a terminal).
out = Console(soft_wrap=True, width=None if sys.stdout.isatty() else 140)
err = Console(stderr=True, soft_wrap=True)


def _fail(exc: Exception) -> typer.Exit:
    err.print(f"[bold red]error:[/] {shown(exc)}", highlight=False)
    return typer.Exit(1)


def _emit(report: dict[str, Any], as_json: bool, html: Path | None) -> None:
    from wikiqa.evals.html import render_html
    from wikiqa.evals.report import print_report

    if as_json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        print_report(report, out)
    if html is not None:
        html.parent.mkdir(parents=True, exist_ok=True)
        html.write_text(render_html(report), encoding="utf-8")
        err.print(f"HTML report: {html}", highlight=False)


@app.command()
def run(
    suite: Annotated[Path, typer.Option(help="Task file (JSONL).")] = Path("evals/suite.jsonl"),
    holdout: Annotated[
        bool,
        typer.Option(
            "--holdout", help="Run the held-out file beside the suite (holdout.jsonl) instead."
        ),
    ] = False,
    trials: Annotated[int, typer.Option(min=1, help="Trials per task (majority vote).")] = 1,
    source: Annotated[
        str | None, typer.Option(help="Source spec for tasks that name none.")
    ] = None,
    principals: Annotated[
        Path | None,
        typer.Option(help="JSON object of principals (default: principals.json beside the tasks)."),
    ] = None,
    concurrency: Annotated[int, typer.Option(min=1, help="Trials asked at once.")] = 1,
    run_file: Annotated[
        Path | None,
        typer.Option(help="Run file to append to; an existing one is resumed (pins must match)."),
    ] = None,
    judge_model: Annotated[
        str | None, typer.Option(help="Judge model spec (default WIKIQA_JUDGE_MODEL).")
    ] = None,
    no_judge: Annotated[
        bool, typer.Option("--no-judge", help="Grade code dimensions only.")
    ] = False,
    category: Annotated[
        list[str] | None, typer.Option(help="Only tasks of this category (repeatable).")
    ] = None,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N tasks.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    html: Annotated[
        Path | None, typer.Option(help="Also write a self-contained HTML report.")
    ] = None,
    fail_on_forbidden: Annotated[
        bool,
        typer.Option(
            "--fail-on-forbidden",
            help="Exit 4 if a forbidden document appears anywhere in any result.",
        ),
    ] = False,
) -> None:
    """Ask every task through ask(), grade it, append each trial to the run file, report."""
    from wikiqa.evals.judges import judges_from_settings
    from wikiqa.evals.records import RunFile, RunHeader
    from wikiqa.evals.report import build_report
    from wikiqa.evals.runner import EvalRun, answerer_config, config_digest
    from wikiqa.evals.tasks import (
        check_principals,
        default_principals_file,
        holdout_path,
        load_principals,
        load_tasks,
        task_source,
    )
    from wikiqa.pipeline import default_answerer
    from wikiqa.sources.registry import open_source

    try:
        settings = Settings()
        path = holdout_path(suite) if holdout else suite
        task_file = load_tasks(path)
        tasks = [t for t in task_file.tasks if not category or t.category in category]
        tasks = tasks[:limit] if limit else tasks
        if not tasks:
            raise ConfigError(f"no task in {path} matches the selection")
        principals_path = principals or default_principals_file(task_file)
        who = load_principals(principals_path) if principals_path else {}
        check_principals(task_file, who)
        answerer = default_answerer(settings)
        judges = None if no_judge else judges_from_settings(settings, judge_model)
        specs = [task_source(t, task_file, source) for t in tasks]
        config = answerer_config(settings, answerer, judges.spec if judges else None, source, specs)
        header = RunHeader(
            task_file=str(path.resolve()),
            task_digest=task_file.digest,
            config=config,
            config_digest=config_digest(config),
            selection={"category": sorted(category or []), "limit": limit},
            trials=trials,
            tasks=[t.model_dump() for t in tasks],
        )
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = run_file or settings.home / "evals" / f"{path.stem}-{stamp}.jsonl"
        record = RunFile.open(target, header)
    except WikiqaError as exc:
        raise _fail(exc) from None

    def opener(spec: str) -> Any:
        return open_source(spec, settings)

    evaluation = EvalRun(
        task_file=task_file,
        tasks=tasks,
        run_file=record,
        settings=settings,
        answerer=answerer,
        judges=judges,
        open_source=opener,
        principals=who,
        default_source=source,
        trials=trials,
        concurrency=concurrency,
    )
    pending = len(evaluation.pending())
    err.print(f"run file: {target} ({len(record.trials)} trials already recorded, {pending} to go)",
              highlight=False)  # fmt: skip
    if judges is None:
        err.print("[yellow]no judge configured:[/] faithfulness, correctness and completeness "
                  "are reported as not graded (set WIKIQA_JUDGE_MODEL or ANTHROPIC_API_KEY)")  # fmt: skip
    with progress_bar("eval", err) as bar:
        progress = bar.add_task("", total=pending)

        def advance(trial: Any) -> None:
            bar.update(progress, advance=1, description=f"{trial.task_id} #{trial.trial}")

        evaluation.on_trial = advance
        try:
            asyncio.run(evaluation.run())
        except WikiqaError as exc:
            raise _fail(exc) from None
    report = build_report(record.header, record.trials)
    _emit(report, as_json, html)
    if fail_on_forbidden and report["forbidden_violations"]:
        err.print(f"[bold red]forbidden documents appeared in {report['forbidden_violations']} "
                  "result(s)[/]")  # fmt: skip
        raise typer.Exit(EXIT_FORBIDDEN)


@app.command()
def report(
    run_file: Annotated[Path, typer.Argument(help="A run file written by `wikiqa eval run`.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    html: Annotated[
        Path | None, typer.Option(help="Also write a self-contained HTML report.")
    ] = None,
) -> None:
    """Report a run file again (terminal table, JSON, HTML)."""
    from wikiqa.evals.records import load_run
    from wikiqa.evals.report import build_report

    try:
        header, trials = load_run(run_file)
    except WikiqaError as exc:
        raise _fail(exc) from None
    _emit(build_report(header, trials), as_json, html)


@app.command()
def compare(
    run_a: Annotated[Path, typer.Argument(help="The baseline run file.")],
    run_b: Annotated[Path, typer.Argument(help="The candidate run file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
) -> None:
    """The hillclimb row: per-dimension deltas from A to B and the tasks that flipped."""
    from wikiqa.evals.records import load_run
    from wikiqa.evals.report import build_report, print_compare
    from wikiqa.evals.report import compare as compare_reports

    try:
        a, b = (build_report(*load_run(p)) for p in (run_a, run_b))
    except WikiqaError as exc:
        raise _fail(exc) from None
    row = compare_reports(a, b)
    if as_json:
        sys.stdout.write(json.dumps(row, ensure_ascii=False, indent=2) + "\n")
    else:
        print_compare(row, out)


@app.command("validate-judges")
def validate_judges(
    cases: Annotated[
        Path | None, typer.Option(help="JSONL of judge cases (default: the shipped set).")
    ] = None,
    judge_model: Annotated[
        str | None, typer.Option(help="Judge model spec (default WIKIQA_JUDGE_MODEL).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Plant errors into known-good answers; report clean-pass and catch rates per judge."""
    from wikiqa.evals.judges import judges_from_settings
    from wikiqa.evals.validate import load_cases
    from wikiqa.evals.validate import validate_judges as run_validation

    try:
        judges = judges_from_settings(Settings(), judge_model)
        if judges is None:
            raise ConfigError("no judge configured: set WIKIQA_JUDGE_MODEL or ANTHROPIC_API_KEY, "
                              "or pass --judge-model")  # fmt: skip
        result = asyncio.run(run_validation(judges, load_cases(cases)))
    except WikiqaError as exc:
        raise _fail(exc) from None
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    print_validation(result, out)


def print_validation(result: dict[str, Any], console: Console) -> None:
    from rich.table import Table

    from wikiqa.evals.validate import ERRORS, JUDGES

    table = Table(title=f"judge validation: {result['judge']} on {result['cases']} cases",
                  title_justify="left")  # fmt: skip
    table.add_column("")
    for j in JUDGES:
        table.add_column(j, justify="right")

    def cell(r: dict[str, Any]) -> str:
        return "-" if not r["n"] else f"{r['hits']}/{r['n']} ({r['rate']:.0%})"

    table.add_row("clean answers passed", *(cell(result["clean_pass"][j]) for j in JUDGES))
    for e in ERRORS:
        table.add_row(f"caught: {e}", *(cell(result["catch"][e][j]) for j in JUDGES))
    console.print(table)
