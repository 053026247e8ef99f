"""CPU-bound work off the event loop: one bounded thread pool per process.

Why threads: the heavy steps of a question (ONNX embedding, numpy ranking, SQLite reads,
pysbd sentence splitting, folding) either release the GIL or are short Python loops; what
matters for a server is that none of them runs *on the event loop*, where it would stall
`/healthz` and every other request. Why one bounded pool: two cores serve many requests,
so more threads than `WIKIQA_WORKER_THREADS` only adds contention. The offload happens at
the seams every caller shares (a collection's search and fetch, the extractive answerer's
scoring, the ledger), so the CLI, the API and the evals all get it.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_threads: int | None = None  # None: not configured yet (read WIKIQA_WORKER_THREADS on use)


def configure_workers(threads: int) -> None:
    """Size the pool (`WIKIQA_WORKER_THREADS`) at startup; 0 runs work inline on the
    caller's loop, which only a benchmark comparing before and after should want."""
    global _pool, _threads
    if threads < 0:
        raise ValueError("worker threads must be 0 or more")
    with _lock:
        if threads == _threads:
            return
        old = _pool
        _pool = ThreadPoolExecutor(threads, "wikiqa-worker") if threads > 0 else None
        _threads = threads
    if old is not None:
        old.shutdown(wait=False)  # running work finishes; new work goes to the new pool


def worker_threads() -> int:
    """The configured pool size (reading the settings on first use)."""
    if _threads is None:
        from wikiqa.settings import Settings

        configure_workers(Settings().worker_threads)
    assert _threads is not None
    return _threads


async def run_cpu(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """`fn(*args, **kwargs)` on a worker thread, awaited without blocking the loop."""
    worker_threads()
    pool = _pool
    if pool is None:
        return fn(*args, **kwargs)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool, functools.partial(fn, *args, **kwargs))
