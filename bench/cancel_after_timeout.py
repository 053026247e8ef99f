"""How long a question's CPU work outlives its 504: the time from the 504 until the one
worker thread runs a new job, over real asks about a large document.

Each ask gets its own ~5 MB document (real prose as in bench/large_document.py, SQuAD
contexts when present, a different stretch of them each time, so no cache from an earlier
ask makes it cheap), served through the real app (one worker thread, lexical retrieval,
the extractive answerer) with a request time limit short enough that the ask times out
mid-work; after the 504 a trivial job is timed on the worker pool. With cancellation the
worker is free at once; without it the job waits for the abandoned step to finish.

    python bench/cancel_after_timeout.py [--mb 5] [--limit 0.15] [--asks 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from large_document import FACT, QUESTION, prose
from wikiqa.api.app import create_app
from wikiqa.settings import Settings
from wikiqa.workers import run_cpu


def document(mb: float, part: int) -> str:
    """About `mb` MB of prose starting `part` stretches into the corpus, the fact inside."""
    paragraphs = prose()
    out: list[str] = []
    size, i = 0, part * 5_000
    while size < mb * 1_000_000:
        out.append(paragraphs[i % len(paragraphs)])
        size += len(out[-1].encode("utf-8")) + 2
        i += 1
    out.insert(len(out) // 2, FACT)
    return "# Almanac\n\n" + "\n\n".join(out) + "\n"


async def one_ask(mb: float, limit: float, part: int) -> tuple[int, float]:
    """(status of the ask, seconds until the worker was free after its response)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "docs"
        folder.mkdir()
        (folder / "almanac.md").write_text(document(mb, part), encoding="utf-8")
        settings = Settings(
            source=f"docs:{folder}",
            retrieval_mode="lexical",
            home=Path(tmp) / "home",
            api_request_timeout=limit,
            worker_threads=1,
            api_rate_per_minute=0,
        )
        app = create_app(settings)
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                r = await client.post("/api/ask", json={"question": QUESTION})
                started = time.perf_counter()
                await run_cpu(lambda: None)
                return r.status_code, time.perf_counter() - started


async def measure(mb: float, limit: float, asks: int) -> tuple[list[int], list[float]]:
    """(status of each ask, seconds until the worker was free after it)."""
    runs = [await one_ask(mb, limit, part) for part in range(asks)]
    return [s for s, _ in runs], [w for _, w in runs]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=5.0)
    parser.add_argument("--limit", type=float, default=0.15, help="request time limit, s")
    parser.add_argument("--asks", type=int, default=5)
    args = parser.parse_args()
    statuses, waits = asyncio.run(measure(args.mb, args.limit, args.asks))
    print(f"statuses: {statuses}")
    print(
        f"worker free after the response: median {statistics.median(waits) * 1000:.0f} ms, "
        f"max {max(waits) * 1000:.0f} ms ({', '.join(f'{w * 1000:.0f}' for w in waits)})"
    )
    return 0 if all(s == 504 for s in statuses) else 1


if __name__ == "__main__":
    raise SystemExit(main())
