"""What `ask()` decides on for a refused yes/no question: the first lines, the answering line,
and what that line scores and which reading passes it when it is put first.

`handbook_diagnose.py --causes` classifies a refusal by the answerer's first pass; this reads
the refused single evidence `ExtractiveAnswerer.clearing` is given on the eval's own path
(`pipeline.ask_async`, the task's source and principal), so the asker's role search, the
neighbour reordering and the question as searched are all in it. For each task it prints the
asked thing as `asked_thing` reads it (and `asked_phrase`), the answer when one is given, and
for a refusal the top ten ranked lines (`*` marks a line holding the first 25 characters of a
reference answer); the answering line, when it is not first, is lifted just above the first
(`lift.LIFT`, `lift_ceiling.lifts`) and decided again, printing whether it is then first, its score and whether a
reading the answerer gives a first line under the floor (`_under_floor`) passes it; when it is
first already, whether such a reading passes it. With `--withhold` every answerable task is
asked again with its expected documents withheld (`fit_answerability.Withholding`).

    WIKIQA_HOME=<copy of a batteries.py --out home-<suite>> PYTHONPATH=src \\
        python bench/yesno_evidence.py evals/handbook9/fresh-yesno.jsonl [--ids hb9-yn-03 ...]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from wikiqa.answerers.asked_thing import asked_phrase, asked_thing
from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.lift import NEAR_POOL
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings

sys.path.insert(0, str(Path(__file__).parent))
from lift_ceiling import _holds_answer, lifts, recorded_refusals
from lift_surface import task_asks


def lines_of(a: ExtractiveAnswerer, e: Evidence, asker: frozenset[str], refs: list[str]) -> None:
    """Print the top NEAR_POOL lines of the refused evidence `e`, the answering ones marked,
    with what an answering line scores first and whether a reading under the floor passes it
    (lift_ceiling.lifts: only a line that is then first is listed)."""
    print(f"   score {e.score:.2f}")
    lifted = {c.at: (score, passed) for c, score, passed, _ in lifts(a, e, asker, NEAR_POOL)}
    for i, c in enumerate(e.ranked[:NEAR_POOL]):
        hit = _holds_answer(c, refs)
        extra = ""
        if hit and i == 0:
            extra = f" passed under the floor: {a._under_floor(e, asker)}"
        elif hit and c.at in lifted:
            score, passed = lifted[c.at]
            extra = f" lifted first: {score:.2f}, passed under the floor: {passed}"
        elif hit:
            extra = " lifted: not first"
        mark = "*" if hit else " "
        print(f"  {mark}{i} {c.rank:.2f} [{c.doc.title[:30]}] {c.text[:110]!r}{extra}")


async def probe(path: Path, ids: set[str], withhold: bool) -> None:
    """Ask each task of `path` (those of `ids`, when given; with `withhold`, each answerable
    one again with its expected documents withheld) and print what clearing saw."""
    settings = Settings()
    a = extractive_answerer(settings)
    assert isinstance(a, ExtractiveAnswerer)
    with recorded_refusals() as seen:
        async for t, mode, src, who in task_asks(path, lambda t: not ids or t.id in ids, withhold):
            seen.clear()
            result: Any = await ask_async(
                t.question, src, settings=settings, answerer=a, principal=who
            )
            d = result.to_dict()
            clause = asked_clause(t.question)
            asked = "withheld" if mode == "W" else "asked"
            print(f"== {t.id} {asked} must-refuse={t.should_refuse} {d.get('kind')}: {t.question}")
            print(f"   thing {asked_thing(clause)} phrase {asked_phrase(clause)!r}")
            if d.get("kind") == "answer":
                for c in d.get("citations", [])[:3]:
                    print(f"   cited [{c.get('title')}] {c.get('quote', '')[:100]!r}")
            elif seen:
                lines_of(a, *seen[-1], list(t.reference_points or []))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", type=Path)
    parser.add_argument("--ids", nargs="*", default=[])
    parser.add_argument("--withhold", action="store_true")
    args = parser.parse_args()
    asyncio.run(probe(args.tasks, set(args.ids), args.withhold))


if __name__ == "__main__":
    main()
