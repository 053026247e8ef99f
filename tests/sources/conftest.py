"""Shared fixtures for the source tests: an injected sleep that records and never waits."""

from __future__ import annotations

import pytest


class SleepRecorder:
    """Injected instead of asyncio.sleep: records the waits, never waits."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()
