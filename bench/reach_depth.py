"""Why the expected document is not read, and what reading deeper would do, both sides.

The answerer reads the documents of the search's first `k` hits (5), and a hit is a chunk:
two chunks of one document leave room for four documents. For each task of the given task
files, over the same collection source and principal the eval uses, this prints the rank of
the expected document's first chunk among the top `WIDE` hits and its rank among the
distinct documents they hold (`doc_rank`: where a search that counts documents, not chunks,
would put it), then asks the question through `pipeline.ask_async` twice: as shipped, and
with every search the answerer makes returning chunks until `k` distinct documents are
held (`distinct_documents`). A task is printed when its verdict or answer text changes, or
always with `--ids`: `A+` an answer citing an expected document with a reference point,
`A-` another answer, `R` a refusal. For a must-refuse or permission task any answer is a
loss; for an answerable one `R -> A+` is the only gain.

    python bench/reach_depth.py evals/handbook5/tasks.jsonl [--ids hb5-fact-39 ...]
"""

from __future__ import annotations

import argparse
import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

from wikiqa.evals.tasks import (
    Task,
    default_principals_file,
    load_principals,
    load_tasks,
    task_source,
)
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.types import Hit

WIDE = 20  # hits searched for the ranks and for the distinct documents
CATEGORIES = ("factual", "trap", "permission", "unanswerable", "multi_hop")


def distinct_documents(wide: list[Hit], k: int) -> list[Hit]:
    """The hits of `wide` (best first) down to the last chunk of its `k`-th distinct
    document: every chunk of those documents ranked above it kept, none of a later one."""
    out: list[Hit] = []
    seen: set[str] = set()
    for h in wide:
        if h.doc_id not in seen and len(seen) >= k:
            break
        seen.add(h.doc_id)
        out.append(h)
    return out


def doc_rank(wide: list[Hit], names: set[str]) -> tuple[int | None, int | None]:
    """(chunk rank, distinct-document rank) of the first hit whose doc id or title is one
    of `names`, 0-based; None where no hit is."""
    order: list[str] = []
    for i, h in enumerate(wide):
        if h.doc_id not in order:
            order.append(h.doc_id)
        if names & {h.doc_id, h.title}:
            return i, order.index(h.doc_id)
    return None, None


class _Distinct:
    """A source whose every search returns `distinct_documents` of a deeper search."""

    def __init__(self, source: Any) -> None:
        self._source = source

    def __getattr__(self, name: str) -> Any:
        return getattr(self._source, name)

    async def search(self, query: str, k: int = 5, principal: Any = None) -> list[Hit]:
        wide = await self._source.search(query, max(3 * k, WIDE), principal)
        return distinct_documents(wide, k)


def verdict(result: Any, task: Task) -> str:
    """A+ (answer citing an expected document with a reference point), A- or R."""
    if result.kind != "answer":
        return "R"
    cited = {c.doc_id for c in result.citations} | {c.title for c in result.citations}
    text = result.text.casefold()
    refs = task.reference_points
    good = bool(cited & set(task.expected_sources)) and any(r.casefold()[:25] in text for r in refs)
    return "A+" if good else "A-"


async def measure(path: Path, ids: set[str], tally: Counter[str]) -> None:
    tf = load_tasks(path)
    pf = default_principals_file(tf)
    principals = load_principals(pf) if pf else {}
    settings = Settings()
    answerer = extractive_answerer(settings)
    for t in tf.tasks:
        if (ids and t.id not in ids) or t.category not in CATEGORIES:
            continue
        source = open_source(task_source(t, tf, None), settings)
        who = principals.get(t.principal) if t.principal else None
        try:
            wide = await source.search(t.question, k=WIDE, principal=who)
            chunk, doc = doc_rank(wide, set(t.expected_sources))
            ask = {"settings": settings, "answerer": answerer, "principal": who}
            base = await ask_async(t.question, source, **ask)
            deep = await ask_async(t.question, _Distinct(source), **ask)  # type: ignore[arg-type]
        finally:
            await source.aclose()
        before, after = verdict(base, t), verdict(deep, t)
        same = base.kind == deep.kind and (base.kind != "answer" or base.text == deep.text)
        tally[f"{t.category} {before}->{after}"] += 1
        if not same or ids:
            said = deep.text if deep.kind == "answer" else deep.to_dict().get("reason", "")
            print(
                f"{t.id:14} {t.category:12} chunk@{chunk} doc@{doc} {before} -> {after}"
                f"  {str(said)[:120]!r}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", type=Path, nargs="+", help="task files (tasks.jsonl, fresh-*)")
    parser.add_argument("--ids", nargs="*", default=[], help="only these task ids")
    args = parser.parse_args()
    tally: Counter[str] = Counter()
    for path in args.tasks:
        asyncio.run(measure(path, set(args.ids), tally))
    for key, n in sorted(tally.items()):
        print(f"{key}: {n}")


if __name__ == "__main__":
    main()
