"""Time the injection detector per question: cue model alone, and with the MiniLM stage.

A "question" is 8 fresh SQuAD 2.0 passages (what the extractive answerer screens), scored
cold (caches cleared). Needs ../shared/bench/squad2 and the ZIM file.

    python bench/injection_cost.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import injection as bench
from wikiqa.grounding import injection, injection_semantic
from wikiqa.text.sentences import split_sentences


def main() -> int:
    if not injection_semantic.available():  # loads the encoder once, outside the timings
        print("semantic stage unavailable: timing the cue model only", file=sys.stderr)
    contexts = bench._squad()
    questions = [contexts[i : i + 8] for i in range(0, 480, 8)]
    cue = both = 0.0
    n = gated = 0
    for passages in questions:
        sents = [s.text for p in passages for s in split_sentences(p)]
        t = time.perf_counter()
        for s in sents:
            injection.cue_logit(s)
        cue += time.perf_counter() - t
        injection.cue_logit.cache_clear()
        t = time.perf_counter()
        injection.instruction_scores(sents)
        both += time.perf_counter() - t
        n += len(sents)
        gated += sum(injection_semantic.gated(s) for s in sents)
    q = len(questions)
    print(f"{q} questions, {n / q:.0f} sentences each, {gated / n:.0%} gated")
    print(
        f"cue model only: {1000 * cue / q:.1f} ms a question ({1000 * cue / n:.2f} ms a sentence)"
    )
    print(
        f"cue + semantic: {1000 * both / q:.1f} ms a question ({1000 * both / n:.2f} ms a sentence)"
    )
    zim = bench._zim()
    if zim:
        big = max(zim, key=len)
        t = time.perf_counter()
        injection.flagged_sentences(big)
        took = time.perf_counter() - t
        print(f"flagged_sentences, largest ZIM article ({len(big):,} chars): {1000 * took:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
