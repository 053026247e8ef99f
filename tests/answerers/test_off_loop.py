"""The extractive answerer never runs the embedding model on the event loop.

A server answers many questions on one loop; a model run there (tens of milliseconds per
batch, more on a busy machine) stalls `/healthz` and every other request (workers.py). The
decision (`clearing`, which re-decides lifted lines and embeds what they compare) and the
hops' table choices used to embed inline; they now go through `run_cpu`. The embedder here
is the real one, wrapped to note each run made on a thread with a running event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from own_helpers import own_source
from test_keyed_table import GRADES, OVERTIME, PROBATION

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer

FLOOR = 0.35  # the shipped floor


def _loop_running() -> bool:
    """Is this thread running an event loop (rather than being a worker thread)?"""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class LoopWatchingEmbedder:
    """`inner`, noting every model run made on an event loop's thread."""

    def __init__(self, inner: OnnxEmbedder) -> None:
        self.inner = inner
        self.on_loop: list[int] = []  # batch sizes run on the loop

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def _note(self, texts: Sequence[str]) -> None:
        if _loop_running():
            self.on_loop.append(len(texts))

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self._note(texts)
        return self.inner.embed(texts)

    def embed_tokens(self, texts: Sequence[str]) -> Any:
        self._note(texts)
        return self.inner.embed_tokens(texts)


LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nFull-time staff get 25 days of annual leave a year, plus bank holidays."
    "\n\nBook leave at least two weeks ahead through the staff portal.\n\n"
    "Up to five unused days can be carried into the next leave year.\n",
)
DOCS = {"grades.md": GRADES, "overtime.md": OVERTIME, "probation.md": PROBATION, "leave.md": LEAVE}


async def ask(question: str, emb: LoopWatchingEmbedder, tmp_path: Path) -> Answer:
    files = {
        name: f"---\ntitle: {title}\naccess_scope: public\n---\n{text}"
        for name, (title, text) in DOCS.items()
    }
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3, embedder=emb)  # type: ignore[arg-type]
    result = await ask_async(question, own_source(tmp_path, files), answerer=answerer)
    assert isinstance(result, Answer), result
    return result


async def test_a_two_document_hop_embeds_off_the_loop(emb: OnnxEmbedder, tmp_path: Path) -> None:
    watched = LoopWatchingEmbedder(emb)
    result = await ask("What do caseworkers get for working extra hours?", watched, tmp_path)
    assert "Plain time" in result.text  # the hop ran (keyed_table.nearest_table chose)
    assert watched.on_loop == []


async def test_the_decision_runs_off_the_loop(
    emb: OnnxEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`clearing` re-decides lifted lines (CPU-bound ranking, and embedding when a lifted
    line's text is new): it runs on a worker thread, like the assessment before it."""
    on_loop: list[bool] = []
    clearing = ExtractiveAnswerer.clearing

    def watched_clearing(self: ExtractiveAnswerer, *args: Any, **kwargs: Any) -> Any:
        on_loop.append(_loop_running())
        return clearing(self, *args, **kwargs)

    monkeypatch.setattr(ExtractiveAnswerer, "clearing", watched_clearing)
    watched = LoopWatchingEmbedder(emb)
    result = await ask("How many holiday days do I get each year?", watched, tmp_path)
    assert "25 days" in result.text
    assert on_loop and not any(on_loop)
    assert watched.on_loop == []
