"""What lifting one line above a refused first line could answer, read where `ask()` decides.

`handbook_diagnose.py --causes` scores an answering line "ranked first" on its own first pass
over the bare question; `ask()` first filters guides by their readers, re-reads the question
with the asker's role ("... (as a casual)") and reads further, so a line that clears there
may not even be assessed here (hb5-fact-23: 0.53 in the diagnosis, 0.27 in `ask()`). This
asks each task through `pipeline.ask_async`, with the eval's source and principal, and for
the single evidence `ExtractiveAnswerer.clearing` refuses lifts each line among the top
`--top` other than the first just above it (the lift rules' step, `_relifted`), deciding
again: whether it is then first, its score, whether a reading under the floor passes it
(`_under_floor`), and its topic cosine beside the first line's. Both sides: an answerable
task's line holding a reference answer is marked ANS; for a must-refuse task every line
that would clear is printed, as what a lifting rule must not reach.

    WIKIQA_HOME=<copy of a batteries.py --out home-<suite>> \\
        python bench/lift_ceiling.py evals/handbook5/tasks.jsonl [--ids hb5-fact-23 ...]

The home must hold the suite's index (a copy of a `bench/batteries.py --out` run's
`home-<suite>`; asking may write to it).
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer, fit_level
from wikiqa.answerers.features import gated_type
from wikiqa.answerers.kinds import asked_kind
from wikiqa.answerers.lift import LIFT
from wikiqa.answerers.rows import FITS, LOOSE, NO, STRONG
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


@contextmanager
def recorded_refusals() -> Iterator[list[tuple[Evidence, frozenset[str]]]]:
    """While open, each single evidence `ExtractiveAnswerer.clearing` refuses is appended,
    with the asker's words, to the list yielded (the whole question's decision comes last);
    the caller clears it before each ask."""
    seen: list[tuple[Evidence, frozenset[str]]] = []
    clearing = ExtractiveAnswerer.clearing

    def recording(self: ExtractiveAnswerer, found: list[Evidence], whole: Evidence,
                  asker: frozenset[str] = frozenset()) -> list[Evidence]:  # fmt: skip
        clear = clearing(self, found, whole, asker)
        if not clear and len(found) == 1 and found[0].ranked:
            seen.append((found[0], asker))
        return clear

    with mock.patch.object(ExtractiveAnswerer, "clearing", recording):
        yield seen


def _holds_answer(line: Candidate, refs: list[str]) -> bool:
    """Does the line hold (the first 25 characters of) a reference answer?"""
    return any(r.casefold()[:25] in line.text.casefold() for r in refs)


_LEVEL = {STRONG: "STRONG", FITS: "FITS", NO: "NO", LOOSE: "LOOSE"}


def kind_read(e: Evidence, c: Candidate) -> str:
    """The answer type and finer kind the question asks (features.gated_type,
    kinds.asked_kind) and how the line meets them (extractive.fit_level: NO fails the type,
    LOOSE holds the type but not the kind asked)."""
    q = e.question
    level = fit_level(q, set(q.terms), c)
    return f"[{gated_type(q)}/{asked_kind(q.text)}: {_LEVEL[level]}]"


def lifts(
    answerer: ExtractiveAnswerer, e: Evidence, asker: frozenset[str], top: int
) -> list[tuple[Candidate, float, bool, float]]:
    """Each line of `e` among the top `top` but the first, lifted just above the first line
    and decided again: (line, score, passed under the floor, cosine over the first line's),
    for the lines that are then first."""
    out = []
    first = e.ranked[0]
    for c in e.ranked[1:top]:
        again = answerer._relifted(e, lambda redecide, c=c: redecide(c, first.rank - c.rank + LIFT))
        if again is None or not again.ranked or again.ranked[0] is not c:
            continue
        passed = answerer._under_floor(again, asker)
        cos = answerer.topic_cosines(e.question.text, [first.text, c.text],
                                     [first.context, c.context])  # fmt: skip
        out.append((c, again.score, passed, cos[1] - cos[0]))
    return out


async def ceiling(path: Path, ids: set[str], top: int) -> None:
    """Ask each task of `path` (those of `ids` when given) and print what lifting reaches."""
    tf = load_tasks(path)
    pf = default_principals_file(tf)
    principals = load_principals(pf) if pf else {}
    settings = Settings()
    answerer = extractive_answerer(settings)
    assert isinstance(answerer, ExtractiveAnswerer)
    tasks: list[Task] = [t for t in tf.tasks if not ids or t.id in ids]
    with recorded_refusals() as seen:
        for t in tasks:
            source = open_source(task_source(t, tf, None), settings)
            who = principals.get(t.principal) if t.principal else None
            seen.clear()
            result: Any = await ask_async(
                t.question, source, settings=settings, answerer=answerer, principal=who
            )
            await source.aclose()
            kind = result.to_dict().get("kind")
            print(f"== {t.id} {t.category} ({kind}) {t.question}")
            if kind != "refusal":
                for claim in result.to_dict().get("claims", []):
                    print(f"   answered: {str(claim)[:160]}")
            if kind != "refusal" or not seen:
                continue
            e, asker = seen[-1]  # the whole question's decision comes last
            print(f"   first {e.score:.2f} {kind_read(e, e.ranked[0])}: {e.ranked[0].text[:90]!r}")
            for i, c in enumerate(e.ranked[:top]):
                if not t.should_refuse and _holds_answer(c, t.reference_points):
                    print(f"   answering line at {i + 1} {kind_read(e, c)}: {c.text[:70]!r}")
            for c, score, passed, dcos in lifts(answerer, e, asker, top):
                hit = not t.should_refuse and _holds_answer(c, t.reference_points)
                clears = score >= answerer.floor or passed
                if hit or clears:
                    mark = "ANS" if hit else ("REFUSE-CLEARS" if t.should_refuse else "other")
                    print(f"   {mark} {score:.2f} passed={passed} dcos={dcos:+.2f} "
                          f"{c.doc.title[:25]!r}: {c.text[:90]!r}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", type=Path, help="a battery's tasks.jsonl or fresh file")
    parser.add_argument("--ids", nargs="*", default=[], help="only these task ids")
    parser.add_argument("--top", type=int, default=15, help="ranked lines lifted")
    args = parser.parse_args()
    asyncio.run(ceiling(args.tasks, set(args.ids), args.top))


if __name__ == "__main__":
    main()
