"""usearch options on bench/scale.py's vectors: recall@10 against exact, latency, build, memory.

    nice python bench/ann_options.py --keep DIR --size 100000 --base 690 \\
        --construction near-duplicate --options 32:f16:1,32:f16:4,32:f32:4,64:f16:4

Vectors only (no SQLite): the base vectors and query vectors bench/scale.py saved in `--keep`
DIR, with its constructions (`--base B` uses only the first B base vectors, so a 100k run
has the 1M run's density: 145 copies per base vector at B = 690). Each option is
`degree:scalar:rerank` (graph degree, the graph's scalar type, and candidates per wanted hit
re-scored exactly from the stored float16 vectors, as dense.py does; 1 = no re-scoring).
Search breadth is dense.EF_SEARCH. Latency is one query at a time, k=10.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import perturb
from wikiqa.store.dense import EF_SEARCH, load_usearch


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--keep", type=Path, required=True, help="bench/scale.py's --keep folder")
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--base", type=int, default=0, help="use only the first B base vectors")
    ap.add_argument("--construction", choices=["distinct", "near-duplicate"], default="distinct")
    ap.add_argument("--options", default="32:f16:1,32:f16:4,64:f16:4")
    args = ap.parse_args()
    base = np.load(args.keep / "base.npz")["vecs"].astype(np.float32)
    base = base[: args.base] if args.base else base
    queries = np.load(args.keep / "qvecs.npy").astype(np.float32)
    rng = np.random.default_rng(args.size)
    rows = np.arange(args.size)
    keep = rows < len(base) if args.construction == "near-duplicate" else np.zeros(args.size, bool)
    matrix = np.concatenate([
        perturb(base[rows[lo:lo + 50_000] % len(base)], keep[lo:lo + 50_000], rng)
        for lo in range(0, args.size, 50_000)
    ]).astype(np.float16).astype(np.float32)  # fmt: skip
    exact = [set(np.argsort(-(matrix @ q), kind="stable")[:10].tolist()) for q in queries]
    print(f"{args.size:,} vectors from {len(base)} base vectors, construction "
          f"{args.construction!r}, {len(queries)} queries, k=10, breadth {EF_SEARCH}")  # fmt: skip
    print("\n| degree | scalar | re-scored candidates | build s | graph MB | p50 ms | p95 ms "
          "| recall@10 |\n|---|---|---|---|---|---|---|---|")  # fmt: skip
    built: dict[tuple[int, str], tuple[object, float]] = {}
    index_cls = load_usearch()
    for option in args.options.split(","):
        degree, scalar, rerank = option.split(":")
        key = (int(degree), scalar)
        if key not in built:
            t = time.perf_counter()
            graph = index_cls(ndim=matrix.shape[1], metric="ip", dtype=scalar,
                              connectivity=int(degree), expansion_search=EF_SEARCH)  # fmt: skip
            graph.add(np.arange(args.size, dtype=np.uint64), matrix)
            built = {key: (graph, time.perf_counter() - t)}  # one graph in memory at a time
        graph, build_s = built[key]
        want = 10 * int(rerank)
        times, recall = [], []
        for q, truth in zip(queries, exact, strict=True):
            t = time.perf_counter()
            keys = np.asarray(graph.search(q, want).keys, dtype=np.int64)  # type: ignore[attr-defined]
            if want > 10:
                scores = matrix[keys] @ q
                keys = keys[np.lexsort((keys, -scores))][:10]
            times.append((time.perf_counter() - t) * 1000)
            recall.append(len(truth & set(keys[:10].tolist())) / 10)
        p95 = statistics.quantiles(times, n=20)[18]
        mem = graph.memory_usage / 2**20  # type: ignore[attr-defined]
        print(f"| {degree} | {scalar} | {want} | {build_s:.1f} | {mem:.0f} | "
              f"{statistics.median(times):.2f} | {p95:.2f} | {statistics.mean(recall):.3f} |",
              flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
