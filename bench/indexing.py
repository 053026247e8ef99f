"""Indexing benchmark: the embedding model's own throughput vs `wikiqa index` end to end.

    nice python bench/indexing.py --dataset ../shared/bench/scifact [--limit N] [--files 1000]

In one run, on the same chunks (the corpus written as Markdown files, chunked exactly as the
indexer chunks them):

- raw: a bare onnxruntime loop, the physical limit here: the bundled model's session, texts
  tokenised before the clock starts, length-sorted batches of the indexer's token budget,
  one single-threaded run per core at a time (the scheme the indexer uses; see embed.py);
  only the runs are timed.
- end to end: `wikiqa index DIR` in a fresh process (walk, read, chunk, tokenise, embed,
  SQLite + FTS5 writes), wall clock from process start (imports and model load included).

Each side runs in its own subprocess; peak RSS is that process's ru_maxrss. Then the time of
a first `wikiqa ask --source docs:PATH` (extractive answerer, no network) on the repo's
docs/ folder and on a folder of `--files` Markdown files made from the corpus's real
abstracts, and of a second ask with nothing changed (whose index pass must embed nothing:
checked by `wikiqa index` on the same folder reporting `0 embedded`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "bench"
WIKIQA = [sys.executable, "-m", "wikiqa.cli.main"]
_CPU: list[float] = []


def _corpus(dataset: Path, limit: int | None) -> list[tuple[str, str]]:
    out = []
    with (dataset / "corpus.jsonl").open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            out.append((row.get("title") or "", row["text"]))
            if limit and len(out) >= limit:
                break
    return out


def _write_docs(corpus: list[tuple[str, str]], folder: Path) -> None:
    import yaml

    folder.mkdir(parents=True, exist_ok=True)
    for n, (title, text) in enumerate(corpus):
        front = yaml.safe_dump({"title": title or f"doc {n}"}, allow_unicode=True)
        (folder / f"{n:06d}.md").write_text(f"---\n{front}---\n{text}\n", encoding="utf-8")


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(wall seconds, peak RSS MB, output) of one child process; its CPU seconds are kept in
    _CPU[-1] (wall clock swings with other load on a shared machine, CPU time much less)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    out, err = proc.stdout.read(), proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    _CPU.append(usage.ru_utime + usage.ru_stime)
    text = out.decode() + err.decode()
    if proc.returncode not in (0, 3):  # 3: the answerer refused (still a complete ask)
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{text[-2000:]}")
    return wall, usage.ru_maxrss / 1024, text


# ----------------------------------------------------------------------------- raw worker


def raw_worker(docs: Path) -> dict[str, Any]:
    """Chunk as the indexer does, tokenise, then time only the onnxruntime runs."""
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np

    from wikiqa.store.embed import TOKEN_BUDGET, OnnxEmbedder, _cut
    from wikiqa.store.indexer import embed_input
    from wikiqa.store.ingest import chunk_text, load_file

    texts = []
    for path in sorted(docs.glob("*.md")):
        doc = load_file(path, docs)
        texts += [
            embed_input(doc.title, c.heading, c.text) for c in chunk_text(doc.text, doc.sections)
        ]
    emb = OnnxEmbedder()
    emb.embed(["load tokenizer"])
    session = emb._session  # the same session settings as the indexer
    encodings = emb._tokenizer.encode_batch(texts)
    lengths = [len(e.ids) for e in encodings]
    order = sorted(range(len(texts)), key=lengths.__getitem__)
    feeds = []
    for idx in _cut(order, lengths, lambda w: TOKEN_BUDGET // w):
        width = lengths[idx[-1]]
        ids = np.zeros((len(idx), width), dtype=np.int64)
        for row, i in enumerate(idx):
            ids[row, : lengths[i]] = encodings[i].ids
        mask = (ids != 0).astype(np.int64)
        feeds.append(
            {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        )
    cores = os.cpu_count() or 1
    import resource

    r0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    with ThreadPoolExecutor(cores) as pool:
        for _ in pool.map(lambda f: session.run(None, f)[0], feeds):
            pass
    run_s = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime
    return {"chunks": len(texts), "tokens": sum(lengths), "run_s": run_s, "cpu_s": cpu,
            "cores": cores}  # fmt: skip


# ----------------------------------------------------------------------------- main


def _fmt_table(rows: list[list[str]], head: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]

    def line(r: list[str]) -> str:
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(head), rule, *map(line, rows)])


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--dataset", type=Path, default=SHARED / "scifact")
    ap.add_argument("--limit", type=int, default=None, help="first N corpus documents only")
    ap.add_argument("--files", type=int, default=1000, help="size of the generated docs: folder")
    ap.add_argument("--skip", choices=["index", "asks"], action="append", default=[])
    ap.add_argument("--raw-worker", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.raw_worker:
        print(json.dumps(raw_worker(args.raw_worker)))
        return
    if not (args.dataset / "corpus.jsonl").is_file():
        raise SystemExit(f"no corpus.jsonl under {args.dataset}")
    corpus = _corpus(args.dataset, args.limit)
    tmp = Path(tempfile.mkdtemp(prefix="wikiqa-bench-indexing-"))
    env = {**os.environ, "WIKIQA_HOME": str(tmp / "home"), "WIKIQA_ANSWERER": "extractive",
           "PYTHONPATH": str(REPO / "src")}  # fmt: skip
    print(f"dataset {args.dataset} ({len(corpus)} documents{' (subset)' if args.limit else ''}); "
          f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}; tmp {tmp}", flush=True)  # fmt: skip
    if "index" not in args.skip:
        docs = tmp / "corpus"
        _write_docs(corpus, docs)
        _, rss, out = _run([sys.executable, __file__, "--raw-worker", str(docs)], env)
        raw = json.loads(out.strip().splitlines()[-1])
        raw_rss = rss
        load_raw = os.getloadavg()[0]
        wall_e2e, rss_e2e, out = _run([*WIKIQA, "index", str(docs), "-c", "bench"], env)
        cpu_e2e, load_e2e = _CPU[-1], os.getloadavg()[0]
        m = re.search(r"(\d+) chunks, (\d+) embedded", out)
        assert m, out
        chunks, embedded = int(m[1]), int(m[2])
        assert chunks == raw["chunks"] == embedded, (chunks, raw["chunks"], embedded)
        rate = raw["chunks"] / raw["run_s"]
        rows = [
            ["raw onnxruntime loop (runs only)", f"{raw['run_s']:.1f}", f"{rate:.1f}",
             f"{raw['tokens'] / raw['run_s']:.0f}", f"{raw['cpu_s']:.0f}",
             f"{raw['cpu_s'] / chunks * 1000:.0f}", f"{raw_rss:.0f}", f"{load_raw:.1f}", "1.00",
             "1.00"],
            ["wikiqa index (end to end)", f"{wall_e2e:.1f}", f"{chunks / wall_e2e:.1f}",
             f"{raw['tokens'] / wall_e2e:.0f}", f"{cpu_e2e:.0f}", f"{cpu_e2e / chunks * 1000:.0f}",
             f"{rss_e2e:.0f}", f"{load_e2e:.1f}", f"{(chunks / wall_e2e) / rate:.2f}",
             f"{raw['cpu_s'] / cpu_e2e:.2f}"],
        ]  # fmt: skip
        print(f"\n{chunks} chunks, {raw['tokens']} tokens (truncated at 256), {raw['cores']} "
              "concurrent single-threaded runs; end to end includes process start, imports "
              "and model load")  # fmt: skip
        head = ["side", "wall s", "chunks/s", "tokens/s", "CPU s", "CPU ms/chunk",
                "peak RSS MB", "load avg after", "of raw (wall)", "of raw (CPU)"]  # fmt: skip
        print(_fmt_table(rows, head))
        wall2, _, out = _run([*WIKIQA, "index", str(docs), "-c", "bench"], env)
        print(f"re-run with nothing changed: {wall2:.1f} s; {out.strip().splitlines()[0][:160]}",
              flush=True)  # fmt: skip
    if "asks" not in args.skip:
        many = tmp / f"folder-{args.files}"
        pool = corpus if len(corpus) >= args.files else _corpus(args.dataset, args.files)
        _write_docs(pool[: args.files], many)
        rows = []
        for label, folder in [("docs/ (repo)", REPO / "docs"), (f"{args.files} files", many)]:
            n = sum(1 for _ in folder.rglob("*.md"))
            q = "How are collections indexed?"
            first, rss, _ = _run([*WIKIQA, "ask", q, "--source", f"docs:{folder}"], env)
            again, _, _ = _run([*WIKIQA, "ask", q, "--source", f"docs:{folder}"], env)
            _, _, idx = _run([*WIKIQA, "index", str(folder), "-c", f"check-{n}"], env)
            _, _, idx2 = _run([*WIKIQA, "index", str(folder), "-c", f"check-{n}"], env)
            m = re.search(r"(\d+) chunks, (\d+) embedded", idx2)
            assert m, idx2
            rows.append([label, str(n), re.search(r"(\d+) chunks", idx)[1], f"{first:.1f}",  # type: ignore[index]
                         f"{rss:.0f}", f"{again:.1f}", m[2]])  # fmt: skip
        print()
        print(_fmt_table(rows, ["folder", "files", "chunks", "first ask s", "peak RSS MB",
                                "unchanged re-ask s", "re-index embedded"]))  # fmt: skip


if __name__ == "__main__":
    main()
