"""Another document's line lifted above a refused first line, read where `ask()` decides, on
both sides: what any rule over the lifted line's words, meaning, kind and score could answer.

`lift_ceiling.py` lifts every line of the refused evidence for answerable tasks; this records,
for every task of a file (factual, trap, permission, unanswerable) asked through
`pipeline.ask_async` with its source and principal, and for every answerable one asked again
with its expected documents withheld (`fit_answerability.Withholding`: such a copy must be
refused), each line of another document among the top ten of the refused single evidence
`ExtractiveAnswerer.clearing` sees that says at least one of the question's content words:
the words it says (and those the first line does not), whether it states the kind asked
(`said_nearer.states_asked`), its topic cosine over the first line's, its document title's
cosine to the question over the first line's document title's, whether it is a row or out of
force, and, lifted just above the first line and decided again, its score when it is
then first. `--count` then reads such records and prints, for every combination of
thresholds over those features, how many answerable tasks a rule answering the lifted line
(at any score over the threshold) would answer with a line holding a reference answer, and
how many must-refuse asks it would answer; the best combinations first.

    WIKIQA_HOME=<copy of a batteries.py --out home-<suite>> \\
        python bench/lift_surface.py evals/handbook9/tasks.jsonl > /tmp/x/hb9.jsonl
    python bench/lift_surface.py --count /tmp/x/*.jsonl
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sys
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import key_set
from wikiqa.answerers.lift import LIFT, NEAR_POOL
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.answerers.said_nearer import states_asked
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

sys.path.insert(0, str(Path(__file__).parent))
from fit_answerability import Withholding
from handbook_diagnose import _doc_matches
from lift_ceiling import recorded_refusals

CATEGORIES = ("factual", "trap", "permission", "unanswerable")


def other_lines(a: ExtractiveAnswerer, e: Evidence, asker: frozenset[str]) -> list[dict[str, Any]]:
    """Each line of another document than the first line's among the top NEAR_POOL of `e`
    that says a content word of the question, with its features and its lifted score."""
    first = e.ranked[0]
    terms = frozenset(e.question.terms)
    pool = [c for c in e.ranked[1:NEAR_POOL] if c.doc.doc_id != first.doc.doc_id]
    if not pool:
        return []
    cos = a.topic_cosines(
        e.question.text,
        [first.text] + [c.text for c in pool],
        [first.context] + [c.context for c in pool],
    )
    titles = a.similarities(e.question.text, [first.doc.title] + [c.doc.title for c in pool])
    out = []
    for c, near, title in zip(pool, cos[1:], titles[1:], strict=True):
        said = terms & key_set(c.text)
        if not said:
            continue
        again = a._relifted(e, lambda redecide, c=c: redecide(c, first.rank - c.rank + LIFT))
        is_first = again is not None and bool(again.ranked) and again.ranked[0] is c
        out.append(
            {
                "text": c.text[:100],
                "title": c.doc.title[:30],
                "row": c.header is not None,
                "oof": read_out_of_force(c.doc),
                "said": sorted(said),
                "newsaid": sorted(said - key_set(first.text)),
                "kind": states_asked(e, c),
                "dcos": round(near - cos[0], 3),
                "tcos": round(title - titles[0], 3),
                "score": round(again.score, 3) if again is not None and is_first else None,
            }
        )
    return out


async def task_asks(
    path: Path, keep: Callable[[Task], bool], withhold: bool = True
) -> AsyncIterator[tuple[Task, str, Any, Any]]:
    """Each task of `path` that `keep` accepts as (task, "A", source, principal), the source
    and principal the eval gives it, and for an answerable one with expected documents (when
    `withhold`) again as (task, "W", the source with those documents withheld, principal):
    such a copy must be refused. Each source is closed after its task."""
    tf = load_tasks(path)
    pf = default_principals_file(tf)
    principals = load_principals(pf) if pf else {}
    settings = Settings()
    for t in tf.tasks:
        if not keep(t):
            continue
        source = open_source(task_source(t, tf, None), settings)
        who = principals.get(t.principal) if t.principal else None
        yield t, "A", source, who
        if withhold and not t.should_refuse and t.expected_sources:
            names = list(t.expected_sources)
            yield (
                t,
                "W",
                Withholding(source, lambda h, n=names: _doc_matches(h.doc_id, h.title, n)),
                who,
            )
        await source.aclose()


async def record(path: Path) -> None:
    """Print one JSON record per ask of `path` (and per withheld copy of an answerable task)."""
    settings = Settings()
    a = extractive_answerer(settings)
    assert isinstance(a, ExtractiveAnswerer)
    with recorded_refusals() as seen:
        async for t, mode, src, who in task_asks(path, lambda t: t.category in CATEGORIES):
            seen.clear()
            result: Any = await ask_async(
                t.question, src, settings=settings, answerer=a, principal=who
            )
            rec: dict[str, Any] = {
                "id": t.id,
                "mode": mode,
                "cat": t.category,
                "mr": t.should_refuse or mode == "W",
                "q": t.question,
                "kind": result.to_dict().get("kind"),
                "refs": list(t.reference_points or []),
            }
            if rec["kind"] == "refusal" and seen:
                e, asker = seen[-1]  # the whole question's decision comes last
                rec["first"] = e.ranked[0].text[:100]
                rec["lines"] = other_lines(a, e, asker)
            print(json.dumps(rec), flush=True)


def holds_reference(refs: list[str], text: str) -> bool:
    """Does `text` hold (the first 25 characters of) a reference answer?"""
    return any(r.casefold()[:25] in text.casefold() for r in refs)


def points(records: Iterable[dict[str, Any]]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(ANS, MR or WRONG, the ask's key, the line) for each lifted line then first, in force."""
    for r in records:
        for x in r.get("lines", []):
            if x["score"] is None or x["oof"]:
                continue
            tag = "MR" if r["mr"] else "ANS" if holds_reference(r["refs"], x["text"]) else "WRONG"
            yield tag, f"{r['id']}/{r['mode']}", x


