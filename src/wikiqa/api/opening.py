"""Opening a source once, shared by every caller, and never longer than a caller will wait.

Why a shared task and not a lock: opening a `docs:` folder indexes it, which can take
minutes. Under a lock, every request behind the first waited with no time limit; and had
the first request's time limit cancelled the opening, a large folder could never open at
all. Here the opening runs as one task per spec, each caller waits for it at most its own
time limit (`SourceOpening` when that passes, the opening carries on), and a later call
finds the source open. An opening that fails is forgotten, so the next call tries again.
No FastAPI here: the MCP server (mcp_server.py) uses it too.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable

from wikiqa.settings import Settings
from wikiqa.sources.base import Source


class SourceOpening(Exception):
    """The source is still being opened (or indexed) after the caller's time limit."""

    def __init__(self, spec: str, seconds: float) -> None:
        super().__init__(
            f"source {spec!r} is still being opened (a docs: folder is indexed on first use) "
            f"after {seconds:g} s; retry shortly"
        )
        self.spec = spec


class Opener:
    """Each spec opened by one background task; `get` waits for it up to a time limit."""

    def __init__(self, settings: Settings, opener: Callable[[str, Settings], Source]) -> None:
        self.settings = settings
        self._open_one = opener
        self.open: dict[str, Source] = {}
        self._tasks: dict[str, asyncio.Task[Source]] = {}

    async def get(self, spec: str, seconds: float | None) -> Source:
        """The opened source; `SourceOpening` after `seconds` (the opening goes on), or the
        opening's own error (then forgotten, so the next call retries). `None`: no limit."""
        from wikiqa.workers import run_cpu

        if spec in self.open:
            return self.open[spec]
        task = self._tasks.get(spec)
        if task is None:
            task = asyncio.ensure_future(run_cpu(self._open_one, spec, self.settings))
            task.add_done_callback(functools.partial(self._settle, spec))
            self._tasks[spec] = task
        if seconds is None:
            return await asyncio.shield(task)
        try:
            async with asyncio.timeout(seconds):
                return await asyncio.shield(task)
        except TimeoutError:
            raise SourceOpening(spec, seconds) from None

    def _settle(self, spec: str, task: asyncio.Task[Source]) -> None:
        self._tasks.pop(spec, None)
        if not task.cancelled() and task.exception() is None:
            self.open[spec] = task.result()

    async def aclose(self) -> None:
        """Stop openings still under way (their worker work stops), close the open sources."""
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        for source in self.open.values():
            await source.aclose()
        self.open.clear()
