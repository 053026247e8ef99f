"""CPU-bound work off the event loop: one bounded thread pool per process.

Why threads: the heavy steps of a question (ONNX embedding, numpy ranking, SQLite reads,
pysbd sentence splitting, folding) either release the GIL or are short Python loops; what
matters for a server is that none of them runs *on the event loop*, where it would stall
`/healthz` and every other request. Why one bounded pool: two cores serve many requests,
so more threads than `WIKIQA_WORKER_THREADS` only adds contention. The offload happens at
the seams every caller shares (a collection's search and fetch, the extractive answerer's
scoring, the ledger), so the CLI, the API and the evals all get it.

Why cancellation reaches into the thread: a thread cannot be killed, and a future that
is already running cannot be cancelled, so without more a request answered 504 (or whose
client left) would keep a core busy until its scoring finished, for nobody. When the
coroutine awaiting `run_cpu` is cancelled, the work is stopped at its next Python step by
raising `WorkCancelled` inside its thread (CPython's `PyThreadState_SetAsyncExc`): no
checkpoints to forget in the scoring code, `finally` blocks and `with` locks unwind as for
any exception, and a long C call (an ONNX batch) ends first. The exception is posted only
while the job runs and any undelivered one is withdrawn before the thread takes other
work, so a late cancel never reaches the next job.
"""

from __future__ import annotations

import asyncio
import ctypes
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


class WorkCancelled(BaseException):
    """Raised inside a worker thread whose caller stopped waiting. A BaseException, so the
    work's own `except Exception` handlers do not swallow it and carry on."""


_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = [ctypes.c_ulong, ctypes.py_object]
_set_async_exc.restype = ctypes.c_int

_running = 0  # jobs running on worker threads now (the busy() gauge)
_running_lock = threading.Lock()


class _Job:
    """One `run_cpu` call: which thread runs it, and whether its caller gave up."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.thread: int | None = None  # set while running
        self.cancelled = False

    def run(self, call: Callable[[], T]) -> T:
        global _running
        with _running_lock:
            _running += 1
        try:  # a stop can be posted only once `thread` is set, so only inside this try
            with self.lock:
                if self.cancelled:
                    raise WorkCancelled
                self.thread = threading.get_ident()
            return call()
        finally:
            while True:  # a stop posted as the work ended may land here: absorb it, retry
                try:
                    with self.lock:  # no stop can be posted past this point
                        self.thread = None
                        _set_async_exc(threading.get_ident(), ctypes.py_object())
                    break
                except WorkCancelled:
                    continue
            with _running_lock:
                _running -= 1

    def cancel(self) -> None:
        with self.lock:
            self.cancelled = True
            if self.thread is not None:
                _set_async_exc(self.thread, ctypes.py_object(WorkCancelled))


def busy() -> int:
    """How many jobs are running on worker threads now."""
    return _running


async def run_cpu(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """`fn(*args, **kwargs)` on a worker thread, awaited without blocking the loop; if the
    awaiting coroutine is cancelled (a time limit, a client that left), the work stops too."""
    worker_threads()
    pool = _pool
    if pool is None:
        return fn(*args, **kwargs)
    job = _Job()
    future = pool.submit(job.run, functools.partial(fn, *args, **kwargs))
    try:
        return await asyncio.wrap_future(future)
    except asyncio.CancelledError:
        job.cancel()
        raise
