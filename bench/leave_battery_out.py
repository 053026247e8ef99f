"""Choose and judge the refusal floor by leaving one whole handbook battery out.

    python bench/leave_battery_out.py --records R.pkl [--shares ...] [--band 0.25 0.35]

Reads the rows of `bench/fit_answerability.py collect` (every battery's dev tasks and their
withheld-document copies, SQuAD, HotpotQA, ZIM, the manual, the eval suite, the live
stand-in). For each handbook battery in turn, everything is fitted and chosen on the other
rows (every other battery with their withheld copies, and every other corpus), then
scored on the battery left out, as a blind battery would be. A floor is chosen as the lowest
(in steps of 0.005) that refuses, on the training batteries, as many permission and
unanswerable tasks and as many withheld copies as the shipped model does at DEFAULT_FLOOR
("today's rate"). A change to the features is judged with `--against` the records from before
it: today's rate is then counted on those, so a change that answers more of the training
batteries' must-refuse rows has its floor raised until they are refused again
(`fit_answerability.py realign --records R --out R2`, then `--records R2 --against R`).
Compared, each left out:

* shipped: the weights in the code at DEFAULT_FLOOR;
* shipped, floor chosen: the same weights, the floor chosen on the training batteries;
* refit: the sign-constrained logistic refitted on the training rows, its floor chosen;
* band: the shipped model unchanged outside [lo, DEFAULT_FLOOR); inside, a second
  sign-constrained logistic over `band_features` (the first stage's logit and
  document-level evidence the answerer already has) answers when it clears a threshold
  chosen on the training rows in the band so that no training task that must be refused,
  no withheld copy and no SQuAD unanswerable that today's floor refuses is answered
  (`--no-band` leaves it out);
* with `--keep-squad`, the refit at the lowest floor that also keeps today's SQuAD
  unanswerables refused on the training rows (a model that ships must not lower SQuAD).

The replay scores what the answerer decides on at floor 0 (fit_answerability.score); steps
that run only under the floor are not simulated. Holdout tasks are never in the records.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _fit import fit_signed
from fit_answerability import HANDBOOK_SETS, Row, fit, score, shipped
from wikiqa.answerers.answerability import ANSWER_SIGNS, DEFAULT_FLOOR
from wikiqa.answerers.features import ANSWER_FEATURES

BATTERIES = tuple(HANDBOOK_SETS)  # the batteries `collect` records, each left out in turn
STEPS = np.round(np.arange(0.15, 0.9, 0.005), 3)

Scores = dict[int, float]


def battery(row: Row) -> str | None:
    """The handbook battery a row belongs to (a withheld copy to its battery), else None."""
    name = row.corpus.removesuffix("-withheld")
    return name if name in BATTERIES else None


def must(row: Row) -> bool:
    """A battery row that must be refused: a permission or unanswerable task (not a copy)."""
    return battery(row) is not None and not row.corpus.endswith("-withheld") and not row.answerable


def withheld(row: Row) -> bool:
    return row.corpus.endswith("-withheld")


def refused_counts(rows: list[Row], answered: Callable[[Row], bool]) -> tuple[int, int, int]:
    """(must-refuse tasks refused, withheld copies refused, SQuAD unanswerables refused)."""
    return (
        sum(not answered(r) for r in rows if must(r)),
        sum(not answered(r) for r in rows if withheld(r)),
        sum(not answered(r) for r in rows if r.corpus == "squad" and not r.answerable),
    )


def at(p: Scores, floor: float) -> Callable[[Row], bool]:
    """Is `row` answered under scores `p` at `floor`?"""
    return lambda r: bool(r.parts) and p[id(r)] >= floor


def todays_rate(
    out: str, train: list[Row], p: Scores, before: list[Row], p_before: Scores
) -> tuple[int, int, int]:
    """What the shipped weights refuse at DEFAULT_FLOOR on the training rows (battery `out`
    left out): on `before`, the same questions' records from before a change to the
    features, when given; else on `train` itself."""
    if before:
        return refused_counts([r for r in before if battery(r) != out], at(p_before, DEFAULT_FLOOR))
    return refused_counts(train, at(p, DEFAULT_FLOOR))


def choose_floor(
    train: list[Row], p: Scores, target: tuple[int, int, int], squad: bool = False
) -> float:
    """The lowest floor refusing at least today's must-refuse tasks and withheld copies (and,
    with `squad`, today's SQuAD unanswerables: SQuAD must not fall either)."""
    for f in STEPS:
        m, w, u = refused_counts(train, at(p, float(f)))
        if m >= target[0] and w >= target[1] and (not squad or u >= target[2]):
            return float(f)
    return float(STEPS[-1])


