"""Retrieval benchmark: wikiqa's store (lexical, dense, hybrid, hybrid+usearch) vs BM25 peers.

    python bench/retrieval.py --dataset ../shared/bench/scifact [--qrels train] [--limit N]
    python bench/retrieval.py --dataset ../shared/bench/squad2/squad2-dev.json
    python bench/retrieval.py --build-beir hotpotqa OUT_DIR [--source FILE]
    python bench/retrieval.py --dataset ../shared/bench/scifact --tune [--keep DIR]
    python bench/retrieval.py --store postgresql://USER@HOST:PORT/DB [--keep DIR]

The corpus goes through the real indexer (documents written as Markdown files with a title
in front matter, indexed with the bundled embedder) into a temporary SQLite collection.
Each system then runs in a fresh subprocess, so peak memory is that process's ru_maxrss
(build or open + all queries), shown with its delta over the process's post-import baseline.
Metrics are document-level (a document ranks at its best chunk), binary relevance:
nDCG@10, Recall@10, Recall@100, MRR@10. Latency: one query at a time, k=10, wall clock,
including query embedding, with the query-vector cache off (the "search only" columns give
it a precomputed query vector, and "query-embedding p50" times the embedding alone;
for systems that embed nothing they equal p50/p95). wikiqa's in-memory BM25 index is built
before the clock starts and counted in "build/open s", as the peers' indexes are.
Peers index title + text per document with identical tokens: lowercase \\w+ minus wikiqa's
stopwords, no stemming (wikiqa's FTS5 uses its porter tokenizer).

With `--store postgresql://...` the same documents are also indexed into that database
(collection `bench`, re-using the SQLite collection's vectors, so nothing is embedded twice)
and `pg-lexical`, `pg-dense`, `pg-hybrid` run beside the SQLite systems, with the agreement
of each PostgreSQL ranking with its SQLite twin (top-1 document, overlap of the top 10).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _beir import Beir, build_beir, dedupe, evaluate, load_beir

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "bench"
SYSTEMS = ["wikiqa-lexical", "wikiqa-dense", "wikiqa-hybrid", "wikiqa-hybrid-usearch",
           "rank_bm25", "bm25s"]  # fmt: skip
PG_SYSTEMS = ["pg-lexical", "pg-dense", "pg-hybrid"]
PG_COLLECTION = "bench"
DEPTH = 200  # chunks fetched per query for the metric pass (>= 100 distinct documents)


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _resolve_dataset(arg: Path, tmp: Path) -> Path | None:
    if not arg.exists():
        return None
    if arg.is_dir():
        return arg
    kind = "squad2" if arg.suffix == ".json" else "hotpotqa"
    out = tmp / f"beir-{kind}"
    build_beir(kind, arg, out)
    return out


# ----------------------------------------------------------------------------- workers


def _build(data: Beir, store_path: Path) -> dict[str, Any]:
    import yaml

    from wikiqa.store.embed import default_embedder
    from wikiqa.store.indexer import index_path
    from wikiqa.store.sqlite import SqliteStore

    docs_dir = store_path.parent / "docs"
    docs_dir.mkdir(parents=True, exist_ok=True)
    for n, (title, text) in enumerate(data.corpus.values()):
        front = yaml.safe_dump({"title": title or f"doc {n}"}, allow_unicode=True)
        (docs_dir / f"{n:06d}.md").write_text(f"---\n{front}---\n{text}\n", encoding="utf-8")
    embedder = default_embedder()
    spent = [0.0]
    inner = embedder.embed_for_storage

    def timed(texts: list[str]) -> list[bytes]:
        t = time.perf_counter()
        out = inner(texts)
        spent[0] += time.perf_counter() - t
        return out

    embedder.embed_for_storage = timed  # type: ignore[method-assign]
    base = _rss_mb()
    t0 = time.perf_counter()
    store = SqliteStore.create(store_path)
    report = index_path(store, docs_dir, embedder=embedder, batch_size=64)
    elapsed = time.perf_counter() - t0
    stats = store.stats()
    store.close()
    return {"build_s": elapsed, "embed_s": spent[0], "vectors": report.vectors,
            "chunks": stats["chunks"], "documents": stats["documents"], "bytes": stats["bytes"],
            "rss_mb": _rss_mb(), "rss_delta_mb": _rss_mb() - base}  # fmt: skip


def _build_pg(url: str, store_path: Path) -> dict[str, Any]:
    """Index the SQLite collection's documents into PostgreSQL with its stored vectors."""
    import numpy as np

    from wikiqa.store.embed import from_storage
    from wikiqa.store.indexer import embed_input, index_path
    from wikiqa.store.postgres import PostgresStore
    from wikiqa.store.sqlite import SqliteStore

    src = SqliteStore.open(store_path)
    info = src.embedding_info()
    width = int(info["dim"])
    rows = src._conn.execute(
        "SELECT d.title, c.heading, c.text, c.embedding FROM chunks c"
        " JOIN documents d ON d.id = c.doc_rowid"
    ).fetchall()
    src.close()
    cached = {embed_input(t, h, x): v for t, h, x, v in rows}

    class Cached:
        """The SQLite collection's vectors, looked up by the text the indexer embeds."""

        name, dim = info["model"], width

        def embed_for_storage(self, texts: list[str]) -> list[bytes]:
            return [cached[t] for t in texts]

        def embed(self, texts: list[str]) -> np.ndarray:
            return from_storage([cached[t] for t in texts], width)

    base = _rss_mb()
    t0 = time.perf_counter()
    store = PostgresStore.create(url, PG_COLLECTION)
    report = index_path(store, store_path.parent / "docs", embedder=Cached(), batch_size=64)
    elapsed = time.perf_counter() - t0
    stats = store.stats()
    store.close()
    return {"build_s": elapsed, "embed_s": 0.0, "vectors": report.vectors,
            "chunks": stats["chunks"], "documents": stats["documents"], "bytes": stats["bytes"],
            "rss_mb": _rss_mb(), "rss_delta_mb": _rss_mb() - base}  # fmt: skip


