"""How fast (and how well) does ZimSource search and fetch an offline Kiwix ZIM?

Draws ~30 queries from the ZIM itself, deterministically: half are article titles, half are
topical phrases (three content words from an article's first paragraph). Reports search
latency p50/p95 and recall@k (the article the query came from is among the hits), then
fetches every HTML article once with the cache off: fetch latency p50/p95, the share of it
spent in html_to_text, and articles/s. Offline; skips with a message when the ZIM is absent.

    .venv/bin/python bench/zim_source.py [--zim PATH] [--queries 30] [--k 5]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import time
from pathlib import Path

from libzim.reader import Archive
from rich.console import Console
from rich.table import Table

from wikiqa.sources.zim import ZimSource
from wikiqa.text.html import html_to_text
from wikiqa.text.terms import STOPWORDS

DEFAULT_ZIM = (
    Path(__file__).resolve().parents[1].parent
    / "shared/bench/wikipedia/zim/libkiwix_zimfile_raycharles.zim"
)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile; fine for a few dozen samples."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def articles(path: Path) -> list[tuple[str, str, str]]:
    """(path, title, html) of every HTML article (no redirects), in archive order."""
    archive = Archive(str(path))
    main = archive.main_entry.get_redirect_entry() if archive.main_entry.is_redirect else None
    main_path = main.path if main else archive.main_entry.path
    found = []
    for i in range(archive.all_entry_count):
        entry = archive._get_entry_by_id(i)
        if entry.is_redirect or entry.path == main_path:
            continue
        item = entry.get_item()
        if item.mimetype.split(";")[0] == "text/html":
            found.append((entry.path, entry.title, bytes(item.content).decode("utf-8", "replace")))
    return found


def make_queries(docs: list[tuple[str, str, str]], n: int) -> list[tuple[str, str, str]]:
    """(kind, query, expected path): evenly spaced titles and first-paragraph phrases."""
    step = max(1, len(docs) // max(n, 1))
    picked = docs[::step][:n]
    queries = []
    for i, (path, title, html) in enumerate(picked):
        if i % 2 == 0:
            queries.append(("title", title, path))
            continue
        text = html_to_text(html).text
        para = next((b for b in text.split("\n\n") if len(b) > 80), text)
        words = [w for w in re.findall(r"[^\W\d_]{4,}", para) if w.lower() not in STOPWORDS]
        title_words = {w.lower() for w in re.findall(r"\w+", title)}
        topical = [w for w in words if w.lower() not in title_words][:3]
        queries.append(("phrase", " ".join(topical) or title, path))
    return queries


async def run(zim: Path, n_queries: int, k: int) -> None:
    console = Console(width=110)
    docs = articles(zim)
    queries = make_queries(docs, n_queries)
    source = ZimSource(zim)
    await source.search("warm up", k)  # opens the Xapian database once

    search_ms: dict[str, list[float]] = {"title": [], "phrase": []}
    found: dict[str, int] = {"title": 0, "phrase": 0}
    for kind, query, expected in queries:
        t0 = time.perf_counter()
        hits = await source.search(query, k)
        search_ms[kind].append((time.perf_counter() - t0) * 1000)
        found[kind] += any(h.doc_id == expected for h in hits)

    cold = ZimSource(zim, cache_size=0)
    fetch_ms: list[float] = []
    convert_s = 0.0
    t_all = time.perf_counter()
    for path, _, _ in docs:
        t0 = time.perf_counter()
        await cold.fetch(path, full=True)
        fetch_ms.append((time.perf_counter() - t0) * 1000)
    total_s = time.perf_counter() - t_all
    for _, _, html in docs:
        t0 = time.perf_counter()
        html_to_text(html)
        convert_s += time.perf_counter() - t0

    table = Table(title=f"ZimSource on {zim.name} ({len(docs)} HTML articles, k={k})")
    for col in ("measure", "n", "p50 ms", "p95 ms", "other"):
        table.add_column(col, justify="right" if col != "measure" else "left")
    all_search = search_ms["title"] + search_ms["phrase"]
    rows = [
        ("search: titles", search_ms["title"], found["title"]),
        ("search: phrases", search_ms["phrase"], found["phrase"]),
        ("search: all", all_search, found["title"] + found["phrase"]),
    ]
    for label, values, hit in rows:
        table.add_row(
            label, str(len(values)), f"{percentile(values, 0.5):.2f}",
            f"{percentile(values, 0.95):.2f}", f"recall@{k} {hit}/{len(values)}",
        )  # fmt: skip
    share = convert_s / max(total_s, 1e-9)
    table.add_row(
        "fetch (cold, full)", str(len(fetch_ms)), f"{percentile(fetch_ms, 0.5):.2f}",
        f"{percentile(fetch_ms, 0.95):.2f}",
        f"{len(docs) / total_s:.0f} articles/s; html_to_text {share:.0%}",
    )  # fmt: skip
    console.print(table)
    console.print(f"mean search {statistics.fmean(all_search):.2f} ms; example queries:")
    for kind, query, expected in queries[:6]:
        console.print(f"  [{kind}] {query!r} -> {expected}", markup=False)
    await source.aclose()
    await cold.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--zim", type=Path, default=DEFAULT_ZIM)
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--k", type=int, default=5)
    args = parser.parse_args()
    if not args.zim.exists():
        print(f"skipped: ZIM file not found: {args.zim} (pass --zim PATH)")
        sys.exit(0)
    asyncio.run(run(args.zim, args.queries, args.k))


if __name__ == "__main__":
    main()