# --- the second stage: document-level evidence for the band under the floor ---------------

BAND_FEATURES = ("logit", "doc_cover", "doc_miss", "title_cover", "doc_lead", "strong",
                 "cos_top", "ctx_cos", "align_min")  # fmt: skip
BAND_SIGNS = {"logit": 1, "doc_cover": 1, "doc_miss": -1, "title_cover": 1, "doc_lead": 1,
              "strong": 1, "cos_top": 1, "ctx_cos": 1, "align_min": 1}  # fmt: skip


def decisive_part(row: Row, model: np.ndarray) -> int | None:
    """Index of the part whose evidence the answerer decides on (the best fitting score)."""
    best, idx = -1.0, None
    for i, (x, fits) in enumerate(row.parts):
        if fits:
            s = 1 / (1 + math.exp(-(model[0] + float(np.dot(model[1:], x)))))
            if s > best:
                best, idx = s, i
    return idx


def _idf(about: dict[str, Any]) -> dict[str, float]:
    head = about["docs"][0] if about.get("docs") else {"idf": {}, "pool": 1}
    unseen = math.log(1 + (head["pool"] + 0.5) / 0.5)
    return {t: (v if v > 0 else unseen) for t, v in head["idf"].items()}


def document_features(about: dict[str, Any]) -> dict[str, float]:
    """How much of the question the evidence's document says (idf-weighted share of the
    question's terms in its text; the rarest term it leaves unsaid, as a share of the
    largest idf; the share its title and heading say), and its lead over the best other
    retrieved document."""
    terms = list(dict.fromkeys(about.get("terms", [])))
    docs = about.get("docs", [])[1:]
    if not terms or not docs:
        return {"doc_cover": 0.0, "doc_miss": 1.0, "title_cover": 0.0, "doc_lead": 0.0}
    idf = _idf(about)
    total = sum(idf.get(t, 0.0) for t in terms) or 1.0
    top = max(idf.values()) or 1.0
    own = docs[0]  # the best candidate's document comes first (described, in ranked order)

    def cover(d: dict[str, Any]) -> float:
        return sum(idf.get(t, 0.0) for t in terms if t in d["said"]) / total

    from wikiqa.answerers.features import keys

    heading = set(keys(f"{about['title']} {about.get('context', '')}"))
    others = [cover(d) for d in docs if d is not own]
    return {
        "doc_cover": cover(own),
        "doc_miss": max((idf.get(t, 0.0) for t in terms if t not in own["said"]), default=0.0)
        / top,
        "title_cover": sum(idf.get(t, 0.0) for t in terms if t in heading) / total,
        "doc_lead": cover(own) - max(others, default=0.0),
    }


def band_vector(row: Row, model: np.ndarray, extra: tuple[str, ...] = ()) -> np.ndarray | None:
    """The second stage's features of `row`'s decisive evidence (None: nothing fits), then
    the `extra` values recorded in its `about` (say, the e5 cosines `fit_answerability.py
    relevance` writes; 0 where a row has none)."""
    from wikiqa.answerers.features import ANSWER_FEATURES

    i = decisive_part(row, model)
    if i is None:
        return None
    x, _ = row.parts[i]
    about = row.about[i] if i < len(row.about) else {}
    p = 1 / (1 + math.exp(-(model[0] + float(np.dot(model[1:], x)))))
    d = document_features(about) if about else document_features({})
    named = dict(zip(ANSWER_FEATURES, x, strict=True))
    values = {
        "logit": math.log(max(p, 1e-6) / max(1 - p, 1e-6)),
        **d,
        "strong": float(bool(about.get("strong"))),
        "cos_top": named["cos_top"],
        "ctx_cos": named["ctx_cos"],
        "align_min": named["align_min"],
    }
    return np.array([values[n] for n in BAND_FEATURES] + [float(about.get(n, 0.0)) for n in extra])


