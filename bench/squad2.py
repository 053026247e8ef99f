"""SQuAD 2.0 open-domain benchmark for the extractive answerer.

Every paragraph of the file is indexed into one local collection through the real
indexer; every question goes through the real `ask()` path (retrieval, answerer, grounding
validator). In the same run, a plain BM25-top-sentence baseline answers the same questions.

Measures, per system: the share of answerable questions whose answer contains a gold
answer string, the share of unanswerable questions refused, overall accuracy, p50/p95
seconds per question. The refusal floor is also swept (in-sample, and leave-one-article-out
so the chosen floor's generalisation is visible).

`--fit` instead fits the extractive answerer's ranker and answerability weights (numpy,
sign-constrained; see _fit.py), prints them for answerers/answerability.py, and reports
leave-one-article-out accuracy with both models refit on the other articles.

    python bench/squad2.py [--data squad2-dev.json] [--retrieval lexical|hybrid] [--limit N]
                           [--floor F] [--no-baseline]

`--no-baseline` skips the BM25 baseline's two passes: the wikiqa row alone, in half the time.
    python bench/squad2.py --fit [--retrieval lexical|hybrid] [--fit-cache /tmp/squad-fit.pkl]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import string
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from wikiqa.answerers.base import Reader
from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import QuestionInfo, analyse
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder, default_embedder
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.text.sentences import split_sentences
from wikiqa.types import Document, Draft, DraftClaim, DraftQuote, Hit, Question, RefusalCode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _fit import collect, load_or_collect, report_fit

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared/bench/squad2/squad2-dev.json"


def normalize_answer(s: str) -> str:
    """SQuAD's normalisation: lowercase, no punctuation, no articles, folded spaces."""
    s = s.lower()
    s = "".join(ch for ch in s if ch not in set(string.punctuation))
    s = re.sub(r"\b(a|an|the)\b", " ", s)
    return " ".join(s.split())


@dataclass
class Item:
    qid: str
    title: str
    question: str
    answers: list[str]
    impossible: bool


@dataclass
class Outcome:
    answered: bool
    correct: bool  # answerable: contains gold; unanswerable: refused
    contains_gold: bool
    score: float  # the answerer's answerability score (for floor sweeps)
    seconds: float


