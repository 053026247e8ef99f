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

Why not at once: an asynchronous exception lands right after the C call the thread is in
returns, and the standard library takes some locks in Python code outside a `with`
(`logging.Handler.acquire`, the import system's module locks, `threading.Condition`).
Landing there, it left the lock held by an idle worker for good, and the next thread to
log or import the same module (the event loop logging a trace event) waited forever: one
cancelled question stalled the server (tests/test_workers.py forces it on a logging
handler). So the exception is posted only while the work's own frames are outside the
standard library; otherwise a single `wikiqa-canceller` thread retries every millisecond
until they are, or the work ends.
"""

from __future__ import annotations

import asyncio
import ctypes
import functools
import os
import sys
import sysconfig
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from types import FrameType
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
        """Stop the work: at once when its thread is at a safe point, else soon (see the
        module docstring)."""
        with self.lock:
            self.cancelled = True
        if not self.try_stop():
            _canceller.add(self)

    def try_stop(self) -> bool:
        """Post the stop if the work is at a safe point; True when nothing is left to do
        (posted, or the work is not running: it ended, or it sees `cancelled` on start)."""
        with self.lock:  # the job cannot end (and clear `thread`) meanwhile
            if self.thread is None:
                return True
            frame = sys._current_frames().get(self.thread)
            if frame is None:
                return True
            lasti = frame.f_lasti
            if not _safe_point(frame):
                return False
            _set_async_exc(self.thread, ctypes.py_object(WorkCancelled))
            # The thread may have run between the look and the post (the GIL can pass at
            # any step here): if it moved, withdraw the stop and look again later.
            if sys._current_frames().get(self.thread) is frame and frame.f_lasti == lasti:
                return True
            _set_async_exc(self.thread, ctypes.py_object())
            return False


_STDLIB = tuple(
    os.path.normcase(os.path.realpath(sysconfig.get_paths()[key])) + os.sep
    for key in ("stdlib", "platstdlib")
)


@functools.lru_cache(maxsize=4096)
def _in_stdlib(filename: str) -> bool:
    """Standard-library code (frozen modules such as importlib's included), where a lock may
    be held outside a `with` for a moment; installed packages are not stdlib."""
    if filename.startswith("<frozen"):
        return True
    path = os.path.normcase(os.path.realpath(filename))
    return path.startswith(_STDLIB) and "site-packages" not in path


def _safe_point(frame: FrameType | None) -> bool:
    """True when no frame of the work (from `frame`, the thread's innermost, down to
    `_Job.run`) is standard-library code. A posted exception lands where the thread is
    now, or at the entry of the next function it calls, before any of its code runs; so
    it then unwinds only code that holds its locks with `with` and `finally`."""
    while frame is not None and frame.f_code is not _RUN_CODE:
        if _in_stdlib(frame.f_code.co_filename):
            return False
        frame = frame.f_back
    return True


class _Canceller:
    """One daemon thread retrying the stops that could not be posted at once, every
    millisecond at first, backing off to every 20 ms for work that stays long in the
    standard library, until each is posted or its work ends."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: list[_Job] = []
        self._thread: threading.Thread | None = None

    def add(self, job: _Job) -> None:
        with self._cond:
            self._pending.append(job)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._loop, name="wikiqa-canceller", daemon=True
                )
                self._thread.start()
            self._cond.notify()

    def _loop(self) -> None:
        rounds = 0
        while True:
            with self._cond:
                while not self._pending:
                    rounds = 0
                    self._cond.wait()
                jobs = list(self._pending)
            done = [job for job in jobs if job.try_stop()]
            rounds += 1
            with self._cond:
                self._pending = [job for job in self._pending if job not in done]
                if self._pending:
                    self._cond.wait(min(0.02, 0.001 * (1 + rounds // 50)))


_canceller = _Canceller()


_RUN_CODE = _Job.run.__code__


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
