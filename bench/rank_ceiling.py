"""How many refused open tasks would the whole pipeline answer if their answering line ranked
first? Each task is asked through `ask_async` as the eval asks it (its source and principal),
once as the tree stands and once with a bench-only hook on `ExtractiveAnswerer.decide`: in
every assessment whose candidates hold an answering line (a line of an expected document
giving a reference answer, `handbook_diagnose.answers`), the best-ranked such line has its
ranker score lifted to just above the first candidate's (`--lift` points over it), so every
later reading (a part, a lift, a retelling) re-decides with that line first. Graded as the
eval grades without a judge: a task passes when no graded dimension fails.

    python bench/rank_ceiling.py hb2-fact-30 hb4-fact-21 ... [--lift 0.05]

Only open task files are read (`floor_features.open_tasks`, with handbook14's and handbook15's dev).
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from floor_features import open_tasks
from handbook_diagnose import answers, line_kind
from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.rows import FITS, LOOSE, NO, STRONG
from wikiqa.evals.grade import grade_trial
from wikiqa.evals.tasks import Task, task_source
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.types import Answer

_task: list[Task] = []  # the task being asked (empty: no lift)
_lift = [0.05]
_seen: list[str] = []  # what the hook lifted, per decide call
_orig = ExtractiveAnswerer.decide
_force = [False]  # also past the answer-type order: the lifted line FITS, no other is STRONG
_target: list[Any] = []
_levels: list[int] = []  # the lifted line's own answer-type level (rows.STRONG ... LOOSE)
_fit_level = extractive.fit_level


def _level(q: Any, qset: Any, c: Any) -> int:
    lv = _fit_level(q, qset, c)
    if not _force[0] or not _target:
        return lv
    if c is _target[0]:
        _levels.append(lv)
        return FITS if lv in (NO, LOOSE) else lv
    return FITS if lv == STRONG else lv


def _verbatim(text: str, refs: list[str]) -> bool:
    said = " ".join(text.lower().replace("*", "").split())
    return any(" ".join(r.lower().replace("*", "").split()) in said for r in refs if r.strip())


def _decide(
    self: ExtractiveAnswerer,
    q: Any,
    candidates: list[Any],
    hits: Any,
    rank_weights: Any = None,
    answer_model: Any = None,
    lift: Any = None,
) -> Any:
    right: list[Any] = []
    if _task and lift is None and candidates:
        t = _task[0]
        names, refs = list(t.expected_sources), t.reference_points
        scored = [(extractive.rank_score(c.features), c) for c in candidates]
        top = max(s for s, _ in scored)
        right = [(s, c) for s, c in scored if answers(c, names, refs)]
        # a line holding a reference verbatim before one holding most of its words ("£13.30"
        # keeps only "£13" of three letters or more, which "£13.10" holds too)
        whole = [(s, c) for s, c in right if _verbatim(c.text, refs)]
        right = whole or right
        if right:
            s, c = max(right, key=lambda p: p[0])
            lift = (c, top - s + _lift[0])
            _target[:] = [c]
            _seen.append(f"{line_kind(c)}: {c.text[:70]!r}")
    out = _orig(self, q, candidates, hits, rank_weights, answer_model, lift)
    _target.clear()
    if _task and lift is not None and right:
        _seen[-1] += f" [level {_levels[-1] if _levels else '-'}]"
        _seen[-1] += f" [{'first' if out.ranked[0] is lift[0] else 'not first'} {out.score:.2f}]"
    return out


async def main(ids: list[str]) -> None:
    settings = Settings()
    answerer = extractive_answerer(settings)
    ExtractiveAnswerer.decide = _decide  # type: ignore[method-assign]
    for tf, t, who in open_tasks(ids):
        source = open_source(task_source(t, tf, None), settings)
        row = []
        for on in (False, True):
            _task.clear()
            _seen.clear()
            if on:
                _task.append(t)
            r = await ask_async(
                t.question, source, settings=settings, answerer=answerer, principal=who
            )
            g = await grade_trial(t, r.to_dict(), [], None)
            ok = not any(v.status == "fail" for v in g.grades.values()) and g.access != "fail"
            said = (
                " ".join(c.quote for c in r.citations)[:90]
                if isinstance(r, Answer)
                else (f"refused {getattr(r, 'code', '')}: {getattr(r, 'reason', '')[:80]}")
            )
            row.append((ok, said, len(_seen)))
        (b_ok, b_said, _), (l_ok, l_said, n) = row
        seen = list(_seen)
        print(
            f"{t.id}\tbase {'PASS' if b_ok else 'fail'}\tfirst {'PASS' if l_ok else 'fail'}"
            f"\tlifted {n}\n    base: {b_said}\n    first: {l_said}",
            flush=True,
        )
        for line in seen:
            print(f"      {line}")
        await source.aclose()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("ids", nargs="+")
    p.add_argument("--lift", type=float, default=0.05)
    p.add_argument("--force", action="store_true", help="past the answer-type order too")
    a = p.parse_args()
    _lift[0] = a.lift
    _force[0] = a.force
    extractive.fit_level = _level  # type: ignore[assignment]
    asyncio.run(main(a.ids))
