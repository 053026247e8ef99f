"""Where the answering line of each refused open factual task stands, and what holds it down.

For each refused factual task of the given open task files (against a battery run dir's
refusals, as `handbook_diagnose.py --causes` reads them): the expected document's search
rank, the answering line's rank among the first pass's candidates, and, with that line
lifted first (`handbook_diagnose.lifted_first`), its answerability and each weighted
semantic feature's contribution against the mean contribution of first-pass answers over the
floor of the same files (the weights times the features, `answerability`), plus the
question's content words the line does not say and which of those its heading, lead-in or
title says.

    python bench/colloq_table.py RUN_DIR evals/handbook15/tasks.jsonl ...
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from handbook_diagnose import (
    PART_OF,
    _doc_matches,
    answers,
    first_passes,
    lifted_first,
    line_kind,
    refused_factual,
)
from wikiqa.answerers.answerability import SEMANTIC_ANSWER_WEIGHTS
from wikiqa.answerers.features import ANSWER_FEATURES, keys

SHOWN = [n for n in ANSWER_FEATURES if SEMANTIC_ANSWER_WEIGHTS[n] != 0.0]


def contrib(features: list[float]) -> dict[str, float]:
    return {n: SEMANTIC_ANSWER_WEIGHTS[n] * features[ANSWER_FEATURES.index(n)] for n in SHOWN}


async def run(run_dir: Path, paths: list[Path], k: int) -> None:
    good: list[dict[str, float]] = []
    rows = []
    for path in paths:
        suite = path.parent.name
        refused = set(refused_factual(run_dir, suite, PART_OF.get(path.name, "dev")))
        async for read in first_passes(path, k):
            task, ev = read.task, read.evidence
            names, refs = list(task.expected_sources), task.reference_points
            if ev is None or not ev.ranked:
                continue
            if task.id not in refused:
                top = ev.ranked[0]
                if ev.score >= read.floor and answers(top, names, refs):
                    good.append(contrib(ev.features))
                continue
            if task.category != "factual":
                continue
            dpos = next(
                (i for i, h in enumerate(read.wide) if _doc_matches(h.doc_id, h.title, names)), None
            )
            at = next((i for i, c in enumerate(ev.ranked) if answers(c, names, refs)), None)
            if at is None:
                rows.append((task, dpos, None, None, None, None))
                continue
            line = ev.ranked[at]
            again = lifted_first(read, line, k) if at > 0 else ev
            first = again.ranked[0] is line
            qk = set(ev.question.terms)
            lk = set(keys(line.text))
            frame = " ".join(
                x for x in (line.context, line.doc.title, line.lead.text if line.lead else "") if x
            )
            fk = set(keys(frame))
            missing = sorted(qk - lk)
            rows.append(
                (
                    task,
                    dpos,
                    at,
                    line,
                    (again.score, first, contrib(again.features)),
                    (missing, sorted(set(missing) & fk), frame),
                )
            )
    mean = {n: sum(g[n] for g in good) / len(good) for n in SHOWN} if good else {}
    print(
        f"answered over the floor: {len(good)}; mean contributions: "
        + ", ".join(f"{n} {v:.2f}" for n, v in mean.items())
    )
    for task, dpos, at, line, lifted, words in rows:
        print(f"\n{task.id} doc@{dpos} line@{at}  Q: {task.question}")
        if line is None:
            print("    no answering line among the candidates")
            continue
        assert lifted is not None and words is not None
        score, first, c = lifted
        low = sorted((c[n] - mean[n], n) for n in SHOWN)[:4]
        print(f"    {line_kind(line)}: {line.span.text[:100]!r}")
        print(
            f"    first->{score:.2f} (stays first: {first}); lowest vs mean: "
            + ", ".join(f"{n} {d:+.2f}" for d, n in low)
        )
        print(
            f"    asked words unsaid: {words[0]}; said by heading/title/lead: {words[1]}"
            f"  [frame: {words[2][:90]!r}]"
        )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("run_dir", type=Path)
    p.add_argument("paths", type=Path, nargs="+")
    p.add_argument("--k", type=int, default=5)
    a = p.parse_args()
    asyncio.run(run(a.run_dir, a.paths, a.k))


if __name__ == "__main__":
    main()