def load(path: Path) -> tuple[list[tuple[str, str]], list[Item]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    paragraphs, items = [], []
    for article in data["data"]:
        for p in article["paragraphs"]:
            paragraphs.append((article["title"], p["context"]))
            for qa in p["qas"]:
                items.append(
                    Item(
                        qa["id"],
                        article["title"],
                        qa["question"],
                        [a["text"] for a in qa["answers"]],
                        bool(qa.get("is_impossible")),
                    )
                )
    return paragraphs, items


def build_collection(
    paragraphs: list[tuple[str, str]], workdir: Path, embedder: OnnxEmbedder | None = None
) -> SqliteStore:
    """One Markdown file per paragraph, indexed by the real indexer (with vectors when
    `embedder` is given, as hybrid and dense retrieval need)."""
    folder = workdir / "paragraphs"
    folder.mkdir()
    for i, (title, text) in enumerate(paragraphs):
        safe = title.replace('"', "'")
        (folder / f"{i:04d}.md").write_text(
            f'---\ntitle: "{safe}"\n---\n{text}\n', encoding="utf-8"
        )
    store = SqliteStore.create(workdir / "squad.sqlite")
    index_path(store, folder, embedder=embedder)
    return store


class ScoringExtractive(ExtractiveAnswerer):
    """The real extractive answerer, remembering the answerability score it decided on (for
    a several-part question, the best part's). Only the question and its parts are scored:
    a two-document step (a bridge hop, a comparison) asks derived questions whose scores
    would otherwise stand in for the question's own. The question is assessed as the search
    corrected it (`respelled`: "goverment" -> "government", "UDP" -> "User Datagram Protocol
    (UDP)"), so the first assessment of each asking names the question's own texts; before
    (squad61) such a question's score was never recorded and read as 0.0, so the floor
    sweep and leave-one-article-out counted it refused at every floor, answered or not."""

    last_score = 0.0
    _asked: frozenset[str] = frozenset()
    _fresh = False

    def assess(
        self,
        q: QuestionInfo,
        hits: list[Hit],
        docs: dict[str, Document],
        skipped: list[DraftQuote] | None = None,
    ) -> Evidence | None:
        if self._fresh:  # the asking's first assessment: the question as searched
            self._asked = self._asked | {q.text, *q.parts}
            self._fresh = False
        evidence = super().assess(q, hits, docs, skipped)
        if evidence is not None and q.text in self._asked:
            self._scores.append(evidence.score)
        return evidence

    async def _answer(self, question: Question, reader: Reader, skipped: list[DraftQuote]) -> Draft:
        self._fresh = True
        return await super()._answer(question, reader, skipped)

    async def answer(self, question: Question, reader: Reader) -> Draft:
        self._scores: list[float] = []
        info = analyse(question.text)
        self._asked = frozenset((info.text, *info.parts))
        draft = await super().answer(question, reader)
        parts = self._scores[1:] or self._scores
        self.last_score = max(parts, default=0.0)
        return draft


class BM25TopSentence:
    """Baseline: retrieve passages, answer with the sentence of best BM25 score (rank_bm25
    over the candidate sentences), refusing under a BM25-score floor."""

    name = "bm25-top-sentence"

    def __init__(self, floor: float, search_k: int = 5) -> None:
        self.floor = floor
        self.search_k = search_k
        self.last_score = 0.0

    async def answer(self, question: Question, reader: Reader) -> Draft:
        from rank_bm25 import BM25Okapi

        self.last_score = 0.0
        hits = await reader.search(question.text, k=self.search_k)
        if not hits:
            return Draft(refusal=RefusalCode.no_evidence, reason="nothing found")
        sents = []
        for hit in hits:
            doc = await reader.fetch(hit.doc_id)
            sents += [(doc, s) for s in split_sentences(doc.text, hit.start or 0, hit.end)]
        tok = [re.findall(r"\w+", s.text.lower()) for _, s in sents]
        scores = BM25Okapi(tok).get_scores(re.findall(r"\w+", question.text.lower()))
        best = max(range(len(sents)), key=lambda i: scores[i])
        self.last_score = float(scores[best])
        if self.last_score < self.floor:
            return Draft(refusal=RefusalCode.insufficient_evidence, reason="low BM25")
        doc, span = sents[best]
        return Draft(claims=[DraftClaim(text=span.text, quotes=[
            DraftQuote(doc_id=doc.doc_id, source=doc.source, quote=span.text)])])  # fmt: skip


async def run_system(
    answerer: ScoringExtractive | BM25TopSentence,
    items: list[Item],
    source: CollectionSource,
    settings: Settings,
    label: str,
) -> list[Outcome]:
    out = []
    for n, item in enumerate(items, 1):
        t0 = time.perf_counter()
        result = await ask_async(item.question, source, settings=settings, answerer=answerer)  # type: ignore[arg-type]
        dt = time.perf_counter() - t0
        text = normalize_answer(result.text) if result.kind == "answer" else ""
        gold = any(normalize_answer(a) in text for a in item.answers if normalize_answer(a))
        answered = bool(result)
        correct = (not answered) if item.impossible else (answered and gold)
        out.append(Outcome(answered, correct, gold, answerer.last_score, dt))
        if n % 250 == 0:
            print(f"  {label}: {n}/{len(items)}", file=sys.stderr)
    return out


def summarize(items: list[Item], outs: list[Outcome]) -> dict[str, float]:
    ans = [o for i, o in zip(items, outs, strict=True) if not i.impossible]
    una = [o for i, o in zip(items, outs, strict=True) if i.impossible]
    secs = sorted(o.seconds for o in outs)
    return {
        "answerable_with_gold": sum(o.correct for o in ans) / max(len(ans), 1),
        "unanswerable_refused": sum(o.correct for o in una) / max(len(una), 1),
        "accuracy": sum(o.correct for o in outs) / max(len(outs), 1),
        "p50_s": statistics.median(secs),
        "p95_s": secs[int(0.95 * (len(secs) - 1))],
    }


def accuracy_at(items: list[Item], outs: list[Outcome], floor: float) -> float:
    """Accuracy had the floor been `floor` (answers come from the always-answer run)."""
    good = 0
    for item, o in zip(items, outs, strict=True):
        answers = o.score >= floor and o.answered
        good += (not answers) if item.impossible else (answers and o.contains_gold)
    return good / max(len(items), 1)


# The split squad20 fixed before reading SQuAD dev, kept by later rounds: the read half's
# answered unanswerables may be read while building; the other half is reported only.
READ_HALF = frozenset({"Normans", "Huguenot", "1973_oil_crisis", "Packet_switching"})


def halves(items: list[Item], outs: list[Outcome]) -> list[tuple[str, list[tuple[Item, Outcome]]]]:
    """The (item, outcome) pairs of the read half and of the half kept aside."""
    pairs = list(zip(items, outs, strict=True))
    return [
        ("read half", [p for p in pairs if p[0].title in READ_HALF]),
        ("half kept aside", [p for p in pairs if p[0].title not in READ_HALF]),
    ]


SWEEP_FLOORS = (0.2, 0.25, 0.3, 0.35, 0.4)


def sweep(items: list[Item], outs: list[Outcome]) -> tuple[float, float, float]:
    """Best in-sample floor and accuracy, and leave-one-article-out accuracy."""
    grid = sorted({round(o.score, 3) for o in outs if o.answered} | {0.0, 99.0})
    best = max(grid, key=lambda f: accuracy_at(items, outs, f))
    titles = sorted({i.title for i in items})
    held_correct = 0
    for t in titles:
        train = [(i, o) for i, o in zip(items, outs, strict=True) if i.title != t]
        test = [(i, o) for i, o in zip(items, outs, strict=True) if i.title == t]
        ti, to = [p[0] for p in train], [p[1] for p in train]
        f = max(grid, key=lambda g: accuracy_at(ti, to, g))
        held_correct += round(
            accuracy_at([p[0] for p in test], [p[1] for p in test], f) * len(test)
        )
    return best, accuracy_at(items, outs, best), held_correct / max(len(items), 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--limit", type=int, default=0, help="only the first N questions")
    ap.add_argument(
        "--floor", type=float, default=None, help="extractive floor (default: settings)"
    )
    ap.add_argument("--bm25-floor", type=float, default=18.95, help="tuned on the full dev file")
    ap.add_argument("--retrieval", choices=("lexical", "hybrid"), default="hybrid",
                    help="lexical: BM25 only; hybrid: BM25 + MiniLM fused (default, as shipped)")  # fmt: skip
    ap.add_argument("--no-cosine", action="store_true",
                    help="answerer without the embedder (the lexical answerability model)")  # fmt: skip
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the BM25-top-sentence baseline: half the run, same wikiqa row")  # fmt: skip
    ap.add_argument("--fit", action="store_true",
                    help="fit the ranker and answerability weights, print them and LOAO; exit")  # fmt: skip
    ap.add_argument("--fit-cache", type=Path, default=None,
                    help="pickle of the collected fit records (reused when it exists)")  # fmt: skip
    args = ap.parse_args()
    if not args.data.exists():
        print(f"SKIP: {args.data} not found (the benchmark data lives in ../shared/bench)")
        return 0
    import asyncio

    settings = Settings()
    floor = settings.extractive_floor if args.floor is None else args.floor
    paragraphs, items = load(args.data)
    if args.limit:
        items = items[: args.limit]
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        embedder = default_embedder() if args.retrieval == "hybrid" else None
        store = build_collection(paragraphs, Path(tmp), embedder)
        build_s = time.perf_counter() - t0
        source = CollectionSource(store, "squad2", mode=args.retrieval, embedder=embedder)
        print(f"indexed {len(paragraphs)} paragraphs in {build_s:.1f}s; {len(items)} questions",
              file=sys.stderr)  # fmt: skip
        answer_embedder = None if args.no_cosine else default_embedder()
        if args.fit:
            recs = load_or_collect(args.fit_cache, lambda: asyncio.run(
                collect(items, source, settings.search_k, normalize_answer)))  # fmt: skip
            report_fit(recs, sorted({floor, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5}))
            store.close()
            return 0
        systems: dict[str, tuple[list[Outcome], list[Outcome]]] = {}
        for label, make in (
            (
                "wikiqa extractive",
                lambda f: ScoringExtractive(
                    floor=f, search_k=settings.search_k, embedder=answer_embedder
                ),
            ),
            ("BM25 top sentence", lambda f: BM25TopSentence(floor=f, search_k=settings.search_k)),
        ):
            if args.no_baseline and not label.startswith("wikiqa"):
                continue
            real_floor = floor if label.startswith("wikiqa") else args.bm25_floor
            at_floor = asyncio.run(run_system(make(real_floor), items, source, settings, label))
            always = asyncio.run(
                run_system(make(-1e9), items, source, settings, label + " (sweep)")
            )
            systems[label] = (at_floor, always)
        store.close()
    n_ans = sum(not i.impossible for i in items)
    print(f"\nSQuAD 2.0 dev, open-domain over {len(paragraphs)} paragraphs: {len(items)} questions "
          f"({n_ans} answerable, {len(items) - n_ans} unanswerable); always-refuse accuracy "
          f"{(len(items) - n_ans) / len(items):.3f}\n")  # fmt: skip
    header = ("system", "floor", "answerable w/ gold", "unanswerable refused", "accuracy",
              "p50 s/q", "p95 s/q", "best floor (in-sample acc)", "leave-1-article-out acc")  # fmt: skip
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for label, (at_floor, always) in systems.items():
        s = summarize(items, at_floor)
        best, best_acc, loo = sweep(items, always)
        used = floor if label.startswith("wikiqa") else args.bm25_floor
        print(f"| {label} | {used:g} | {s['answerable_with_gold']:.3f} | "
              f"{s['unanswerable_refused']:.3f} | {s['accuracy']:.3f} | {s['p50_s']:.4f} | "
              f"{s['p95_s']:.4f} | {best:g} ({best_acc:.3f}) | {loo:.3f} |")  # fmt: skip
    at_floor = systems["wikiqa extractive"][0]
    print("\nwikiqa extractive at the floor, by the article halves rounds keep apart:")
    for name, half in halves(items, at_floor):
        if not half:
            continue
        s = summarize([i for i, _ in half], [o for _, o in half])
        print(f"  {name}: answerable w/ gold {s['answerable_with_gold']:.3f}, unanswerable "
              f"refused {s['unanswerable_refused']:.3f}, accuracy {s['accuracy']:.3f}")  # fmt: skip
    always = systems["wikiqa extractive"][1]
    print("\nwikiqa extractive at other floors (from the refusal-off pass):")
    for f in SWEEP_FLOORS:
        ans = [(i, o) for i, o in zip(items, always, strict=True) if not i.impossible]
        una = [(i, o) for i, o in zip(items, always, strict=True) if i.impossible]
        gold = sum(o.answered and o.score >= f and o.contains_gold for _, o in ans) / len(ans)
        refused = sum(not (o.answered and o.score >= f) for _, o in una) / max(len(una), 1)
        print(f"  floor {f:.2f}: answerable w/ gold {gold:.3f}, unanswerable refused "
              f"{refused:.3f}, accuracy {accuracy_at(items, always, f):.3f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
