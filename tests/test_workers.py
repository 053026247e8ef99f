"""The worker pool: CPU-bound steps run off the event loop, at most WIKIQA_WORKER_THREADS at once."""

from __future__ import annotations

import asyncio
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
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    def busy() -> str:
        end = time.perf_counter() + 0.3
        while time.perf_counter() < end:
            pass
        return threading.current_thread().name

    task = asyncio.create_task(ticker())
    name = await run_cpu(busy)
    task.cancel()
    assert name.startswith("wikiqa-worker")
    assert ticks >= 10  # the loop kept running while the work ran


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
