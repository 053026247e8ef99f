"""Scaling benchmark: search latency, memory, build and load time at 10k, 100k and 1M chunks.

    nice python bench/scale.py --vectors COLLECTION.sqlite [--sizes 10000,100000,1000000]
        [--construction distinct|near-duplicate] [--keep DIR]

Collections are synthetic but made of real text: SciFact chunks (from `--dataset`) and the
vectors the bundled model gave them (read from `--vectors`, a collection indexed with the
bundled embedder, e.g. by bench/retrieval.py --keep; without it the first `--base` chunks are
embedded once here). Chunk i is a perturbed copy of base chunk i mod B (B = 6,890 for SciFact):
about 10% of its words dropped at random, and Gaussian noise (norm 0.5, cosine ~0.9 to the
base vector) added to its vector, re-normalised. Two constructions (stated in the output):

- `distinct` (default): every chunk is perturbed, so no two chunks are equal and no chunk is
  the centre of the others (real collections have many similar chunks, not a centre);
- `near-duplicate`: the first copy keeps the base text and vector and the others are perturbed
  around it, so at 1M chunks every original is a hub with ~145 near-copies around it (the
  pathological case for an HNSW graph: its neighbour pruning links each copy to the hub and
  the hub to at most 2 x degree copies, so the rest are hard to reach).

One document per chunk, public. Each size runs in two fresh subprocesses. `build`: the
collection is written through SqliteStore.upsert, then the BM25 index and the usearch graph
are built and saved beside it (bm25_file.py, dense.py; memory is the RSS growth while
building). `serve`: a new process opens the collection and loads each index (the saved ones
memory-mapped after their checksums are verified; exact dense reads every vector once).
Latency is search only: k=10, one query at a time, the dataset's first 300 queries with
precomputed query vectors (the query embedding, the floor of dense and hybrid latency, is
measured by bench/retrieval.py). usearch recall@10 is the share of exact search's top-10
chunks it returns. Finally one document is written and the next hybrid query timed with
WIKIQA_VECTOR_INDEX=auto (the write is applied to the loaded indexes, not rebuilt); the
written document is then deleted and the write token put back, so the collection is again
what its saved indexes describe. With `--keep DIR` the built collections stay in DIR and a
rerun serves them without rebuilding.
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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "bench"


def _peak_mb() -> float:
    """This process's peak RSS (VmHWM: unlike ru_maxrss it does not inherit the parent's)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


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


def perturb(vecs: np.ndarray, first: np.ndarray, rng: Any) -> np.ndarray:
    """Unit vectors: `vecs` plus Gaussian noise of norm ~0.5 where `first` is False."""
    out = vecs.astype(np.float32).copy()
    dim = out.shape[1]
    out[~first] += rng.normal(0, 0.5 / np.sqrt(dim), (int((~first).sum()), dim)).astype(np.float32)
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def _units(size: int, tmp: Path, construction: str) -> Iterator[tuple[Any, Any, bytes]]:
    """(document, chunks, vector bytes) of chunk 0..size (plus one more: the write test)."""
    from wikiqa.store.ingest import Chunk, LoadedDocument
    from wikiqa.types import Access, AccessScope

    base = json.loads((tmp / "base.json").read_text())["rows"]
    vecs = np.load(tmp / "base.npz")["vecs"].astype(np.float32)
    n_base = len(vecs)
    rng = np.random.default_rng(size)
    public = Access(access_scope=AccessScope.public)
    for lo in range(0, size + 1, 5000):
        rows = np.arange(lo, min(size + 1, lo + 5000))
        keep = rows < n_base if construction == "near-duplicate" else np.zeros(len(rows), bool)
        block = perturb(vecs[rows % n_base], keep, rng).astype(np.float16)
        for i, vec, kept in zip(rows.tolist(), block, keep.tolist(), strict=True):
            title, text, heading = base[i % n_base]
            if not kept:
                words = text.split()
                drop = rng.random(len(words)) <= 0.1
                text = " ".join(w for w, d in zip(words, drop, strict=True) if not d) or text
            doc = LoadedDocument(doc_id=f"u{i:07d}", path=Path(f"u{i}"), title=title, text=text,
                                 content_hash=str(i), access=public)  # fmt: skip
            yield doc, [Chunk(0, len(text), text, heading)], vec.tobytes()


