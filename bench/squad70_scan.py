"""Count the sentences of every battery's documents that `unsupported_claim` could read.

Splits every `evals/*/docs/**` document into sentences as the answerer does
(`split_sentences`) and counts those in which `unsupported_spans` finds a disowned claim, per
battery. The blind batteries (`batteries.DEFAULT_BLIND`) print their COUNT only; for the open
ones `--show` prints the sentences too.

    PYTHONPATH=src python bench/squad70_scan.py [--show]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from batteries import DEFAULT_BLIND
from wikiqa.answerers.unsupported_claim import unsupported_spans
from wikiqa.text.sentences import split_sentences

EVALS = Path(__file__).resolve().parents[1] / "evals"
BLIND = set(DEFAULT_BLIND)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", action="store_true", help="print open batteries' sentences")
    args = parser.parse_args()
    total = 0
    for battery in sorted(p for p in EVALS.iterdir() if (p / "docs").is_dir()):
        count, sentences, shown = 0, 0, []
        for path in sorted(p for p in (battery / "docs").rglob("*") if p.is_file()):
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            for span in split_sentences(text, 0, None):
                sentences += 1
                if unsupported_spans(span.text.strip()):
                    count += 1
                    if battery.name not in BLIND:
                        shown.append(f"  {path.relative_to(battery)} | {span.text.strip()[:160]}")
        total += count
        print(f"{battery.name}: {count} of {sentences} sentences")
        if args.show:
            print("\n".join(shown)) if shown else None
    print(f"all batteries: {total}")


if __name__ == "__main__":
    main()
