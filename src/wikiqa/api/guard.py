"""Per-key rate limits, bounded concurrency toward sources and models, a time limit per ask.

Each refusal is an HTTP status with Retry-After, never a queue that grows or a request
that hangs: 429 when a key's token bucket is empty, 503 when every ask slot stays busy
for `api_queue_timeout` seconds, 504 when an ask runs past `api_request_timeout`.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import HTTPException

MAX_BUCKETS = 10_000  # oldest buckets are forgotten past this (a full bucket again)


def _retry(seconds: float) -> dict[str, str]:
    return {"Retry-After": str(max(1, math.ceil(seconds)))}


class RateLimiter:
    """A token bucket per caller: `per_minute` tokens a minute, at most `burst` at once.
    `per_minute <= 0` turns limiting off."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(max(1, burst))
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def check(self, bucket: str) -> None:
        """Take one token from `bucket` or raise 429 saying when the next one arrives."""
        if self.rate <= 0:
            return
        now = time.monotonic()
        tokens, last = self._buckets.pop(bucket, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self._buckets[bucket] = (tokens, now)
            wait = (1.0 - tokens) / self.rate
            raise HTTPException(429, f"rate limit reached; retry in {wait:.1f} s", _retry(wait))
        self._buckets[bucket] = (tokens - 1.0, now)
        while len(self._buckets) > MAX_BUCKETS:
            self._buckets.popitem(last=False)


class AskGate:
    """At most `slots` asks at once (each reads sources and may call a model); a request
    waits up to `queue_timeout` s for a slot, then gets 503. Each ask gets `time_limit` s."""

    def __init__(self, slots: int, queue_timeout: float, time_limit: float) -> None:
        self.slots = slots
        self.queue_timeout = queue_timeout
        self.time_limit = time_limit
        self._sem = asyncio.Semaphore(slots)
        self.in_use = 0

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one ask slot for the block; 503 with Retry-After when none frees in time."""
        try:
            await asyncio.wait_for(self._sem.acquire(), self.queue_timeout)
        except TimeoutError:
            raise HTTPException(
                503, "the server is at capacity; retry shortly", _retry(self.queue_timeout)
            ) from None
        self.in_use += 1
        try:
            yield
        finally:
            self.in_use -= 1
            self._sem.release()

    def timeout_error(self) -> HTTPException:
        return HTTPException(
            504, f"the question took longer than {self.time_limit:g} s; retry later", _retry(5)
        )