def _lat(store: Any, mode: str, queries: list[str], qvecs: Any, vectors: bool = True) -> tuple[dict[str, float], list[list[str]]]:  # fmt: skip
    times, tops = [], []
    for q, v in zip(queries, qvecs, strict=True):
        t = time.perf_counter()
        hits = store.search(q, 10, None, mode, query_vector=v if vectors else None)
        times.append((time.perf_counter() - t) * 1000)
        tops.append([h.doc_id for h in hits])
    qs = statistics.quantiles(times, n=20)
    return {"p50_ms": statistics.median(times), "p95_ms": qs[18]}, tops


def build(size: int, tmp: Path, construction: str, path: Path) -> dict[str, Any]:
    """Write the collection and build + save its BM25 index and usearch graph."""
    from wikiqa.store.sqlite import SqliteStore

    out: dict[str, Any] = {"size": size}
    dim = int(np.load(tmp / "base.npz")["vecs"].shape[1])
    t0 = time.perf_counter()
    store = SqliteStore.create(path)
    store.set_embedding_info("all-MiniLM-L6-v2-onnx-int8", dim, "float16")
    units = _units(size, tmp, construction)
    for lo in range(0, size, 5000):
        with store.transaction() as conn:
            for _ in range(lo, min(size, lo + 5000)):
                doc, chunks, blob = next(units)
                store.upsert(doc, chunks, [blob], conn=conn)
    out["write_s"] = time.perf_counter() - t0
    out["db_mb"] = path.stat().st_size / 2**20
    store.close()
    store = SqliteStore.open(path)
    for name, load in [("lexical", store.lexical_index), ("usearch", store.dense_index)]:
        store.vector_index = "usearch"
        rss = _rss_mb()
        t = time.perf_counter()
        load()
        out[name] = {"build_s": time.perf_counter() - t, "build_mem_mb": _rss_mb() - rss}
        store._lexical_view = store._dense_view = None  # free it before the next build
    out["peak_rss_mb"] = _peak_mb()
    store.close()
    return out