def fit_band(
    train: list[Row],
    p: Scores,
    lo: float,
    hi: float,
    shares: dict[str, float],
    guard: Callable[[Row], bool] = lambda r: not r.answerable,
    extra: tuple[str, ...] = (),
) -> tuple[np.ndarray, float] | None:
    """Fit the second stage on the training rows scored in [lo, hi) and choose its threshold:
    the lowest that answers no training row there that must be refused (a permission or
    unanswerable task, a withheld copy, a SQuAD unanswerable). None: nothing to fit."""
    model = shipped()
    inside = [r for r in train if r.parts and lo <= p[id(r)] < hi]
    xs, ys, ws, keep = [], [], [], []
    sizes: dict[str, int] = {}
    for r in inside:
        sizes[r.corpus] = sizes.get(r.corpus, 0) + 1
    largest = max(sizes.values(), default=1)
    for r in inside:
        v = band_vector(r, model, extra)
        if v is None:
            continue
        share = shares.get(r.corpus, 1.0)
        if share <= 0:
            continue
        xs.append(v)
        ys.append(r.label)
        ws.append(share * largest / sizes[r.corpus])
        keep.append(r)
    if not xs or len(set(ys)) < 2:
        return None
    x, y, w = np.array(xs), np.array(ys), np.array(ws)
    signs = [BAND_SIGNS.get(n, 0) for n in BAND_FEATURES] + [1] * len(extra)
    beta = fit_signed(x, y, w, signs)
    z = beta[0] + x @ beta[1:]
    refuse = np.array([guard(r) for r in keep])
    threshold = float(z[refuse].max()) + 1e-9 if refuse.any() else float(z.min())
    return beta, threshold


def band_answered(
    p: Scores,
    lo: float,
    hi: float,
    stage: tuple[np.ndarray, float] | None,
    extra: tuple[str, ...] = (),
) -> Callable[[Row], bool]:
    """First stage at `hi`; in [lo, hi) the second stage decides."""
    model = shipped()

    def answered(r: Row) -> bool:
        if not r.parts:
            return False
        s = p[id(r)]
        if s >= hi:
            return True
        if s < lo or stage is None:
            return False
        v = band_vector(r, model, extra)
        return v is not None and float(stage[0][0] + v @ stage[0][1:]) > stage[1]

    return answered


# --- the table ------------------------------------------------------------------------------


def outcome(rows: list[Row], answered: Callable[[Row], bool]) -> tuple[int, int, int, int, int]:
    """(answerable right, answerable, must-refuse refused, must-refuse, withheld refused)."""
    ans = [r for r in rows if r.answerable and not withheld(r)]
    mr = [r for r in rows if must(r)]
    return (
        sum(answered(r) and r.right for r in ans),
        len(ans),
        sum(not answered(r) for r in mr),
        len(mr),
        sum(not answered(r) for r in rows if withheld(r)),
    )