def _tokens(text: str) -> list[str]:
    from wikiqa.store.sqlite import STOPWORDS

    return [w for w in re.findall(r"\w+", text.lower()) if w not in STOPWORDS]


def _run_system(
    name: str, data: Beir, store_path: Path, n_latency: int, url: str | None = None
) -> dict[str, Any]:
    """Build or open `name`, run every query (metrics) and a k=10 latency pass."""
    import numpy as np

    base = _rss_mb()
    ids = list(data.corpus)
    qids = list(data.queries)
    t0 = time.perf_counter()
    search: Callable[[str, int], list[str]]
    vector_search: Callable[[Any, str, int], list[str]] | None = None
    query_vectors: Any = None
    if name.startswith(("wikiqa", "pg-")):
        from wikiqa.store.base import Store
        from wikiqa.store.embed import default_embedder
        from wikiqa.store.sqlite import SqliteStore

        mode = name.split("-")[1]
        store: Store
        if name.startswith("pg-"):
            from wikiqa.store.postgres import PostgresStore

            assert url is not None
            store = PostgresStore.open(url, PG_COLLECTION, embedder=default_embedder())
            store.search("warm up", 10, None, mode)  # type: ignore[arg-type]
        else:
            sq = store = SqliteStore.open(store_path)
            store.embedder = default_embedder()
            sq.vector_index = "usearch" if name.endswith("usearch") else "exact"
            sq.lexical_index()  # build the in-memory BM25 index up front (counted in ready_s)
            if mode != "lexical":
                sq.dense_index()  # load the matrix (and build the ANN graph) up front
        if mode != "lexical":
            assert store.embedder is not None
            store.embedder.embed_query("warm up")

        def search(q: str, k: int) -> list[str]:
            hits = store.search(q, k, None, mode)  # type: ignore[arg-type]
            return dedupe([ids[int(h.doc_id[:6])] for h in hits])

        if mode != "lexical":
            assert store.embedder is not None
            query_vectors = store.embedder.embed([data.queries[q] for q in qids])

            def vector_search(v: Any, q: str, k: int) -> list[str]:
                hits = store.search(q, k, None, mode, query_vector=v)  # type: ignore[arg-type]
                return [h.doc_id for h in hits]
    else:
        docs_tokens = [_tokens(f"{t}\n{x}") for t, x in data.corpus.values()]
        if name == "rank_bm25":
            from rank_bm25 import BM25Okapi

            bm = BM25Okapi(docs_tokens)

            def search(q: str, k: int) -> list[str]:
                scores = bm.get_scores(_tokens(q))
                top = np.argpartition(-scores, min(k, len(ids) - 1))[:k]
                return [ids[i] for i in top[np.argsort(-scores[top])]]
        else:
            import bm25s

            bm2 = bm25s.BM25()
            bm2.index(docs_tokens, show_progress=False)

            def search(q: str, k: int) -> list[str]:
                toks = _tokens(q) or ["the"]
                docs, _ = bm2.retrieve([toks], k=min(k, len(ids)), show_progress=False)
                return [ids[i] for i in docs[0]]

    ready_s = time.perf_counter() - t0
    depth = DEPTH if name.startswith(("wikiqa", "pg-")) else 100
    runs = {q: search(data.queries[q], depth)[:100] for q in qids}
    metrics = evaluate(runs, data.qrels)
    lat_q = qids[:n_latency]
    embed_times: list[float] = []
    if query_vectors is not None:
        # the metric pass filled the query cache: empty and disable it, so p50 includes the
        # embedding, and time the embedding alone (the floor of dense and hybrid latency)
        store.embedder.query_cache.size = 0  # type: ignore[union-attr]
        store.embedder.query_cache._items.clear()  # type: ignore[union-attr]
        for q in lat_q:
            t = time.perf_counter()
            store.embedder.embed([data.queries[q]])  # type: ignore[union-attr]
            embed_times.append((time.perf_counter() - t) * 1000)
    for q in lat_q[:5]:
        search(data.queries[q], 10)
    times = []
    for q in lat_q:
        t = time.perf_counter()
        search(data.queries[q], 10)
        times.append((time.perf_counter() - t) * 1000)
    out = {**metrics, "ready_s": ready_s, "p50_ms": statistics.median(times),
           "p95_ms": _pct(times, 95), "top10": {q: r[:10] for q, r in runs.items()}}  # fmt: skip
    if embed_times:
        out["embed_p50_ms"] = statistics.median(embed_times)
    if vector_search is not None:
        vt = []
        for i, q in enumerate(lat_q):
            t = time.perf_counter()
            vector_search(query_vectors[i], data.queries[q], 10)
            vt.append((time.perf_counter() - t) * 1000)
        out["search_p50_ms"] = statistics.median(vt)
        out["search_p95_ms"] = _pct(vt, 95)
    out["rss_mb"] = _rss_mb()
    out["rss_delta_mb"] = out["rss_mb"] - base
    return out


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def _tune(data: Beir, store_path: Path) -> dict[str, Any]:
    """Grid over fusion settings on the (train) qrels, in-sample and 2-fold cross-validated."""
    from wikiqa.store.embed import default_embedder
    from wikiqa.store.fusion import FusionConfig, fuse
    from wikiqa.store.sqlite import SqliteStore

    store = SqliteStore.open(store_path)
    store.embedder = default_embedder()
    ids = list(data.corpus)
    qids = list(data.queries)
    vecs = store.embedder.embed([data.queries[q] for q in qids])
    keys: dict[tuple[str, int | None], int] = {}
    lists = {}
    for i, q in enumerate(qids):
        lx = store.search(data.queries[q], DEPTH, None, "lexical")
        dn = store.search(data.queries[q], DEPTH, None, "dense", query_vector=vecs[i])
        lists[q] = [[(keys.setdefault((h.doc_id, h.start), len(keys)), h.score) for h in hits]
                    for hits in (lx, dn)]  # fmt: skip
    doc_of = {v: ids[int(k[0][:6])] for k, v in keys.items()}
    grid = [
        FusionConfig("rrf", rrf_k=rk, dense_weight=w, depth=d)
        for rk in (10, 30, 60, 100)
        for w in (0.5, 0.75, 1.0, 1.5, 2.0)
        for d in (50, 100, 200)
    ]
    grid += [FusionConfig("weighted", alpha=a / 10, depth=d)
             for a in range(1, 10) for d in (50, 100, 200)]  # fmt: skip

    def score(cfg: FusionConfig, subset: list[str]) -> float:
        runs = {}
        for q in subset:
            lx, dn = lists[q]
            fused = fuse(lx[: cfg.depth], dn[: cfg.depth], cfg)
            runs[q] = dedupe([doc_of[c] for c, _ in fused])[:100]
        return evaluate(runs, {q: data.qrels[q] for q in subset})["ndcg@10"]

    results = sorted(((score(c, qids), c) for c in grid), key=lambda x: -x[0])
    half = len(qids) // 2
    folds = [(qids[:half], qids[half:]), (qids[half:], qids[:half])]
    cv = []
    for fit, held in folds:
        best = max(grid, key=lambda c: score(c, fit))
        cv.append((best, score(best, held)))
    return {"top": [(round(s, 4), repr(c)) for s, c in results[:8]],
            "cv": [(repr(c), round(s, 4)) for c, s in cv],
            "cv_mean": round(sum(s for _, s in cv) / 2, 4)}  # fmt: skip


