"""Semantic signals for a first line held under the floor by paraphrase, both sides before building.

`record` runs every open task file's questions (rule_scan.open_first_passes: tasks.jsonl and
the open fresh files, never `-aside` or `holdout.jsonl`; each answerable one also with its
expected documents withheld, then it must be refused) through the answerer's first pass, and
for each evidence whose first line scores under the floor and above 0 and is of the first
retrieved document (the bounded lift's own condition) writes the line's signals, each
relative to the other ranked lines (absolute cosines and alignments are in the answerability
features already, and calib27, floor18 and facts26 found them inside the must-refuse spread):

- `maxsim_doc`, `maxsim_all`: ColBERT-style max-sim (each content word of the question matched
  to its nearest word of the line under its title and heading, contextual MiniLM word vectors
  of one `embed_tokens` run, cosines clipped at 0, averaged) of the first line, less the best
  of the first document's other ranked lines / of every other ranked line;
- `ctx_doc`, `ctx_all`: the question's sentence cosine to the line embedded with its title and
  heading as context ("Title. Heading: line"), less the best other line's, the same two ways;
- `noun_doc`, `noun_abs`: for the question's content words that neither the line, its heading
  nor its title says (by matching key), each word alone against the framed line's content
  words alone (isolated-word MiniLM vectors: is "sausage roll" nearest to "stock"?), the mean
  best cosine, and that less the best other line of the first document's;
- `agree`: the first line is also the argmax of max-sim and of the framed cosine over every
  ranked line.

Each row is labelled `right` (answerable as asked, the first line gives a reference answer),
`refuse` (a must-refuse question or a withheld copy) or neither, and `main_refused` for the
right rows the baseline run refused (`--run`, open parts only).

`table` then chooses each signal's threshold by leaving whole batteries out (the threshold that
maximises right - 3 x must-refuse on the other batteries) and prints the lifted counts:

    PYTHONPATH=src:bench python bench/para_signals.py record /tmp/rows.jsonl --run /tmp/meas-poss63
    PYTHONPATH=src:bench python bench/para_signals.py table /tmp/rows.jsonl
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

import numpy as np

from batteries import DEFAULT_BLIND
from handbook_diagnose import PART_OF, answers
from rule_scan import open_first_passes
from wikiqa.answerers.alignment import _content, _entity
from wikiqa.answerers.extractive import Candidate, ExtractiveAnswerer
from wikiqa.answerers.features import asked_clause, key
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings

SIGNALS = ("maxsim_doc", "maxsim_all", "ctx_doc", "ctx_all", "noun_doc", "noun_abs")
MAX_LINES = 40  # ranked lines compared per evidence


def framed(c: Candidate) -> str:
    head = c.context if c.context and c.context != c.doc.title else ""
    return f"{c.doc.title}. {head}: {c.text}" if head else f"{c.doc.title}: {c.text}"


class Vectors:
    """Word and sentence vectors of texts, and isolated word vectors, each computed once."""

    def __init__(self, answerer: ExtractiveAnswerer) -> None:
        self.embedder: Any = answerer.embedder
        self.tok: dict[str, Any] = {}
        self.word: dict[str, np.ndarray] = {}

    def tokens(self, texts: list[str]) -> list[Any]:
        todo = list(dict.fromkeys(t for t in texts if t not in self.tok))
        for t, tv in zip(todo, self.embedder.embed_tokens(todo) if todo else [], strict=True):
            self.tok[t] = tv
        return [self.tok[t] for t in texts]

    def words(self, ws: list[str]) -> np.ndarray:
        todo = list(dict.fromkeys(w for w in ws if w not in self.word))
        if todo:
            for w, v in zip(todo, self.embedder.embed(todo), strict=True):
                self.word[w] = v
        return np.array([self.word[w] for w in ws]).reshape(len(ws), -1)


def maxsim(q: Any, qi: list[int], s: Any) -> float:
    si = _content(s.words, drop_wh=False)
    if not qi or not si:
        return 0.0
    sim = np.clip(q.vectors[qi] @ s.vectors[si].T, 0.0, 1.0)
    return float(sim.max(axis=1).mean())


def signals(vec: Vectors, question: str, ranked: list[Candidate], first_doc: str) -> dict:
    lines = ranked[:MAX_LINES]
    q = vec.tokens([question])[0]
    qi = _content(q.words, drop_wh=True)
    toks = vec.tokens([framed(c) for c in lines])
    ms = [maxsim(q, qi, t) for t in toks]
    cs = [float(q.vector @ t.vector) for t in toks]
    same = [i for i, c in enumerate(lines) if i and c.doc.doc_id == first_doc]
    others = range(1, len(lines))

    def margin(xs: list[float], idx: Any) -> float:
        return round(xs[0] - max((xs[i] for i in idx), default=0.0), 3)

    out = {
        "maxsim": round(ms[0], 3),
        "maxsim_doc": margin(ms, same),
        "maxsim_all": margin(ms, others),
        "ctx": round(cs[0], 3),
        "ctx_doc": margin(cs, same),
        "ctx_all": margin(cs, others),
        "agree": bool(ms[0] >= max(ms) and cs[0] >= max(cs)),
    }
    # the question's content words unsaid by the first line, heading and title
    top = lines[0]
    said = {key(w) for w in toks[0].words}
    unsaid = [
        q.words[i]
        for i in qi
        if not _entity(q.words[i], i) and len(q.words[i]) > 2 and key(q.words[i]) not in said
    ]
    out["unsaid"] = unsaid
    if not unsaid:
        out["noun_abs"] = out["noun_doc"] = None
        return out
    uv = vec.words([w.lower() for w in unsaid])

    def best(c: Candidate, t: Any) -> float:
        ws = [t.words[j].lower() for j in _content(t.words, drop_wh=False)]
        ws = [w for w in dict.fromkeys(ws) if len(w) > 2 and not any(ch.isdigit() for ch in w)]
        if not ws:
            return 0.0
        return float(np.clip(uv @ vec.words(ws).T, 0.0, 1.0).max(axis=1).mean())

    mine = best(top, toks[0])
    rest = [best(lines[i], toks[i]) for i in same]
    out["noun_abs"] = round(mine, 3)
    out["noun_doc"] = round(mine - max(rest, default=0.0), 3)
    return out


def argmax(vec: Vectors, question: str, ranked: list[Candidate], first_doc: str) -> dict:
    """The first document's line nearest the question by max-sim (re-ranking within the
    document): its max-sim, its lead over the document's next line, whether the framed
    cosine puts it first in the document too, and its rank in the first pass's order."""
    lines = [c for c in ranked if c.doc.doc_id == first_doc][:MAX_LINES]
    if not lines:
        return {"arg_line": None, "arg_ms": None}
    q = vec.tokens([question])[0]
    qi = _content(q.words, drop_wh=True)
    toks = vec.tokens([framed(c) for c in lines])
    ms = [maxsim(q, qi, t) for t in toks]
    cs = [float(q.vector @ t.vector) for t in toks]
    j = int(np.argmax(ms))
    rest = [m for i, m in enumerate(ms) if i != j]
    return {
        "arg_line": lines[j],
        "arg_ms": round(ms[j], 3),
        "arg_margin": round(ms[j] - max(rest, default=0.0), 3),
        "arg_ctx_first": bool(cs[j] >= max(cs)),
        "arg_ctx": round(cs[j], 3),
        "arg_at": ranked.index(lines[j]),
    }


