"""What putting one document first in the search could answer, read where `ask()` decides.

`lift_ceiling.py` lifts one line above the first line inside the evidence; the score a line
then gets still carries its document's search rank (`doc_top`, `retrieval_gap` and
`doc_margin` are answerability features), so a ranking change that put the document first
could score its line higher than a lift does. This bounds every document reordering of the
search from above: each task is asked through `pipeline.ask_async` (the eval's source and
principal) as shipped, then again with every search the answerer makes reordered so that
one chosen document's hits come first, holding the scores the first places had (the
document's first hit is pulled in from the top `WIDE` when the search did not return it).

Both sides. For an answerable task the chosen document is its first expected one: the line
`ANS` says the promoted ask answers with a reference point (its first 25 characters) and
cites it. For a must-refuse task (permission, unanswerable, or any `should_refuse`) and for
a trap (a plausible wrong neighbour document exists) each other distinct document among the
next `--docs` after the first is put first in turn: `REFUSE-ANSWERED` and
`NEIGHBOUR-ANSWERED` (an answer citing no expected document) mark what a reordering rule
must not reach. `--categories` keeps only tasks of those categories.

    python bench/doc_first_ceiling.py evals/handbook5/tasks.jsonl [--ids hb5-fact-39 ...]
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Awaitable, Callable
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

WIDE = 20  # hits searched to find the promoted document when a search left it out


def promoted(hits: list[Hit], wide: list[Hit], doc_id: str) -> list[Hit]:
    """`hits` with `doc_id`'s hits first (its first hit from `wide` when `hits` has none),
    the list cut to its length and each place keeping the score it had: the document is
    ranked first, nothing else about the search changes."""
    if not hits:
        return hits
    mine = [h for h in hits if h.doc_id == doc_id]
    if not mine:
        mine = [h for h in wide if h.doc_id == doc_id][:1]
    if not mine:
        return hits
    order = (mine + [h for h in hits if h.doc_id != doc_id])[: len(hits)]
    return [h.model_copy(update={"score": s.score}) for h, s in zip(order, hits, strict=True)]


def _chosen(t: Task, wide: list[Hit], names: set[str], docs: int) -> list[tuple[str, bool]]:
    """The documents to put first, each with whether it is the task's own: an answerable
    task's first expected document; for a trap or a must-refuse task also each other
    document among the next `docs` distinct ones after the first (what a reordering could
    wrongly bring forward)."""
    own = [] if t.should_refuse else [h.doc_id for h in wide if names & {h.doc_id, h.title}][:1]
    if not t.should_refuse and not own:
        print("   expected document not in the top", WIDE)
    chosen = [(d, True) for d in own]
    if t.should_refuse or t.category == "trap":
        first = wide[0].doc_id if wide else ""
        others = [d for d in dict.fromkeys(h.doc_id for h in wide) if d not in own and d != first]
        chosen += [(d, False) for d in others[:docs]]
    return chosen


def _answers(result: Any, refs: list[str], names: set[str]) -> bool:
    """Does the result answer with a reference point and cite an expected document?"""
    if result.kind != "answer":
        return False
    cited = {c.doc_id for c in result.citations} | {c.title for c in result.citations}
    text = result.text.casefold()
    return bool(cited & names) and any(r.casefold()[:25] in text for r in refs)


class _Promoting:
    """A source whose every search ranks one document first (`promoted`); the rest of the
    source is the wrapped one's."""

    def __init__(self, source: Any, doc_id: str) -> None:
        self._source = source
        self._doc_id = doc_id

    def __getattr__(self, name: str) -> Any:
        return getattr(self._source, name)

    async def search(self, query: str, k: int = 5, principal: Any = None) -> list[Hit]:
        search: Callable[..., Awaitable[list[Hit]]] = self._source.search
        hits = await search(query, k, principal)
        if any(h.doc_id == self._doc_id for h in hits[:1]):
            return hits
        wide = hits if k >= WIDE else await search(query, WIDE, principal)
        return promoted(hits, wide, self._doc_id)


async def ceiling(path: Path, ids: set[str], docs: int, categories: set[str]) -> None:
    """Ask each task of `path` (those of `ids` when given) as shipped and with one document
    promoted, and print what changes."""
    tf = load_tasks(path)
    pf = default_principals_file(tf)
    principals = load_principals(pf) if pf else {}
    settings = Settings()
    answerer = extractive_answerer(settings)
    tasks: list[Task] = [
        t
        for t in tf.tasks
        if (not ids or t.id in ids) and (not categories or t.category in categories)
    ]
    for t in tasks:
        source = open_source(task_source(t, tf, None), settings)
        who = principals.get(t.principal) if t.principal else None
        try:
            base = await ask_async(
                t.question, source, settings=settings, answerer=answerer, principal=who
            )
            names = set(t.expected_sources)
            print(f"== {t.id} {t.category} as shipped: {base.kind}")
            wide = await source.search(t.question, k=WIDE, principal=who)
            for d, own in _chosen(t, wide, names, docs):
                res: Any = await ask_async(
                    t.question,
                    _Promoting(source, d),  # type: ignore[arg-type]
                    settings=settings,
                    answerer=answerer,
                    principal=who,
                )
                if res.kind != "answer" and not own:
                    continue
                if t.should_refuse:
                    mark = "REFUSE-ANSWERED"
                elif own:
                    mark = "ANS" if _answers(res, t.reference_points, names) else res.kind
                else:
                    cited = {c.doc_id for c in res.citations} | {c.title for c in res.citations}
                    if cited & names:
                        continue
                    mark = "NEIGHBOUR-ANSWERED"
                said = res.text[:100] if res.kind == "answer" else res.to_dict().get("reason", "")
                print(f"   {mark} {d}: {str(said)[:110]!r}")
        finally:
            await source.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", type=Path, help="a battery's tasks.jsonl or fresh file")
    parser.add_argument("--ids", nargs="*", default=[], help="only these task ids")
    parser.add_argument("--docs", type=int, default=4, help="documents promoted per refusal task")
    parser.add_argument("--categories", nargs="*", default=[], help="only these categories")
    args = parser.parse_args()
    asyncio.run(ceiling(args.tasks, set(args.ids), args.docs, set(args.categories)))


if __name__ == "__main__":
    main()
