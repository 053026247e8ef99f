"""Load test: a real `wikiqa serve` (uvicorn) on 127.0.0.1, the extractive answerer, a
collection of the SciFact corpus (5,183 abstracts), driven by bounded request loops.

Setup (said so in the output): the corpus is written as one text file per abstract and
indexed with `wikiqa index --no-embed` (lexical search only, to keep setup fast; the
answerer still embeds candidate sentences with the bundled MiniLM to score them). The
server runs with auth on and one API key, so every request pays for key verification and
the rate limiter (set high enough not to refuse). Then, for each concurrency level, that
many client loops ask SciFact claims (cycling through queries.jsonl) until the level's time
is up; each loop waits for its answer before asking again. Reported per level: requests,
throughput, latency p50/p95/p99, errors (any non-200 or transport failure; must be zero),
answers vs refusals; and the server's peak RSS (VmHWM) at the end.

    nice .venv/bin/python bench/load.py [--docs 5183] [--seconds 20] [--levels 1,8,32]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
SCIFACT = ROOT.parent / "shared" / "bench" / "scifact"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def build_collection(env: dict[str, str], docs: int, folder: Path) -> float:
    """Write the corpus as text files and index them lexically; seconds taken."""
    folder.mkdir()
    with (SCIFACT / "corpus.jsonl").open(encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i >= docs:
                break
            row = json.loads(line)
            (folder / f"{row['_id']}.md").write_text(
                f"---\ntitle: {json.dumps(row['title'])}\n---\n{row['text']}\n", encoding="utf-8"
            )
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "wikiqa.cli.main", "index", str(folder), "-c", "scifact", "--no-embed"],
        env=env, check=True, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    return time.perf_counter() - started


async def level(
    url: str, key: str, questions: list[str], concurrency: int, seconds: float
) -> dict[str, object]:
    latencies: list[float] = []
    errors: list[str] = []
    kinds = {"answer": 0, "refusal": 0}
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(
        base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=300, limits=limits
    ) as client:

        async def loop(worker: int) -> None:
            i = worker
            while time.perf_counter() < deadline:
                q = questions[i % len(questions)]
                i += concurrency
                t0 = time.perf_counter()
                try:
                    r = await client.post("/api/ask", json={"question": q})
                except httpx.HTTPError as exc:
                    errors.append(f"{type(exc).__name__}: {exc}")
                    continue
                latencies.append(time.perf_counter() - t0)
                if r.status_code != 200:
                    errors.append(f"{r.status_code}: {r.text[:120]}")
                else:
                    kinds[r.json()["kind"]] += 1

        started = time.perf_counter()
        await asyncio.gather(*(loop(w) for w in range(concurrency)))
        wall = time.perf_counter() - started
    return {
        "concurrency": concurrency,
        "requests": len(latencies),
        "throughput_rps": round(len(latencies) / wall, 2),
        "p50_ms": round(1000 * _pct(latencies, 0.50), 1),
        "p95_ms": round(1000 * _pct(latencies, 0.95), 1),
        "p99_ms": round(1000 * _pct(latencies, 0.99), 1),
        "mean_ms": round(1000 * statistics.fmean(latencies), 1),
        "errors": len(errors),
        "first_errors": errors[:3],
        **kinds,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=5183)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--levels", default="1,8,32")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    args = parser.parse_args()
    if not (SCIFACT / "corpus.jsonl").is_file():
        print(f"SciFact not found under {SCIFACT}", file=sys.stderr)
        return 2
    questions = [
        json.loads(line)["text"]
        for line in (SCIFACT / "queries.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    with tempfile.TemporaryDirectory(prefix="wikiqa-load-") as tmp:
        home = Path(tmp) / "home"
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT / "src"),
            "WIKIQA_HOME": str(home),
            "WIKIQA_CACHE_DIR": str(Path(tmp) / "cache"),
            "WIKIQA_SOURCE": "collection:scifact",
            "WIKIQA_ANSWERER": "extractive",
            "WIKIQA_RETRIEVAL_MODE": "lexical",
            "WIKIQA_API_AUTH": "on",
            "WIKIQA_API_RATE_PER_MINUTE": "1000000",
            "WIKIQA_API_RATE_BURST": "1000",
            "WIKIQA_API_QUEUE_TIMEOUT": "120",  # queue rather than refuse: errors must be zero
            "WIKIQA_LOG_FORMAT": "json",
        }
        env.pop("WIKIQA_MODEL", None)
        index_s = build_collection(env, args.docs, Path(tmp) / "scifact")
        print(f"setup: {args.docs} SciFact abstracts indexed with --no-embed (lexical) "
              f"in {index_s:.1f} s", flush=True)  # fmt: skip
        key = subprocess.run(
            [sys.executable, "-m", "wikiqa.cli.main", "keys", "create", "--name", "load"],
            env=env, check=True, capture_output=True, text=True,
        ).stdout.strip()  # fmt: skip
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "wikiqa.cli.main", "serve", "--port", str(port)],
            env=env, stdout=subprocess.DEVNULL, stderr=open(Path(tmp) / "server.log", "w"),  # noqa: SIM115 (lives as long as the server)
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(url + "/readyz", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if server.poll() is not None or time.monotonic() > deadline:
                    print((Path(tmp) / "server.log").read_text()[-2000:], file=sys.stderr)
                    return 1
                time.sleep(0.2)
            print(f"server ready (pid {server.pid}), RSS peak so far "
                  f"{_peak_rss_mb(server.pid):.0f} MB", flush=True)  # fmt: skip
            results = []
            for c in (int(x) for x in args.levels.split(",")):
                res = asyncio.run(level(url, key, questions, c, args.seconds))
                res["server_peak_rss_mb"] = round(_peak_rss_mb(server.pid), 1)
                results.append(res)
                print(json.dumps(res), flush=True)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print("\nconcurrency  requests  req/s   p50 ms   p95 ms   p99 ms  errors  peak RSS MB")
    for r in results:
        print(f"{r['concurrency']:>11}  {r['requests']:>8}  {r['throughput_rps']:>5}  "
              f"{r['p50_ms']:>7}  {r['p95_ms']:>7}  {r['p99_ms']:>7}  {r['errors']:>6}  "
              f"{r['server_peak_rss_mb']:>11}")  # fmt: skip
    if args.out:
        args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
