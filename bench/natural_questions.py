"""Generalisation check for the extractive answerer on data other than SQuAD 2.0.

The answerability weights are fit on SQuAD 2.0 dev, whose unanswerable questions are
adversarial rewrites of its own paragraphs. This bench asks whether the answerer still
answers *plain* questions over clean text and refuses ones the text cannot answer:

* HotpotQA dev (250 multi-hop questions; every question's contexts pooled into one
  collection): all answerable, so the share answered, the share whose answer contains a
  gold span and the share citing both supporting articles. Yes/no questions are left out (an
  extractive sentence never says "yes"). The first HOTPOT_DEV questions are the dev part;
  the rest are kept aside (never tuned on) and reported on their own row. HotpotQA runs as
  shipped (at the floor, so the second hop, which only runs under it, is exercised).
* The offline Ray Charles Wikipedia ZIM: hand-written factual questions with answer
  substrings checked against the ZIM's text, plus questions on topics it does not cover.
* This repository's user manual (`docs:docs`): questions with answer substrings from the
  pages, plus questions it cannot answer.

Nothing here is used to fit weights; it is a check (the floor may be chosen with it in view).
Each set runs once with refusal off, recording the answerability score, so the table can
show any floor. Sets whose data is absent are skipped.

    python bench/natural_questions.py [--floor F] [--sets hotpot,zim,docs] [--limit N] [--sweep]
                                      [--no-cosine] [--as-shipped]

`--as-shipped` runs the ZIM and manual sets at the floor too (second hop included) instead of
once at floor 0; their rows then hold at that floor only. Every row reports latency p50/p95.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from squad2 import ScoringExtractive, normalize_answer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.base import Source
from wikiqa.sources.collection import CollectionSource
from wikiqa.sources.registry import open_source
from wikiqa.store.embed import Embedder, default_embedder
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared/bench"
HOTPOT = SHARED / "hotpotqa/hotpotqa-dev-250.jsonl"
ZIM = SHARED / "wikipedia/zim/libkiwix_zimfile_raycharles.zim"
HOTPOT_DEV = 200  # the first 200 HotpotQA questions are dev; the remaining 50 are kept aside
FLOORS = (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5)

# (question, accepted answer substrings); every substring was read in the ZIM's text.
ZIM_ANSWERABLE: list[tuple[str, tuple[str, ...]]] = [
    ("Where was Ray Charles born?", ("Albany, Georgia",)),
    ("When was Ray Charles born?", ("September 23, 1930",)),
    ("When did Ray Charles die?", ("June 10, 2004",)),
    ("Where did Ray Charles die?", ("Beverly Hills",)),
    ("What instruments did Ray Charles play?", ("piano", "pianist")),
    ("Which record labels did Ray Charles record for?", ("Atlantic", "ABC")),
    ("What was Ray Charles's birth name?", ("Ray Charles Robinson",)),
    ("Why did Ray Charles lose his vision?", ("glaucoma",)),
    ("How many Grammy Awards did Ray Charles win?", ("17-time",)),
    ("Who did Ray Charles cite as a primary influence?", ("Nat King Cole",)),
    ("Which music genre did Ray Charles pioneer?", ("soul music",)),
    ("Who wrote Georgia on My Mind?", ("Hoagy Carmichael",)),
    ("When did Georgia make Georgia on My Mind its official state song?", ("1979",)),
    ("Who wrote Hit the Road Jack?", ("Percy Mayfield",)),
    ("When was Hit the Road Jack released?", ("1961",)),
    ("When was What'd I Say released?", ("1959",)),
    ("Who produced What'd I Say?", ("Jerry Wexler",)),
    ("When was Genius Loves Company released?", ("August 31, 2004",)),
    ("Which label released Genius Loves Company?", ("Concord",)),
    ("Who directed the film Ray?", ("Taylor Hackford",)),
    ("Who played Ray Charles in the film Ray?", ("Jamie Foxx",)),
    ("When was Modern Sounds in Country and Western Music released?", ("1962",)),
    ("Who wrote I Can't Stop Loving You?", ("Don Gibson",)),
    ("Who were the Raelettes?", ("girl group", "backing vocals")),
    ("Who was Hank Crawford?", ("saxophonist",)),
    ("Who wrote Unchain My Heart?", ("Bobby Sharp",)),
]
ZIM_UNANSWERABLE = [
    "What is the capital of Australia?",
    "Who invented the telephone?",
    "How tall is Mount Everest?",
    "When did the Roman Empire fall?",
    "What is the boiling point of water?",
    "Who won the 2018 FIFA World Cup?",
    "Who wrote the novel Moby-Dick?",
    "When was Elvis Presley born?",
    "When did Frank Sinatra die?",
]
DOCS_ANSWERABLE: list[tuple[str, tuple[str, ...]]] = [
    ("What does confidence mean?", ("fraction of answer sentences that carry a citation",)),
    ("What exit code does wikiqa ask return when it refuses?", ("3 when it refused",)),
    ("How short can a quote be before it is rejected?", ("eight characters",)),
    ("What does strict mode require?", ("must itself be a verbatim span",)),
    ("What does the no_evidence refusal code mean?", ("retrieval returned nothing",)),
    ("Who decides what counts as grounded?", ("host decides",)),
    ("Does the extractive answerer need an API key?", ("no API key",)),
    ("Which setting chooses the grounding mode?", ("WIKIQA_GROUNDING_MODE",)),
    ("What does wikiqa serve do?", ("serves the HTTP API", "starts the API")),
    ("Which setting sets the refusal floor?", ("WIKIQA_EXTRACTIVE_FLOOR",)),
    ("Are citation offsets claimed by the answerer trusted?", ("never trusted",)),
    ("What normalisation does the quote policy apply?", ("Unicode NFC",)),
    ("Where is each collection stored?", ("one SQLite file",)),
    ("Who can read a private document?", ("only by its owner",)),
    ("What status code does an empty question get from the API?", ("422",)),
    ("What does GET /healthz return?", ('{"status": "ok"}',)),
]
DOCS_UNANSWERABLE = [
    "What is the capital of Australia?",
    "Who invented the telephone?",
    "How many moons does Jupiter have?",
    "Who wrote the novel Moby-Dick?",
    "When was Elvis Presley born?",
]


@dataclass
class Case:
    question: str
    expected: tuple[str, ...]  # empty: the question is unanswerable here
    support: tuple[str, ...] = ()  # HotpotQA: titles of the supporting paragraphs


@dataclass
class Result:
    case: Case
    score: float  # answerability of the best evidence (the answerer ran with no floor)
    has_answer: bool  # an answer was produced at floor 0
    correct: bool  # that answer contains an expected substring
    cited_support: bool = False  # the answer cites every supporting title (HotpotQA)
    seconds: float = 0.0  # wall time of this question
    shipped: bool = False  # run at the floor (as shipped), not at 0: the row holds at that floor


async def run(
    cases: list[Case],
    source: Source,
    settings: Settings,
    embedder: Embedder | None,
    floor: float | None = None,
) -> list[Result]:
    """Ask every case; at floor 0 (refusal off, scores recorded) unless `floor` is given."""
    answerer = ScoringExtractive(floor=floor or 0.0, search_k=settings.search_k, embedder=embedder)
    out = []
    for case in cases:
        t0 = time.perf_counter()
        result = await ask_async(case.question, source, settings=settings, answerer=answerer)
        seconds = time.perf_counter() - t0
        text = normalize_answer(result.text) if result.kind == "answer" else ""
        hit = any(normalize_answer(e) in text for e in case.expected if normalize_answer(e))
        cited = {c.title for c in result.citations} if result.kind == "answer" else set()
        support = bool(case.support) and set(case.support) <= cited
        score = answerer.last_score if floor is None else float(result.kind == "answer")
        out.append(
            Result(case, score, result.kind == "answer", hit, support, seconds, floor is not None)
        )
    return out


def latency(results: list[Result]) -> str:
    """p50 / p95 wall time per question, in milliseconds."""
    ms = sorted(r.seconds * 1000 for r in results)
    if not ms:
        return "-"
    return f"{ms[len(ms) // 2]:.0f} / {ms[min(len(ms) - 1, int(0.95 * len(ms)))]:.0f} ms"


def row(label: str, results: list[Result], floor: float) -> str:
    """Share answered / correct for the answerable cases, share refused for the others."""
    ans = [r for r in results if r.case.expected]
    una = [r for r in results if not r.case.expected]
    shipped = any(r.shipped for r in results)  # scores are 1/0: answered at the run's floor
    answered = [r for r in ans if r.has_answer and (shipped or r.score >= floor)]
    refused = [r for r in una if not (r.has_answer and (shipped or r.score >= floor))]

    def cell(k: int, n: int) -> str:
        return f"{k / n:.3f} ({k}/{n})" if n else "-"

    with_support = [r for r in ans if r.case.support]
    return (f"| {label} | {floor:g} | {cell(len(answered), len(ans))} | "
            f"{cell(sum(r.correct for r in answered), len(ans))} | "
            f"{cell(len(refused), len(una))} | "
            f"{cell(sum(r.cited_support for r in answered), len(with_support))} | "
            f"{latency(results)} |")  # fmt: skip


def hotpot_cases(limit: int) -> tuple[list[Case], list[tuple[str, str]]]:
    """The questions (first `limit`, or all) and every question's paragraphs, pooled."""
    cases: list[Case] = []
    paras: dict[tuple[str, str], None] = {}
    for line in HOTPOT.read_text(encoding="utf-8").splitlines()[: limit or None]:
        rec = json.loads(line)
        spans = tuple(s for a in rec["answers_objects"] for s in a["spans"])
        for c in rec["contexts"]:
            paras[(c["title"], c["paragraph_text"])] = None
        support = tuple(dict.fromkeys(c["title"] for c in rec["contexts"] if c["is_supporting"]))
        if spans and not {s.lower() for s in spans} & {"yes", "no"}:
            cases.append(Case(rec["question_text"], spans, support))
    return cases, list(paras)