def serve(size: int, tmp: Path, construction: str, path: Path) -> dict[str, Any]:
    """Open the built collection in a fresh process: load, search, write, search."""
    from wikiqa.store.sqlite import SqliteStore

    queries = json.loads((tmp / "queries.json").read_text())
    qvecs = np.load(tmp / "qvecs.npy")
    out: dict[str, Any] = {"size": size}
    store = SqliteStore.open(path)
    rss0 = _rss_mb()
    t = time.perf_counter()
    lexical = store.lexical_index()
    out["lexical"] = {"load_s": time.perf_counter() - t, "mem_mb": _rss_mb() - rss0,
                      "engine": "memory" if lexical is not None else "FTS5"}  # fmt: skip
    for kind in ("exact", "usearch"):
        rss = _rss_mb()
        t = time.perf_counter()
        store.vector_index = kind  # type: ignore[assignment]
        store.dense_index()
        out[kind] = {"load_s": time.perf_counter() - t, "mem_mb": _rss_mb() - rss}
        if kind == "exact":
            exact_view = store._dense_view
    out["lexical"].update(_lat(store, "lexical", queries, qvecs, vectors=False)[0])
    ann_view = store._dense_view
    store.vector_index = "exact"
    store._dense_view = exact_view
    res, exact_tops = _lat(store, "dense", queries, qvecs)
    out["exact"].update(res)
    out["hybrid-exact"] = _lat(store, "hybrid", queries, qvecs)[0]
    store.vector_index = "usearch"
    store._dense_view = ann_view
    res, ann_tops = _lat(store, "dense", queries, qvecs)
    out["usearch"].update(res)
    out["usearch"]["recall10"] = statistics.mean(
        len(set(a) & set(e)) / max(len(e), 1) for a, e in zip(ann_tops, exact_tops, strict=True)
    )
    out["hybrid-usearch"] = _lat(store, "hybrid", queries, qvecs)[0]
    again = SqliteStore.open(path)  # what the next process pays now that the files exist
    for key, load in [("lexical", again.lexical_index), ("usearch", again.dense_index)]:
        again.vector_index = "usearch"
        t = time.perf_counter()
        load()
        out[key]["reload_s"] = time.perf_counter() - t
    again.close()
    del again
    # one-document write while serving, then the first query (applies the write), as `auto`
    store.vector_index = "auto"
    store.search(queries[2], 10, None, "hybrid", query_vector=qvecs[2])
    auto_kind = store.dense_index().kind
    doc, chunks, blob = _last(size, tmp, construction)
    doc.doc_id, doc.text = "written", "a new document about stem cells and cancer " + doc.text
    chunks = [type(chunks[0])(0, len(doc.text), doc.text, "")]
    token = store._conn.execute("SELECT value FROM meta WHERE key = 'write_token'").fetchone()
    t = time.perf_counter()
    with store.transaction() as conn:
        store.upsert(doc, chunks, [blob], conn)
    w = time.perf_counter() - t
    t = time.perf_counter()
    hits = store.search(queries[0], 10, None, "hybrid", query_vector=qvecs[0])
    first = time.perf_counter() - t
    t = time.perf_counter()
    store.search(queries[1], 10, None, "hybrid", query_vector=qvecs[1])
    out["write"] = {"commit_ms": w * 1000, "first_query_ms": first * 1000, "kind": auto_kind,
                    "next_query_ms": (time.perf_counter() - t) * 1000,
                    "applied": store.dense_index().live is not None, "hits": len(hits)}  # fmt: skip
    out["peak_rss_mb"] = _peak_mb()
    store.close()
    _undo_write(path, token)
    return out


def _undo_write(path: Path, token: tuple[str] | None) -> None:
    """Delete the written document and put back the write token, so the collection is again
    exactly what its saved indexes describe (a --keep rerun serves them, not rebuilds)."""
    from wikiqa.store.sqlite import SqliteStore

    store = SqliteStore.open(path)
    store.delete("written")
    if token is not None:
        store._conn.execute("UPDATE meta SET value = ? WHERE key = 'write_token'", token)
    store.close()


def _last(size: int, tmp: Path, construction: str) -> tuple[Any, Any, bytes]:
    """The unit after the collection's last chunk (generated without the earlier ones' text)."""
    from wikiqa.store.ingest import Chunk, LoadedDocument
    from wikiqa.types import Access, AccessScope

    base = json.loads((tmp / "base.json").read_text())["rows"]
    vecs = np.load(tmp / "base.npz")["vecs"].astype(np.float32)
    i = size % len(vecs)
    title, text, heading = base[i]
    vec = perturb(vecs[i : i + 1], np.zeros(1, bool), np.random.default_rng(0))[0]
    doc = LoadedDocument(doc_id="written", path=Path("w"), title=title, text=text,
                         content_hash="w", access=Access(access_scope=AccessScope.public))  # fmt: skip
    return doc, [Chunk(0, len(text), text, heading)], vec.astype(np.float16).tobytes()


# ----------------------------------------------------------------------------- main


