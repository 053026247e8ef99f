"""A yes/no question read by the rule line of its nearest section: both sides, before building.

colloq63's candidate reading: a yes/no question ("Can I ...?", "Do we get ...?", "Should I
...?") is answered by a line that says a rule (a modal or a negation: can, may, must, never,
not allowed, ...) and a content word of the asking sentence, in the section whose heading
(with its document's title) the question is nearest to by the embedder. `record` asks every
yes/no question of the open task files (as rule_scan.py reads them: tasks.jsonl and fresh
files, never `-aside` or `holdout.jsonl`; handbook14 and 15 by their open tasks.jsonl) through
the first pass, each answerable one also with its expected documents withheld, and writes one
row per question with, for its sections in order of the question's cosine, the best rule line
there (most asked words said, then rank) and whether it answers (`handbook_diagnose.answers`).
`count --when EXPR` counts right / must-refuse / wrong-document picks, as rule_scan.py does.

    python bench/modal_scan.py record /tmp/colloq63-modal.jsonl
    python bench/modal_scan.py count /tmp/colloq63-modal.jsonl --when "r['sec_margin'] > 0.05"
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from pathlib import Path
from typing import Any

from handbook_diagnose import answers, line_kind
from rule_scan import LIGHT, open_first_passes
from wikiqa.answerers.ask_named import said_like, stem_set
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import asked_clause
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings

RULE = re.compile(
    r"\b(can|cannot|can't|may|must|mustn't|should|never|not|no|only|allowed|entitled|"
    r"required|have to|need to|do not|don't)\b",
    re.I,
)


# an asking sentence that opens with an auxiliary asks yes or no, whatever the situation
# told before it ("Saw a lad stuffing steaks down his coat. Should I stop him at the door?")
YESNO = re.compile(
    r"(can|could|do|does|did|should|shall|am|is|are|will|would|may|must|have|has)\b", re.I
)


def _frame(c: Any) -> str:
    return f"{c.doc.title}: {c.context}" if c.context and c.context != c.doc.title else c.doc.title


def asks_yes_or_no(question: str) -> bool:
    return YESNO.match(asked_clause(question).strip()) is not None


async def record(out: Path, k: int, every: bool) -> None:
    """One row per yes/no question (every question with `every`, `record --all`)."""
    settings = Settings()
    a = extractive_answerer(settings)
    assert isinstance(a, ExtractiveAnswerer)
    with out.open("w") as fh:
        async for t, withheld, hits, e in open_first_passes(
            a, settings, k, lambda t: every or asks_yes_or_no(t.question)
        ):
            ask = asked_clause(t.question)
            asked = {w for w in stem_set(ask) if w not in LIGHT}
            frames = []
            for c in e.ranked:
                f = (c.doc.doc_id, _frame(c))
                if f not in frames:
                    frames.append(f)
            cos = a.similarities(t.question, [f[1] for f in frames])
            order = sorted(range(len(frames)), key=lambda i: -cos[i])
            doc_rank = [h.doc_id for h in hits]
            secs = []
            names = list(t.expected_sources)
            for i in order[:3]:
                lines = [c for c in e.ranked if (c.doc.doc_id, _frame(c)) == frames[i]]
                rules = []
                for n, c in enumerate(e.ranked):
                    if (c.doc.doc_id, _frame(c)) != frames[i]:
                        continue
                    if not RULE.search(c.span.text):
                        continue
                    said = stem_set(c.span.text)
                    hit = sorted(w for w in asked if said_like(w, said))
                    rules.append((len(hit), -n, c, hit))
                best = max(rules, key=lambda x: (x[0], x[1])) if rules else None
                top = lines[0]
                secs.append(
                    {
                        "top_answers": not t.should_refuse
                        and not withheld
                        and answers(top, names, t.reference_points),
                        "top_line": top.span.text[:100],
                        "frame": frames[i][1][:80],
                        "cos": round(cos[i], 3),
                        "doc_rank": doc_rank.index(frames[i][0])
                        if frames[i][0] in doc_rank
                        else None,
                        "n_lines": len(lines),
                        "n_rules": len(rules),
                        "said": best[0] if best else 0,
                        "said_words": best[3] if best else [],
                        "rank": -best[1] if best else None,
                        "kind": line_kind(best[2]) if best else None,
                        "answers": bool(best)
                        and not t.should_refuse
                        and not withheld
                        and answers(best[2], names, t.reference_points),
                        "line": best[2].span.text[:100] if best else "",
                    }
                )
            row = {
                "id": t.id,
                "category": t.category,
                "withheld": withheld,
                "refuse": t.should_refuse or withheld,
                "question": t.question,
                "asked": sorted(asked),
                "score": round(e.score, 3),
                "first_ok": e.score >= a.floor,
                "secs": secs,
                "sec_margin": round(secs[0]["cos"] - secs[1]["cos"], 3) if len(secs) > 1 else 1.0,
            }
            fh.write(json.dumps(row) + "\n")
            fh.flush()


def count(rows_path: Path, when: str) -> None:
    rows = [json.loads(x) for x in rows_path.read_text().splitlines() if x.strip()]
    fired = [r for r in rows if eval(when, {}, {"r": r, "s": r["secs"][0]})]  # typed by hand
    good = [r for r in fired if r["secs"][0]["answers"]]
    bad = [r for r in fired if r["refuse"]]
    wrong = [r for r in fired if not r["refuse"] and not r["secs"][0]["answers"]]
    print(f"rows {len(rows)}: fired {len(fired)}")
    print(
        f"  answerable, answering line: {len(good)}"
        f" ({sum(not r['first_ok'] for r in good)} refused by the first pass)"
    )
    print(f"  must-refuse answered: {len(bad)} ({sum(r['withheld'] for r in bad)} withheld)")
    print(f"  answerable, another line: {len(wrong)}")
    for r in good:
        if not r["first_ok"]:
            print(f"    + {r['id']}: {r['secs'][0]['line'][:80]!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--k", type=int, default=5)
    rec.add_argument("--all", action="store_true")
    cnt = sub.add_parser("count")
    cnt.add_argument("rows", type=Path)
    cnt.add_argument("--when", required=True)
    args = ap.parse_args()
    if args.cmd == "record":
        asyncio.run(record(args.out, args.k, args.all))
    else:
        count(args.rows, args.when)


if __name__ == "__main__":
    main()