def hotpot_source(paras: list[tuple[str, str]], workdir: Path) -> tuple[Source, SqliteStore]:
    folder = workdir / "hotpot"
    folder.mkdir()
    for i, (title, text) in enumerate(paras):
        safe = title.replace('"', "'")
        (folder / f"{i:05d}.md").write_text(f'---\ntitle: "{safe}"\n---\n{text}\n', "utf-8")
    store = SqliteStore.create(workdir / "hotpot.sqlite")
    index_path(store, folder)
    return CollectionSource(store, "hotpot"), store


async def main_async(args: argparse.Namespace) -> int:
    settings = Settings()
    floor = settings.extractive_floor if args.floor is None else args.floor
    embedder = None if args.no_cosine else default_embedder()
    sets: dict[str, list[Result]] = {}
    wanted = set(args.sets.split(","))
    if "hotpot" in wanted and HOTPOT.exists():
        cases, paras = hotpot_cases(args.limit)
        with tempfile.TemporaryDirectory() as tmp:
            source, store = hotpot_source(paras, Path(tmp))
            results = await run(cases, source, settings, embedder, floor)
            store.close()
        pool = f"pooled {len(paras)} paragraphs"
        sets[f"HotpotQA dev 1-{HOTPOT_DEV} ({pool})"] = results[:HOTPOT_DEV]
        if results[HOTPOT_DEV:]:
            sets[f"HotpotQA kept aside {HOTPOT_DEV + 1}-{len(results)}"] = results[HOTPOT_DEV:]
    elif "hotpot" in wanted:
        print(f"SKIP hotpot: {HOTPOT} not found", file=sys.stderr)
    if "zim" in wanted and ZIM.exists():
        from wikiqa.sources.zim import ZimSource

        zim = ZimSource(ZIM)
        cases = [Case(q, e) for q, e in ZIM_ANSWERABLE] + [Case(q, ()) for q in ZIM_UNANSWERABLE]
        shipped = floor if args.as_shipped else None
        sets["Ray Charles ZIM"] = await run(cases, zim, settings, embedder, shipped)
        await zim.aclose()
    elif "zim" in wanted:
        print(f"SKIP zim: {ZIM} not found", file=sys.stderr)
    if "docs" in wanted and (ROOT / "docs").is_dir():
        docs = open_source(f"docs:{ROOT / 'docs'}", settings)
        cases = [Case(q, e) for q, e in DOCS_ANSWERABLE] + [Case(q, ()) for q in DOCS_UNANSWERABLE]
        shipped = floor if args.as_shipped else None
        sets["user manual (docs/)"] = await run(cases, docs, settings, embedder, shipped)
        await docs.aclose()
    header = ("set", "floor", "answerable: answered", "answerable: correct",
              "unanswerable: refused", "answered citing every supporting title",
              "latency p50 / p95")  # fmt: skip
    print("| " + " | ".join(header) + " |\n|" + "---|" * len(header))
    for label, results in sets.items():
        print(row(label, results, floor))
    if args.sweep:
        print("\nfloor sweep:")
        for f in FLOORS:
            for label, results in sets.items():
                if not any(r.shipped for r in results):  # as-shipped rows hold at one floor
                    print(row(label, results, f))
    if args.verbose:
        for label, results in sets.items():
            for r in results:
                answered = r.has_answer and r.score >= floor
                good = (answered and r.correct) if r.case.expected else not answered
                right = "right sentence" if r.correct else "wrong sentence"
                if r.case.support:
                    right += ", both cited" if r.cited_support else ""
                kind = right if r.case.expected else "unanswerable"
                print(f"{'ok' if good else 'XX'} {label[:12]} {r.score:.2f} [{kind}] "
                      f"{r.case.question}")  # fmt: skip
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--floor", type=float, default=None, help="default: settings")
    ap.add_argument("--sets", default="hotpot,zim,docs")
    ap.add_argument("--limit", type=int, default=0, help="only the first N HotpotQA questions")
    ap.add_argument("--sweep", action="store_true", help="also print the table at other floors")
    ap.add_argument("--no-cosine", action="store_true",
                    help="answerer without the embedder (the lexical answerability model)")  # fmt: skip
    ap.add_argument("--as-shipped", action="store_true",
                    help="run the ZIM and manual sets at the floor too (HotpotQA always is)")  # fmt: skip
    ap.add_argument("-v", "--verbose", action="store_true", help="print every question's score")
    return asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