def _run(phase: str, size: int, tmp: Path, construction: str, path: Path) -> dict[str, Any] | None:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    t = time.perf_counter()
    cmd = [
        sys.executable,
        __file__,
        "--worker",
        phase,
        str(size),
        str(tmp),
        construction,
        str(path),
    ]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if proc.returncode:
        print(
            f"{size} {phase}: failed after {time.perf_counter() - t:.0f} s:\n{proc.stderr[-1500:]}"
        )
        return None
    out: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--dataset", type=Path, default=SHARED / "scifact")
    ap.add_argument("--vectors", type=Path, help="a collection indexed with the bundled model")
    ap.add_argument("--base", type=int, default=2000, help="chunks to embed without --vectors")
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--queries", type=int, default=300, help="first N queries of the dataset")
    ap.add_argument("--construction", choices=["distinct", "near-duplicate"], default="distinct")
    ap.add_argument("--keep", type=Path, help="keep the built collections here (and reuse them)")
    ap.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        phase, size, tmp, construction, path = args.worker
        fn = build if phase == "build" else serve
        print(json.dumps(fn(int(size), Path(tmp), construction, Path(path))))
        return
    tmp = args.keep or Path(tempfile.mkdtemp(prefix="wikiqa-bench-scale-"))
    tmp.mkdir(parents=True, exist_ok=True)
    if not (tmp / "qvecs.npy").exists():
        _base(args.vectors, args.dataset, args.base, tmp)
        _queries(args.dataset, tmp, args.queries)
    info = json.loads((tmp / "base.json").read_text())["source"]
    n_q = len(json.loads((tmp / "queries.json").read_text()))
    how = ("every chunk perturbed" if args.construction == "distinct" else
           "the first copy of each base chunk kept as is, the others perturbed around it")  # fmt: skip
    print(f"base: {info}; construction {args.construction!r}: {how} (~10% of words dropped, "
          f"vector + Gaussian noise of norm 0.5, cos ~0.9 to the base); {n_q} queries, k=10; "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    results = []
    for size in [int(s) for s in args.sizes.split(",")]:
        path = tmp / f"c{size}-{args.construction}.sqlite"
        built = path.with_suffix(".build.json")
        if not built.exists():
            for p in tmp.glob(f"{path.name}*"):
                p.unlink()
            b = _run("build", size, tmp, args.construction, path)
            if b is None:
                continue
            built.write_text(json.dumps(b))
        b = json.loads(built.read_text())
        r = _run("serve", size, tmp, args.construction, path)
        if r is None:
            continue
        r["build"] = b
        results.append(r)
        print(json.dumps(r), flush=True)
        if args.keep is None:
            for p in tmp.glob(f"{path.name}*"):
                p.unlink()
    print("\n| chunks | index | build s | build memory MB | load s | memory MB | load again s "
          "| p50 ms | p95 ms | recall@10 |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        for key, label in [("lexical", f"lexical ({r['lexical']['engine']})"), ("exact", "dense exact"),
                           ("usearch", "dense usearch"), ("hybrid-exact", "hybrid exact"),
                           ("hybrid-usearch", "hybrid usearch")]:  # fmt: skip
            m, bm = r[key], r["build"].get(key, {})
            cells = [f"{bm['build_s']:.1f}" if "build_s" in bm else "-",
                     f"{bm['build_mem_mb']:.0f}" if "build_mem_mb" in bm else "-",
                     f"{m['load_s']:.2f}" if "load_s" in m else "-",
                     f"{m['mem_mb']:.0f}" if "mem_mb" in m else "-",
                     f"{m['reload_s']:.2f}" if "reload_s" in m else "-",
                     f"{m['p50_ms']:.2f}", f"{m['p95_ms']:.2f}",
                     f"{m['recall10']:.3f}" if "recall10" in m else "-"]  # fmt: skip
            print(f"| {r['size']:,} | {label} | " + " | ".join(cells) + " |")
    print("\n| chunks | collection written s | DB MB | peak RSS build MB | one-doc write commit ms "
          "| first query after ms (auto = ...) | next query ms | applied incrementally "
          "| peak RSS serve MB |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        w, b = r["write"], r["build"]
        print(f"| {r['size']:,} | {b['write_s']:.0f} | {b['db_mb']:.0f} | {b['peak_rss_mb']:.0f} | "
              f"{w['commit_ms']:.1f} | {w['first_query_ms']:.1f} ({w['kind']}) | "
              f"{w['next_query_ms']:.1f} | {w['applied']} | {r['peak_rss_mb']:.0f} |")  # fmt: skip


if __name__ == "__main__":
    main()
