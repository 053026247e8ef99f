"""Does a line's structure say what is asked? Both sides of five structural readings, before building.

`record` runs every open task file's questions through the answerer's first pass
(rule_scan.open_first_passes: tasks.jsonl and the open fresh files of collection, handbook2-10,
14 and 15, never `-aside` or `holdout.jsonl`; each answerable one also with its expected
documents withheld, then it must be refused), and for each evidence whose first line scores
under the floor and above 0 writes the ranked lines of the first retrieved document, each with
its structure and what that structure says of the question:

- `struct`: "row" (a table row read with its header), "label" (a "Label: value" line),
  "item" (a list item; its frame is its lead-in line), "sentence";
- `frame`: the asked content words (rule_scan.LIGHT aside) said by the line's frame (a row's
  header row, a label, a list's lead-in, the section heading) and not by the document's title;
  `line`: those said by the line's own words; `asked`: how many the question has;
- `kind`: the kind of value asked (`kinds.asked_kind`) and whether the line says one; `only`:
  it is the only ranked line of every retrieved document saying one;
- `right`: the line gives a reference answer of an expected document (handbook_diagnose.answers,
  answerable task as asked only); `refused`: main's baseline run refused the task (open parts).

`count` then prints, for each candidate reading (the best-ranked first-document line meeting a
structural condition, answered in the first line's place), how many evidences it answers with
the right line, how many of those the baseline refused, and how many must-refuse ones it
answers:

    PYTHONPATH=src:bench WIKIQA_HOME=/tmp/home python bench/fact_structure.py record rows.jsonl \
        --run /tmp/meas-phone64
    PYTHONPATH=src:bench python bench/fact_structure.py count rows.jsonl
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from handbook_diagnose import answers
from para_signals import main_refused
from rule_scan import LIGHT, open_first_passes
from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.extractive import Candidate, ExtractiveAnswerer
from wikiqa.answerers.features import asked_clause
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings
from wikiqa.text.lists import item_at

LABEL = re.compile(r"^\s*(?:[-*]\s+)?(?:\*\*)?([A-Z][^:|]{1,40}?)(?:\*\*)?:\s+\S")
MAX_LINES = 30
ALL_LINES = 40  # ranked lines of every document kept, as read (a row with its header)


def structure(c: Candidate) -> tuple[str, str, str]:
    """The line's structure, its frame's text and its own words."""
    if c.header is not None:
        return "row", f"{c.header.text} {c.context}", c.span.text
    m = LABEL.match(c.span.text)
    if m:
        return "label", f"{m.group(1)} {c.context}", c.span.text[m.end(1) :]
    item = item_at(c.doc.text, c.span.start, c.span.end)
    if item is not None:
        lead = item.lead.text if item.lead else ""
        return "item", f"{lead} {c.context}", c.span.text
    return "sentence", c.context, c.span.text


async def record(out: Path, k: int, run: Path | None) -> None:
    settings = Settings()
    answerer = extractive_answerer(settings)
    assert isinstance(answerer, ExtractiveAnswerer)
    refused = main_refused(run)
    with out.open("w") as fh:
        async for t, withheld, hits, e in open_first_passes(answerer, settings, k):
            if not 0.0 < e.score < answerer.floor:
                continue
            must = t.should_refuse or withheld
            names, refs = list(t.expected_sources), t.reference_points
            ask = asked_clause(t.question)
            kind = asked_kind(ask)
            asked = {w for w in stem_set(ask) if w not in LIGHT}
            sayers = [c for c in e.ranked if kind and says_kind(kind, c.span.text)]
            lines = []
            for n, c in enumerate(e.ranked):
                if c.doc.doc_id != hits[0].doc_id or len(lines) >= MAX_LINES:
                    continue
                struct, frame, own = structure(c)
                title = stem_set(c.doc.title)
                fw, lw = stem_set(frame), stem_set(own)
                says = bool(kind) and says_kind(kind, c.span.text)
                lines.append({
                    "at": n,
                    "struct": struct,
                    "frame": sorted(w for w in asked if said_like(w, fw) and not said_like(w, title)),
                    "line": sorted(w for w in asked if said_like(w, lw)),
                    "says": says,
                    "only": says and len({x.doc.doc_id for x in sayers}) == 1,
                    "right": not must and answers(c, names, refs),
                    "text": c.span.text[:80],
                })  # fmt: skip
            row = {"id": t.id, "withheld": withheld, "refuse": must, "score": round(e.score, 3)}
            row |= {"kind": kind, "asked": sorted(asked), "refused": t.id in refused}
            row |= {"top_first_doc": e.ranked[0].doc.doc_id == hits[0].doc_id, "lines": lines}
            row["all"] = [
                {"doc": c.doc.doc_id, "first": c.doc.doc_id == hits[0].doc_id,
                 "right": not must and answers(c, names, refs), "text": c.text[:300]}
                for c in e.ranked[:ALL_LINES]
            ]  # fmt: skip
            fh.write(json.dumps(row | {"question": t.question}) + "\n")
            fh.flush()


Rule = Callable[[dict[str, Any], dict[str, Any]], bool]

RULES: dict[str, Rule] = {
    "row: header says an asked word, the row another": lambda r, c: (
        c["struct"] == "row" and bool(c["frame"]) and bool(set(c["line"]) - set(c["frame"]))
    ),
    "row: the same, a value of the kind asked": lambda r, c: (
        c["struct"] == "row" and bool(c["frame"]) and bool(set(c["line"]) - set(c["frame"]))
        and r["kind"] is not None and c["says"]
    ),
    "label: the label says an asked word": lambda r, c: c["struct"] == "label" and bool(c["frame"]),
    "label: the same, the value the kind asked": lambda r, c: (
        c["struct"] == "label" and bool(c["frame"]) and r["kind"] is not None and c["says"]
    ),
    "item: lead-in or heading says an asked word the item does not": lambda r, c: (
        c["struct"] == "item" and bool(set(c["frame"]) - set(c["line"]))
    ),
    "item: the same, the kind asked": lambda r, c: (
        c["struct"] == "item" and bool(set(c["frame"]) - set(c["line"]))
        and r["kind"] is not None and c["says"]
    ),
    "sentence: heading says an asked word the line does not, the line another": lambda r, c: (
        c["struct"] == "sentence" and bool(set(c["frame"]) - set(c["line"])) and bool(c["line"])
    ),
    "any: frame and line together say every asked word": lambda r, c: (
        bool(r["asked"]) and set(c["frame"]) | set(c["line"]) >= set(r["asked"]) and bool(c["frame"])
    ),
    "any: the only retrieved line of the kind asked, frame says an asked word": lambda r, c: (
        r["kind"] is not None and c["only"] and bool(c["frame"])
    ),
    "any: the kind asked, frame says an asked word, line says another": lambda r, c: (
        r["kind"] is not None and c["says"] and bool(c["frame"])
        and bool(set(c["line"]) - set(c["frame"]))
    ),
}  # fmt: skip


def count(path: Path, first_only: bool) -> None:
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    print(f"evidences {len(rows)}: {sum(not r['refuse'] for r in rows)} answerable as asked, "
          f"{sum(r['refuse'] for r in rows)} must-refuse")  # fmt: skip
    print("reading | right line | of tasks refused on main | must-refuse (withheld) | wrong line")
    for name, rule in RULES.items():
        good = gained = bad = wh = wrong = 0
        gains: list[str] = []
        for r in rows:
            fired = [c for c in r["lines"] if rule(r, c)]
            if first_only:
                fired = fired[:1] if fired and fired[0] is (r["lines"] or [None])[0] else []
            if not fired:
                continue
            c = fired[0]
            if r["refuse"]:
                bad += 1
                wh += r["withheld"]
            elif c["right"]:
                good += 1
                if r["refused"]:
                    gained += 1
                    gains.append(r["id"])
            else:
                wrong += 1
        print(f"{name} | {good} | {gained} {sorted(set(gains))} | {bad} ({wh}) | {wrong}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--k", type=int, default=5)
    rec.add_argument("--run", type=Path)
    cnt = sub.add_parser("count")
    cnt.add_argument("rows", type=Path)
    cnt.add_argument("--first-only", action="store_true")
    args = ap.parse_args()
    if args.cmd == "record":
        asyncio.run(record(args.out, args.k, args.run))
    else:
        count(args.rows, args.first_only)


if __name__ == "__main__":
    main()
