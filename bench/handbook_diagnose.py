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

With `--causes RUN_DIR` (a `bench/batteries.py --out` directory) it instead classifies every
factual dev task that run refused, by cause (`refusal_cause`): (a) no expected document among
the k hits read; (b) another document's line ranked first; (c) the expected document's line
first but not the answering one; (d) the answering line first under the floor, by its kind
(sentence, list item, table row, heading); (e) the answering line first over the floor, yet
refused by a later step (the run's refusal reason is printed). The answering line is a
candidate of an expected document holding a reference answer, or else most of its words.

    python bench/handbook_diagnose.py --causes /tmp/meas-fold13a evals/collection/tasks.jsonl ...

A fresh task file beside the battery (`fresh-facts.jsonl`, ...) is read against its own part's
run file (`PART_OF`), e.g. `--causes RUN_DIR evals/handbook6/fresh-facts.jsonl`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from batteries import PARTS
from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
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
    answerer: ExtractiveAnswerer | None = None  # the answerer that assessed it


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
            seconds = time.perf_counter() - t0
            yield FirstPass(task, wide, evidence, answerer.floor, seconds, answerer)
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


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9£$€%]+", text.lower().replace("*", "")) if len(w) > 2}


def line_kind(c: Candidate) -> str:
    """What kind of line a candidate is: a table row, a list item, a heading or a sentence."""
    if c.header is not None:
        return "table row"
    raw = c.span.text.strip()
    if (c.lead is not None and not c.refers) or re.match(r"([-*+]|\d+[.)])\s", raw):
        return "list item"
    if raw.startswith("#") or (c.context and raw.rstrip(":") == c.context.split(", ")[-1]):
        return "heading"
    return "sentence"


def answers(c: Candidate, names: list[str], refs: list[str]) -> bool:
    """Is `c` a line of an expected document that gives a reference answer (verbatim, or at
    least two thirds of its words of three letters or more)?"""
    if not _doc_matches(c.doc.doc_id, c.doc.title, names):
        return False
    said = " ".join(c.text.lower().replace("*", "").split())
    for ref in refs:
        norm = " ".join(ref.lower().replace("*", "").split())
        if norm and norm in said:
            return True
        want = _words(ref)
        if want and len(want & _words(c.text)) >= max(1, 2 * len(want) / 3):
            return True
    return False


def refusal_cause(read: FirstPass, k: int) -> tuple[str, str]:
    """The cause class of a refused task's first pass (see the module docstring) and a
    detail: the answering line's kind for (d) and (e), the winning line otherwise."""
    task, ev = read.task, read.evidence
    names = list(task.expected_sources)
    refs = task.reference_points
    hits = read.wide[:k]
    if not any(_doc_matches(h.doc_id, h.title, names) for h in hits):
        pos = next(
            (i for i, h in enumerate(read.wide) if _doc_matches(h.doc_id, h.title, names)),
            None,
        )
        return "a", f"expected document at search rank {pos}"
    if ev is None or not ev.ranked:
        return "a", "no candidates"
    top = ev.ranked[0]
    if not _doc_matches(top.doc.doc_id, top.doc.title, names):
        return "b", f"{line_kind(top)} of {top.doc.title!r}: {top.text[:80]!r}"
    if not answers(top, names, refs):
        at = next((i for i, c in enumerate(ev.ranked) if answers(c, names, refs)), None)
        return "c", f"{line_kind(top)} first, answering line at {at}: {top.text[:80]!r}"
    kind = line_kind(top)
    return ("d" if ev.score < read.floor else "e"), f"{kind} {ev.score:.2f}"


def lifted_first(read: FirstPass, line: Candidate, k: int) -> Evidence:
    """The first pass decided again with `line` ranked just above its first candidate (the
    ranker's score of that one line lifted); the answer-type order and the topic cosine may
    still put another line first."""
    ev, answerer = read.evidence, read.answerer
    assert ev is not None and answerer is not None
    lift = ev.ranked[0].rank - line.rank + 0.05
    own = extractive.rank_score

    def lifted(features: list[float], *weights: tuple[float, ...]) -> float:
        score = own(features, *weights)
        return score + lift if features is line.features else score

    with mock.patch.object(extractive, "rank_score", lifted):
        return answerer.decide(ev.question, list(ev.ranked), read.wide[:k])


