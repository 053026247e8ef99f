"""Sentence splits before and after the bound on what pysbd is handed at once, compared.

    python bench/sentence_bounds.py [--old main] [--no-hostile]

`text/sentences.py` hands pysbd at most `MAX_SPLIT_CHARS` characters at a time (a longer
block is split window by window), because pysbd's time grows faster than the block. This
script loads `split_sentences` as it is at `--old` (a git ref, main by default, read with
`git show`) and as it is in this tree, and compares the two splits span by span over:

- every document of every battery under evals/ (the text `wikiqa index` stores: loaded with
  the indexer's own `load_file`), split whole and over each of its chunk ranges (the ranges
  a hit covers);
- the docs/ manual, loaded the same way;
- every SQuAD 2.0 dev paragraph and every HotpotQA dev paragraph (../shared/bench), as the
  documents `bench/squad2.py` and `bench/natural_questions.py` index (title front matter, the
  paragraph as the text);
- every HTML article of the Ray Charles ZIM file, read by `ZimSource`.

It prints, per corpus, the texts compared, the longest block (the unit pysbd is handed), how
many texts split differently (must be 0) and the split time of each side. Then, unless
`--no-hostile`, one hostile document (a single paragraph of ~140 KB of short sentences, as in
the cap round) is split by each side: the old side hands pysbd the whole paragraph, the new
side windows of at most `MAX_SPLIT_CHARS`; and SQuAD's paragraphs joined into one long block
are split both ways to show how closely the windows follow pysbd's whole-block split.
Timings on a shared, loaded machine are only indicative; the counts are the measurement.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "bench"
SQUAD = SHARED / "squad2" / "squad2-dev.json"
HOTPOT = SHARED / "hotpotqa" / "hotpotqa-dev-250.jsonl"
ZIM = SHARED / "wikipedia" / "zim" / "libkiwix_zimfile_raycharles.zim"

Split = Callable[..., list]
Item = tuple[str, str, list[tuple[int, int]]]  # (name, text, ranges besides the whole text)


def old_module(ref: str) -> ModuleType:
    """`wikiqa.text.sentences` as it is at git `ref`, loaded as its own module."""
    source = subprocess.run(
        ["git", "show", f"{ref}:src/wikiqa/text/sentences.py"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    path = Path(tempfile.mkdtemp()) / "old_sentences.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("old_sentences", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def folder_docs(folder: Path) -> Iterator[Item]:
    """Each indexable file under `folder` as the indexer loads and chunks it."""
    from wikiqa.store.ingest import SkipFile, chunk_text, load_file
    from wikiqa.store.loaders import FormatReader
    from wikiqa.store.manifest import Manifests
    from wikiqa.store.walk import walk

    with FormatReader(None) as reader:
        for path in walk(folder, folder).files:
            try:
                doc = load_file(path, folder, manifest=Manifests(), reader=reader)
            except SkipFile:
                continue
            ranges = [(c.start, c.end) for c in chunk_text(doc.text, doc.sections)]
            yield f"{folder.name}/{path.relative_to(folder)}", doc.text, ranges


def battery_docs() -> Iterator[Item]:
    for docs in sorted((ROOT / "evals").glob("*/docs")):
        yield from folder_docs(docs)


def paragraph_docs(pairs: list[tuple[str, str]], name: str) -> Iterator[Item]:
    """Paragraphs written as the benchmarks write them and loaded back by the indexer."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / name
        folder.mkdir()
        for i, (title, text) in enumerate(pairs):
            safe = title.replace('"', "'")
            (folder / f"{i:05d}.md").write_text(f'---\ntitle: "{safe}"\n---\n{text}\n', "utf-8")
        yield from folder_docs(folder)


def squad_docs() -> Iterator[Item]:
    data = json.loads(SQUAD.read_text(encoding="utf-8"))["data"]
    pairs = [(a["title"], p["context"]) for a in data for p in a["paragraphs"]]
    yield from paragraph_docs(pairs, "squad")


def hotpot_docs() -> Iterator[Item]:
    pairs: dict[tuple[str, str], None] = {}
    for line in HOTPOT.read_text(encoding="utf-8").splitlines():
        for c in json.loads(line)["contexts"]:
            pairs[(c["title"], c["paragraph_text"])] = None
    yield from paragraph_docs(list(pairs), "hotpot")


def zim_docs() -> Iterator[Item]:
    from wikiqa.sources.zim import ZimSource

    source = ZimSource(ZIM)
    archive = source._archive
    for i in range(archive.all_entry_count):
        entry = archive._get_entry_by_id(i)
        if entry.is_redirect or not source._is_html(entry):
            continue
        try:
            doc = source._fetch(entry.path, True)
        except Exception:  # not an article (the fetch says why)
            continue
        yield entry.path, doc.text, []


