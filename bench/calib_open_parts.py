"""Does any candidate answerability feature separate the open parts' refused answers from
their must-refuse questions? Evidence, both sides and a leave-one-battery-out refit.

    python bench/calib_open_parts.py collect --homes H --out DIR   # rows per battery, SQuAD 1-6
    python bench/calib_open_parts.py embed --out DIR               # cosines of the top five
    python bench/calib_open_parts.py sides --out DIR               # + w * feature, floor kept
    python bench/calib_open_parts.py lobo --out DIR --feature F    # refit, one battery left out

`collect` asks every question of the open parts of the ten open batteries (dev tasks.jsonl
and fresh-hops*, fresh-refuse, fresh-refuse2, fresh-facts, fresh-yesno, fresh-traps; never a
holdout, kept-aside or blind file) through the real `ask()` path with the shipped answerer
and no floor (`fit_answerability.Recording`, `collect_tasks`), each battery over a copy of
its index (`H/home-<suite>`, a `bench/batteries.py --out` run's homes), then each dev task
again with its expected documents withheld (must be refused), and SQuAD 2.0 dev articles 1-6
(never 7-8). `embed` adds each recorded evidence's question-to-candidate cosines (the larger
of the line alone and under its heading, as the answerer reads them) for its top five
candidates. The replay (fit_answerability.score) decides at floor 0; steps that run only
under the floor are not simulated.

Candidate features (each computed from what the answerer has when it decides):

* kind_said: the question asks a kind of thing (kinds.asked_kind, a stretch of time, or
  features.gated_type's count, year, month, person) and the line says one (1) or not (-1);
* kind_strict: only kinds.asked_kind and a stretch of time, 1 when the line says it;
* agree: the first line is also the nearest in meaning of the top three (cos_top =
  cos_max3);
* agree5: the same over the top five;
* cos_doc_margin: the first line's cosine lead over the nearest line of another document
  among the top five (capped at 0.2, scaled to [-1, 1]).

`sides` adds w * feature (clipped at 0, so it only raises) to the shipped semantic logit at
DEFAULT_FLOOR and counts both sides: the open answerable questions whose first line is right
and now clears, the must-refuse questions and withheld copies newly answered, SQuAD's
answerable gained and unanswerable newly answered. `lobo` refits (bench/_fit.py, the shipped
sign constraints, the feature >= 0) with each battery left out in turn and SQuAD by article
in three folds, the open batteries sharing SQuAD's weight and the withheld copies half of
it, and reports each model at the floor that refuses as many must-refuse questions and
withheld copies, held out, as the shipped weights do at DEFAULT_FLOOR. history/
extractive-history.md ("calib27") has the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _fit
import fit_answerability as fa
from wikiqa.answerers import features as F
from wikiqa.answerers import kinds as K
from wikiqa.answerers.answerability import ANSWER_SIGNS, DEFAULT_FLOOR

SUITES = ("collection", *tuple(f"handbook{i}" for i in range(2, 11)))
OPEN_FILES = ("tasks.jsonl", "fresh-hops.jsonl", "fresh-hops2.jsonl", "fresh-hops3.jsonl",
              "fresh-hops4.jsonl", "fresh-hops5.jsonl", "fresh-refuse.jsonl",
              "fresh-refuse2.jsonl", "fresh-facts.jsonl", "fresh-yesno.jsonl",
              "fresh-traps.jsonl")  # fmt: skip
SQUAD_ARTICLES = 6  # of the dev file's 8: articles 7-8 are kept unread
TOP = 5
_CT = fa.ANSWER_FEATURES.index("cos_top")
_CM = fa.ANSWER_FEATURES.index("cos_max3")
Tops = list[tuple[float, str]]  # (cosine to the question, document) of the top candidates


# --- collecting -------------------------------------------------------------------------------


def _collect_suite(suite: str, home: Path, out: Path) -> None:
    """Rows of one battery's open parts, and its withheld dev copies, in a child process with
    the battery's own home (the eval runner reads WIKIQA_HOME when it opens the source)."""
    os.environ.update(WIKIQA_HOME=str(home), WIKIQA_ANSWERER="extractive")
    answerer = fa._answerer()
    rows: list[fa.Row] = []
    for name in OPEN_FILES:
        path = fa.ROOT / "evals" / suite / name
        if path.is_file():
            part = name.removesuffix(".jsonl")
            rows += asyncio.run(fa.collect_tasks(answerer, f"{suite}:{part}", path))
    (out / f"rows-{suite}.pkl").write_bytes(pickle.dumps(rows))
    dev = fa.ROOT / "evals" / suite / "tasks.jsonl"
    withheld = asyncio.run(fa.collect_tasks(answerer, f"{suite}:dev", dev, withheld=True))
    withheld = [r for r in withheld if r.corpus.endswith("-withheld")]
    (out / f"wh-{suite}.pkl").write_bytes(pickle.dumps(withheld))


