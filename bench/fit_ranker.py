"""Fit the sentence ranker (answerability.RANK_WEIGHTS) on SQuAD 2.0 and handbook dev at once.

SQuAD's questions copy their paragraph's words; a handbook question paraphrases its policy
("how many days of holiday" for "annual leave entitlement"). A ranker fit on SQuAD alone
trusts exact overlap, and on the handbooks picks another document's sentence or the wrong
sentence of the right one. Two steps, so the slow one runs once:

    python bench/fit_ranker.py collect --out /tmp/rank.pkl [--squad-every 2]
    python bench/fit_ranker.py fit --records /tmp/rank.pkl [--shares squad=1 handbook=1]

`collect` records, for every answerable SQuAD 2.0 dev question (every `--squad-every`-th;
hybrid retrieval as in bench/squad2.py) and every answerable dev task of the four handbook
batteries (evals/{collection,handbook2,handbook3,handbook4}/tasks.jsonl, never
holdout.jsonl, asked through the real `ask()` path with the shipped answerer and its
principal), the candidates the answerer ranks for the whole question and which are right:
SQuAD, the sentence holds a gold answer; a handbook task, the candidate is in an expected
document and holds a point of its `reference_answer` (normalised, on word boundaries), or,
when no candidate holds one, any candidate of an expected document.

`fit --topic-pools 3 0 --topic-weights 8 12 14` instead sweeps how the question's cosine joins
the rank (extractive.TOPIC_POOL, 0 = every candidate; TOPIC_WEIGHT) through `decide`, and
reports the setting chosen on the other folds, held out (history/extractive-history.md,
"Meaning over every candidate").

`fit` fits the conditional logit (bench/_fit.py `fit_ranker`, sign-constrained by
RANK_SIGNS) with each corpus weighing `--shares` times the largest in total, and reports
held out by grouped cross-validation (SQuAD by article, handbook by task) per corpus: the
share of questions whose top-ranked candidate is right, by the linear score alone and
through `ExtractiveAnswerer.decide` (topic cosine and answer-type order on top), for the
shipped weights and the refit. `--apply` writes the weights fit on every record into
src/wikiqa/answerers/answerability.py.
"""

from __future__ import annotations

import argparse
import asyncio
import pickle
import re
import sys
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _fit import fit_ranker
from wikiqa.answerers.answerability import RANK_WEIGHTS
from wikiqa.answerers.base import Reader
from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import RANK_FEATURES, QuestionInfo, analyse
from wikiqa.types import Draft, Hit, Question

ROOT = Path(__file__).resolve().parents[1]
BATTERIES = ("collection", "handbook2", "handbook3", "handbook4")
ANSWERABILITY = ROOT / "src/wikiqa/answerers/answerability.py"


@dataclass
class RankRecord:
    """One question's candidates (with their rank features) and which are right."""

    corpus: str  # "squad" or "handbook"
    group: str  # what cross-validation splits by: the SQuAD article, the task id
    q: QuestionInfo
    cands: list[Candidate]
    hits: list[Hit]
    gold: list[bool]


def _norm(s: str) -> str:
    from squad2 import normalize_answer

    return f" {normalize_answer(s)} "


def holds(text: str, points: list[str]) -> bool:
    """Whether `text` says one of `points` (normalised, on word boundaries: "30" is not
    in "300")."""
    t = _norm(text)
    return any(p.strip() and _norm(p) in t for p in points)


