"""What stands between a situation-first question's first line and `ask_named`, both sides.

`answerers/ask_named.py` lets a line a little under the floor answer a question that tells a
situation first ("My grandad passed away on Sunday. How many days off do I get?") when the
line, its heading or its document's title says every content word of the ask. Each round
that worked on such questions (facts15-18, floor18, facts26) wrote a throwaway probe to see
which words of the ask the line leaves unsaid, on the answerable side and on the side that
must be refused (permission and unanswerable questions, and every answerable one asked again
with its expected documents withheld, `fit_answerability.Withholding`). This keeps it.

For every question of the given task files that tells a situation (`ask_named.told_situation`),
asked and, when answerable, withheld: the answerer's first pass over the top k hits (as
`handbook_diagnose.py` reads it), the first line, its score, whether it is the answering line,
whether `ask_named`'s reading names the ask, and each word of the ask the line, heading and
title leave unsaid with the nearest word of the line under its heading by the contextual
MiniLM word vectors of the same run (`alignment.py`): a reading "the ask said in other words"
is judged on both sides before any battery run. The summary counts, per side, the records
`names_the_ask` holds for inside `ASK_SLACK` under the floor and below it down to `--low`.

    python bench/situated_asks.py evals/handbook4/tasks.jsonl evals/handbook4/fresh-facts.jsonl \
        [--k 5] [--low 0.15] [--out records.jsonl]
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from fit_answerability import Withholding
from handbook_diagnose import _doc_matches, answers
from wikiqa.answerers.ask_named import (
    ASK_SLACK,
    KIND_WORDS,
    LIGHT,
    content_stems,
    names_the_ask,
    said_like,
    told_situation,
)
from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import ANSWER_FEATURES, analyse
from wikiqa.answerers.stored_texts import framed
from wikiqa.evals.tasks import (
    Task,
    default_principals_file,
    load_principals,
    load_tasks,
    task_source,
)
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.sources.search_query import respelled
from wikiqa.text.terms import STOPWORDS, stem, words
from wikiqa.types import Hit

_DOC_TOP = ANSWER_FEATURES.index("doc_top")


def unsaid_ask_words(ask: str, line: str, context: str, title: str) -> list[str]:
    """The content words of `ask` that `names_the_ask` needs said and the line, its heading
    (`context`) and its document's `title` do not say: light words of asking and kind words
    said by a value of their kind in the line ("much" by "£900") are left out."""
    said = set(content_stems(f"{line} {context} {title}"))
    unsaid = []
    for word in words(ask):
        if word.lower() in STOPWORDS:
            continue
        s = stem(stem(word))  # as content_stems reads the ask
        if s in LIGHT or said_like(s, said):
            continue
        kind = KIND_WORDS.get(s)
        if kind is not None and kind.search(line):
            continue
        unsaid.append(word)
    return unsaid


def nearest_words(
    answerer: ExtractiveAnswerer, e: Evidence, asked: Iterable[str]
) -> dict[str, tuple[str, float]]:
    """Each of `asked` (words of the question) with the nearest word of the evidence's first
    line under its heading and that cosine, from the contextual word vectors the answerer
    computed for the alignment features (empty without them)."""
    top = e.ranked[0]
    qw = answerer._words.get(e.question.text)
    sw = answerer._words.get(framed([top.text], [top.context or ""])[0])
    if qw is None or sw is None or qw.vectors is None or sw.vectors is None:
        return {}
    sim = np.asarray(qw.vectors) @ np.asarray(sw.vectors).T
    out: dict[str, tuple[str, float]] = {}
    for word in asked:
        rows = [i for i, w in enumerate(qw.words) if w.casefold() == word.casefold()]
        if rows:
            i = rows[0]
            j = int(sim[i].argmax())
            out[word] = (sw.words[j], round(float(sim[i, j]), 3))
    return out


def side(record: dict[str, Any]) -> str:
    """ "answers" (an answerable question whose first line holds its answer), "must-refuse"
    (a permission or unanswerable question, or a withheld copy) or "other"."""
    if record["must_refuse"]:
        return "must-refuse"
    return "answers" if record["answers"] else "other"


async def _first_line(
    answerer: ExtractiveAnswerer, source: Any, task: Task, who: Any, k: int, withheld: bool
) -> dict[str, Any] | None:
    hits = await source.search(task.question, k=k, principal=who)
    docs = {}
    for h in hits:
        if h.doc_id not in docs:
            try:
                docs[h.doc_id] = await source.fetch(h.doc_id, principal=who)
            except Exception:  # a withheld or unreadable document is no hit
                continue
    hits = [h for h in hits if h.doc_id in docs]
    e = answerer.assess(analyse(respelled(task.question, hits)), hits, docs) if hits else None
    told = told_situation(task.question)
    if e is None or not e.ranked or told is None:
        return None
    top = e.ranked[0]
    context = top.context or ""
    unsaid = unsaid_ask_words(told[1], top.span.text, context, top.doc.title)
    return {
        "id": task.id,
        "category": task.category,
        "withheld": withheld,
        "must_refuse": task.should_refuse or withheld,
        "answers": not withheld
        and answers(top, list(task.expected_sources), task.reference_points),
        "score": round(e.score, 3),
        "first_document": e.features[_DOC_TOP] >= 1.0,
        "row": top.header is not None,
        "situation": told[0],
        "ask": told[1],
        "line": top.span.text,
        "context": context,
        "title": top.doc.title,
        "named": names_the_ask(
            told[1], top.span.text, context, top.doc.title, told[0], top.header is not None
        ),
        "unsaid": unsaid,
        "nearest": nearest_words(answerer, e, unsaid),
    }


def _expected(task: Task) -> Callable[[Hit], bool]:
    """Whether a hit is one of the task's expected documents (what a withheld copy hides)."""
    names = list(task.expected_sources)
    return lambda h: _doc_matches(h.doc_id, h.title, names)