def _collect_squad(out: Path) -> None:
    from squad2 import build_collection, load
    from wikiqa.sources.collection import CollectionSource
    from wikiqa.store.embed import default_embedder

    paragraphs, items = load(fa.ROOT.parent / "shared/bench/squad2/squad2-dev.json")
    titles = list(dict.fromkeys(t for t, _ in paragraphs))[:SQUAD_ARTICLES]
    items = [i for i in items if i.title in titles]

    async def run() -> list[fa.Row]:
        with tempfile.TemporaryDirectory() as tmp:
            store = build_collection(paragraphs, Path(tmp), default_embedder())
            source = CollectionSource(store, "squad2", mode="hybrid", embedder=default_embedder())
            cases = [
                (i.qid, i.title, i.question, () if i.impossible else tuple(i.answers))
                for i in items
            ]
            rows = await fa._ask_all("squad", cases, source, fa._answerer())
            store.close()
            return rows

    (out / "rows-squad.pkl").write_bytes(pickle.dumps(asyncio.run(run())))


def collect(args: argparse.Namespace) -> int:
    args.out.mkdir(parents=True, exist_ok=True)
    if args.suite:  # the child process of one battery
        _collect_suite(args.suite, args.homes / f"home-{args.suite}", args.out)
        return 0
    import subprocess

    for suite in SUITES:
        subprocess.run(
            [sys.executable, __file__, "collect", "--homes", str(args.homes), "--out",
             str(args.out), "--suite", suite],
            check=True,
        )  # fmt: skip
    _collect_squad(args.out)
    return 0


def _framed(text: str, context: str) -> str:
    return f"{context}: {text}" if context and context.lower() not in text.lower() else text


def embed(args: argparse.Namespace) -> int:
    """The cosines of each recorded evidence's top candidates, keyed (file, row index)."""
    from wikiqa.store.embed import default_embedder

    files = _files(args.out)
    texts: set[str] = set()
    for f in files:
        for r in pickle.loads(f.read_bytes()):
            for about in r.about:
                texts.add(about["question"])
                for c in about["top"][:TOP]:
                    texts |= {c["text"], _framed(c["text"], c["context"])}
    ordered = sorted(texts)
    embedder = default_embedder()
    vectors = np.vstack([embedder.embed(ordered[k : k + 256]) for k in range(0, len(ordered), 256)])
    vec = dict(zip(ordered, vectors, strict=True))
    out: dict[tuple[str, int], list[Tops]] = {}
    for f in files:
        for i, r in enumerate(pickle.loads(f.read_bytes())):
            out[(f.name, i)] = [
                [
                    (
                        max(
                            float(vec[a["question"]] @ vec[c["text"]]),
                            float(vec[a["question"]] @ vec[_framed(c["text"], c["context"])]),
                        ),
                        c["doc"],
                    )
                    for c in a["top"][:TOP]
                ]
                for a in r.about
            ]
    (args.out / "cosines.pkl").write_bytes(pickle.dumps(out))
    return 0


# --- candidate features -----------------------------------------------------------------------

_KINDED = ("count", "tally", "year", "month", "era", "when", "who", "amount", "value")


def kind_said(about: dict[str, Any], x: list[float], tops: Tops | None) -> float:
    q, text = about["question"], about["text"]
    if kind := K.asked_kind(q):
        return 1.0 if K.says_kind(kind, text) else -1.0
    if K.asks_duration(q):
        return 1.0 if K.says_duration(text) else -1.0
    info = F.analyse(q)
    if (wh := F.gated_type(info)) in _KINDED:
        return 1.0 if F.answers_type(wh, text, set(info.terms)) else -1.0
    return 0.0


def kind_strict(about: dict[str, Any], x: list[float], tops: Tops | None) -> float:
    q, text = about["question"], about["text"]
    if kind := K.asked_kind(q):
        return 1.0 if K.says_kind(kind, text) else 0.0
    return 1.0 if K.asks_duration(q) and K.says_duration(text) else 0.0


def agree(about: dict[str, Any], x: list[float], tops: Tops | None) -> float:
    return 1.0 if x[_CT] >= x[_CM] - 1e-6 else 0.0


def agree5(about: dict[str, Any], x: list[float], tops: Tops | None) -> float:
    return 1.0 if tops and tops[0][0] >= max(c for c, _ in tops) - 1e-6 else 0.0


