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
from pathlib import Path

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.evals.tasks import default_principals_file, load_principals, load_tasks, task_source
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.sources.search_query import respelled
from wikiqa.types import Principal


def _doc_matches(doc_id: str, title: str, names: list[str]) -> bool:
    return any(n in (doc_id, title) for n in names)


async def diagnose(path: Path, k: int, only_failing: bool) -> None:
    settings = Settings()
    task_file = load_tasks(path)
    principals_file = default_principals_file(task_file)
    principals = load_principals(principals_file) if principals_file else {}
    answerer = extractive_answerer(settings)
    assert isinstance(answerer, ExtractiveAnswerer)
    sources = {}
    for task in task_file.tasks:
        if task.should_refuse:
            continue
        spec = task_source(task, task_file, None)
        if spec not in sources:
            sources[spec] = open_source(spec, settings)
        source = sources[spec]
        who: Principal | None = principals.get(task.principal) if task.principal else None
        wide = await source.search(task.question, k=20, principal=who)
        names = list(task.expected_sources)
        pos = next((i for i, h in enumerate(wide) if _doc_matches(h.doc_id, h.title, names)), None)
        hits = wide[:k]
        docs = {}
        for h in hits:
            if h.doc_id not in docs:
                docs[h.doc_id] = await source.fetch(h.doc_id, principal=who)
        q = analyse(respelled(task.question, hits))  # as the answerer reads it
        ev = answerer.assess(q, hits, docs)
        if ev is None:
            print(f"{task.id}: no candidates")
            continue
        top = ev.ranked[0]
        ok = _doc_matches(top.doc.doc_id, top.doc.title, names) and ev.score >= answerer.floor
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
    for s in sources.values():
        await s.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", type=Path)
    parser.add_argument("--k", type=int, default=int(os.environ.get("WIKIQA_SEARCH_K", 5)))
    parser.add_argument("--only-failing", action="store_true")
    args = parser.parse_args()
    asyncio.run(diagnose(args.suite, args.k, args.only_failing))


if __name__ == "__main__":
    main()
