"""A self-contained HTML report: inline CSS and SVG charts, no scripts, no external URLs,
so it opens from disk and can be mailed or archived as one file."""

from __future__ import annotations

from html import escape
from typing import Any

from wikiqa.evals.report import COLUMNS

PALETTE = {"pass": "#2e7d32", "fail": "#c62828", "na": "#9e9e9e", "not_graded": "#f9a825"}
BUCKET_COLOURS = ["#1565c0", "#6a1b9a", "#ef6c00", "#00838f", "#c62828", "#5d4037"]


def _bars(rows: list[tuple[str, float, str]], colour: str | list[str], unit: str = "") -> str:
    """Horizontal bars: (label, value, text) rows; values are scaled to the largest."""
    width, bar_h, label_w = 640, 22, 150
    height = max(1, len(rows)) * (bar_h + 8) + 8
    top = max((v for _, v, _ in rows), default=0) or 1
    parts = [f'<svg width="{width}" height="{height}" '
             f'role="img" viewBox="0 0 {width} {height}">']  # fmt: skip
    for i, (label, value, text) in enumerate(rows):
        y = 8 + i * (bar_h + 8)
        w = (width - label_w - 90) * value / top
        fill = colour[i % len(colour)] if isinstance(colour, list) else colour
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 16}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{fill}"/>'
            f'<text x="{label_w + w + 6:.1f}" y="{y + 16}">{escape(text)}{unit}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _stacked(rows: list[tuple[str, list[tuple[int, str, str]]]]) -> str:
    """Horizontal stacked bars of counts: (label, [(count, colour, name), ...]) rows."""
    width, bar_h, label_w = 640, 22, 150
    height = max(1, len(rows)) * (bar_h + 8) + 30
    top = max((sum(c for c, _, _ in segs) for _, segs in rows), default=0) or 1
    scale = (width - label_w - 60) / top
    parts = [f'<svg width="{width}" height="{height}" role="img" viewBox="0 0 {width} {height}">']
    for i, (label, segs) in enumerate(rows):
        y, x = 8 + i * (bar_h + 8), float(label_w)
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 16}" text-anchor="end">{escape(label)}</text>'
        )
        for count, colour, name in segs:
            if count:
                parts.append(
                    f'<rect x="{x:.1f}" y="{y}" width="{count * scale:.1f}" height="{bar_h}" '
                    f'fill="{colour}"><title>{count} {escape(name)}</title></rect>'
                )
                if count * scale > 14:
                    parts.append(f'<text x="{x + 4:.1f}" y="{y + 16}" fill="#fff">{count}</text>')
                x += count * scale
    legend_y = height - 8
    for j, (name, colour) in enumerate((("passed", PALETTE["pass"]), ("failed", PALETTE["fail"]),
                                         ("not graded", PALETTE["not_graded"]))):  # fmt: skip
        lx = label_w + j * 110
        parts.append(f'<rect x="{lx}" y="{legend_y - 10}" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{lx + 14}" y="{legend_y}">{name}</text>')  # fmt: skip
    parts.append("</svg>")
    return "".join(parts)


def _histogram(values: list[float], bins: int = 12) -> str:
    """Latency distribution as an SVG histogram."""
    width, height, pad = 640, 200, 30
    if not values:
        return "<p>no latencies recorded</p>"
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - lo) / span * bins))] += 1
    top = max(counts)
    bw = (width - 2 * pad) / bins
    parts = [f'<svg width="{width}" height="{height + 30}" '
             f'role="img" viewBox="0 0 {width} {height + 30}">']  # fmt: skip
    for i, c in enumerate(counts):
        h = (height - pad) * c / top
        x = pad + i * bw
        parts.append(
            f'<rect x="{x:.1f}" y="{height - h:.1f}" width="{bw - 2:.1f}" height="{h:.1f}" '
            f'fill="#1565c0"><title>{c} trials</title></rect>'
        )
        if c:
            parts.append(f'<text x="{x + bw / 2:.1f}" y="{height - h - 4:.1f}" '
                         f'text-anchor="middle">{c}</text>')  # fmt: skip
    parts.append(
        f'<line x1="{pad}" y1="{height}" x2="{width - pad}" y2="{height}" stroke="#333"/>'
        f'<text x="{pad}" y="{height + 18}">{lo:.0f} ms</text>'
        f'<text x="{width - pad}" y="{height + 18}" text-anchor="end">{hi:.0f} ms</text>'
        "</svg>"
    )
    return "".join(parts)


def _cell(cell: dict[str, int]) -> str:
    if not cell["applicable"]:
        return '<td class="na">-</td>'
    rate = cell["passes"] / cell["applicable"]
    ng = f' <span class="ng">{cell["not_graded"]} ng</span>' if cell["not_graded"] else ""
    shade = f"hsl({int(rate * 120)}, 60%, 88%)"
    return f'<td style="background:{shade}">{cell["passes"]}/{cell["applicable"]}{ng}</td>'


