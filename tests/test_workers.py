"""The worker pool: CPU-bound steps run off the event loop, at most WIKIQA_WORKER_THREADS at once."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator

import pytest

from wikiqa.workers import configure_workers, run_cpu, worker_threads


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    before = worker_threads()
    yield
    configure_workers(before)


async def test_work_runs_on_a_worker_thread_and_the_loop_stays_free() -> None:
    configure_workers(2)
    loop_ran = threading.Event()

    async def ticker() -> None:
        for _ in range(5):  # several turns of the loop, not one lucky one
            await asyncio.sleep(0.01)
        loop_ran.set()

    def busy() -> tuple[str, bool]:
        # Holds its worker until the loop has turned five times (no fixed time, so a loaded
        # machine cannot fail it); were the work on the loop, the ticker could never run.
        return threading.current_thread().name, loop_ran.wait(timeout=30)

    task = asyncio.create_task(ticker())
    name, loop_was_free = await run_cpu(busy)
    task.cancel()
    assert name.startswith("wikiqa-worker")
    assert loop_was_free  # the loop kept running while the work ran


async def test_concurrency_is_bounded_by_the_pool_size() -> None:
    configure_workers(2)
    active = peak = 0
    lock = threading.Lock()

    def work() -> None:
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        time.sleep(0.05)
        with lock:
            active -= 1

    await asyncio.gather(*(run_cpu(work) for _ in range(8)))
    assert peak == 2


async def test_zero_threads_runs_inline() -> None:
    configure_workers(0)
    assert await run_cpu(lambda: threading.current_thread().name) == "MainThread"


def test_the_app_sizes_the_pool_from_the_settings() -> None:
    from wikiqa.api.app import create_app
    from wikiqa.settings import Settings

    create_app(Settings(worker_threads=3))
    assert worker_threads() == 3


def _spin(counter: list[int], seconds: float) -> None:
    """Pure-Python CPU work that counts its steps, like the answerer's scoring loops."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        counter[0] += 1


async def _still_counting(counter: list[int], wait: float = 0.3) -> bool:
    before = counter[0]
    await asyncio.sleep(wait)
    return counter[0] != before


async def test_cancelled_work_stops_on_its_worker_thread() -> None:
    """A caller that stops waiting (a 504, a client that left) stops the work too: the
    thread does not keep a core busy for a result nobody will read."""
    configure_workers(1)
    counter = [0]
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(run_cpu(_spin, counter, 5.0), 0.2)
    await asyncio.sleep(0.1)  # the stop lands at the work's next Python step
    assert not await _still_counting(counter), "the cancelled work kept running"
    started = time.perf_counter()
    assert await run_cpu(lambda: "free") == "free"  # the one worker is free again at once
    assert time.perf_counter() - started < 0.5


async def test_cancelled_work_can_clean_up_and_the_pool_keeps_working() -> None:
    configure_workers(1)
    cleaned = threading.Event()

    def work() -> None:
        try:
            _spin([0], 5.0)
        finally:
            cleaned.set()

    task = asyncio.create_task(run_cpu(work))
    await asyncio.sleep(0.1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await asyncio.to_thread(cleaned.wait, 2.0)  # `finally` blocks still run
    for _ in range(20):  # the thread survived the stop and keeps serving
        name = await run_cpu(lambda: threading.current_thread().name)
        assert name.startswith("wikiqa-worker")


async def test_work_that_finished_is_never_hit_by_a_late_cancel() -> None:
    """A cancel racing the end of the work must not leak into the worker's next job."""
    configure_workers(1)
    for _ in range(200):
        task = asyncio.create_task(run_cpu(_spin, [0], 0.0005))
        await asyncio.sleep(0.0005)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        assert await run_cpu(_spin, [0], 0.001) is None


async def test_a_cancel_never_leaves_a_standard_library_lock_held() -> None:
    """The stall after a cancelled question: the work waits for a logging handler's lock
    (held here, as another thread writing a log line would) when its caller gives up. The
    stop used to land right after `Handler.acquire` took the lock and before its `try`, so
    the lock stayed with the idle worker and the next thread to log, the event loop
    logging a trace event, waited forever. Forced by events: the cancel comes while the
    work is inside `Handler.acquire`, the lock is released only after it."""
    import io
    import logging
    import sys

    from wikiqa import workers

    configure_workers(1)
    handler = logging.StreamHandler(io.StringIO())
    record = logging.LogRecord("wikiqa.test", logging.INFO, __file__, 1, "scored", None, None)
    worker: list[int] = []
    counter = [0]

    def work() -> None:
        worker.append(threading.get_ident())
        handler.handle(record)  # waits in Handler.acquire while the test holds the lock
        _spin(counter, 60.0)  # then work that must still be stopped

    def waiting_for_the_lock() -> bool:
        frame = sys._current_frames().get(worker[0]) if worker else None
        return frame is not None and frame.f_code is logging.Handler.acquire.__code__

    handler.lock.acquire()
    task = asyncio.create_task(run_cpu(work))
    try:
        deadline = time.monotonic() + 30
        while not waiting_for_the_lock():
            assert time.monotonic() < deadline, "the work never reached the handler"
            await asyncio.sleep(0.001)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task  # the caller's side is over; the stop is posted or pending
    finally:
        handler.lock.release()
    deadline = time.monotonic() + 30
    while workers.busy() and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    assert workers.busy() == 0, "the cancelled work kept running"

    def take_and_give_back() -> bool:  # on another thread: the worker did not keep it
        if not handler.lock.acquire(timeout=5.0):
            return False
        handler.lock.release()
        return True

    assert await asyncio.to_thread(take_and_give_back), "the worker kept the handler's lock"
    assert await run_cpu(lambda: "free") == "free"
