"""Which first-ranked lines a little under the floor say every word of the ask, and at what
word-alignment bound (answerers/ask_aligned.py)?

`record` asks every task of the open task files (floor_features.open_files: the dev
`tasks.jsonl` and fresh files of collection and handbook2-10, never `-aside` or
`holdout.jsonl`), and handbook14's dev tasks, through the answerer's first pass, and writes one
JSON line per task: the first-ranked line, its score, whether its document was retrieved
first, whether the question is asked personally (`ask_aligned.may_align`), each content word
of the asking sentence with its best word cosine to the line, heading and title, and `need`:
the highest bound (0.95 down to 0.20 by 0.05) at which `ask_named.names_the_ask` holds with the
words aligned at that bound counted as said (None: not at 0.20 either).

`sweep` reads such a file and a baseline batteries run and prints, per band and bound, how
many answering lines, must-refuse lines and answerable tasks the baseline refuses the rule
would reach, and lists them for one band and bound.

    python bench/ask_aligned_band.py record OUT.jsonl
    python bench/ask_aligned_band.py sweep OUT.jsonl --run /tmp/meas-integ56 [--band 0.2 --bound 0.5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from floor_features import EVALS, OPEN_PARTS, OPEN_SUITES, open_files
from handbook_diagnose import answers
from wikiqa.answerers.ask_aligned import _DOC_TOP, _content, may_align
from wikiqa.answerers.ask_named import content_stems, names_the_ask
from wikiqa.answerers.features import analyse, asked_clause
from wikiqa.answerers.stored_texts import framed
from wikiqa.evals.tasks import default_principals_file, load_principals, load_tasks, task_source
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.sources.search_query import respelled

FLOOR = 0.35
BOUNDS = [b / 100 for b in range(95, 19, -5)]


async def record(out: Path) -> None:
    settings = Settings()
    answerer = extractive_answerer(settings)
    files = [EVALS / "handbook14" / "tasks.jsonl", *open_files()]
    with out.open("w") as fh:
        for path in files:
            tf = load_tasks(path)
            pf = default_principals_file(tf)
            principals = load_principals(pf) if pf else {}
            sources = {}
            for task in tf.tasks:
                spec = task_source(task, tf, None)
                if spec not in sources:
                    sources[spec] = open_source(spec, settings)
                who = principals.get(task.principal) if task.principal else None
                hits = (await sources[spec].search(task.question, k=20, principal=who))[:5]
                docs = {}
                for h in hits:
                    if h.doc_id not in docs:
                        docs[h.doc_id] = await sources[spec].fetch(h.doc_id, principal=who)
                ev = answerer.assess(analyse(respelled(task.question, hits)), hits, docs)
                if ev is None or not ev.ranked:
                    continue
                top = ev.ranked[0]
                ask = asked_clause(ev.question.text)
                texts = [
                    framed([top.span.text], [top.context])[0],
                    f"{top.context} {top.doc.title}",
                ]
                aligned = answerer.ask_alignment(ev.question.text, ask, texts)
                asked = set(_content(ask))
                need = None
                for bound in BOUNDS:
                    stems = frozenset(
                        s for w, c in aligned if c >= bound and w in asked for s in content_stems(w)
                    )
                    if names_the_ask(ask, top.span.text, top.context, top.doc.title, aligned=stems):
                        need = bound
                        break
                row = {"id": task.id, "refuse": task.should_refuse, "q": task.question,
                       "score": ev.score, "doc_top": ev.features[_DOC_TOP],
                       "personal": may_align(ev.question.text), "header": top.header is not None,
                       "text": top.text[:160], "need": need,
                       "aligned": [(w, round(c, 2)) for w, c in aligned],
                       "answering": not task.should_refuse
                       and answers(top, list(task.expected_sources), task.reference_points)}  # fmt: skip
                fh.write(json.dumps(row) + "\n")
            for s in sources.values():
                await s.aclose()


def _baseline(run: Path) -> dict[str, tuple[bool, bool]]:
    """Open tasks of a batteries run: (passed, refused) by id."""
    out: dict[str, tuple[bool, bool]] = {}
    for suite in [*OPEN_SUITES, "handbook14"]:
        for part in OPEN_PARTS:
            path = run / f"{suite}-{part}.run.jsonl"
            if not path.is_file():
                continue
            for line in path.read_text().splitlines():
                row = json.loads(line)
                if row.get("kind") == "trial":
                    ok = all(g["status"] in ("pass", "not_graded") for g in row["grades"].values())
                    out[row["task_id"]] = (ok, row["result"].get("kind") == "refusal")
    return out


def sweep(path: Path, run: Path, band: float, bound: float) -> None:
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    base = _baseline(run)

    def reached(lo: float, b: float) -> list[dict]:
        return [
            r for r in rows
            if lo <= r["score"] < FLOOR and r["doc_top"] >= 1 and not r["header"]
            and r["personal"] and r["need"] is not None and r["need"] >= b
        ]  # fmt: skip

    for lo in (0.1, 0.15, 0.2):
        for b in (0.35, 0.4, 0.45, 0.5, 0.55, 0.6):
            got = reached(lo, b)
            refused = [r for r in got if not r["refuse"] and base.get(r["id"], (0, 0))[1]]
            print(
                f"band {lo:.2f}-{FLOOR}, bound {b:.2f}: answering {sum(r['answering'] for r in got)},"
                f" must-refuse {sum(r['refuse'] for r in got)}, answerable refused on the"
                f" baseline {len(refused)}, all {len(got)}"
            )
    for r in reached(band, bound):
        ok, refused = base.get(r["id"], (False, False))
        kind = "REF" if r["refuse"] else ("ANS" if r["answering"] else "oth")
        print(f"{kind} {r['id']} base {'pass' if ok else 'FAIL'}{' refused' if refused else ''}"
              f" {r['score']:.2f} need {r['need']} | {r['q'][:70]} || {r['text'][:60]}")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    sw = sub.add_parser("sweep")
    sw.add_argument("path", type=Path)
    sw.add_argument("--run", type=Path, required=True)
    sw.add_argument("--band", type=float, default=0.2)
    sw.add_argument("--bound", type=float, default=0.5)
    args = ap.parse_args()
    if args.cmd == "record":
        asyncio.run(record(args.out))
    else:
        sweep(args.path, args.run, args.band, args.bound)


if __name__ == "__main__":
    main()