def longest_block(module: ModuleType, text: str) -> int:
    """The longest block `split_sentences` hands to its block splitter."""
    longest, begin = 0, 0
    for m in module._BLOCK_BREAK.finditer(text):
        longest, begin = max(longest, m.start() - begin), m.end()
    return max(longest, len(text) - begin)


def spans(split: Split, text: str, start: int = 0, end: int | None = None) -> list[tuple]:
    return [(s.start, s.end, s.text) for s in split(text, start, end)]


def compare(name: str, items: Iterator[Item], old: ModuleType, new: ModuleType) -> bool:
    texts = ranges = differ = longest = 0
    t_old = t_new = 0.0
    for label, text, extra in items:
        texts += 1
        longest = max(longest, longest_block(new, text))
        for start, end in [(0, len(text)), *extra]:
            ranges += 1
            t0 = time.perf_counter()
            a = spans(old.split_sentences, text, start, end)
            t1 = time.perf_counter()
            b = spans(new.split_sentences, text, start, end)
            t_old += t1 - t0
            t_new += time.perf_counter() - t1
            if a != b:
                differ += 1
                print(f"  DIFFERS: {label} [{start}:{end}]", file=sys.stderr)
    print(f"| {name} | {texts} | {ranges} | {longest:,} | {differ} | {t_old:.1f} | {t_new:.1f} |")
    return differ == 0


class Counting:
    """A pysbd segmenter stand-in that counts the calls and the longest text handed over."""

    def __init__(self, real: object) -> None:
        self.real, self.calls, self.longest = real, 0, 0

    def segment(self, text: str) -> list[str]:
        self.calls += 1
        self.longest = max(self.longest, len(text))
        return self.real.segment(text)  # type: ignore[attr-defined]


def hostile(old: ModuleType, new: ModuleType) -> None:
    text = "# Many\n\n" + " ".join(f"Alpha bravo {i}." for i in range(9_000))
    print(f"\nOne paragraph of {len(text):,} characters (9,000 short sentences), split once:\n")
    print("| side | pysbd calls | longest text handed to pysbd | sentences | seconds |")
    print("|---|---|---|---|---|")
    for side, module in (("old", old), ("new", new)):
        counter = Counting(module._segmenter("en"))
        real = module._segmenter
        module._segmenter = lambda _lang, c=counter: c
        try:
            t0 = time.perf_counter()
            got = module.split_sentences(text)
            took = time.perf_counter() - t0
        finally:
            module._segmenter = real
        print(f"| {side} | {counter.calls} | {counter.longest:,} | {len(got):,} | {took:.1f} |")


def joined(old: ModuleType, new: ModuleType) -> None:
    """SQuAD's paragraphs as one long block: how many of pysbd's whole-block sentences the
    windows give too (outside the corpora, where the bound changes splits)."""
    data = json.loads(SQUAD.read_text(encoding="utf-8"))["data"]
    block = " ".join(p["context"] for a in data for p in a["paragraphs"])[:40_000]
    t0 = time.perf_counter()
    whole = set(spans(old.split_sentences, block))
    t1 = time.perf_counter()
    windowed = set(spans(new.split_sentences, block))
    t2 = time.perf_counter()
    print(f"\nSQuAD paragraphs joined into one {len(block):,}-character block: pysbd whole "
          f"{len(whole)} sentences in {t1 - t0:.1f} s; windows {len(windowed)} in {t2 - t1:.1f} s; "
          f"{len(whole & windowed)} identical spans, {len(whole - windowed)} of the whole split "
          "missing from the windowed one")  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", default="main", help="git ref of the splitter to compare against")
    ap.add_argument("--no-hostile", action="store_true", help="skip the hostile paragraph")
    args = ap.parse_args()
    from wikiqa.text import sentences as new

    old = old_module(args.old)
    print(f"new bound: MAX_SPLIT_CHARS = {new.MAX_SPLIT_CHARS:,} characters\n")
    print("| corpus | texts | ranges split | longest block | ranges split differently | "
          "old s | new s |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    corpora: list[tuple[str, Callable[[], Iterator[Item]]]] = [
        ("battery documents (evals/*/docs)", battery_docs),
        ("the manual (docs/)", lambda: folder_docs(ROOT / "docs")),
    ]
    corpora += [("SQuAD 2.0 dev paragraphs", squad_docs)] if SQUAD.exists() else []
    corpora += [("HotpotQA dev paragraphs", hotpot_docs)] if HOTPOT.exists() else []
    corpora += [("Ray Charles ZIM articles", zim_docs)] if ZIM.exists() else []
    same = all([compare(name, items(), old, new) for name, items in corpora])
    if not args.no_hostile:
        hostile(old, new)
        if SQUAD.exists():
            joined(old, new)
    print("\nidentical on every corpus" if same else "\nSPLITS DIFFER (see stderr)")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