def render_html(report: dict[str, Any]) -> str:
    """The whole page as one string."""
    run, u, f = report["run"], report["usage"], report["flips"]
    cfg = run["config"]
    head = "".join(f"<th>{escape(c)}</th>" for c in COLUMNS)
    rows = []
    for cat, row in sorted(report["table"].items()):
        pc = report["per_category"][cat]
        rows.append(f"<tr><th>{escape(cat)}</th>" + "".join(_cell(row[c]) for c in COLUMNS)
                    + f"<td>{pc['passed']}/{pc['tasks']}</td></tr>")  # fmt: skip
    ap = report["all_pass"]
    rows.append('<tr class="total"><th>total</th>' + "".join(_cell(report["total"][c]) for c in COLUMNS)
                + f"<td>{ap['passed']}/{ap['tasks']}</td></tr>")  # fmt: skip
    cat_bars = _stacked(
        [(cat, [(pc["passed"], PALETTE["pass"], "passed"), (pc["failed"], PALETTE["fail"], "failed"),
                (pc["not_graded"], PALETTE["not_graded"], "not graded")])
         for cat, pc in sorted(report["per_category"].items())]
    )  # fmt: skip
    dim_bars = _bars(
        [(c, (cell["passes"] / cell["applicable"]) if cell["applicable"] else 0.0,
          f"{cell['passes']}/{cell['applicable']}") for c, cell in report["total"].items()
         if cell["applicable"]],
        "#1565c0",
    )  # fmt: skip
    buckets = [(b, float(n), str(n)) for b, n in report["buckets"].items()]
    bucket_bars = (
        _bars(buckets, BUCKET_COLOURS) if any(n for _, n, _ in buckets) else "<p>no failures</p>"
    )
    task_rows = []
    for t in report["task_results"]:
        dims = " ".join(
            f'<span class="chip" style="background:{PALETTE[s]}">{escape(d)}</span>'
            for d, s in t["dims"].items()
        )
        if t["access"]:
            dims += f' <span class="chip" style="background:{PALETTE[t["access"]]}">access</span>'
        notes = "; ".join(f"{d}: {n}" for d, n in t["notes"].items() if n)
        task_rows.append(
            f'<tr class="{"ok" if t["passed"] else "bad"}"><td>{escape(t["task_id"])}</td>'
            f"<td>{escape(t['category'])}</td><td>{'pass' if t['passed'] else 'fail'}</td>"
            f"<td>{dims}</td><td>{escape(t['output'])}: {escape(t['text'])}"
            f"<div class='cited'>cited: {escape(', '.join(t['cited']) or 'nothing')}</div>"
            f"<div class='cited'>{escape(notes)}</div></td></tr>"
        )
    fail_rows = "".join(
        f"<tr><td>{escape(x['task_id'])}</td><td>{escape(x['category'])}</td>"
        f"<td>{escape(str(x['bucket']))}</td><td>{escape(x['note'])}</td></tr>"
        for x in report["failures"]
    )

    def fmt(v: float | None, spec: str = ".2f") -> str:
        return "-" if v is None else format(v, spec)

    summary = [
        ("answerer", f"{cfg.get('answerer')} (model {cfg.get('model') or '-'})"),
        ("judge", cfg.get("judge") or "none: judge dimensions not graded"),
        ("tasks passing every declared dimension", f"{ap['passed']}/{ap['tasks']}"),
        ("not fully graded", str(report["not_fully_graded"])),
        ("faithfulness / completeness fraction",
         f"{fmt(report['faithfulness_fraction'])} / {fmt(report['completeness_fraction'])}"),
        ("tool calls per trial", fmt(u["tool_calls_mean"], ".1f")),
        ("tokens / cost", f"{u['tokens_total'] or '-'} / ${fmt(u['cost_usd_total'], '.4f')}"),
        ("latency p50 / p95", f"{fmt(u['latency_ms_p50'], '.0f')} / {fmt(u['latency_ms_p95'], '.0f')} ms"),
        ("cited but not expected", str(report["cited_not_expected"])),
        ("forbidden documents in results", str(report["forbidden_violations"])),
        ("flip rates (answerer / judge / outcome)",
         f"{fmt(f['answerer_flip_rate'])} / {fmt(f['judge_flip_rate'])} / {fmt(f['outcome_flip_rate'])}"
         f" over {f['tasks_with_several_trials']} multi-trial tasks"),
        ("trials", f"{report['trials_recorded']} ({report['errors']} errors), {run['trials']} per task"),
        ("pins", f"config {run['config_digest']}, tasks {run['task_digest']}"),
    ]  # fmt: skip
    summary_html = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in summary)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>wikiqa eval: {escape(run["task_file"])}</title>
<style>
body{{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}}
h1{{font-size:20px}} h2{{font-size:16px;margin-top:28px}}
table{{border-collapse:collapse;margin:8px 0}} th,td{{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}}
td{{text-align:right}} .tasks td{{text-align:left}} .na{{color:#999;text-align:center}}
.ng{{color:#8a6d00;font-size:12px}} tr.total{{font-weight:bold}} .chip{{color:#fff;border-radius:3px;padding:0 4px;font-size:12px}}
.cited{{color:#666;font-size:12px}} tr.bad td:nth-child(3){{color:#c62828}} tr.ok td:nth-child(3){{color:#2e7d32}}
svg text{{font-size:12px}} .grid{{display:flex;flex-wrap:wrap;gap:24px}}
</style></head><body>
<h1>wikiqa eval: {escape(run["task_file"])}</h1>
<p>{escape(run["created"])}. Cells are passes / applicable for the majority verdict per task;
ng = not graded (counted as not passing); - = not applicable.</p>
<table>{summary_html}</table>
<h2>Per category x per dimension</h2>
<table><tr><th>category</th>{head}<th>all dims</th></tr>{"".join(rows)}</table>
<div class="grid">
<div><h2>Tasks per category: passed, failed, not graded</h2>{cat_bars}</div>
<div><h2>Pass rate per dimension</h2>{dim_bars}</div>
<div><h2>Latency distribution</h2>{_histogram(u["latencies_ms"])}</div>
<div><h2>Failure buckets</h2>{bucket_bars}</div>
</div>
<h2>Failures</h2>
<table class="tasks"><tr><th>task</th><th>category</th><th>bucket</th><th>where to look</th></tr>{fail_rows}</table>
<h2>Tasks</h2>
<table class="tasks"><tr><th>task</th><th>category</th><th>verdict</th><th>dimensions</th><th>output (trial 0)</th></tr>
{"".join(task_rows)}</table>
</body></html>
"""
