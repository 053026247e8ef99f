"""Format invariance: the same questions over Markdown originals and their PDF and DOCX
conversions (bench/convert_markdown.py) should get the same answers and citations.

    PYTHONPATH=src python bench/format_invariance.py [--out bench/results/format_invariance.json]

Corpora: the handbook battery (evals/collection/docs, 61 files) with its 102 tasks and their
principals, and the manual (docs/) with one question per setting in its configuration
tables ("What does the WIKIQA_X setting control?") and one per `##`/`###` heading ("What does
the manual say about <heading>?"); there is no task file for the manual. `tables`: one
question per row of every table in the handbook's public documents, by the row's first cell
and the second column's header, so the answer is a table row. Each corpus and format
is indexed into its own temporary collection with the default settings (hybrid retrieval,
bundled embedder) and asked with the extractive answerer through `wikiqa.pipeline.ask`.

Per question, against the Markdown run: the same outcome (answer vs refusal, refusal code),
the same answer text (whitespace-normalised; and again ignoring Markdown inline marks such as
backticks, which an export renders as type), the same cited documents (file stems), the same
quotes, and the same documents retrieved (top-1 and the top-k set, for refusals too).
Changed questions are listed with both answers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from convert_markdown import convert, parse
from wikiqa.pipeline import ask, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import embedder_from_settings
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Answer, Principal

ROOT = Path(__file__).resolve().parents[1]
_HEAD = re.compile(r"^#{2,3}\s+(.+?)\s*$", re.MULTILINE)
_SPACE = re.compile(r"\s+")
_MARK = re.compile(r"`|\*\*|__")
_SETTING = re.compile(r"^\| `(WIKIQA_[A-Z_]+)`", re.MULTILINE)


def handbook_questions() -> list[dict[str, Any]]:
    principals = json.loads((ROOT / "evals/collection/principals.json").read_text())
    out = []
    for line in (ROOT / "evals/collection/tasks.jsonl").read_text().splitlines():
        if line.strip():
            t = json.loads(line)
            who = principals.get(t.get("principal") or "anonymous", {})
            out.append({"id": t["id"], "question": t["question"], "principal": who})
    return out


def table_questions() -> list[dict[str, Any]]:
    """One question per data row of every table in the handbook's public documents, asked
    by the row's first cell and the second column's header ("Annual leave days for Berlin,
    Annual Leave Policy?"): the answer is a table row, found by what its header says."""
    out = []
    for md in sorted((ROOT / "evals/collection/docs").rglob("*.md")):
        meta, blocks = parse(md.read_text(encoding="utf-8"))
        if meta.get("access_scope") != "public":
            continue
        for block in blocks:
            if block.kind != "table" or len(block.rows) < 2 or len(block.rows[0]) < 2:
                continue
            header = block.rows[0]
            for row in block.rows[1:]:
                q = f"{header[1]} for {row[0]}, {meta.get('title', md.stem)}?"
                out.append({"id": f"{md.stem}:{row[0]}:{header[1]}", "question": q,
                            "principal": {}})  # fmt: skip
    return out


def manual_questions() -> list[dict[str, Any]]:
    out = []
    config = (ROOT / "docs/configuration.md").read_text(encoding="utf-8")
    for name in dict.fromkeys(_SETTING.findall(config)):
        q = f"What does the {name} setting control?"
        out.append({"id": f"configuration:{name}", "question": q, "principal": {}})
    for md in sorted((ROOT / "docs").glob("*.md")):
        for m in _HEAD.finditer(md.read_text(encoding="utf-8")):
            heading = m.group(1).strip("`*_ ")
            q = f"What does the manual say about {heading}?"
            out.append({"id": f"{md.stem}:{heading}", "question": q, "principal": {}})
    return out


def run(folder: Path, questions: list[dict[str, Any]], db: Path, settings: Settings) -> dict:
    store = SqliteStore.create(db)
    began = time.perf_counter()
    embedder = embedder_from_settings(settings) if settings.retrieval_mode != "lexical" else None
    report = index_path(store, folder, embedder=embedder)
    indexed = time.perf_counter() - began
    source = CollectionSource.from_settings(store, "collection:bench", settings)
    answerer = extractive_answerer(settings)
    results = {}
    for q in questions:
        principal = Principal(**q["principal"]) if q["principal"] else None
        r = ask(q["question"], source, settings=settings, answerer=answerer, principal=principal)
        hits = asyncio.run(source.search(q["question"], settings.search_k, principal))
        top = [Path(h.doc_id).with_suffix("").as_posix() for h in hits]
        if isinstance(r, Answer):
            results[q["id"]] = {
                "kind": "answer",
                "text": _SPACE.sub(" ", r.text).strip(),
                "docs": sorted({Path(c.doc_id).with_suffix("").as_posix() for c in r.citations}),
                "quotes": [_SPACE.sub(" ", c.quote).strip() for c in r.citations],
                "locations": [c.location for c in r.citations],
                "top": top,
            }
        else:
            results[q["id"]] = {"kind": "refusal", "code": r.code.value, "top": top}
    store.close()
    return {"results": results, "index_s": indexed, "skipped": report.skipped,
            "warnings": report.warnings, "documents": len(report.added)}  # fmt: skip


def _unmarked(text: str | None) -> str | None:
    """Answer text without Markdown inline marks (backticks, emphasis), which a PDF or Word
    export renders as type, not characters."""
    return None if text is None else _MARK.sub("", text)


def compare(base: dict, other: dict) -> dict[str, Any]:
    same_outcome = same_answer = same_docs = same_quotes = same_marks = top1 = topk = 0
    changed = []
    for qid, a in base.items():
        b = other[qid]
        outcome = a["kind"] == b["kind"] and a.get("code") == b.get("code")
        answer = outcome and a.get("text") == b.get("text")
        docs = outcome and a.get("docs") == b.get("docs")
        quotes = outcome and a.get("quotes") == b.get("quotes")
        same_outcome += outcome
        same_answer += answer
        same_docs += docs
        same_quotes += quotes
        same_marks += outcome and _unmarked(a.get("text")) == _unmarked(b.get("text"))
        top1 += a["top"][:1] == b["top"][:1]
        topk += sorted(set(a["top"])) == sorted(set(b["top"]))
        if not answer:
            changed.append({"id": qid, "markdown": a, "converted": b})
    n = len(base)
    answered = sum(1 for a in base.values() if a["kind"] == "answer")
    return {"questions": n, "markdown_answers": answered, "same_outcome": same_outcome, "same_answer": same_answer,
            "same_cited_docs": same_docs, "same_quotes": same_quotes,
            "same_answer_ignoring_inline_marks": same_marks, "same_top1_doc": top1,
            "same_retrieved_docs": topk,
            "same_answer_pct": round(100 * same_answer / n, 1), "changed": changed}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--corpus", choices=["handbook", "tables", "manual", "all"], default="all")
    args = ap.parse_args()
    settings = Settings()
    corpora = {"handbook": (ROOT / "evals/collection/docs", handbook_questions),
               "tables": (ROOT / "evals/collection/docs", table_questions),
               "manual": (ROOT / "docs", manual_questions)}  # fmt: skip
    summary: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, (src, make_questions) in corpora.items():
            if args.corpus not in (name, "all"):
                continue
            questions = make_questions()
            conv = Path(tmp) / name
            convert(src, conv, ["pdf", "docx"])
            runs = {"md": run(src, questions, Path(tmp) / f"{name}-md.sqlite", settings)}
            for fmt in ("pdf", "docx"):
                runs[fmt] = run(conv / fmt, questions, Path(tmp) / f"{name}-{fmt}.sqlite", settings)
            entry: dict[str, Any] = {"index": {f: {"documents": r["documents"],
                                                   "seconds": round(r["index_s"], 1),
                                                   "skipped": r["skipped"]}
                                               for f, r in runs.items()}}  # fmt: skip
            for fmt in ("pdf", "docx"):
                entry[fmt] = compare(runs["md"]["results"], runs[fmt]["results"])
                with_loc = sum(
                    1 for r in runs[fmt]["results"].values()
                    if r["kind"] == "answer" and all(r["locations"])
                )  # fmt: skip
                entry[fmt]["answers_with_location"] = with_loc
            summary[name] = entry
            for fmt in ("pdf", "docx"):
                c = entry[fmt]
                print(f"{name:8} {fmt:4} questions={c['questions']} "
                      f"answered from Markdown={c['markdown_answers']} same outcome={c['same_outcome']} "
                      f"same answer={c['same_answer']} ({c['same_answer_pct']}%) "
                      f"same ignoring inline marks={c['same_answer_ignoring_inline_marks']} "
                      f"same cited docs={c['same_cited_docs']} same quotes={c['same_quotes']} "
                      f"same top-1 doc={c['same_top1_doc']} "
                      f"same retrieved docs={c['same_retrieved_docs']} "
                      f"answers with a location={c['answers_with_location']}")  # fmt: skip
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
