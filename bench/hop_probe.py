"""Ask open tasks or written questions of one open battery through `ask_async`, with the trace.

    PYTHONPATH=src python bench/hop_probe.py handbook10 --tid hb10-fresh-04 --trace
    PYTHONPATH=src python bench/hop_probe.py handbook9 --qfile /tmp/q.txt
    PYTHONPATH=src python bench/hop_probe.py handbook4 --tid hb4-two-05 --withhold

Each answer or refusal is printed with its cited documents; `--trace` adds the searches the
answerer made (how a chain's second hop was searched); `--withhold` asks each task again with
each of its expected documents withheld (`fit_answerability.Withholding`), as the both-sides
check of an answering reading needs. Only the open batteries (collection, handbook2-10) and
their open task files are read: never a held-out, kept-aside or blind one (hops29).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from fit_answerability import Withholding
from wikiqa.evals.tasks import default_principals_file, load_principals, load_tasks, task_source
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source

OPEN_SUITES = (
    "collection",
    *(f"handbook{i}" for i in range(2, 11)),
    "handbook14",
    "handbook15",
    "handbook16",
    "handbook17",
    "handbook18",
    "handbook19",
    "handbook20",
    "handbook21",
    "handbook22",
    "handbook23",
    "handbook24",
    "handbook25",
    "handbook26",
    "handbook27",
)
OPEN_FILES = (
    "tasks.jsonl",  # dev only: its held-out tasks are never asked (--tid names dev ids)
    *(f"fresh-hops{n}.jsonl" for n in ("", "2", "3", "4", "5")),
    "fresh-refuse.jsonl",
    "fresh-refuse2.jsonl",
    "fresh-refuse3.jsonl",
    "fresh-facts.jsonl",
    "fresh-yesno.jsonl",
    "fresh-traps.jsonl",
)


async def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("suite", choices=OPEN_SUITES)
    p.add_argument("--tid", nargs="*", default=[])
    p.add_argument("--q", nargs="*", default=[])
    p.add_argument("--qfile", help="one question a line ('#' lines skipped)")
    p.add_argument("--principal", default="employee")
    p.add_argument("--withhold", action="store_true")
    p.add_argument("--trace", action="store_true")
    a = p.parse_args()
    settings = Settings()
    answerer = extractive_answerer(settings)
    root = Path("evals") / a.suite
    tasks = {}
    for name in OPEN_FILES:
        if (root / name).is_file():
            tf = load_tasks(root / name)
            tasks.update({t.id: (t, tf) for t in tf.tasks})
    dev = load_tasks(root / "tasks.jsonl")
    pf = default_principals_file(dev)
    who = load_principals(pf) if pf else {}
    qs = list(a.q)
    if a.qfile:
        qs += [
            s.strip() for s in Path(a.qfile).read_text().splitlines() if s.strip()[:1] not in "#"
        ]
    items = [(tasks[i][0].question, *tasks[i]) for i in a.tid] + [(q, None, dev) for q in qs]
    for question, task, tf in items:
        source = open_source(task_source(task or dev.tasks[0], tf, None), settings)
        copies = [[e] for e in task.expected_sources] if a.withhold and task else [None]
        for hidden in copies:
            src = source
            if hidden is not None:
                src = Withholding(
                    source, lambda h, e=frozenset(hidden): h.doc_id in e or h.title in e
                )
            principal = who.get((task.principal if task else None) or a.principal)
            r = await ask_async(
                question, src, settings=settings, answerer=answerer, principal=principal
            )
            tag = (task.id if task else "Q") + (f" withheld={hidden}" if hidden else "")
            print(f"== {tag} | {question}")
            if type(r).__name__ == "Refusal":
                print("   REFUSED", r.code.value, (r.reason or "")[:150])
            else:
                print("   ANS", r.text[:300].replace("\n", " "), "| conf", r.confidence)
                print("   CIT", [c.doc_id for c in r.citations])
            for e in r.trace if a.trace else []:
                if e.kind != "fetch":
                    print("     .", e.kind, (e.detail or "")[:160])
        await source.aclose()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