async def records(paths: list[Path], k: int) -> AsyncIterator[dict[str, Any]]:
    """Every situated question of `paths` asked, and each answerable one again withheld."""
    settings = Settings()
    answerer = extractive_answerer(settings)
    assert isinstance(answerer, ExtractiveAnswerer)
    for path in paths:
        task_file = load_tasks(path)
        principals_file = default_principals_file(task_file)
        principals = load_principals(principals_file) if principals_file else {}
        sources: dict[str, Any] = {}
        try:
            for task in task_file.tasks:
                if told_situation(task.question) is None:
                    continue
                spec = task_source(task, task_file, None)
                if spec not in sources:
                    sources[spec] = open_source(spec, settings)
                who = principals.get(task.principal) if task.principal else None
                asked = await _first_line(answerer, sources[spec], task, who, k, False)
                if asked is not None:
                    yield asked
                if task.should_refuse or not task.expected_sources:
                    continue
                hidden = Withholding(sources[spec], _expected(task))
                copy = await _first_line(answerer, hidden, task, who, k, True)
                if copy is not None:
                    yield copy
        finally:
            for s in sources.values():
                await s.aclose()


def summary(rows: list[dict[str, Any]], floor: float, low: float) -> list[str]:
    """Per side, how many first lines in the first-retrieved document, no table row,
    `names_the_ask` holds for within ASK_SLACK under the floor (what `ask_named` reads) and
    further under it down to `low`; then the words the lines leave unsaid, most often first."""
    band = floor - ASK_SLACK
    out = []
    for name, lo, hi in (("within the slack", band, floor), (f"from {low:.2f}", low, band)):
        counts: Counter[str] = Counter(
            side(r)
            for r in rows
            if lo <= r["score"] < hi and r["first_document"] and not r["row"] and r["named"]
        )
        out.append(f"named {name}: " + ", ".join(f"{s} {counts[s]}" for s in sorted(counts)))
    unsaid: Counter[tuple[str, str]] = Counter(
        (side(r), w)
        for r in rows
        if low <= r["score"] < floor and not r["named"]
        for w in r["unsaid"]
    )
    out.append("unsaid: " + ", ".join(f"{w} ({s}) {n}" for (s, w), n in unsaid.most_common(20)))
    return out


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tasks", nargs="+", type=Path)
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--low", type=float, default=0.15)
    ap.add_argument("--floor", type=float, default=0.35)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    rows = []
    sink = args.out.open("w") if args.out else None
    async for r in records(args.tasks, args.k):
        rows.append(r)
        if sink is not None:
            sink.write(json.dumps(r) + "\n")
        if args.low <= r["score"] < args.floor:
            print(f"{side(r):11} {r['score']:.2f} {r['id']}{' W' if r['withheld'] else ''}"
                  f" named={r['named']} unsaid={r['nearest'] or r['unsaid']} | {r['ask']}"
                  f" | {r['line'][:80]}")  # fmt: skip
    if sink is not None:
        sink.close()
    print("\n".join(summary(rows, args.floor, args.low)))


if __name__ == "__main__":
    asyncio.run(main())