# ----------------------------------------------------------------------------- driver


def _worker(args: argparse.Namespace) -> None:
    data = load_beir(args.dataset, args.qrels, args.limit)
    store_path = Path(args.store_path)
    if args.worker == "build":
        out = _build(data, store_path)
    elif args.worker == "build-pg":
        out = _build_pg(args.store, store_path)
    elif args.worker == "tune":
        out = _tune(data, store_path)
    else:
        out = _run_system(args.worker, data, store_path, args.latency_queries, args.store)
    print("RESULT " + json.dumps(out), flush=True)


def _spawn(worker: str, args: argparse.Namespace, dataset: Path, store: Path) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--worker", worker, "--dataset", str(dataset),
           "--qrels", args.qrels, "--store-path", str(store),
           "--latency-queries", str(args.latency_queries)]  # fmt: skip
    if args.store:
        cmd += ["--store", args.store]
    if args.limit:
        cmd += ["--limit", str(args.limit)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=os.environ.copy())
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return dict(json.loads(line[7:]))
    raise SystemExit(f"worker {worker} failed:\n{proc.stderr[-3000:]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--dataset", type=Path, default=SHARED / "scifact")
    ap.add_argument("--qrels", default="train", help="qrels split (SciFact here has only train)")
    ap.add_argument("--limit", type=int, default=None, help="first N judged queries (iterate)")
    ap.add_argument("--systems", help=f"comma-separated (default: {','.join(SYSTEMS)}, "
                    f"and {','.join(PG_SYSTEMS)} with --store)")  # fmt: skip
    ap.add_argument("--store", help="a postgresql:// URL: also benchmark the PostgreSQL store")
    ap.add_argument("--latency-queries", type=int, default=400, help="p50/p95 over N queries")
    ap.add_argument("--keep", type=Path, help="keep/reuse the built collection in this dir")
    ap.add_argument("--tune", action="store_true", help="grid-search fusion on these qrels")
    ap.add_argument("--build-beir", nargs=2, metavar=("KIND", "OUT_DIR"))
    ap.add_argument("--source", type=Path, help="with --build-beir: the input file")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--store-path", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return _worker(args)
    if args.build_beir:
        kind, out = args.build_beir
        default = {"squad2": SHARED / "squad2/squad2-dev.json",
                   "hotpotqa": SHARED / "hotpotqa/hotpotqa-dev-250.jsonl"}  # fmt: skip
        src = args.source or default.get(kind, Path("-"))
        if not src.exists():
            print(f"skip: {src} not found (data lives in ../shared/bench)")
            return
        return build_beir(kind, src, Path(out))
    with tempfile.TemporaryDirectory(prefix="wikiqa-bench-") as tmp_name:
        tmp = Path(tmp_name)
        dataset = _resolve_dataset(args.dataset, tmp)
        if dataset is None or not (dataset / "qrels" / f"{args.qrels}.tsv").exists():
            print(f"skip: no BEIR data with qrels/{args.qrels}.tsv at {args.dataset}")
            return
        work = args.keep or tmp
        store = work / "collection" / "bench.sqlite"
        build: dict[str, Any] | None = None
        saved = store.parent / "build.json"  # a --keep dir remembers how its build went
        if not store.exists():
            store.parent.mkdir(parents=True, exist_ok=True)
            build = _spawn("build", args, dataset, store)
            saved.write_text(json.dumps(build))
        elif saved.exists():
            build = json.loads(saved.read_text())
        if args.tune:
            print(json.dumps(_spawn("tune", args, dataset, store), indent=1))
            return
        pg_build: dict[str, Any] | None = None
        if args.store:
            pg_build = _spawn("build-pg", args, dataset, store)
        systems = args.systems or ",".join(SYSTEMS + (PG_SYSTEMS if args.store else []))
        rows = {s: _spawn(s, args, dataset, store) for s in systems.split(",")}
        _print_table(args, dataset, build, rows)
        if pg_build:
            print(f"\nPostgreSQL collection: {pg_build['documents']} docs, {pg_build['chunks']} "
                  f"chunks, {pg_build['bytes'] / 1e6:.1f} MB with indexes, written in "
                  f"{pg_build['build_s']:.1f} s from the SQLite collection's vectors")  # fmt: skip
        _print_agreement(rows)