def reached(
    pts: list[tuple[str, str, dict[str, Any]]],
    said: int,
    margin: float,
    score: float,
    kind: bool,
    no_row: bool,
    title: float = -1.0,
) -> tuple[set[str], set[str]]:
    """The answerable asks answered rightly and the must-refuse asks answered by a rule taking
    a lifted line saying `said` question words, nearer by `margin`, scoring `score` or more,
    stating the kind asked (`kind`), no table row (`no_row`), its document's title nearer the
    question than the first line's by `title`."""
    right: set[str] = set()
    wrong: set[str] = set()
    for tag, key, x in pts:
        if len(x["said"]) < said or x["dcos"] < margin or x["score"] < score:
            continue
        if (kind and not x["kind"]) or (no_row and x["row"]) or x.get("tcos", 0.0) < title:
            continue
        if tag == "ANS":
            right.add(key)
        elif tag == "MR":
            wrong.add(key)
    return right, wrong


def count(paths: list[Path], top: int) -> None:
    """Print the `top` threshold combinations answering most answerable asks per must-refuse."""
    records = [json.loads(line) for p in paths for line in p.read_text().splitlines() if line]
    pts = list(points(records))
    print(f"{len(records)} asks, {len(pts)} lifted lines then first")
    rows = []
    grid = itertools.product(
        [1, 2, 3], [-1.0, 0.0, 0.1, 0.15, 0.2, 0.25, 0.3], [0.0, 0.1, 0.15, 0.2, 0.25, 0.3],
        [False, True], [False, True], [-1.0, 0.0, 0.1, 0.2],
    )  # fmt: skip
    for said, margin, score, kind, no_row, title in grid:
        right, wrong = reached(pts, said, margin, score, kind, no_row, title)
        if right:
            rows.append((len(right) - 2 * len(wrong), len(right), len(wrong),
                         (said, margin, score, kind, no_row, title), sorted(right)))  # fmt: skip
    for net, r, w, cond, asks in sorted(rows, reverse=True)[:top]:
        print(f"net {net:+d}: answers {r}, must-refuse {w}; said>={cond[0]} dcos>={cond[1]} "
              f"score>={cond[2]} kind={cond[3]} no_row={cond[4]} title>={cond[5]}: "
              f"{', '.join(asks)}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", type=Path, nargs="+", help="a task file, or records (--count)")
    parser.add_argument("--count", action="store_true", help="count records instead of asking")
    parser.add_argument("--top", type=int, default=12, help="combinations printed")
    args = parser.parse_args()
    if args.count:
        count(args.paths, args.top)
    else:
        for p in args.paths:
            asyncio.run(record(p))


if __name__ == "__main__":
    main()
