"""Measure (and fit) the instruction-like sentence detector of grounding/injection.py.

Labelled data:
- injections: bench/data/injections.jsonl (written for this benchmark; 8 languages, styles:
  override, imperative to an AI, "the correct answer is", role-play, fake system/developer
  notes, text addressed to assistants, conditional triggers, hidden text, exfiltration,
  non-disclosure);
- hard benign negatives: bench/data/benign_hard.jsonl (ordinary prose with imperatives,
  "you", assistants, "the correct answer", system labels; several languages);
- benign corpus, read at run time (never committed): sentences of SQuAD 2.0 contexts,
  SciFact abstracts, HotpotQA paragraphs and the Ray Charles Wikipedia ZIM from
  ../shared/bench, and of docs/*.md.

Every item has a fixed split (a hash of its text): `dev` (70%) is used to fit and to pick the
threshold; `heldout` (30%) is only ever reported, never printed item by item.

    python bench/injection.py            # the table for the shipped weights
    python bench/injection.py --fit      # fit on dev, print the constants, then the table
    python bench/injection.py --errors   # also list the dev-split mistakes (never held-out)
    python bench/injection.py --fit-semantic   # fit the MiniLM stage on dev, write its JSON
    python bench/injection.py --extra-injections A.jsonl --extra-benign B.jsonl
        # also score an independent labelled set ({"text", "lang"} per line), reported apart
    python bench/injection.py --planted  # injections planted in documents, asked end to end

The semantic stage (grounding/injection_semantic.py) is a logistic layer over (cue logit,
MiniLM embedding) for gated sentences. Its threshold comes from 5-fold cross-validated
scores on dev: the stage may add at most SEM_FPR false positives over the cue model's.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wikiqa.grounding import injection, injection_semantic
from wikiqa.grounding.injection_features import FEATURES, features
from wikiqa.text.sentences import split_sentences

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
SHARED = ROOT.parent / "shared" / "bench"
PER_SOURCE = 1500  # benign corpus sentences kept per source (evenly spaced)
TARGET_FPR = 0.005
L2 = 1e-3
POS_SHARE = 0.3  # the injections' share of the loss: a false positive costs more than a miss
SEM_L2 = 1e-4
SEM_FPR = 0.001  # extra dev false positives the semantic stage may add (cross-validated)
SEM_FILE = ROOT / "src" / "wikiqa" / "grounding" / "data" / "injection_semantic.json"


@dataclass(frozen=True)
class Item:
    text: str
    label: int  # 1 = injection
    lang: str
    group: str  # style for injections, source for benign
    split: str


def split_of(text: str) -> str:
    return "heldout" if int(hashlib.sha1(text.encode()).hexdigest(), 16) % 10 < 3 else "dev"


def _jsonl(path: Path, label: int) -> list[Item]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    group = "style" if label else "hard"
    return [
        Item(r["text"], label, r["lang"], r[group] if label else "hard:" + r["style"], r["split"])
        for r in rows
    ]


def _sentences(texts: list[str], source: str, cap: int = PER_SOURCE) -> list[Item]:
    out: list[str] = []
    for t in texts:
        out.extend(s.text for s in split_sentences(t) if 20 <= len(s.text) <= 600)
    out = list(dict.fromkeys(out))
    step = max(1, len(out) // cap)
    return [Item(s, 0, "en", source, split_of(s)) for s in out[::step][:cap]]


def _squad() -> list[str]:
    data = json.loads((SHARED / "squad2/squad2-dev.json").read_text(encoding="utf-8"))["data"]
    return [p["context"] for art in data for p in art["paragraphs"]]


def _scifact() -> list[str]:
    lines = (SHARED / "scifact/corpus.jsonl").read_text(encoding="utf-8").splitlines()[:600]
    return [json.loads(line)["text"] for line in lines]


def _hotpot() -> list[str]:
    lines = (SHARED / "hotpotqa/hotpotqa-dev-250.jsonl").read_text(encoding="utf-8").splitlines()
    return [c["paragraph_text"] for line in lines for c in json.loads(line)["contexts"]]


def _zim() -> list[str]:
    from wikiqa.sources.zim import ZimSource

    path = SHARED / "wikipedia/zim/libkiwix_zimfile_raycharles.zim"
    source = ZimSource(path)
    archive = source._archive
    texts = []
    for i in range(archive.all_entry_count):
        entry = archive._get_entry_by_id(i)
        if entry.path.startswith("A/") and not entry.is_redirect:
            try:
                doc = asyncio.run(source.fetch(entry.path, None, full=True))
            except Exception:
                continue
            texts.append(doc.text)
    return texts


def _docs() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md"))]


# Policy and procedure prose written for staff: the open batteries' documents only (never
# the blind ones, batteries.DEFAULT_BLIND). Those of HANDBOOKS are split dev / held-out
# like every source; those of HANDBOOKS_ASIDE (opened later, inject66) are never fitted on:
# they are reported on their own ("aside" split), as policy prose no fit has seen.
HANDBOOKS = ("collection", "handbook2", "handbook3", "handbook4", "handbook5", "handbook6",
             "handbook7", "handbook8", "handbook9", "handbook10", "handbook14")  # fmt: skip
HANDBOOKS_ASIDE = ("handbook15", "handbook16")
PER_HANDBOOK_SOURCE = 10_000  # all of them: they are the prose the detector misread


def _handbooks(suites: tuple[str, ...] = HANDBOOKS) -> list[str]:
    """The text of every document of the given open batteries, as the indexer reads it
    (front matter stripped, HTML and tables flattened)."""
    from wikiqa.store.ingest import SUFFIXES, SkipFile, load_file

    texts = []
    for suite in suites:
        root = ROOT / "evals" / suite / "docs"
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix.lower() in SUFFIXES:
                try:
                    texts.append(load_file(path, root).text)
                except SkipFile:
                    continue
    return texts


def load() -> list[Item]:
    items = _jsonl(DATA / "injections.jsonl", 1) + _jsonl(DATA / "benign_hard.jsonl", 0)
    loaders = {"squad": _squad, "scifact": _scifact, "hotpotqa": _hotpot, "wikipedia-zim": _zim}
    for name, loader in loaders.items():
        try:
            items += _sentences(loader(), name)
        except (FileNotFoundError, ImportError) as exc:
            print(f"skipping {name}: {exc}", file=sys.stderr)
    items += _sentences(_docs(), "docs")
    items += _sentences(_handbooks(), "handbooks", PER_HANDBOOK_SOURCE)
    aside = _sentences(_handbooks(HANDBOOKS_ASIDE), "handbooks-aside", PER_HANDBOOK_SOURCE)
    items += [Item(i.text, 0, i.lang, i.group, "aside") for i in aside]
    return items


def fit(x: np.ndarray, y: np.ndarray) -> tuple[float, np.ndarray]:
    """Class-weighted logistic regression (POS_SHARE), weights constrained non-negative (a
    cue may only push towards "instruction"; the bias carries the base rate)."""
    w = np.zeros(x.shape[1])
    b = 0.0
    sample = np.where(y == 1, POS_SHARE / y.sum(), (1 - POS_SHARE) / (len(y) - y.sum()))
    for _ in range(20000):
        p = 1 / (1 + np.exp(-(x @ w + b)))
        g = sample * (p - y)
        w = np.maximum(w - 2.0 * (x.T @ g + L2 * w), 0.0)
        b -= 2.0 * g.sum()
    return float(b), w


def pick_threshold(scores: np.ndarray, y: np.ndarray) -> float:
    """The lowest threshold whose dev false-positive rate is under TARGET_FPR, with margin."""
    neg = np.sort(scores[y == 0])[::-1]
    allowed = int(TARGET_FPR * len(neg) / 2)  # half the budget: held-out data is not dev data
    return float(min(0.99, max(0.5, neg[allowed] + 1e-6)))


def fit_dense(
    x: np.ndarray, y: np.ndarray, l2: float, iters: int = 600
) -> tuple[float, np.ndarray]:
    """Class-weighted (POS_SHARE) L2 logistic regression by Adam; for the embedding layer."""
    w, b = np.zeros(x.shape[1]), 0.0
    sample = np.where(y == 1, POS_SHARE / y.sum(), (1 - POS_SHARE) / (len(y) - y.sum()))
    m, v, mb, vb = np.zeros_like(w), np.zeros_like(w), 0.0, 0.0
    for t in range(1, iters + 1):
        g = sample * (1 / (1 + np.exp(-(x @ w + b))) - y)
        gw, gb = x.T @ g + l2 * w, g.sum()
        m, v = 0.9 * m + 0.1 * gw, 0.999 * v + 0.001 * gw**2
        mb, vb = 0.9 * mb + 0.1 * gb, 0.999 * vb + 0.001 * gb**2
        w -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
        b -= 0.05 * (mb / (1 - 0.9**t)) / (np.sqrt(vb / (1 - 0.999**t)) + 1e-8)
    return float(b), w


CUE_SCALE = 0.25  # the cue logit enters the layer on the embedding's scale


def fit_semantic(items: list[Item]) -> None:
    """Fit the semantic layer on the gated dev items, pick its threshold from 5-fold
    cross-validated scores, and write SEM_FILE."""
    from wikiqa.grounding.injection_semantic import gated
    from wikiqa.store.embed import default_embedder

    dev = [i for i in items if i.split == "dev"]
    cue = np.array([injection.cue_logit(i.text) for i in dev])
    y = np.array([i.label for i in dev], dtype=float)
    idx = np.array([k for k, i in enumerate(dev) if cue[k] < 0 and gated(i.text)])
    emb = default_embedder().embed([dev[k].text for k in idx])
    x = np.hstack([CUE_SCALE * cue[idx, None], emb])
    folds = np.random.default_rng(0).integers(0, 5, len(idx))
    cv = np.empty(len(idx))
    for f in range(5):
        b, w = fit_dense(x[folds != f], y[idx][folds != f], SEM_L2)
        cv[folds == f] = x[folds == f] @ w + b
    n_neg = int((1 - y).sum())
    neg = np.sort(cv[y[idx] == 0])[::-1]
    pos = y[idx] == 1
    for budget in (0.0005, 0.001, 0.0015, 0.002, 0.003):
        t = neg[int(budget * n_neg)] + 1e-6
        print(f"  CV: extra FP budget {budget:.2%}: catches {int((cv[pos] >= t).sum())}/"
              f"{int(pos.sum())}", file=sys.stderr)  # fmt: skip
    threshold = float(neg[int(SEM_FPR * n_neg)] + 1e-6)
    pos = y[idx] == 1
    caught = int((cv[pos] >= threshold).sum())
    print(f"semantic stage, 5-fold CV on dev: catches {caught}/{int(pos.sum())} gated injections "
          f"the cue model misses; threshold logit {threshold:.3f}", file=sys.stderr)  # fmt: skip
    b, w = fit_dense(x, y[idx], SEM_L2)
    payload = {"bias": b, "cue_scale": CUE_SCALE, "threshold_logit": threshold,
               "weights": [round(float(v), 5) for v in w[1:]], "cue_weight": float(w[0])}  # fmt: skip
    payload["cue_scale"] = CUE_SCALE * float(w[0])
    del payload["cue_weight"]
    SEM_FILE.parent.mkdir(parents=True, exist_ok=True)
    SEM_FILE.write_text(json.dumps(payload) + "\n", encoding="utf-8")
    print(f"wrote {SEM_FILE.relative_to(ROOT)}", file=sys.stderr)


def load_extra(inj: Path | None, benign: Path | None) -> list[Item]:
    """An independent labelled set ({"text", "lang"} per line), split "extra"."""
    out: list[Item] = []
    for path, label in ((inj, 1), (benign, 0)):
        if path is None:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                out.append(Item(r["text"], label, r.get("lang", "?"), path.stem, "extra"))
    return out


def table(items: list[Item], flagged: list[bool]) -> None:
    rows: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for item, f in zip(items, flagged, strict=True):
        keys = [(item.split, "all"), (item.split, item.lang)]
        for key in keys + ([("both", "all")] if item.split in ("dev", "heldout") else []):
            r = rows[key]
            if item.label:
                r[0] += 1
                r[1] += f
            else:
                r[2] += 1
                r[3] += f
    print(f"{'split':<8} {'lang':<5} {'inj':>5} {'recall':>7} {'benign':>7} {'FP':>4} {'FPR':>7}")
    for (split, lang), (n_pos, tp, n_neg, fp) in sorted(
        rows.items(), key=lambda kv: (kv[0][0], kv[0][1] != "all", kv[0][1])
    ):
        recall = f"{tp / n_pos:.3f}" if n_pos else "-"
        fpr = f"{fp / n_neg:.4f}" if n_neg else "-"
        print(f"{split:<8} {lang:<5} {n_pos:>5} {recall:>7} {n_neg:>7} {fp:>4} {fpr:>7}")
    groups: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for item, f in zip(items, flagged, strict=True):
        g = groups[(item.split, item.group)]
        g[0] += 1
        g[1] += f
    print("\nper style (injections: share flagged) / per source (benign: false positives)")
    for (split, group), (n, k) in sorted(groups.items()):
        print(f"  {split:<8} {group:<28} {k:>4}/{n:<5}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", action="store_true", help="fit the weights on the dev split")
    parser.add_argument("--errors", action="store_true", help="list dev-split mistakes")
    parser.add_argument("--fit-semantic", action="store_true", help="fit the MiniLM stage on dev")
    parser.add_argument("--extra-injections", type=Path, help="extra labelled injections (JSONL)")
    parser.add_argument("--extra-benign", type=Path, help="extra labelled benign text (JSONL)")
    parser.add_argument("--cue-only", action="store_true", help="score without the MiniLM stage")
    parser.add_argument(
        "--planted", action="store_true", help="planted injections end to end (bench/planted.py)"
    )
    args = parser.parse_args()
    if args.planted:
        import planted

        return planted.main()
    items = load()
    if args.fit_semantic:
        fit_semantic(items)
        injection_semantic._model.cache_clear()
    items += load_extra(args.extra_injections, args.extra_benign)
    x = np.array([features(i.text) for i in items])
    y = np.array([i.label for i in items], dtype=float)
    dev = np.array([i.split == "dev" for i in items])
    print(
        f"{int(y.sum())} injections, {int((1 - y).sum())} benign sentences "
        f"({int(dev.sum())} dev, {int((~dev).sum())} held-out)",
        file=sys.stderr,
    )
    if args.fit:
        bias, w = fit(x[dev], y[dev])
        scores = 1 / (1 + np.exp(-(x @ w + bias)))
        threshold = pick_threshold(scores[dev], y[dev])
        print("BIAS =", round(bias, 3))
        print("WEIGHTS: tuple[float, ...] = (")
        for name, weight in zip(FEATURES, w, strict=True):
            print(f"    {weight:.3f},  # {name}")
        print(")")
        print("CUE_THRESHOLD =", round(threshold, 4), "\n")
        flagged = list(scores >= threshold)
    elif args.cue_only:
        flagged = [injection.cue_logit(i.text) >= 0 for i in items]
    else:
        started = time.perf_counter()
        flagged = [p >= 0.5 for p in injection.instruction_scores([i.text for i in items])]
        took = time.perf_counter() - started
        print(f"scored {len(items)} sentences in {took:.1f} s "
              f"({1000 * took / len(items):.2f} ms a sentence)", file=sys.stderr)  # fmt: skip
    table(items, flagged)
    if args.errors:
        print("\ndev-split mistakes:")
        for item, f in zip(items, flagged, strict=True):
            if item.split == "dev" and bool(f) != bool(item.label):
                kind = "missed" if item.label else "false+"
                print(f"  {kind} [{item.lang} {item.group}] {item.text[:150]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
