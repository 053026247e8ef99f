"""Why does the extractive answerer miss a handbook task? One line per answerable task.

For each task it reports, over the same collection source and principal the eval uses:
where the first expected document ranks in the top 20 of the search (`search@None`: not
there), the first-pass answer's document and answerability score over the top k hits, and
the best candidate of an expected document when another wins (its rank among all
candidates). That separates three failure classes: retrieval (the document is not fetched),
ranking (it is fetched but another sentence wins) and the floor (the right sentence wins but
scores under it). It reproduces the answerer's first pass only (no neighbour reordering,
compound parts or second hop), which is where those classes show.

    python bench/handbook_diagnose.py evals/handbook2/tasks.jsonl [--only-failing] [--k 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.evals.tasks import (
    Task,
    default_principals_file,
    load_principals,
    load_tasks,
    task_source,
)
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.sources.search_query import respelled
from wikiqa.types import Hit, Principal


def _doc_matches(doc_id: str, title: str, names: list[str]) -> bool:
    return any(n in (doc_id, title) for n in names)


@dataclass
class FirstPass:
    """One answerable task as the answerer's first pass reads it."""

    task: Task
    wide: list[Hit]  # the top 20 search hits
    evidence: Evidence | None  # the answerer's assessment over the top k of them
    floor: float
    seconds: float  # search, fetches and assessment


async def first_passes(
    path: Path, k: int, keep: Callable[[Task], bool] = lambda _: True
) -> AsyncIterator[FirstPass]:
    """Each answerable task of `path` that `keep` accepts, searched as the eval does (its
    source and principal), the top k hits fetched and assessed with the question as the
    answerer reads it (search_query.respelled over the hits)."""
    settings = Settings()
    task_file = load_tasks(path)
    principals_file = default_principals_file(task_file)
    principals = load_principals(principals_file) if principals_file else {}
    answerer = extractive_answerer(settings)
    assert isinstance(answerer, ExtractiveAnswerer)
    sources = {}
    try:
        for task in task_file.tasks:
            if task.should_refuse or not keep(task):
                continue
            spec = task_source(task, task_file, None)
            if spec not in sources:
                sources[spec] = open_source(spec, settings)
            source = sources[spec]
            who: Principal | None = principals.get(task.principal) if task.principal else None
            t0 = time.perf_counter()
            wide = await source.search(task.question, k=20, principal=who)
            hits = wide[:k]
            docs = {}
            for h in hits:
                if h.doc_id not in docs:
                    docs[h.doc_id] = await source.fetch(h.doc_id, principal=who)
            evidence = answerer.assess(analyse(respelled(task.question, hits)), hits, docs)
            yield FirstPass(task, wide, evidence, answerer.floor, time.perf_counter() - t0)
    finally:
        for s in sources.values():
            await s.aclose()


async def diagnose(path: Path, k: int, only_failing: bool) -> None:
    async for read in first_passes(path, k):
        task, wide, ev = read.task, read.wide, read.evidence
        names = list(task.expected_sources)
        pos = next((i for i, h in enumerate(wide) if _doc_matches(h.doc_id, h.title, names)), None)
        if ev is None:
            print(f"{task.id}: no candidates")
            continue
        top = ev.ranked[0]
        ok = _doc_matches(top.doc.doc_id, top.doc.title, names) and ev.score >= read.floor
        if only_failing and ok:
            continue
        right = [
            (i, c)
            for i, c in enumerate(ev.ranked)
            if _doc_matches(c.doc.doc_id, c.doc.title, names)
        ]
        line = (
            f"{task.id} [{task.category}] search@{pos} score {ev.score:.2f} "
            f"top={top.doc.doc_id}: {top.text[:90]!r}"
        )
        if right and right[0][0] > 0:
            i, c = right[0]
            line += f"\n    right@{i}: {c.text[:100]!r}"
        print(line)
        print(f"    Q: {task.question}  want: {task.reference_answer}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", type=Path)
    parser.add_argument("--k", type=int, default=int(os.environ.get("WIKIQA_SEARCH_K", 5)))
    parser.add_argument("--only-failing", action="store_true")
    args = parser.parse_args()
    asyncio.run(diagnose(args.suite, args.k, args.only_failing))


if __name__ == "__main__":
    main()
