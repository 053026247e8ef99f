"""Run tasks through the same `ask()` path every user takes, trial by trial.

Each (task, trial) is asked, graded and appended to the run file as soon as it finishes, so
an interrupted run resumes where it stopped. Sources are opened once per spec and shared.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wikiqa.answerers.base import Answerer
from wikiqa.evals.grade import failed_run, grade_trial
from wikiqa.evals.judges import Judges
from wikiqa.evals.records import RunFile, TrialRecord, digest
from wikiqa.evals.tasks import Task, TaskFile, task_source
from wikiqa.settings import Settings
from wikiqa.sources.base import Source
from wikiqa.types import Document, Hit, Principal
from wikiqa.workers import run_cpu

Progress = Callable[[TrialRecord], None]
SourceOpener = Callable[[str], Source]


def answerer_config(
    settings: Settings,
    answerer: Answerer,
    judge: str | None,
    default_source: str | None,
    sources: list[str] | None = None,
) -> dict[str, Any]:
    """Everything that changes what the answerer does, what it reads, or how it is graded."""
    from wikiqa.evals.fingerprint import source_fingerprint

    return {
        "answerer": getattr(answerer, "name", type(answerer).__name__),
        "answerer_setting": settings.answerer,
        "model": settings.model,
        "prompt_version": prompt_version(answerer),
        "retrieval_mode": settings.retrieval_mode,
        "embedding_model_path": str(settings.embedding_model_path or ""),
        "vector_index": settings.vector_index,
        "search_k": settings.search_k,
        "grounding_mode": settings.grounding_mode,
        "floor": settings.extractive_floor,
        "max_sentences": settings.extractive_max_sentences,
        "max_tool_calls": settings.max_tool_calls,
        "judge": judge,
        "default_source": default_source,
        "sources": {spec: source_fingerprint(spec) for spec in sorted(set(sources or []))},
    }


def prompt_version(answerer: Answerer) -> str | None:
    """The answerer's prompt version: `prompt_version`, or `prompt.version` (the agent's
    versioned system prompt); None for answerers without a prompt."""
    version = getattr(answerer, "prompt_version", None)
    if version is None:
        version = getattr(getattr(answerer, "prompt", None), "version", None)
    return str(version) if version is not None else None


def config_digest(config: dict[str, Any]) -> str:
    return digest(config)


class CapturingSource:
    """A per-trial view of a shared source that keeps every fetched document, so the
    faithfulness judge reads exactly the text this trial retrieved."""

    def __init__(self, inner: Source) -> None:
        self._inner = inner
        self.name = inner.name
        self.documents: list[Document] = []

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        return await self._inner.search(query, k, principal)

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        doc = await self._inner.fetch(doc_id, principal, full=full)
        if all(d.doc_id != doc.doc_id or len(d.text) < len(doc.text) for d in self.documents):
            self.documents = [d for d in self.documents if d.doc_id != doc.doc_id] + [doc]
        return doc

    async def aclose(self) -> None:  # the shared source is closed by the runner
        return None


def usage_of(result: dict[str, Any]) -> tuple[int, int | None, float | None]:
    """Tool calls, tokens and cost, read defensively from a result and its trace (the agent
    answerer reports tokens/cost; the extractive one reports neither)."""
    tool_calls = 0
    tokens: int | None = None
    cost: float | None = None

    def add_tokens(data: dict[str, Any]) -> None:
        nonlocal tokens
        n = data.get("total_tokens")
        if not isinstance(n, int | float):
            parts = [data.get(k) for k in ("input_tokens", "output_tokens", "tokens")]
            nums = [p for p in parts if isinstance(p, int | float)]
            n = sum(nums) if nums else None
        if n is not None:
            tokens = (tokens or 0) + int(n)

    def add_cost(data: dict[str, Any]) -> None:
        nonlocal cost
        c = data.get("cost_usd", data.get("cost"))
        if isinstance(c, int | float):
            cost = (cost or 0.0) + float(c)

    usage = result.get("usage")
    if isinstance(usage, dict):
        add_tokens(usage)
        add_cost(usage)
    else:
        add_cost(result)
    trace = result.get("trace") or []
    for event in trace:
        data = event.get("data") or {}
        if (
            event.get("kind") in ("search", "fetch")
            or event.get("kind") == "tool"
            or "tool" in data
        ):
            tool_calls += 1
        if not isinstance(usage, dict):
            add_tokens(data)
            if "cost_usd" not in result:
                add_cost(data)
    if isinstance(usage, dict) and isinstance(usage.get("tool_calls"), int) and usage["tool_calls"]:
        tool_calls = usage["tool_calls"]  # the answerer's own count (the agent's tool calls)
    return tool_calls, tokens, cost


@dataclass
class EvalRun:
    """What one `wikiqa eval run` needs, built by the CLI or a test."""

    task_file: TaskFile
    tasks: list[Task]
    run_file: RunFile
    settings: Settings
    answerer: Answerer
    judges: Judges | None
    open_source: SourceOpener
    principals: dict[str, Principal] = field(default_factory=dict)
    default_source: str | None = None
    trials: int = 1
    concurrency: int = 1
    on_trial: Progress | None = None

    def pending(self) -> list[tuple[Task, int]]:
        done = self.run_file.done()
        return [
            (task, n) for n in range(self.trials) for task in self.tasks if (task.id, n) not in done
        ]

    async def run(self) -> RunFile:
        """Ask, grade and record every pending trial; return the run file."""
        from wikiqa.pipeline import ask_async

        sources: dict[str, Source] = {}
        semaphore = asyncio.Semaphore(max(1, self.concurrency))

        pending = self.pending()
        try:  # open every source first: a missing file is one clear error, not N failed trials
            for task, _ in pending:
                spec = task_source(task, self.task_file, self.default_source)
                if spec not in sources:
                    sources[spec] = self.open_source(spec)
        except BaseException:
            for source in sources.values():
                await source.aclose()
            raise

        # the models load before the clock starts, as the server loads them at startup: a
        # question's latency is its own work, not the process's first model load
        warm = getattr(self.answerer, "warm", None)
        if pending and callable(warm):
            await run_cpu(warm)

        def source_for(task: Task) -> Source:
            return sources[task_source(task, self.task_file, self.default_source)]

        async def one(task: Task, trial: int) -> None:
            async with semaphore:
                started = time.perf_counter()
                try:
                    view = CapturingSource(source_for(task))
                    principal = self.principals[task.principal] if task.principal else None
                    result = await ask_async(
                        task.question,
                        view,
                        settings=self.settings,
                        answerer=self.answerer,
                        principal=principal,
                    )
                except (
                    Exception
                ) as exc:  # any answerer or source fault: an error trial, not a crash
                    error = f"{type(exc).__name__}: {exc}"
                    g = failed_run(task, error)
                    record = TrialRecord(task_id=task.id, category=task.category, trial=trial,
                                         error=error, grades=g.grades, access=g.access)  # fmt: skip
                else:
                    latency = (time.perf_counter() - started) * 1000
                    data = result.to_dict()
                    g = await grade_trial(task, data, view.documents, self.judges)
                    tool_calls, tokens, cost = usage_of(data)
                    record = TrialRecord(
                        task_id=task.id,
                        category=task.category,
                        trial=trial,
                        result=data,
                        grades=g.grades,
                        access=g.access,
                        cited_not_expected=g.cited_not_expected,
                        latency_ms=round(latency, 1),
                        tool_calls=tool_calls,
                        tokens=tokens,
                        cost_usd=cost,
                        judge_tokens=g.judge_tokens,
                    )
                self.run_file.append(record)
                if self.on_trial is not None:
                    self.on_trial(record)

        try:
            await asyncio.gather(*(one(task, n) for task, n in pending))
        finally:
            for source in sources.values():
                await source.aclose()
        return self.run_file
