"""BEIR-format data for bench/retrieval.py: loading, building from SQuAD 2.0 / HotpotQA, and
the metrics (standard definitions, binary relevance, computed here rather than by pytrec_eval).
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Beir:
    corpus: dict[str, tuple[str, str]]  # doc id -> (title, text)
    queries: dict[str, str]
    qrels: dict[str, set[str]]  # query id -> relevant doc ids (score > 0)


def load_beir(folder: Path, split: str = "train", limit: int | None = None) -> Beir:
    """`limit` keeps the first N judged queries and a corpus of their relevant docs plus the
    first docs of the file up to about 10x N (a quick, still non-trivial iteration set)."""
    qrels: dict[str, set[str]] = {}
    with (folder / "qrels" / f"{split}.tsv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if float(row["score"]) > 0:
                qrels.setdefault(row["query-id"], set()).add(row["corpus-id"])
    queries = {}
    with (folder / "queries.jsonl").open(encoding="utf-8") as f:
        for line in f:
            q = json.loads(line)
            if q["_id"] in qrels:
                queries[q["_id"]] = q["text"]
    qrels = {q: d for q, d in qrels.items() if q in queries}
    if limit:
        keep = list(queries)[:limit]
        queries = {q: queries[q] for q in keep}
        qrels = {q: qrels[q] for q in keep}
    needed = set().union(*qrels.values()) if qrels else set()
    corpus = {}
    with (folder / "corpus.jsonl").open(encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            if limit is None or d["_id"] in needed or len(corpus) < 10 * limit:
                corpus[d["_id"]] = (d.get("title") or "", d["text"])
    return Beir(corpus, queries, qrels)


def build_beir(kind: str, source: Path, out: Path) -> None:
    """Write a BEIR folder (qrels/train.tsv) from squad2-dev.json or hotpotqa-dev-250.jsonl."""
    corpus: dict[str, tuple[str, str]] = {}
    queries: dict[str, str] = {}
    qrels: dict[str, set[str]] = {}
    if kind == "squad2":
        data = json.loads(source.read_text(encoding="utf-8"))
        for art in data["data"]:
            for i, para in enumerate(art["paragraphs"]):
                pid = f"{art['title']}#{i}"
                corpus[pid] = (art["title"].replace("_", " "), para["context"])
                for qa in para["qas"]:
                    if not qa.get("is_impossible"):
                        queries[qa["id"]] = qa["question"]
                        qrels[qa["id"]] = {pid}
    elif kind == "hotpotqa":
        by_text: dict[tuple[str, str], str] = {}
        for line in source.read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            qid = item["question_id"]
            queries[qid] = item["question_text"]
            for ctx in item["contexts"]:
                key = (ctx["title"], ctx["paragraph_text"])
                pid = by_text.setdefault(key, f"p{len(by_text)}")
                corpus[pid] = key
                if ctx.get("is_supporting"):
                    qrels.setdefault(qid, set()).add(pid)
        queries = {q: t for q, t in queries.items() if q in qrels}
    else:
        raise SystemExit(f"--build-beir: unknown kind {kind!r} (squad2 or hotpotqa)")
    (out / "qrels").mkdir(parents=True, exist_ok=True)
    with (out / "corpus.jsonl").open("w", encoding="utf-8") as f:
        for pid, (title, text) in corpus.items():
            f.write(json.dumps({"_id": pid, "title": title, "text": text}) + "\n")
    with (out / "queries.jsonl").open("w", encoding="utf-8") as f:
        for qid, text in queries.items():
            f.write(json.dumps({"_id": qid, "text": text}) + "\n")
    with (out / "qrels" / "train.tsv").open("w", encoding="utf-8") as f:
        f.write("query-id\tcorpus-id\tscore\n")
        for qid, docs in qrels.items():
            for pid in sorted(docs):
                f.write(f"{qid}\t{pid}\t1\n")
    print(f"wrote {out}: {len(corpus)} docs, {len(queries)} queries")


def ndcg_at(ranked: Sequence[str], relevant: set[str], k: int = 10) -> float:
    dcg = sum(1.0 / math.log2(i + 2) for i, d in enumerate(ranked[:k]) if d in relevant)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(k, len(relevant))))
    return dcg / ideal if ideal else 0.0


def recall_at(ranked: Sequence[str], relevant: set[str], k: int) -> float:
    return len(set(ranked[:k]) & relevant) / len(relevant) if relevant else 0.0


def mrr_at(ranked: Sequence[str], relevant: set[str], k: int = 10) -> float:
    for i, d in enumerate(ranked[:k]):
        if d in relevant:
            return 1.0 / (i + 1)
    return 0.0


def evaluate(runs: dict[str, list[str]], qrels: dict[str, set[str]]) -> dict[str, float]:
    """Mean nDCG@10, Recall@10, Recall@100, MRR@10 over the judged queries."""
    n = len(qrels)
    out = {"ndcg@10": 0.0, "recall@10": 0.0, "recall@100": 0.0, "mrr@10": 0.0}
    for qid, rel in qrels.items():
        ranked = runs.get(qid, [])
        out["ndcg@10"] += ndcg_at(ranked, rel) / n
        out["recall@10"] += recall_at(ranked, rel, 10) / n
        out["recall@100"] += recall_at(ranked, rel, 100) / n
        out["mrr@10"] += mrr_at(ranked, rel) / n
    return out


def dedupe(doc_ids: Sequence[str]) -> list[str]:
    """Chunk-level results to a document ranking (a document ranks at its best chunk)."""
    seen: dict[str, None] = {}
    for d in doc_ids:
        seen.setdefault(d, None)
    return list(seen)
