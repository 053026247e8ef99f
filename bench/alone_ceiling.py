"""Would reaching the document be enough? Each answerable task the search misses, asked with
its expected documents as the only documents there are.

For every answerable factual or trap task of the given open task files whose expected
document is not among the first k search hits (the eval's source and principal, the question
as asked), the task is asked again through `pipeline.ask_async` over a source that holds its
expected documents only (search drops every other hit, from the top 200). That is a ceiling
for any change to the search (more hits, a retelling, a title search, the asker's own
record): nothing competes with the right document, and the answerer decides as shipped. A
task answered there with one of its reference points is one a search change could reach;
one refused there needs a reading of its line, not a better search.

    python bench/alone_ceiling.py evals/handbook15/tasks.jsonl [--k 5]

Only open files (tasks.jsonl and fresh files, never `-aside` or `holdout.jsonl`).
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wikiqa.evals.tasks import default_principals_file, load_principals, load_tasks, task_source
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.types import Answer, Hit

WIDE = 200  # hits searched before keeping the expected documents' own


class Only:
    """A source that holds only the documents `keep` accepts: search keeps their hits out of
    the top `WIDE`, fetch reads through."""

    def __init__(self, inner: Any, keep: Callable[[Hit], bool]) -> None:
        self.inner = inner
        self.keep = keep
        self.name = inner.name

    async def search(self, query: str, k: int = 5, principal: Any = None) -> list[Hit]:
        hits = await self.inner.search(query, WIDE, principal)
        return [h for h in hits if self.keep(h)][:k]

    async def fetch(self, doc_id: str, principal: Any = None, *, full: bool = False) -> Any:
        return await self.inner.fetch(doc_id, principal, full=full)

    async def aclose(self) -> None:
        return None


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("*", "").split())


async def ceiling(path: Path, k: int) -> tuple[int, int, int]:
    """(missed, answered alone with a reference point, answered alone otherwise)."""
    settings = Settings()
    answerer = extractive_answerer(settings)
    tf = load_tasks(path)
    pf = default_principals_file(tf)
    who = load_principals(pf) if pf else {}
    missed = right = other = 0
    for task in tf.tasks:
        if task.should_refuse or task.category not in ("factual", "trap"):
            continue
        inner = open_source(task_source(task, tf, None), settings)
        principal = who.get(task.principal or "")
        names = frozenset(task.expected_sources)
        wide = await inner.search(task.question, 20, principal)
        rank = next((i for i, h in enumerate(wide) if names & {h.doc_id, h.title}), None)
        if rank is not None and rank < k:
            await inner.aclose()
            continue
        missed += 1
        alone = Only(inner, lambda h, n=names: bool(n & {h.doc_id, h.title}))
        r = await ask_async(
            task.question, alone, settings=settings, answerer=answerer, principal=principal
        )
        said = _norm(" ".join(c.quote for c in r.citations)) if isinstance(r, Answer) else ""
        hit = isinstance(r, Answer) and any(_norm(x) in said for x in task.reference_answer)
        right += hit
        other += isinstance(r, Answer) and not hit
        shown = "answered, reference cited" if hit else "answered" if said else "refused"
        reason = "" if isinstance(r, Answer) else f" ({r.reason[:90]})"
        print(f"{task.id} [{task.category}] search rank {rank}: alone {shown}{reason}")
        await inner.aclose()
    return missed, right, other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--k", type=int, default=5)
    args = parser.parse_args()
    for path in args.files:
        if "aside" in path.name or path.name == "holdout.jsonl":
            raise SystemExit(f"{path}: not an open file")
        missed, right, other = asyncio.run(ceiling(path, args.k))
        print(
            f"{path}: missed {missed}, alone answered with a reference {right}, otherwise {other}"
        )


if __name__ == "__main__":
    main()