def cos_doc_margin(about: dict[str, Any], x: list[float], tops: Tops | None) -> float:
    if not tops:
        return 0.0
    other = [c for c, d in tops[1:] if d != tops[0][1]]
    return max(min(tops[0][0] - max(other), 0.2), -0.2) / 0.2 if other else 1.0


FEATURES: dict[str, Callable[[dict[str, Any], list[float], Tops | None], float]] = {
    f.__name__: f for f in (kind_said, kind_strict, agree, agree5, cos_doc_margin)
}


# --- replay -----------------------------------------------------------------------------------


def _files(out: Path) -> list[Path]:
    return sorted(out.glob("rows-*.pkl")) + sorted(out.glob("wh-*.pkl"))


def load_rows(out: Path, feature: str) -> list[fa.Row]:
    """The recorded rows, each part's features extended by `feature`; each row's `corpus`
    becomes squad, hb-<suite> or wh-<suite> (withheld copies)."""
    cosines = pickle.loads((out / "cosines.pkl").read_bytes())
    compute = FEATURES[feature]
    rows = []
    for f in _files(out):
        for i, r in enumerate(pickle.loads(f.read_bytes())):
            tops = cosines.get((f.name, i), [])
            r.parts = [
                ([*list(x), compute(r.about[j], x, tops[j] if j < len(tops) else None)], fits)
                for j, (x, fits) in enumerate(r.parts)
                if j < len(r.about)
            ]
            suite = r.corpus.split(":")[0]
            r.corpus = (
                "squad"
                if r.corpus == "squad"
                else ("wh-" if f.name[:3] == "wh-" else "hb-") + suite
            )
            rows.append(r)
    return rows


def _score(r: fa.Row, model: np.ndarray, extra: float = 0.0) -> float:
    """The best fitting part's probability; `extra` raises the logit by extra * feature."""
    best = 0.0
    for x, fits in r.parts:
        if fits:
            z = model[0] + float(np.dot(model[1:-1], x[:-1])) + extra * max(x[-1], 0.0)
            best = max(best, 1 / (1 + math.exp(-z)))
    return best


# The batteries.py part each open task file runs as (its run file: <suite>-<part>.run.jsonl).
PART_OF = {"tasks": "dev", "fresh-hops": "fresh", "fresh-hops2": "fresh2", "fresh-hops3": "fresh3",
           "fresh-hops4": "fresh4", "fresh-hops5": "fresh5", "fresh-refuse": "refuse",
           "fresh-refuse2": "refuse2", "fresh-facts": "facts", "fresh-yesno": "yesno",
           "fresh-traps": "traps"}  # fmt: skip


def refused_in(run: Path) -> set[tuple[str, str]]:
    """(suite, task id) of every open task a `batteries.py --out` run refused: the real
    pipeline's decision, with the readings under the floor the replay does not simulate."""
    import json

    out = set()
    for suite in SUITES:
        for part in PART_OF.values():
            path = run / f"{suite}-{part}.run.jsonl"
            for line in path.open() if path.is_file() else []:
                trial = json.loads(line)
                calibration = (trial.get("grades") or {}).get("calibration") or {}
                if calibration.get("detail", {}).get("decided") == "refuse":
                    out.add((suite, trial["task_id"]))
    return out


