"""Ingest speed and peak memory per format, on generated files of a few hundred pages.

    PYTHONPATH=src python bench/ingest.py [--pages 300] [--out bench/results/ingest.json]

For each format a file of about `--pages` pages is generated (PDF pages with a running
header, two columns and a table every 10 pages, or on every page for `pdf-tables`; DOCX with the same text under headings and
a table every 10 "pages"; PPTX slides; XLSX rows, 40 rows counted as a page), then parsed in
a fresh process (so its peak RSS is the parse's own) three times; the best time is reported.
Peak memory is the process's maximum RSS, including Python and the imports (reported alone
as `baseline`).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import format_samples as samples

ROWS_PER_PAGE = 40


def _docx(path: Path, pages: int) -> Path:
    import docx

    d = docx.Document()
    for n in range(1, pages + 1):
        d.add_heading(samples.section_title(n), level=2)
        for _ in range(4):
            d.add_paragraph(samples.page_fact(n) + " " + samples.FILLER * 3)
        if n % 10 == 0:
            t = d.add_table(rows=1, cols=3)
            for cell, text in zip(t.rows[0].cells, samples.TABLE_HEADER, strict=True):
                cell.text = text
            for row in samples.TABLE_ROWS:
                for cell, text in zip(t.add_row().cells, row, strict=True):
                    cell.text = text
    d.save(str(path))
    return path


def make(kind: str, folder: Path, pages: int) -> Path:
    path = folder / f"bench.{kind}"
    if kind == "pdf":
        return samples.make_pdf(path, pages=pages, table_page=0, table_every=10)
    if kind == "pdf-tables":
        path = folder / "bench-tables.pdf"
        return samples.make_pdf(path, pages=pages, table_page=0, table_every=1)
    if kind == "docx":
        return _docx(path, pages)
    if kind == "pptx":
        return samples.make_pptx(path, slides=pages)
    if kind == "xlsx":
        return samples.make_xlsx(path, extra_rows=pages * ROWS_PER_PAGE)
    raise ValueError(kind)


def measure_one(kind: str, path: str) -> dict[str, float]:
    """In this (fresh) process: parse `path` three times; best seconds and peak RSS."""
    from wikiqa.store.loaders import FormatLimits, extract

    limits = FormatLimits(max_pages=100_000, timeout=3600)
    best = float("inf")
    chars = 0
    for _ in range(3):
        began = time.perf_counter()
        got = extract(Path(path), kind, limits)
        best = min(best, time.perf_counter() - began)
        chars = len(got.text)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": best, "chars": chars, "peak_mb": peak}


def baseline() -> float:
    code = ("import resource, wikiqa.store.loaders.pdf, wikiqa.store.loaders.docx, "
            "wikiqa.store.loaders.xlsx, wikiqa.store.loaders.pptx;"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)")  # fmt: skip
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=300)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--one", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(measure_one(*args.one)))
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("pdf", "pdf-tables", "docx", "pptx", "xlsx"):
            began = time.perf_counter()
            path = make(kind, Path(tmp), args.pages)
            made = time.perf_counter() - began
            parser = kind.split("-")[0]
            out = subprocess.run([sys.executable, __file__, "--one", parser, str(path)],
                                 capture_output=True, text=True, check=True)  # fmt: skip
            m = json.loads(out.stdout)
            rows.append({"format": kind, "pages": args.pages, "file_mb": path.stat().st_size / 1e6,
                         "seconds": m["seconds"], "pages_per_s": args.pages / m["seconds"],
                         "chars": m["chars"], "peak_mb": m["peak_mb"], "generate_s": made})  # fmt: skip
    base = baseline()
    print(f"baseline (python + loaders imported): {base:.0f} MB RSS")
    print("| format | pages | file MB | parse s | pages/s | text chars | peak RSS MB |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['format']} | {r['pages']} | {r['file_mb']:.2f} | {r['seconds']:.2f} | "
              f"{r['pages_per_s']:.0f} | {r['chars']:,} | {r['peak_mb']:.0f} |")  # fmt: skip
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"baseline_mb": base, "rows": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
