"""Reports: the terminal table, JSON, a self-contained HTML page, and the hillclimb row."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from wikiqa.evals.html import render_html
from wikiqa.evals.report import build_report, compare, percentile, print_compare, print_report

from .helpers import scripted_judges
from .test_runner import GOOD, Q_LEAVE, Q_PAY, REFUSE, WRONG, make_run


async def two_runs(tmp_path: Path) -> tuple[dict, dict]:  # type: ignore[type-arg]
    judges, _ = scripted_judges()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = await make_run(tmp_path / "a", {Q_LEAVE: WRONG, Q_PAY: REFUSE}, judges, trials=1).run()
    b = await make_run(tmp_path / "b", {Q_LEAVE: GOOD, Q_PAY: REFUSE}, judges, trials=1).run()
    return build_report(a.header, a.trials), build_report(b.header, b.trials)


def test_percentiles_use_nearest_rank() -> None:
    assert percentile([], 50) is None
    assert percentile([5.0, 1.0, 3.0], 50) == 3.0
    assert percentile([float(x) for x in range(1, 101)], 95) == 95.0


async def test_report_counts_passes_over_applicable_per_category_and_dimension(
    tmp_path: Path,
) -> None:
    a, b = await two_runs(tmp_path)
    assert a["table"]["factual"]["correctness"] == {
        "passes": 0,
        "applicable": 1,
        "not_graded": 0,
        "na": 0,
    }
    assert b["table"]["factual"]["correctness"]["passes"] == 1
    assert a["table"]["permission"]["correctness"]["applicable"] == 0  # not declared: not blended
    assert a["table"]["permission"]["access"] == {
        "passes": 1,
        "applicable": 1,
        "not_graded": 0,
        "na": 0,
    }
    assert a["all_pass"] == {"passed": 1, "tasks": 2} and b["all_pass"] == {"passed": 2, "tasks": 2}
    assert a["failures"][0]["bucket"] == "generation"
    assert a["faithfulness_fraction"] == 0.0 and b["faithfulness_fraction"] == 1.0
    assert b["usage"]["latency_ms_p50"] is not None and b["usage"]["tool_calls_mean"] == 1.5
    buf = io.StringIO()
    print_report(a, Console(file=buf, width=160))
    text = buf.getvalue()
    assert "factual" in text and "0/1" in text and "generation" in text


async def test_html_report_is_self_contained(tmp_path: Path) -> None:
    a, _ = await two_runs(tmp_path)
    page = render_html(a)
    assert page.startswith("<!doctype html>") and page.count("<svg") == 4
    assert not re.search(r"(src|href)\s*=|url\(|@import|<script|<link|https?://", page, re.I)
    assert "Failure buckets" in page and "leave" in page


async def test_compare_reports_deltas_and_flips_both_ways(tmp_path: Path) -> None:
    a, b = await two_runs(tmp_path)
    row = compare(a, b)
    assert row["fixed"] == ["leave"] and row["broken"] == []
    assert row["dimensions"]["correctness"]["delta"] == 1.0
    assert compare(b, a)["broken"] == ["leave"]
    buf = io.StringIO()
    print_compare(row, Console(file=buf, width=160))
    assert "fixed (fail -> pass): leave" in buf.getvalue()