def main_refused(run: Path | None) -> set[str]:
    """Task ids the baseline run refused, of open parts only (dev and open fresh files)."""
    out: set[str] = set()
    if run is None:
        return out
    for part in set(PART_OF.values()):
        if "aside" in part or "holdout" in part:  # held-out parts are never read
            continue
        for f in run.glob(f"*-{part}.run.jsonl"):
            suite = f.name[: -len(f"-{part}.run.jsonl")]
            if suite in DEFAULT_BLIND:
                continue
            for line in f.read_text().splitlines():
                row = json.loads(line)
                if row.get("kind") == "trial" and row["result"].get("kind") == "refusal":
                    out.add(row["task_id"])
    return out


async def record(out: Path, k: int, run: Path | None) -> None:
    settings = Settings()
    answerer = extractive_answerer(settings)
    assert isinstance(answerer, ExtractiveAnswerer)
    vec = Vectors(answerer)
    refused = main_refused(run)
    with out.open("w") as fh:
        async for t, withheld, hits, e in open_first_passes(answerer, settings, k):
            top = e.ranked[0]
            if not 0.0 < e.score < answerer.floor:
                continue
            must = t.should_refuse or withheld
            names, refs = list(t.expected_sources), t.reference_points
            row = {"id": t.id, "battery": t.id.split("-")[0], "withheld": withheld}
            row |= {"refuse": must, "score": round(e.score, 3), "line": top.span.text[:90]}
            row |= {"first_doc": top.doc.doc_id == hits[0].doc_id}
            row |= argmax(vec, e.question.text, e.ranked, hits[0].doc_id)
            arg = row.pop("arg_line")
            kind = asked_kind(asked_clause(t.question))
            row |= {"asked_kind": kind, "top_says": says_kind(kind, top.text)}
            row["arg_says"] = arg is not None and says_kind(kind, arg.text)
            row["hit_margin"] = round(hits[0].score - (hits[1].score if len(hits) > 1 else 0.0), 3)
            row["arg_right"] = not must and arg is not None and answers(arg, names, refs)
            row["arg_main_refused"] = row["arg_right"] and t.id in refused
            if row["first_doc"]:
                right = not must and answers(top, names, refs)
                row |= {"right": right, "main_refused": right and t.id in refused}
                row |= signals(vec, e.question.text, e.ranked, hits[0].doc_id)
            fh.write(json.dumps(row | {"question": t.question}) + "\n")
            fh.flush()