def _print_table(
    args: argparse.Namespace, dataset: Path, build: dict[str, Any] | None, rows: dict[str, Any]
) -> None:
    nq = len(load_beir(dataset, args.qrels, args.limit).qrels)
    print(f"\n{dataset} qrels/{args.qrels}.tsv, {nq} queries" + (f" (--limit {args.limit})"
          if args.limit else "") + f"; latency over {min(nq, args.latency_queries)} queries")  # fmt: skip
    if build:
        print(f"wikiqa index: {build['documents']} docs, {build['chunks']} chunks, "
              f"{build['bytes'] / 1e6:.1f} MB, build {build['build_s']:.1f} s (embedding "
              f"{build['embed_s']:.1f} s, {build['vectors'] / max(build['embed_s'], 1e-9):.1f} "
              f"chunks/s), peak RSS {build['rss_mb']:.0f} MB (+{build['rss_delta_mb']:.0f})")  # fmt: skip
    head = ("| system | nDCG@10 | R@10 | R@100 | MRR@10 | build/open s | p50 ms | p95 ms "
            "| p50 / bm25s | query-embedding p50 ms | p50 - embedding p50 ms | search-only p50 ms "
            "| search-only p95 ms | search-only p50 / bm25s | peak RSS MB (delta) |")  # fmt: skip
    print(head)
    print("|" + "---|" * 15)
    ref = rows.get("bm25s", {}).get("p50_ms")

    def ratio(ms: float) -> str:
        return f"{ms / ref:.1f}x" if ref else "-"

    for name, r in rows.items():
        # without a query vector to precompute (lexical, peers), search-only is the query
        sp50, sp95 = r.get("search_p50_ms", r["p50_ms"]), r.get("search_p95_ms", r["p95_ms"])
        e = r.get("embed_p50_ms")
        emb = f"{e:.2f}" if e is not None else "-"
        over = f"{r['p50_ms'] - e:+.2f}" if e is not None else "-"
        print(f"| {name} | {r['ndcg@10']:.4f} | {r['recall@10']:.4f} | {r['recall@100']:.4f} "
              f"| {r['mrr@10']:.4f} | {r['ready_s']:.2f} | {r['p50_ms']:.2f} | {r['p95_ms']:.2f} "
              f"| {ratio(r['p50_ms'])} | {emb} | {over} | {sp50:.2f} | {sp95:.2f} | {ratio(sp50)} "
              f"| {r['rss_mb']:.0f} ({r['rss_delta_mb']:+.0f}) |")  # fmt: skip


def _print_agreement(rows: dict[str, Any]) -> None:
    """How often each pg-MODE ranking matches wikiqa-MODE: top-1 document, top-10 overlap."""
    pairs = [(f"wikiqa-{m}", f"pg-{m}") for m in ("lexical", "dense", "hybrid")]
    pairs = [(a, b) for a, b in pairs if a in rows and b in rows]
    if not pairs:
        return
    print("\n| mode | top-1 same doc | overlap@10 (docs) | queries |\n|---|---|---|---|")
    for a, b in pairs:
        ra, rb = rows[a]["top10"], rows[b]["top10"]
        qs = [q for q in ra if ra[q]]
        top1 = sum(bool(rb.get(q)) and rb[q][0] == ra[q][0] for q in qs) / len(qs)
        over = sum(len(set(ra[q]) & set(rb.get(q, []))) / len(ra[q]) for q in qs) / len(qs)
        print(f"| {a.split('-')[1]} | {top1:.3f} | {over:.3f} | {len(qs)} |")


if __name__ == "__main__":
    main()