class Capturing(ExtractiveAnswerer):
    """The shipped answerer, keeping the candidates of its first decision on the whole
    question (not a compound part's, not a second hop's)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.seen: tuple[QuestionInfo, list[Candidate], list[Hit]] | None = None
        self._text = ""

    def decide(self, q: QuestionInfo, candidates: list[Candidate], hits: list[Hit],
               rank_weights: Any = None, answer_model: Any = None) -> Evidence:  # fmt: skip
        if self.seen is None and q.text == self._text:
            self.seen = (q, list(candidates), list(hits))
        return super().decide(q, candidates, hits, rank_weights, answer_model)

    async def answer(self, question: Question, reader: Reader) -> Draft:
        self.seen, self._text = None, question.text
        return await super().answer(question, reader)


async def collect_handbook(answerer: Capturing, battery: str) -> list[RankRecord]:
    from wikiqa.evals.tasks import (
        default_principals_file,
        load_principals,
        load_tasks,
        task_source,
    )
    from wikiqa.pipeline import ask_async
    from wikiqa.settings import Settings
    from wikiqa.sources.registry import open_source

    settings = Settings()
    task_file = load_tasks(ROOT / f"evals/{battery}/tasks.jsonl")  # dev only
    principals = default_principals_file(task_file)
    who = load_principals(principals) if principals else {}
    sources: dict[str, Any] = {}
    out: list[RankRecord] = []
    for t in task_file.tasks:
        if t.should_refuse or not t.expected_sources:
            continue
        spec = task_source(t, task_file, None)
        if spec not in sources:
            sources[spec] = open_source(spec, settings)
        await ask_async(t.question, sources[spec], settings=settings, answerer=answerer,
                        principal=who.get(t.principal or ""))  # fmt: skip
        if answerer.seen is None:
            continue
        q, cands, hits = answerer.seen
        expected = set(t.expected_sources)
        in_doc = [c.doc.doc_id in expected or c.doc.title in expected for c in cands]
        points = t.reference_points if hasattr(t, "reference_points") else []
        gold = [d and holds(f"{c.span.text} {c.text}", points) for c, d in zip(cands, in_doc, strict=True)]  # fmt: skip
        if not any(gold):
            gold = in_doc
        if any(gold) and not all(gold):
            out.append(RankRecord("handbook", f"{battery}:{t.id}", q, cands, hits, gold))
    for s in sources.values():
        await s.aclose()
    return out


async def collect_squad(data: Path, every: int) -> list[RankRecord]:
    from squad2 import build_collection, load, normalize_answer
    from wikiqa.settings import Settings
    from wikiqa.sources.collection import CollectionSource
    from wikiqa.store.embed import default_embedder

    settings = Settings()
    paragraphs, items = load(data)
    items = [it for it in items if not it.impossible][::every]
    answerer = ExtractiveAnswerer(search_k=settings.search_k)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        embedder = default_embedder()
        store = build_collection(paragraphs, Path(tmp), embedder)
        source = CollectionSource(store, "squad2", mode="hybrid", embedder=embedder)
        for item in items:
            q = analyse(item.question)
            hits = await source.search(item.question, settings.search_k)
            docs = {h.doc_id: await source.fetch(h.doc_id) for h in hits}
            cands = answerer.candidates(q, hits, docs)
            golds = [g for g in (normalize_answer(a) for a in item.answers) if g]
            gold = [any(g in normalize_answer(c.span.text) for g in golds) for c in cands]
            if any(gold) and not all(gold):
                out.append(RankRecord("squad", item.title, q, cands, hits, gold))
        store.close()
    return out


def collect(args: argparse.Namespace) -> int:
    from wikiqa.settings import Settings
    from wikiqa.store.embed import default_embedder

    recs: list[RankRecord] = []
    answerer = Capturing(search_k=Settings().search_k, embedder=default_embedder())
    for battery in BATTERIES:
        got = asyncio.run(collect_handbook(answerer, battery))
        print(f"{battery}: {len(got)} tasks with a right and a wrong candidate", file=sys.stderr)
        recs += got
    if args.squad_every > 0 and not args.squad.exists():
        print(f"skipping squad: {args.squad} not found (the data lives in ../shared/bench)",
              file=sys.stderr)  # fmt: skip
    elif args.squad_every > 0:
        got = asyncio.run(collect_squad(args.squad, args.squad_every))
        print(f"squad: {len(got)} questions", file=sys.stderr)
        recs += got
    args.out.write_bytes(pickle.dumps(recs))
    return 0


# --- fitting and reporting -------------------------------------------------------------


def _weights(recs: list[RankRecord], shares: dict[str, float]) -> list[float]:
    """Per-record weight: each corpus totals `shares[corpus]` times the largest corpus."""
    sizes = {c: sum(r.corpus == c for r in recs) for c in shares}
    top = max(sizes.values(), default=1)
    return [shares.get(r.corpus, 0.0) * top / max(sizes.get(r.corpus, 1), 1) for r in recs]


def fit(recs: list[RankRecord], shares: dict[str, float], l2: float) -> Any:
    return fit_ranker(recs, l2=l2, weights=_weights(recs, shares))  # type: ignore[arg-type]


def fold_of(r: RankRecord, k: int) -> int:
    return zlib.crc32(r.group.encode()) % k


_DECIDER: ExtractiveAnswerer | None = None


def _decider() -> ExtractiveAnswerer:
    global _DECIDER
    if _DECIDER is None:
        from wikiqa.store.embed import default_embedder

        _DECIDER = ExtractiveAnswerer(embedder=default_embedder())
        _DECIDER.embed_cache = 1 << 20
    return _DECIDER


def top1(r: RankRecord, w: Any, full: bool) -> bool:
    """Whether the top candidate under `w` is right: by the linear score alone, or through
    `decide` (topic cosine and answer-type order)."""
    if not full:
        s = np.array([c.features for c in r.cands]) @ np.asarray(w)
        return r.gold[int(np.argmax(s))]
    ev = _decider().decide(r.q, list(r.cands), r.hits, tuple(float(v) for v in w))
    best = ev.ranked[0]
    return r.gold[next(i for i, c in enumerate(r.cands) if c is best)]


def topic_sweep(recs: list[RankRecord], pools: list[int], weights: list[float], k: int) -> None:
    """Top-1 right through `decide` (shipped ranker weights) for each meaning pool
    (extractive.TOPIC_POOL: 0 = every candidate) and weight (TOPIC_WEIGHT), per corpus; then
    the (pool, weight) chosen on the other folds (mean of the corpora's shares), held out."""
    import wikiqa.answerers.extractive as ex

    shipped = tuple(RANK_WEIGHTS[n] for n in RANK_FEATURES)
    saved = ex.TOPIC_POOL, ex.TOPIC_WEIGHT
    res: dict[tuple[int, float], list[bool]] = {}
    corpora = sorted({r.corpus for r in recs})
    for pool in pools:
        for weight in weights:
            ex.TOPIC_POOL, ex.TOPIC_WEIGHT = (pool or None), weight
            res[pool, weight] = got = [top1(r, shipped, True) for r in recs]
            print(f"pool {pool or 'all'} weight {weight:g}: " + ", ".join(
                f"{c} {sum(g for g, r in zip(got, recs, strict=True) if r.corpus == c)}/"
                f"{sum(r.corpus == c for r in recs)}" for c in corpora), flush=True)  # fmt: skip
    ex.TOPIC_POOL, ex.TOPIC_WEIGHT = saved

    def share(got: list[bool], idx: list[int]) -> float:
        return sum(
            sum(got[i] for i in idx if recs[i].corpus == c)
            / max(sum(recs[i].corpus == c for i in idx), 1)
            for c in corpora
        )

    held = [False] * len(recs)
    for f in range(k):
        train = [i for i, r in enumerate(recs) if fold_of(r, k) != f]
        pick = max(res, key=lambda key: share(res[key], train))
        print(f"fold {f}: chose pool {pick[0] or 'all'} weight {pick[1]:g}")
        for i, r in enumerate(recs):
            if fold_of(r, k) == f:
                held[i] = res[pick][i]
    for c in corpora:
        idx = [i for i, r in enumerate(recs) if r.corpus == c]
        print(
            f"{c}: top-1 right, chosen on the other folds: {sum(held[i] for i in idx)}/{len(idx)}"
        )


def report(args: argparse.Namespace) -> int:
    recs: list[RankRecord] = pickle.loads(args.records.read_bytes())
    if args.topic_pools:
        topic_sweep(recs, args.topic_pools, args.topic_weights, args.folds)
        return 0
    shares = {k: float(v) for k, v in (s.split("=") for s in args.shares)}
    shipped = np.array([RANK_WEIGHTS[n] for n in RANK_FEATURES])
    oof: dict[int, Any] = {}
    for k in range(args.folds):
        train = [r for r in recs if fold_of(r, args.folds) != k]
        w = fit(train, shares, args.l2)
        for i, r in enumerate(recs):
            if fold_of(r, args.folds) == k:
                oof[i] = w
    whole = fit(recs, shares, args.l2)
    print("RANK_WEIGHTS = {" + ", ".join(
        f'"{n}": {v:.3f}' for n, v in zip(RANK_FEATURES, whole, strict=True)) + "}")  # fmt: skip
    for corpus in sorted({r.corpus for r in recs}):
        idx = [i for i, r in enumerate(recs) if r.corpus == corpus]
        for full in (False, True) if args.full else (False,):
            a = sum(top1(recs[i], shipped, full) for i in idx) / len(idx)
            b = sum(top1(recs[i], oof[i], full) for i in idx) / len(idx)
            how = "through decide" if full else "linear score"
            print(f"{corpus} ({len(idx)}): top-1 right, {how}: shipped {a:.3f}, "
                  f"refit held out ({args.folds}-fold) {b:.3f}")  # fmt: skip
    if args.apply:
        apply(whole)
    return 0


def apply(w: Any) -> None:
    text = ANSWERABILITY.read_text()
    body = "".join(f'    "{n}": {v:.3f},\n' for n, v in zip(RANK_FEATURES, w, strict=True))
    new = re.sub(
        r"RANK_WEIGHTS: dict\[str, float\] = \{\n.*?\n\}",
        "RANK_WEIGHTS: dict[str, float] = {\n" + body.rstrip("\n") + "\n}",
        text,
        count=1,
        flags=re.S,
    )
    ANSWERABILITY.write_text(new)
    print(f"wrote RANK_WEIGHTS into {ANSWERABILITY}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--squad", type=Path,
                   default=ROOT.parent / "shared/bench/squad2/squad2-dev.json")  # fmt: skip
    c.add_argument("--squad-every", type=int, default=2, help="every n-th question; 0: none")
    f = sub.add_parser("fit")
    f.add_argument("--records", type=Path, required=True)
    f.add_argument("--shares", nargs="+", default=["squad=1", "handbook=1"])
    f.add_argument("--folds", type=int, default=5)
    f.add_argument("--l2", type=float, default=1e-2)
    f.add_argument("--full", action="store_true", help="also report through decide (slower)")
    f.add_argument("--apply", action="store_true")
    f.add_argument("--topic-pools", type=int, nargs="*", default=[],
                   help="sweep extractive.TOPIC_POOL (0: every candidate) through decide")  # fmt: skip
    f.add_argument("--topic-weights", type=float, nargs="*", default=[8.0, 10.0, 12.0, 14.0, 16.0])
    args = ap.parse_args()
    return collect(args) if args.cmd == "collect" else report(args)


if __name__ == "__main__":
    raise SystemExit(main())
