"""Which first-ranked lines a little under the floor say every word of the ask, and at what
word-alignment bound? (lift57's reading, measured and not shipped: its history section.)

`record` asks every task of the open task files (floor_features.open_files: the dev
`tasks.jsonl` and fresh files of collection and handbook2-10, never `-aside` or
`holdout.jsonl`), and handbook14's dev tasks, through the answerer's first pass, and writes one
JSON line per task: the first-ranked line, its score, whether its document was retrieved
first, whether the question is asked personally (a first- or second-person word), each
content word of the asking sentence (alignment.py's reading) with its best word cosine to the
line under its heading and to the heading and title (the bundled MiniLM's word vectors, the
question's read in the whole question), and `need`: the highest bound (0.95 down to 0.20 by
0.05) at which `ask_named.names_the_ask` holds with the words aligned at that bound counted as
said (put after the line as a clause of their own, so they name but place no value; a kind
word is never said by alignment) (None: not at 0.20 either).

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

import numpy as np

from floor_features import EVALS, OPEN_PARTS, OPEN_SUITES, open_files
from handbook_diagnose import answers
from wikiqa.answerers.alignment import _content
from wikiqa.answerers.ask_named import KIND_WORDS, content_stems, names_the_ask, speaks_personally
from wikiqa.answerers.features import ANSWER_FEATURES, analyse, asked_clause
from wikiqa.answerers.stored_texts import framed
from wikiqa.evals.tasks import default_principals_file, load_principals, load_tasks, task_source
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.sources.search_query import respelled

FLOOR = 0.35
BOUNDS = [b / 100 for b in range(95, 19, -5)]
_DOC_TOP = ANSWER_FEATURES.index("doc_top")


def ask_alignment(embedder, question: str, ask: str, texts: list[str]) -> list[tuple[str, float]]:
    """Each content word of `ask` (the asking sentence of `question`, its words read in the
    whole question) with its best cosine to a content word of any of `texts`."""
    q, *others = embedder.embed_tokens([question, *texts])
    at, pos, starts = max(question.rfind(ask), 0), 0, []
    for w in q.words:  # each word's offset in the question
        pos = max(question.find(w, pos), pos)
        starts.append(pos)
    asked = [i for i in _content(q.words, drop_wh=True) if starts[i] >= at]
    best = np.zeros(len(asked))
    for t in others:
        si = _content(t.words, drop_wh=False)
        if asked and si:
            best = np.maximum(best, np.clip(q.vectors[asked] @ t.vectors[si].T, 0, 1).max(axis=1))
    return [(q.words[i], float(b)) for i, b in zip(asked, best, strict=True)]


def named_with(ask: str, line: str, context: str, title: str, words: list[str]) -> bool:
    """`names_the_ask` with `words` said too: put after the line as a clause of their own,
    so they name but place no value's clause; kind words are left out (a value says them)."""
    extra = [w for w in words if not set(content_stems(w)) & set(KIND_WORDS)]
    said = f"{line}; {' '.join(extra)}" if extra else line
    return names_the_ask(ask, said, context, title)


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
                aligned = ask_alignment(answerer.embedder, ev.question.text, ask, texts)
                need = None
                for bound in BOUNDS:
                    words = [w for w, c in aligned if c >= bound]
                    if named_with(ask, top.span.text, top.context, top.doc.title, words):
                        need = bound
                        break
                row = {"id": task.id, "refuse": task.should_refuse, "q": task.question,
                       "score": ev.score, "doc_top": ev.features[_DOC_TOP],
                       "personal": speaks_personally(ev.question.text), "header": top.header is not None,
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
