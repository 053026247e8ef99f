"""Scaling benchmark: search latency, memory and load time at 10k, 100k and 1M chunks.

    nice python bench/scale.py --vectors COLLECTION.sqlite [--sizes 10000,100000,1000000]

Collections are synthetic but made of real text: SciFact chunks (from `--dataset`) and the
vectors the bundled model gave them (read from `--vectors`, a collection indexed with the
bundled embedder, e.g. by bench/indexing.py; without it the first `--base` chunks are
embedded once here). Chunk i is base chunk i mod B; copies after the first drop ~10% of the
words at random, and their vectors get Gaussian noise (cosine ~0.9 to the original) and are
re-normalised: near-duplicates, a hard case for an HNSW graph. One document per chunk, public.

Each size runs in a fresh subprocess: the collection is written through SqliteStore.upsert,
reopened, then each index is loaded once (the usearch graph is built from the already loaded
matrix: nothing loads the collection twice). Latency is search only: k=10, one query at a
time, the dataset's first 300 queries with precomputed query vectors (the query embedding, the floor
of dense and hybrid latency, is measured by bench/retrieval.py). Memory is the RSS growth
when an index is loaded. usearch recall@10 is the share of exact search's top-10 chunks it
returns. Finally one document is written and the next hybrid query timed (the write is
applied to the loaded indexes, not rebuilt).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "bench"


def _rss_mb() -> float:
    import psutil

    gc.collect()
    return float(psutil.Process().memory_info().rss) / 2**20


def _base(vectors: Path | None, dataset: Path, base: int, tmp: Path) -> Path:
    """(title, text, heading) and float16 vector of the base chunks, saved to tmp."""
    import numpy as np

    out = tmp / "base.npz"
    if vectors is not None:
        import sqlite3

        conn = sqlite3.connect(f"file:{vectors}?mode=ro", uri=True)
        rows = conn.execute(
            "SELECT d.title, c.text, c.heading, c.embedding FROM chunks c JOIN documents d"
            " ON d.id = c.doc_rowid WHERE c.embedding IS NOT NULL ORDER BY c.id"
        ).fetchall()
        model = conn.execute("SELECT value FROM meta WHERE key = 'embedding_model'").fetchone()
        conn.close()
        vecs = np.frombuffer(b"".join(r[3] for r in rows), dtype=np.float16).reshape(len(rows), -1)
        source = f"{len(rows)} chunks and their {model[0]} vectors from {vectors}"
    else:
        from wikiqa.store.embed import default_embedder
        from wikiqa.store.indexer import embed_input

        rows = []
        with (dataset / "corpus.jsonl").open(encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                rows.append((r.get("title") or "", r["text"], ""))
                if len(rows) >= base:
                    break
        texts = [embed_input(t, h, x) for t, x, h in rows]
        vecs = default_embedder().embed_bulk(texts).astype(np.float16)
        source = f"{len(rows)} {dataset.name} abstracts embedded once with the bundled model"
    meta = [(r[0], r[1], r[2]) for r in rows]
    np.savez(out, vecs=vecs)
    (tmp / "base.json").write_text(json.dumps({"rows": meta, "source": source}))
    return out


def _queries(dataset: Path, tmp: Path, limit: int) -> None:
    from wikiqa.store.embed import default_embedder

    qrels = dataset / "qrels" / "test.tsv"
    wanted = (
        {ln.split("\t")[0] for ln in qrels.read_text().splitlines()[1:]} if qrels.exists() else None
    )
    qs = []
    with (dataset / "queries.jsonl").open(encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if wanted is None or r["_id"] in wanted:
                qs.append(r["text"])
            if len(qs) >= limit:
                break
    import numpy as np

    np.save(tmp / "qvecs.npy", default_embedder().embed(qs))
    (tmp / "queries.json").write_text(json.dumps(qs))


# ----------------------------------------------------------------------------- worker


def worker(size: int, tmp: Path) -> dict[str, Any]:
    import numpy as np

    from wikiqa.store.ingest import Chunk, LoadedDocument
    from wikiqa.store.sqlite import SqliteStore
    from wikiqa.types import Access, AccessScope

    base = json.loads((tmp / "base.json").read_text())["rows"]
    vecs = np.load(tmp / "base.npz")["vecs"].astype(np.float32)
    queries = json.loads((tmp / "queries.json").read_text())
    qvecs = np.load(tmp / "qvecs.npy")
    n_base, dim = vecs.shape
    rng = np.random.default_rng(size)
    public = Access(access_scope=AccessScope.public)
    path = tmp / f"c{size}.sqlite"

    def unit(i: int) -> tuple[LoadedDocument, list[Chunk], list[bytes]]:
        title, text, heading = base[i % n_base]
        vec = vecs[i % n_base]
        if i >= n_base:
            words = text.split()
            keep = rng.random(len(words)) > 0.1
            text = " ".join(w for w, k in zip(words, keep, strict=True) if k) or text
            vec = vec + rng.normal(0, 0.5 / np.sqrt(dim), dim).astype(np.float32)
            vec = vec / np.linalg.norm(vec)
        doc = LoadedDocument(doc_id=f"u{i:07d}", path=Path(f"u{i}"), title=title, text=text,
                             content_hash=str(i), access=public)  # fmt: skip
        return doc, [Chunk(0, len(text), text, heading)], [vec.astype(np.float16).tobytes()]

    t0 = time.perf_counter()
    store = SqliteStore.create(path)
    store.set_embedding_info("all-MiniLM-L6-v2-onnx-int8", dim, "float16")
    for lo in range(0, size, 5000):
        with store.transaction() as conn:
            for i in range(lo, min(size, lo + 5000)):
                store.upsert(*unit(i), conn=conn)
    write_s = time.perf_counter() - t0
    store.close()
    store = SqliteStore.open(path)
    out: dict[str, Any] = {"size": size, "write_s": write_s, "db_mb": path.stat().st_size / 2**20}
    rss0 = _rss_mb()
    t = time.perf_counter()
    lexical = store.lexical_index()
    out["lexical"] = {"load_s": time.perf_counter() - t, "mem_mb": _rss_mb() - rss0,
                      "engine": "memory" if lexical is not None else "FTS5"}  # fmt: skip
    rss1 = _rss_mb()
    t = time.perf_counter()
    store.vector_index = "exact"
    store.dense_index()
    out["exact"] = {"load_s": time.perf_counter() - t, "mem_mb": _rss_mb() - rss1}

    def lat(mode: str, vectors: bool = True) -> tuple[dict[str, float], list[list[str]]]:
        times, tops = [], []
        for q, v in zip(queries, qvecs, strict=True):
            t = time.perf_counter()
            hits = store.search(q, 10, None, mode, query_vector=v if vectors else None)  # type: ignore[arg-type]
            times.append((time.perf_counter() - t) * 1000)
            tops.append([h.doc_id for h in hits])
        qs = statistics.quantiles(times, n=20)
        return {"p50_ms": statistics.median(times), "p95_ms": qs[18]}, tops

    out["lexical"].update(lat("lexical", vectors=False)[0])
    res, exact_tops = lat("dense")
    out["exact"].update(res)
    out["hybrid-exact"] = lat("hybrid")[0]
    # one-document write while serving, then the first query (applies the write)
    doc, chunks, blobs = unit(size)
    doc.doc_id, doc.text = "written", "a new document about stem cells and cancer " + doc.text
    chunks = [Chunk(0, len(doc.text), doc.text, "")]
    t = time.perf_counter()
    with store.transaction() as conn:
        store.upsert(doc, chunks, blobs, conn)
    w = time.perf_counter() - t
    t = time.perf_counter()
    hits = store.search(queries[0], 10, None, "hybrid", query_vector=qvecs[0])
    first = time.perf_counter() - t
    t = time.perf_counter()
    store.search(queries[1], 10, None, "hybrid", query_vector=qvecs[1])
    out["write"] = {"commit_ms": w * 1000, "first_query_ms": first * 1000,
                    "next_query_ms": (time.perf_counter() - t) * 1000,
                    "applied": store.dense_index().live is not None, "hits": len(hits)}  # fmt: skip
    rss2 = _rss_mb()
    t = time.perf_counter()
    store.vector_index = "usearch"
    store.dense_index()
    out["usearch"] = {"load_s": time.perf_counter() - t, "mem_mb": _rss_mb() - rss2}
    res, ann_tops = lat("dense")
    out["usearch"].update(res)
    out["usearch"]["recall10"] = statistics.mean(
        len(set(a) & set(e)) / max(len(e), 1) for a, e in zip(ann_tops, exact_tops, strict=True)
    )
    out["hybrid-usearch"] = lat("hybrid")[0]
    import resource

    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    store.close()
    path.unlink()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return out


# ----------------------------------------------------------------------------- main


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--dataset", type=Path, default=SHARED / "scifact")
    ap.add_argument("--vectors", type=Path, help="a collection indexed with the bundled model")
    ap.add_argument("--base", type=int, default=2000, help="chunks to embed without --vectors")
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--queries", type=int, default=300, help="first N queries of the dataset")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(int(args.worker[0]), Path(args.worker[1]))))
        return
    tmp = Path(tempfile.mkdtemp(prefix="wikiqa-bench-scale-"))
    _base(args.vectors, args.dataset, args.base, tmp)
    _queries(args.dataset, tmp, args.queries)
    info = json.loads((tmp / "base.json").read_text())["source"]
    n_q = len(json.loads((tmp / "queries.json").read_text()))
    print(f"base: {info}; copies perturbed (10% words dropped, vector noise, cos ~0.9); "
          f"{n_q} queries, k=10; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    results = []
    for size in [int(s) for s in args.sizes.split(",")]:
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, __file__, "--worker", str(size), str(tmp)],
                              env=env, capture_output=True, text=True)  # fmt: skip
        if proc.returncode:
            print(f"{size}: failed after {time.perf_counter() - t:.0f} s:\n{proc.stderr[-1500:]}")
            continue
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        results.append(r)
        print(json.dumps(r), flush=True)
    print("\n| chunks | index | load/build s | memory MB | p50 ms | p95 ms | recall@10 |")
    print("|---|---|---|---|---|---|---|")
    for r in results:
        for key, label in [("lexical", f"lexical ({r['lexical']['engine']})"), ("exact", "dense exact"),
                           ("usearch", "dense usearch"), ("hybrid-exact", "hybrid exact"),
                           ("hybrid-usearch", "hybrid usearch")]:  # fmt: skip
            m = r[key]
            load = f"{m['load_s']:.2f}" if "load_s" in m else "-"
            mem = f"{m['mem_mb']:.0f}" if "mem_mb" in m else "-"
            rec = f"{m['recall10']:.3f}" if "recall10" in m else "-"
            print(f"| {r['size']:,} | {label} | {load} | {mem} | {m['p50_ms']:.2f} | "
                  f"{m['p95_ms']:.2f} | {rec} |")  # fmt: skip
    print("\n| chunks | collection written s | DB MB | one-doc write commit ms | first query after ms "
          "| next query ms | applied incrementally | peak RSS MB |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        w = r["write"]
        print(f"| {r['size']:,} | {r['write_s']:.0f} | {r['db_mb']:.0f} | {w['commit_ms']:.1f} | "
              f"{w['first_query_ms']:.1f} | {w['next_query_ms']:.1f} | {w['applied']} | "
              f"{r['peak_rss_mb']:.0f} |")  # fmt: skip


if __name__ == "__main__":
    main()
