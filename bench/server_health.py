"""Does a heavy question stall the server? /healthz latency idle and under load, offload off/on.

Starts `wikiqa serve` as a subprocess on 127.0.0.1 (a fresh WIKIQA_HOME each run, so every
cache is cold), measures GET /healthz idle, then again while N heavy questions run at once.
A heavy question is the first one asked of its own `docs:` folder of generated prose: the
request indexes the folder, builds the in-memory BM25 index, then reads and sentence-splits
the largest documents. Run twice, with WIKIQA_WORKER_THREADS=0 (all of it on the event
loop, as before issue 7) and with the worker pool, and printed side by side. Offline.

    .venv/bin/python bench/server_health.py [--concurrency 2] [--files 40] [--kb 150]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

SRC = Path(__file__).resolve().parents[1] / "src"
QUESTION = "Who was the lighthouse keeper on Vardø?"
ANSWER = "The lighthouse keeper on Vardø was named Ingrid Solberg."
_WORDS = [
    "harbour",
    "river",
    "council",
    "village",
    "market",
    "winter",
    "summer",
    "island",
    "mountain",
    "railway",
    "station",
    "museum",
    "library",
    "bridge",
    "castle",
    "forest",
    "valley",
    "school",
    "church",
    "festival",
    "theatre",
    "garden",
    "factory",
    "mill",
    "farm",
    "road",
    "canal",
    "tower",
    "square",
    "fishing",
    "timber",
    "copper",
    "iron",
    "wool",
    "grain",
    "harvest",
    "storm",
    "north",
    "south",
    "east",
    "west",
    "old",
    "new",
    "great",
    "small",
    "long",
    "early",
    "late",
    "local",
    "regional",
    "annual",
]


def make_corpus(folder: Path, files: int, kb: int, seed: int = 0) -> None:
    """`files` Markdown files of about `kb` KB of plain prose; the first holds ANSWER."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(files):
        paras: list[str] = []
        size = 0
        while size < kb * 1024:
            sentences = []
            for _ in range(rng.randint(3, 7)):
                w = [rng.choice(_WORDS) for _ in range(rng.randint(8, 20))]
                sentences.append(
                    f"{w[0].capitalize()} {' '.join(w[1:])} in {rng.randint(1700, 2020)}."
                )
            paras.append(" ".join(sentences))
            size += len(paras[-1]) + 2
        if i == 0:
            paras.insert(1, ANSWER)
        (folder / f"doc{i:03d}.md").write_text(f"# Town record {i}\n\n" + "\n\n".join(paras))


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(env: dict[str, str], startup_s: float = 60) -> Iterator[str]:
    """`wikiqa serve` in a subprocess with `env` over the current environment; yields its
    base URL once /healthz answers, and stops it on exit."""
    port = _free_port()
    full = {**os.environ, "PYTHONPATH": str(SRC), **env}
    cmd = [sys.executable, "-m", "wikiqa.cli.main", "serve", "--port", str(port)]
    proc = subprocess.Popen(cmd, env=full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup_s
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited: {proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server did not start")
            time.sleep(0.05)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def healthz_samples(base: str, stop: threading.Event, every_s: float = 0.01) -> list[float]:
    """GET /healthz in a loop (one keep-alive connection) until `stop`; latencies in ms."""
    out: list[float] = []
    with httpx.Client(base_url=base, timeout=60) as client:
        while not stop.is_set():
            started = time.perf_counter()
            client.get("/healthz").raise_for_status()
            out.append((time.perf_counter() - started) * 1000)
            time.sleep(every_s)
    return out


@dataclass
class Figures:
    idle: list[float]  # /healthz ms with nothing else running
    loaded: list[float]  # /healthz ms while the heavy questions ran
    heavy_s: list[float]  # each heavy question's wall time
    answers: list[str]  # each heavy question's "kind"


def measure(base: str, sources: list[str], idle_samples: int = 100) -> Figures:
    """Idle /healthz, then /healthz sampled while one heavy question per source runs."""
    with httpx.Client(base_url=base, timeout=60) as client:
        idle = []
        for _ in range(idle_samples):
            started = time.perf_counter()
            client.get("/healthz").raise_for_status()
            idle.append((time.perf_counter() - started) * 1000)
    heavy_s: list[float] = [0.0] * len(sources)
    answers: list[str] = [""] * len(sources)

    def heavy(i: int) -> None:
        started = time.perf_counter()
        r = httpx.post(
            f"{base}/api/ask", json={"question": QUESTION, "source": sources[i]}, timeout=600
        )
        heavy_s[i] = time.perf_counter() - started
        answers[i] = r.json().get("kind", f"HTTP {r.status_code}")

    stop = threading.Event()
    loaded: list[float] = []
    sampler = threading.Thread(target=lambda: loaded.extend(healthz_samples(base, stop)))
    workers = [threading.Thread(target=heavy, args=(i,)) for i in range(len(sources))]
    sampler.start()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    stop.set()
    sampler.join()
    return Figures(idle, loaded, heavy_s, answers)


def run(threads: int, concurrency: int, files: int, kb: int) -> Figures:
    """One server with WIKIQA_WORKER_THREADS=`threads`, fresh home and folders."""
    with tempfile.TemporaryDirectory(prefix="wikiqa-health-") as tmp:
        folders = [Path(tmp) / f"docs{i}" for i in range(concurrency)]
        for i, folder in enumerate(folders):
            make_corpus(folder, files, kb, seed=i)
        sources = [f"docs:{f}" for f in folders]
        env = {
            "WIKIQA_HOME": str(Path(tmp) / "home"),
            "WIKIQA_CACHE_DIR": str(Path(tmp) / "cache"),
            "WIKIQA_SOURCE": sources[0],
            "WIKIQA_API_SOURCES": json.dumps(sources[1:]),
            "WIKIQA_RETRIEVAL_MODE": "lexical",
            "WIKIQA_WORKER_THREADS": str(threads),
        }
        with serve(env) as base:
            return measure(base, sources)


def main() -> None:
    from rich.console import Console
    from rich.table import Table

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--concurrency", type=int, default=2, help="heavy questions at once")
    ap.add_argument("--files", type=int, default=40, help="files per docs: folder")
    ap.add_argument("--kb", type=int, default=150, help="KB per file")
    ap.add_argument("--threads", type=int, default=2, help="WIKIQA_WORKER_THREADS for 'after'")
    args = ap.parse_args()
    results = {
        label: run(threads, args.concurrency, args.files, args.kb)
        for label, threads in (("before (offload off, threads=0)", 0),
                               (f"after (threads={args.threads})", args.threads))
    }  # fmt: skip
    table = Table(
        title=f"/healthz latency (ms); {args.concurrency} concurrent heavy questions, each a "
        f"fresh docs: folder of {args.files} x {args.kb} KB"
    )
    table.add_column("")
    for label in results:
        table.add_column(label, justify="right")

    def row(name: str, get: object) -> None:
        table.add_row(name, *(get(f) for f in results.values()))  # type: ignore[operator]

    row("idle p50", lambda f: f"{statistics.median(f.idle):.1f}")
    row("idle p95", lambda f: f"{percentile(f.idle, 0.95):.1f}")
    row("loaded p50", lambda f: f"{statistics.median(f.loaded):.1f}")
    row("loaded p95", lambda f: f"{percentile(f.loaded, 0.95):.1f}")
    row("loaded max", lambda f: f"{max(f.loaded):.1f}")
    row("loaded samples", lambda f: str(len(f.loaded)))
    row("heavy question s", lambda f: ", ".join(f"{s:.1f}" for s in f.heavy_s))
    row("heavy results", lambda f: ", ".join(f.answers))
    Console().print(table)


if __name__ == "__main__":
    main()
