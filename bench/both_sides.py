"""Both sides of a reading through the real answerer: open tasks asked with their expected
documents withheld (each must stay refused), and questions of one's own over a battery.

    python bench/both_sides.py withheld hb4-tr24-01 hb5-fact-08 ...
    python bench/both_sides.py own bench/data/situation-names.jsonl

Run it from the tree before and after a change and compare the two outputs.

A questions file holds one JSON object a line: suite (a folder under evals/, open ones
only), principal, question, want ("answer" or "refuse") and, for an answer, a word or
number the cited text must hold (`says`) and, optionally, a piece of a cited document's id (`cites`)
or a piece every cited document's id must hold (`only_cites`: a compound question whose later
part no line answers is answered for its first part alone). Only the open task files are read
(tasks.jsonl and the fresh files, never `-aside` or `holdout.jsonl`); `withheld` finds its ids in
the open batteries and in handbook14's and handbook15's dev tasks.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from fit_answerability import Withholding
from floor_features import EVALS, open_tasks
from wikiqa.evals.tasks import default_principals_file, load_principals, load_tasks, task_source
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.types import Answer


def _said(result: Answer) -> str:
    return " ".join(c.quote for c in result.citations)


async def withheld(ids: set[str]) -> None:
    settings = Settings()
    answerer = extractive_answerer(settings)
    for tf, t, who in open_tasks(ids):
        inner = open_source(task_source(t, tf, None), settings)
        expected = frozenset(t.expected_sources)
        source = Withholding(inner, lambda h, e=expected: h.doc_id in e or h.title in e)
        r = await ask_async(t.question, source, settings=settings, answerer=answerer, principal=who)
        kind = "ANSWERED" if isinstance(r, Answer) else "refused"
        print(
            f"{t.id}: withheld copy {kind}"
            + (f": {_said(r)[:100]!r}" if kind == "ANSWERED" else "")
        )
        await inner.aclose()


async def own(path: Path) -> None:
    settings = Settings()
    answerer = extractive_answerer(settings)
    ok = {"answer": 0, "refuse": 0}
    n = {"answer": 0, "refuse": 0}
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        q = json.loads(line)
        tf = load_tasks(EVALS / q["suite"] / "tasks.jsonl")
        pf = default_principals_file(tf)
        who = load_principals(pf) if pf else {}
        source = open_source(task_source(tf.tasks[0], tf, None), settings)
        r = await ask_async(
            q["question"], source, settings=settings, answerer=answerer,
            principal=who.get(q.get("principal", "")),
        )  # fmt: skip
        await source.aclose()
        answered = isinstance(r, Answer)
        good = (
            answered
            and q.get("says", "").lower() in _said(r).lower()
            and any(q.get("cites", "") in c.doc_id for c in r.citations)
            and all(q.get("only_cites", "") in c.doc_id for c in r.citations)
            if q["want"] == "answer"
            else not answered
        )
        n[q["want"]] += 1
        ok[q["want"]] += good
        shown = _said(r)[:110] if answered else f"refused {r.code}"
        print(
            f"{'ok ' if good else 'BAD'} [{q['want']}] {q['suite']}: {q['question']}\n      {shown!r}"
        )
    print(f"answerable {ok['answer']}/{n['answer']}, must-refuse {ok['refuse']}/{n['refuse']}")


if __name__ == "__main__":
    if sys.argv[1] == "withheld":
        asyncio.run(withheld(set(sys.argv[2:])))
    else:
        asyncio.run(own(Path(sys.argv[2])))
