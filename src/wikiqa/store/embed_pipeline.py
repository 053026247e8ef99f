"""Overlap embedding with reading, chunking and SQLite writes while indexing.

The indexer's thread walks, loads and chunks files and writes finished batches; one worker
thread embeds the batch before (the embedder itself spreads a batch's runs over the cores,
and onnxruntime releases the GIL while it runs). At most `depth` batches are in flight, so
memory stays bounded whatever the folder size, and batches are written in the order they
were read, each in one transaction (an interrupted run leaves whole batches).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

Batch = TypeVar("Batch")
Vectors = list[bytes]


class EmbedPipeline(Generic[Batch]):
    """submit(batch, texts) -> embedding starts in the background; the oldest finished
    batch is handed to `write(batch, vectors)` once `depth` are in flight, and on `close`."""

    def __init__(
        self,
        embed: Callable[[list[str]], Vectors] | None,
        write: Callable[[Batch, Vectors | None], None],
        depth: int = 2,
    ) -> None:
        self._embed = embed
        self._write = write
        self._depth = max(1, depth)
        self._pending: deque[tuple[Batch, Future[Vectors] | None]] = deque()
        self._pool = ThreadPoolExecutor(1, "wikiqa-index") if embed is not None else None

    def submit(self, batch: Batch, texts: list[str]) -> None:
        future = None
        if self._pool is not None and self._embed is not None and texts:
            future = self._pool.submit(self._embed, texts)
        self._pending.append((batch, future))
        while len(self._pending) >= self._depth:
            self._write_oldest()

    def _write_oldest(self) -> None:
        batch, future = self._pending.popleft()
        vectors = future.result() if future is not None else None
        if vectors is None and self._embed is not None:
            vectors = []  # a batch without text to embed
        self._write(batch, vectors)

    def close(self) -> None:
        """Write what is in flight (in order); on error, drop the rest and re-raise."""
        try:
            while self._pending:
                self._write_oldest()
        finally:
            self.abort()

    def abort(self) -> None:
        """Stop without writing: queued batches are cancelled, a running one finishes."""
        for _, future in self._pending:
            if future is not None:
                future.cancel()
        self._pending.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