def sides(args: argparse.Namespace) -> int:
    old = np.r_[fa.shipped(), 0.0]
    # with --against, an open question counts only when that run refused it
    refused = refused_in(args.against) if args.against else None
    print("| feature | w | open answerable right, now clear | open must-refuse newly answered "
          "| withheld newly answered | SQuAD answerable gained | SQuAD unanswerable newly "
          "answered | SQuAD overall |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    for feature in args.features:
        rows = [r for r in load_rows(args.out, feature) if r.parts]
        before = {id(r): _score(r, old) for r in rows}
        for w in args.weights:
            gain = must = held = sq_gain = sq_una = sq_right = 0
            squad = [r for r in rows if r.corpus == "squad"]
            for r in rows:
                now = _score(r, old, w)
                newly = before[id(r)] < DEFAULT_FLOOR <= now
                if r.corpus == "squad":
                    sq_right += fa.correct(r, now, DEFAULT_FLOOR)
                    sq_gain += newly and r.answerable and r.right
                    sq_una += newly and not r.answerable
                elif newly and (
                    refused is None
                    or r.corpus.startswith("wh-")
                    or (r.corpus[3:], r.qid) in refused
                ):
                    if r.corpus.startswith("wh-"):
                        held += 1
                    elif r.answerable:
                        gain += r.right
                    else:
                        must += 1
            print(f"| {feature} | {w} | +{gain} | {must} | {held} | +{sq_gain} | {sq_una} | "
                  f"{sq_right / max(len(squad), 1):.3f} |")  # fmt: skip
    return 0


def _counts(rows: list[fa.Row], p: dict[int, float], floor: float) -> tuple[int, int, int]:
    """(open answerable right, open must-refuse refused, withheld copies refused)."""
    hb = [r for r in rows if r.corpus.startswith("hb-")]
    return (
        sum(fa.correct(r, p[id(r)], floor) for r in hb if r.answerable),
        sum(fa.correct(r, p[id(r)], floor) for r in hb if not r.answerable),
        sum(fa.correct(r, p[id(r)], floor) for r in rows if r.corpus.startswith("wh-")),
    )


def lobo(args: argparse.Namespace) -> int:
    names = (*fa.ANSWER_FEATURES, args.feature)
    _fit.ANSWER_FEATURES = names  # the fit's bounds are read by name
    rows = [r for r in load_rows(args.out, args.feature) if r.parts]
    suites = sorted({r.corpus[3:] for r in rows if r.corpus != "squad"})
    shares = {"squad": 1.0}
    for s in suites:
        shares |= {f"hb-{s}": 1.0 / len(suites), f"wh-{s}": args.withheld_share / len(suites)}
    old = np.r_[fa.shipped(), 0.0]
    signs = dict(ANSWER_SIGNS) | {args.feature: 1}
    models: dict[str, Callable[[list[fa.Row]], np.ndarray]] = {
        "refit without the feature": lambda t: fa.fit(t, signs | {args.feature: 0}, shares),
        "shipped, feature and bias refit": lambda t: fa.fit(
            t, signs, shares, {n: float(w) for n, w in zip(names[:-1], old[1:], strict=False)}
        ),
        "refit with the feature": lambda t: fa.fit(t, signs, shares),
    }
    scored = {"shipped": {id(r): fa.score(r, old) for r in rows}}
    for label, fit in models.items():
        p: dict[int, float] = {}
        for s in suites:
            model = fit([r for r in rows if r.corpus[3:] != s])
            p |= {id(r): fa.score(r, model) for r in rows if r.corpus[3:] == s}
        for k in range(3):
            model = fit([r for r in rows if r.corpus != "squad" or fa.fold_of(r, 3) != k])
            p |= {
                id(r): fa.score(r, model)
                for r in rows
                if r.corpus == "squad" and fa.fold_of(r, 3) == k
            }
        scored[label] = p
    _, must0, held0 = _counts(rows, scored["shipped"], DEFAULT_FLOOR)
    hb = [r for r in rows if r.corpus.startswith("hb-")]
    n_ans = sum(r.answerable for r in hb)
    n_wh = sum(r.corpus.startswith("wh-") for r in rows)
    squad = [r for r in rows if r.corpus == "squad"]
    print(f"| model ({args.feature}) | floor | open answerable right | open must-refuse refused "
          "| withheld refused | SQuAD 1-6 (answerable, unanswerable) |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for label, p in scored.items():
        floors = [DEFAULT_FLOOR] if label == "shipped" else [f / 200 for f in range(40, 190)]
        for floor in floors:
            a, m, w = _counts(rows, p, floor)
            if m >= must0 and w >= held0:
                print(f"| {label} | {floor:.3f} | {a}/{n_ans} | {m}/{len(hb) - n_ans} | "
                      f"{w}/{n_wh} | {fa.cell(squad, p, floor)} |")  # fmt: skip
                break
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--homes", type=Path, required=True)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--suite", default="", help="(internal) one battery, in a child process")
    e = sub.add_parser("embed")
    e.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("sides")
    s.add_argument("--out", type=Path, required=True)
    s.add_argument("--features", nargs="+", default=list(FEATURES))
    s.add_argument("--weights", type=float, nargs="+", default=[0.25, 0.5, 1.0])
    s.add_argument("--against", type=Path, default=None,
                   help="a batteries.py --out run: count only the open tasks it refused")  # fmt: skip
    lo = sub.add_parser("lobo")
    lo.add_argument("--out", type=Path, required=True)
    lo.add_argument("--feature", choices=list(FEATURES), required=True)
    lo.add_argument("--withheld-share", type=float, default=0.5)
    args = ap.parse_args()
    return {"collect": collect, "embed": embed, "sides": sides, "lobo": lobo}[args.cmd](args)


if __name__ == "__main__":
    raise SystemExit(main())
