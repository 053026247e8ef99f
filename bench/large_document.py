"""Time a question about one large document, old ledger vs new, side by side.

Builds a ~5 MB Markdown document from real prose (SQuAD 2.0 contexts from
../shared/bench/squad2 when present, else the test corpus), plants one fact paragraph in
the middle, indexes it into a temporary collection (lexical, not timed) and asks about the
fact through the real `ask()` path. "old" swaps in the pre-issue-7 ledger, which folded
(per-cluster Python loop) and sentence-split every fetched document on arrival
(bench/_fold_reference.py); "new" is the product's lazy ledger and linear fold. Caches are
cleared before every cold run. Prints fold seconds per MB and end-to-end ask seconds.

    python bench/large_document.py [--mb 5] [--repeats 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import wikiqa.pipeline as pipeline
from _fold_reference import EagerLedger, reference_fold
from wikiqa.grounding.normalize import fold
from wikiqa.grounding.validator import Ledger
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.text.sentences import cached_sentences
from wikiqa.types import Answer

ROOT = Path(__file__).resolve().parents[1]
SQUAD = ROOT.parent / "shared/bench/squad2/squad2-dev.json"
FACT = (
    "The lighthouse at Port Almsworth was kept by Edna Quillfeather from 1911 to 1934, "
    "and she logged every passing ship in a green ledger."
)
QUESTION = "Who kept the lighthouse at Port Almsworth?"


def prose() -> list[str]:
    """Real paragraphs to fill the document with."""
    if SQUAD.exists():
        data = json.loads(SQUAD.read_text(encoding="utf-8"))["data"]
        return [p["context"] for art in data for p in art["paragraphs"]]
    corpus = ROOT / "tests/data/corpus"
    return [p for f in sorted(corpus.glob("*.md")) for p in f.read_text().split("\n\n")]


def build_document(mb: float) -> str:
    paragraphs = prose()
    target = int(mb * 1_000_000)
    out: list[str] = []
    size = 0
    i = 0
    while size < target:
        para = paragraphs[i % len(paragraphs)]
        out.append(para)
        size += len(para.encode("utf-8")) + 2
        i += 1
    out.insert(len(out) // 2, FACT)
    return "# Almanac\n\n" + "\n\n".join(out) + "\n"


def clear_caches() -> None:
    cached_sentences.cache_clear()


def timed(fn: Callable[[], object]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def ask_once(source: CollectionSource, ledger: type[Ledger]) -> tuple[float, str]:
    pipeline.Ledger = ledger  # type: ignore[misc]  # the one seam the old behaviour needs
    try:
        started = time.perf_counter()
        result = pipeline.ask(QUESTION, source, settings=Settings(answerer="extractive"))
        elapsed = time.perf_counter() - started
    finally:
        pipeline.Ledger = Ledger  # type: ignore[misc]
    text = result.text if isinstance(result, Answer) else f"refused: {result.code.value}"
    return elapsed, text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=5.0)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    doc = build_document(args.mb)
    mb = len(doc.encode("utf-8")) / 1_000_000
    print(f"document: {mb:.2f} MB, {len(doc):,} characters", file=sys.stderr)

    fold_new = min(timed(lambda: fold(doc)) for _ in range(args.repeats))
    fold_old = timed(lambda: reference_fold(doc))
    new_f, old_f = fold(doc), reference_fold(doc)
    assert new_f.text == old_f[0] and new_f.starts.tolist() == list(old_f[1])

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "docs"
        folder.mkdir()
        (folder / "almanac.md").write_text(doc, encoding="utf-8")
        store = SqliteStore.create(Path(tmp) / "c.sqlite")
        t0 = time.perf_counter()
        index_path(store, folder)
        print(f"indexed in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
        source = CollectionSource(store, "large")
        rows: dict[str, list[float]] = {"old": [], "new": []}
        answers: dict[str, str] = {}
        for label, ledger in (("old", EagerLedger), ("new", Ledger)):
            clear_caches()
            for _ in range(args.repeats):
                elapsed, answers[label] = ask_once(source, ledger)
                rows[label].append(elapsed)
        store.close()

    print(f"\n{'measure':<44} {'old':>10} {'new':>10} {'speed-up':>9}")
    per_mb = (fold_old / mb, fold_new / mb)
    print(f"{'fold, seconds per MB':<44} {per_mb[0]:>10.3f} {per_mb[1]:>10.3f} "
          f"{per_mb[0] / per_mb[1]:>8.0f}x")  # fmt: skip
    for i in range(args.repeats):
        name = f"ask on a {mb:.1f} MB document, s ({'cold' if i == 0 else 'warm'})"
        o, n = rows["old"][i], rows["new"][i]
        print(f"{name:<44} {o:>10.2f} {n:>10.2f} {o / n:>8.0f}x")
    for label, text in answers.items():
        print(f"answer ({label}): {text[:100]}")
    return 0 if answers["old"] == answers["new"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