def squad_cell(rows: list[Row], answered: Callable[[Row], bool]) -> str:
    sq = [r for r in rows if r.corpus == "squad"]
    a = sum(answered(r) and r.right for r in sq if r.answerable)
    u = sum(not answered(r) for r in sq if not r.answerable)
    return f"{(a + u) / max(len(sq), 1):.3f} ({a}, {u})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--records", type=Path, nargs="+", required=True)
    ap.add_argument("--shares", nargs="*", default=[])
    ap.add_argument("--refit", nargs="*", default=[],
                    help="refit only these features' weights and the bias (default: all)")  # fmt: skip
    ap.add_argument("--band", type=float, nargs=2, default=[0.25, DEFAULT_FLOOR])
    ap.add_argument("--guard", choices=("all", "battery"), default="all",
                    help="what the band's threshold must keep refused: every row that must be "
                    "refused (all), or the batteries' tasks and withheld copies only")  # fmt: skip
    ap.add_argument("--band-shares", nargs="*", default=[],
                    help="corpus=share in the second stage's fit (default 1 each)")  # fmt: skip
    ap.add_argument("--keep-squad", action="store_true",
                    help="also compare the refit at the lowest floor keeping today's SQuAD "
                    "unanswerables refused on the training rows")  # fmt: skip
    ap.add_argument("--no-band", action="store_true", help="leave the band stage out")
    ap.add_argument("--band-extra", nargs="*", default=[],
                    help="values recorded in each evidence's `about` added to the band stage's "
                    "features, each only raising answerability (`fit_answerability.py "
                    "relevance` writes e5_line, e5_titled, e5_other_doc)")  # fmt: skip
    ap.add_argument("--against", type=Path, nargs="+", default=[],
                    help="records of the same questions before a change to the features (say, "
                    "the input of `fit_answerability.py realign`): today's rate is then what "
                    "the shipped weights refuse at the default floor on those")  # fmt: skip
    args = ap.parse_args()
    rows: list[Row] = [r for f in args.records for r in pickle.loads(f.read_bytes())]
    before: list[Row] = [r for f in args.against for r in pickle.loads(f.read_bytes())]
    shares = {k: float(v) for k, v in (kv.split("=") for kv in args.shares)}
    band_shares = {k: float(v) for k, v in (kv.split("=") for kv in args.band_shares)}
    lo, hi = args.band
    extra = tuple(args.band_extra)
    base = shipped()
    p0 = {id(r): score(r, base) for r in rows}
    pb = {id(r): score(r, base) for r in before}
    names = ("shipped 0.35", "shipped, floor chosen", "refit, floor chosen", "band",
             "refit, floor keeping SQuAD")  # fmt: skip
    totals = {n: np.zeros(5, dtype=int) for n in names}
    print("| left out | model | floor | answerable right | must refuse refused | withheld refused "
          "| SQuAD (train fit; answerable right, unanswerable refused) |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    shown: set[str] = set()
    for out in BATTERIES:
        test = [r for r in rows if battery(r) == out]
        train = [r for r in rows if battery(r) != out]
        target = todays_rate(out, train, p0, before, pb)
        f1 = choose_floor(train, p0, target)
        held = None
        if args.refit:  # only these weights and the bias move; the others stay as shipped
            held = {n: float(w) for n, w in zip(ANSWER_FEATURES, base[1:], strict=True)
                    if n not in args.refit}  # fmt: skip
        refit = fit(train, dict(ANSWER_SIGNS), shares, held)
        p2 = {id(r): score(r, refit) for r in rows}
        f2 = choose_floor(train, p2, target)
        guard = (
            (lambda r: not r.answerable)
            if args.guard == "all"
            else (lambda r: must(r) or withheld(r))
        )
        stage = None if args.no_band else fit_band(train, p0, lo, hi, band_shares, guard, extra)
        if stage is not None:
            print(
                f"<!-- {out}: band weights "
                f"{dict(zip(('bias', *BAND_FEATURES, *extra), np.round(stage[0], 2), strict=True))} "
                f"threshold {stage[1]:.2f} -->"
            )
        deciders = {
            names[0]: (at(p0, DEFAULT_FLOOR), DEFAULT_FLOOR),
            names[1]: (at(p0, f1), f1),
            names[2]: (at(p2, f2), f2),
        }
        if not args.no_band:
            deciders[names[3]] = (band_answered(p0, lo, hi, stage, extra), hi)
        if args.keep_squad:
            f3 = choose_floor(train, p2, target, squad=True)
            deciders[names[4]] = (at(p2, f3), f3)
        shown |= set(deciders)
        for n, (answered, floor) in deciders.items():
            o = outcome(test, answered)
            totals[n] += np.array(o)
            m_train = refused_counts(train, answered)
            print(f"| {out} | {n} | {floor:.3f} | {o[0]}/{o[1]} | {o[2]}/{o[3]} | {o[4]} | "
                  f"{squad_cell(rows, answered)}; train refused {m_train} of {target} |")  # fmt: skip
    print("\n| model | answerable right | must refuse refused | withheld refused |")
    print("|---|---|---|---|")
    for n, t in totals.items():
        if n not in shown:
            continue
        print(f"| {n} | {t[0]}/{t[1]} | {t[2]}/{t[3]} | {t[4]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