def lobo(rows: list[dict], sig: str, ratio: float, low: float) -> tuple[int, int, int, list[str]]:
    """Leave each battery out: threshold chosen on the others (max right - ratio x refuse),
    lifted counts on the left-out one: right, right refused on main, must-refuse."""
    usable = [r for r in rows if r.get(sig) is not None and r["score"] >= low]
    values = sorted({r[sig] for r in usable})
    right = kept = bad = 0
    hit: list[str] = []
    for b in sorted({r["battery"] for r in usable}):
        train = [r for r in usable if r["battery"] != b]
        best, thr = 0.0, None
        for v in values:
            fired = [r for r in train if r[sig] >= v]
            gain = sum(r["right"] for r in fired) - ratio * sum(r["refuse"] for r in fired)
            if gain > best:
                best, thr = gain, v
        if thr is None:
            continue
        test = [r for r in usable if r["battery"] == b and r[sig] >= thr]
        right += sum(r["right"] for r in test)
        kept += sum(r["main_refused"] for r in test)
        bad += sum(r["refuse"] for r in test)
        hit += [f"{r['id']}@{thr}" for r in test if r["main_refused"]]
    return right, kept, bad, hit


def table(path: Path, ratio: float) -> None:
    every = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    rerank(every, ratio)
    rows = [r for r in every if r.get("first_doc", True)]
    n_right = sum(r["right"] for r in rows)
    n_kept = sum(r["main_refused"] for r in rows)
    n_bad = sum(r["refuse"] for r in rows)
    print(f"rows {len(rows)}: right {n_right} (refused on main {n_kept}), must-refuse {n_bad}")
    print("| signal | band | right lifted | of them refused on main | must-refuse lifted |")
    print("|---|---|---|---|---|")
    for low in (0.0, 0.2):
        for sig in SIGNALS:
            r, k, b, hit = lobo(rows, sig, ratio, low)
            print(f"| {sig} | {low:.2f}-0.35 | {r} | {k} {' '.join(hit)} | {b} |")
        for flag in ("agree",):
            fired = [x for x in rows if x.get(flag) and x["score"] >= low]
            r = sum(x["right"] for x in fired)
            k = sum(x["main_refused"] for x in fired)
            print(
                f"| {flag} (no threshold) | {low:.2f}-0.35 | {r} | {k} | "
                f"{sum(x['refuse'] for x in fired)} |"
            )


def rerank(rows: list[dict], ratio: float) -> None:
    """The first document's max-sim argmax line lifted: right (it answers; and the task was
    refused on main) vs must-refuse, by threshold on its max-sim and on its lead, leaving
    whole batteries out as `lobo` does."""
    use = [
        r | {"right": r["arg_right"], "main_refused": r["arg_main_refused"]}
        for r in rows
        if r.get("arg_ms") is not None
    ]
    n_right = sum(r["right"] for r in use)
    n_kept = sum(r["main_refused"] for r in use)
    print(f"re-ranked by max-sim within the first document: {len(use)} evidences under the floor;")
    print(
        f"  argmax answers {n_right} (refused on main {n_kept}); must-refuse "
        f"{sum(r['refuse'] for r in use)}"
    )
    print("| condition | signal | right lifted | refused on main | must-refuse lifted |")
    print("|---|---|---|---|---|")
    for cond, keep in (
        ("any", lambda r: True),
        ("framed cosine first too", lambda r: r["arg_ctx_first"]),
        ("framed cosine first, score >= 0.2", lambda r: r["arg_ctx_first"] and r["score"] >= 0.2),
    ):
        sub = [r for r in use if keep(r)]
        for sig in ("arg_ms", "arg_margin"):
            r, k, b, hit = lobo(sub, sig, ratio, 0.0)
            print(f"| {cond} | {sig} | {r} | {k} {' '.join(hit)} | {b} |")
        for t in (0.5, 0.55, 0.6):
            fired = [x for x in sub if x["arg_ms"] >= t]
            print(
                f"| {cond} | arg_ms >= {t} | {sum(x['right'] for x in fired)} | "
                f"{sum(x['main_refused'] for x in fired)} | {sum(x['refuse'] for x in fired)} |"
            )
    print()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out", type=Path)
    r.add_argument("--k", type=int, default=5)
    r.add_argument("--run", type=Path)
    t = sub.add_parser("table")
    t.add_argument("rows", type=Path)
    t.add_argument("--ratio", type=float, default=3.0)
    a = ap.parse_args()
    if a.cmd == "record":
        asyncio.run(record(a.out, a.k, a.run))
    else:
        table(a.rows, a.ratio)


if __name__ == "__main__":
    main()