def score_if_first(read: FirstPass, line: Candidate, k: int) -> tuple[float, bool]:
    """The answerability the first pass would give if `line` ranked just above its first
    candidate, and whether it then stays first: how much a ranking fix alone could gain."""
    again = lifted_first(read, line, k)
    return again.score, again.ranked[0] is line


# a task file -> the `bench/batteries.py` part whose run file records it (its own table, so a
# part added there is read here too; tasks.jsonl is the dev part, never the held-out one)
PART_OF = {file: part for part, (file, held_out) in PARTS.items() if not held_out}


def refused_factual(run_dir: Path, suite: str, part: str = "dev") -> dict[str, str]:
    """Factual tasks of one part that the run refused, with the refusal's reason."""
    out: dict[str, str] = {}
    for line in (run_dir / f"{suite}-{part}.run.jsonl").read_text().splitlines():
        row = json.loads(line)
        if row.get("kind") != "trial" or row.get("category") != "factual":
            continue
        result = row["result"]
        if result.get("kind") == "refusal":
            out[row["task_id"]] = f"{result.get('code')}: {result.get('reason', '')}"
    return out


async def causes(run_dir: Path, paths: list[Path], k: int) -> None:
    """Print each refused factual task's cause (of the part each task file is: dev, or the
    fresh questions beside it), then a table of causes per battery."""
    table: dict[str, dict[str, int]] = {}
    ceiling: dict[str, int] = {}  # (b) and (c) tasks whose answering line would clear the floor
    for path in paths:
        suite = path.parent.name
        refused = refused_factual(run_dir, suite, PART_OF.get(path.name, "dev"))
        counts = table.setdefault(suite, {})
        async for read in first_passes(path, k, lambda t, ids=set(refused): t.id in ids):
            cause, detail = refusal_cause(read, k)
            key = cause if cause not in ("d", "e") else f"{cause} {detail.rsplit(' ', 1)[0]}"
            counts[key] = counts.get(key, 0) + 1
            print(f"{read.task.id} ({cause}) {detail}")
            print(f"    Q: {read.task.question}  want: {read.task.reference_answer}")
            if cause in ("b", "c") and read.evidence is not None:
                names, refs = list(read.task.expected_sources), read.task.reference_points
                line = next((c for c in read.evidence.ranked if answers(c, names, refs)), None)
                if line is None:
                    print("    answering line: none among the candidates")
                else:
                    score, first = score_if_first(read, line, k)
                    clears = first and score >= read.floor
                    ceiling[suite] = ceiling.get(suite, 0) + clears
                    print(
                        f"    answering {line_kind(line)} ranked first: "
                        f"{'first' if first else 'still not first'}, score "
                        f"{read.evidence.score:.2f} -> {score:.2f}: {line.text[:70]!r}"
                    )
            if cause == "e":
                print(f"    run: {refused[read.task.id][:160]}")
    keys = sorted({key for c in table.values() for key in c})
    print("| battery | refused | " + " | ".join(keys) + " | (b, c) first would clear |")
    print("|---" * (len(keys) + 3) + "|")
    for suite, c in table.items():
        cells = " | ".join(str(c.get(key, 0)) for key in keys)
        print(f"| {suite} | {sum(c.values())} | {cells} | {ceiling.get(suite, 0)} |")
    total = " | ".join(str(sum(c.get(key, 0) for c in table.values())) for key in keys)
    n = sum(sum(c.values()) for c in table.values())
    print(f"| all | {n} | {total} | {sum(ceiling.values())} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", type=Path, nargs="+")
    parser.add_argument("--k", type=int, default=int(os.environ.get("WIKIQA_SEARCH_K", 5)))
    parser.add_argument("--only-failing", action="store_true")
    parser.add_argument("--causes", type=Path, metavar="RUN_DIR")
    args = parser.parse_args()
    if args.causes:
        asyncio.run(causes(args.causes, args.suite, args.k))
        return
    for suite in args.suite:
        asyncio.run(diagnose(suite, args.k, args.only_failing))


if __name__ == "__main__":
    main()
