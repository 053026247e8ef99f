"""Would a reading under the floor answer more than it should? Both sides before building it.

`record` asks every open task file's questions (tasks.jsonl and the fresh files, never
`-aside` or `holdout.jsonl`; handbook14 and handbook15 by their open tasks.jsonl) through the
answerer's first pass (the top k hits fetched and assessed, as bench/handbook_diagnose.py
does), each answerable one twice: as asked, and with its expected documents withheld (then it
must be refused). It writes one JSON line for each evidence whose first line scores under the
floor and above 0, with what a candidate reading might test of that line:

- `kind`: the first line's kind (sentence, list item, table row, heading); `first_doc`: it
  is of the first retrieved document; `right_doc`: it is of an expected document (an
  answerable task as asked only);
- `frame_cos`, `frame_margin`: the question's cosine to the line's frame (its heading
  context with its list's lead-in), and its lead over the nearest other frame of the ranked
  lines; `item_margin`: for a list item, the question's cosine to it less that to the
  nearest other item of its list;
- `asked_kind`, `says_kind`: the kind of value the asking sentence asks for
  (`kinds.asked_kind`) and whether the first line says one; `kind_in_doc`,
  `kind_in_section`: how many ranked lines of the first retrieved document, and of the first
  line's section, say one;
- `unsaid`: the asking sentence's content words (light words of asking left out) said
  neither by the line, its heading context nor its title; `heading_only`: those said by the
  heading but not the line.

`count --when EXPR` then counts, for the rows where the Python expression EXPR over a row `r`
holds, how many answerable tasks it would answer from the right document, how many
must-refuse ones (unanswerable, permission and trap tasks, and withheld copies) it would
answer, and how many answerable ones from a wrong document:

    python bench/rule_scan.py record /tmp/rows.jsonl
    python bench/rule_scan.py count /tmp/rows.jsonl --when "r['kind'] == 'list item' and r['item_margin'] >= 0.1"

A reading whose rows answer must-refuse questions as often as right ones has no bound in
these features (under61's section of history/extractive-history.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from floor_features import open_files
from handbook_diagnose import line_kind
from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import analyse, asked_clause
from wikiqa.answerers.kinds import asked_kind, says_kind
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
from wikiqa.text.lists import item_at
from wikiqa.types import Hit

OPEN_SUITES = ["collection", *(f"handbook{i}" for i in (2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15))]
# stems of asking, not of what is asked
LIGHT = frozenset({
    "get", "need", "do", "can", "allow", "tell", "know", "what", "what'", "whats", "happen",
    "much", "mani", "long", "often", "who", "when", "where", "how", "which",
})  # fmt: skip


def _frame(c: Candidate) -> str:
    item = item_at(c.doc.text, c.span.start, c.span.end)
    lead = item.lead.text if item and item.lead else ""
    return f"{c.context} {lead}".strip()


def _row(a: ExtractiveAnswerer, e: Any, first_id: str, question: str) -> dict[str, Any]:
    top = e.ranked[0]
    frames = sorted({_frame(c) for c in e.ranked})
    cos = a.similarities(question, frames) if a.embedder is not None else [0.0] * len(frames)
    mine = cos[frames.index(_frame(top))]
    others = [x for f, x in zip(frames, cos, strict=True) if f != _frame(top)]
    item = item_at(top.doc.text, top.span.start, top.span.end)
    item_margin = None
    if item is not None and len(item.siblings) > 1 and a.embedder is not None:
        sc = a.similarities(question, [s.text for s in item.siblings])
        k = next(n for n, s in enumerate(item.siblings) if s.start == item.item.start)
        item_margin = sc[k] - max(x for n, x in enumerate(sc) if n != k)
    ask = asked_clause(question)
    kind = asked_kind(ask)
    asked = {w for w in stem_set(ask) if w not in LIGHT}
    line, head, title = stem_set(top.span.text), stem_set(top.context), stem_set(top.doc.title)
    return {
        "score": round(e.score, 3),
        "kind": line_kind(top),
        "first_doc": top.doc.doc_id == first_id,
        "frame_cos": round(mine, 3),
        "frame_margin": round(mine - max(others, default=0.0), 3),
        "item_margin": None if item_margin is None else round(item_margin, 3),
        "asked_kind": kind,
        "says_kind": kind is not None and says_kind(kind, top.span.text),
        "kind_in_doc": sum(
            1 for c in e.ranked if c.doc.doc_id == first_id and says_kind(kind, c.span.text)
        )
        if kind
        else 0,
        "kind_in_section": sum(
            1
            for c in e.ranked
            if c.doc.doc_id == top.doc.doc_id
            and c.context == top.context
            and says_kind(kind, c.span.text)
        )
        if kind
        else 0,
        "unsaid": sorted(w for w in asked if not said_like(w, line | head | title)),
        "heading_only": sorted(
            w for w in asked if not said_like(w, line) and said_like(w, head - title)
        ),
        "line": top.span.text[:100],
        "doc": top.doc.doc_id,
    }


async def open_first_passes(
    answerer: ExtractiveAnswerer,
    settings: Settings,
    k: int,
    keep: Callable[[Task], bool] = lambda t: True,
) -> AsyncIterator[tuple[Task, bool, list[Hit], Evidence]]:
    """Each kept task of the open task files through the first pass (search, fetch, assess),
    each answerable one also with its expected documents withheld: the task, whether they
    were withheld, the hits and the evidence (only evidence with ranked lines)."""
    for path in open_files(OPEN_SUITES):
        tf = load_tasks(path)
        pf = default_principals_file(tf)
        who = load_principals(pf) if pf else {}
        source = open_source(task_source(tf.tasks[0], tf, None), settings)
        for t in tf.tasks:
            if not keep(t):
                continue
            principal = who.get(t.principal or "")
            for withheld in (False,) if t.should_refuse else (False, True):
                wide = await source.search(t.question, k=4 * k, principal=principal)
                if withheld:
                    gone = set(t.expected_sources)
                    wide = [h for h in wide if h.doc_id not in gone and h.title not in gone]
                hits = wide[:k]
                if not hits:
                    continue
                docs = {}
                for h in hits:
                    if h.doc_id not in docs:
                        docs[h.doc_id] = await source.fetch(h.doc_id, principal=principal)
                e = answerer.assess(analyse(respelled(t.question, hits)), hits, docs)
                if e is not None and e.ranked:
                    yield t, withheld, hits, e
        await source.aclose()


async def record(out: Path, k: int) -> None:
    settings = Settings()
    answerer = extractive_answerer(settings)
    assert isinstance(answerer, ExtractiveAnswerer)
    with out.open("w") as fh:
        async for t, withheld, hits, e in open_first_passes(answerer, settings, k):
            if not 0.0 < e.score < answerer.floor:
                continue
            row = _row(answerer, e, hits[0].doc_id, t.question)
            names = set(t.expected_sources)
            top = e.ranked[0]
            right = not t.should_refuse and not withheld
            right = right and (top.doc.doc_id in names or top.doc.title in names)
            head = {"id": t.id, "category": t.category, "withheld": withheld}
            head |= {"refuse": t.should_refuse or withheld, "right_doc": right}
            fh.write(json.dumps(head | row | {"question": t.question}) + "\n")
            fh.flush()


def count(rows_path: Path, when: str) -> None:
    rows = [json.loads(x) for x in rows_path.read_text().splitlines() if x.strip()]
    fired = [r for r in rows if eval(when, {}, {"r": r})]  # a bench expression, typed by hand
    good = [r for r in fired if r["right_doc"]]
    bad = [r for r in fired if r["refuse"]]
    wrong = [r for r in fired if not r["refuse"] and not r["right_doc"]]
    batteries = sorted({r["id"].split("-")[0] for r in good})
    print(f"rows {len(rows)}: fired {len(fired)}")
    print(f"  answerable, right document: {len(good)} ({', '.join(batteries)})")
    print(f"  must-refuse answered: {len(bad)} ({sum(r['withheld'] for r in bad)} withheld)")
    print(f"  answerable, wrong document: {len(wrong)}")
    for r in good:
        print(f"    + {r['id']}: {r['line'][:80]!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--k", type=int, default=5)
    cnt = sub.add_parser("count")
    cnt.add_argument("rows", type=Path)
    cnt.add_argument("--when", required=True)
    args = ap.parse_args()
    if args.cmd == "record":
        asyncio.run(record(args.out, args.k))
    else:
        count(args.rows, args.when)


if __name__ == "__main__":
    main()
