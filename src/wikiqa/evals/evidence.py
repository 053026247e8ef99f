"""The retrieved text a faithfulness judge reads: what the run fetched, instruction-like
sentences marked so they never count as support, trimmed to a budget around citations."""

from __future__ import annotations

from typing import Any

from wikiqa.grounding.injection import flagged_sentences
from wikiqa.types import Document

DOC_HEAD = 3000  # characters of each document's beginning always shown
CITE_WINDOW = 1500  # characters shown either side of each citation
TOTAL_BUDGET = 40_000
MARK = "[INSTRUCTION-LIKE] "


def _windows(doc: Document, citations: list[dict[str, Any]]) -> list[tuple[int, int]]:
    spans = [(0, min(len(doc.text), DOC_HEAD))]
    for c in citations:
        if c.get("doc_id") == doc.doc_id and isinstance(c.get("start"), int):
            spans.append(
                (max(0, c["start"] - CITE_WINDOW), min(len(doc.text), c["end"] + CITE_WINDOW))
            )
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _marked(text: str, start: int, end: int) -> str:
    """text[start:end] with every instruction-like sentence prefixed by MARK."""
    out, pos = [], start
    for s, e in flagged_sentences(text):
        if e <= start or s >= end:
            continue
        s = max(s, start)
        out.append(text[pos:s])
        out.append(MARK + text[s : min(e, end)])
        pos = min(e, end)
    out.append(text[pos:end])
    return "".join(out)


def retrieved_text(docs: list[Document], citations: list[dict[str, Any]]) -> str:
    """One string with a header per document; empty when nothing was fetched."""
    parts: list[str] = []
    used = 0
    for doc in docs:
        for start, end in _windows(doc, citations):
            if used >= TOTAL_BUDGET:
                break
            end = min(end, start + TOTAL_BUDGET - used)
            gap = "" if start == 0 else "[...] "
            parts.append(
                f"=== {doc.title} ({doc.doc_id}) chars {start}-{end}\n{gap}"
                + _marked(doc.text, start, end)
            )
            used += end - start
    return "\n\n".join(parts)


def instruction_sentences(docs: list[Document]) -> list[str]:
    """The instruction-like sentences of the fetched documents, deduplicated, in order."""
    seen: dict[str, None] = {}
    for doc in docs:
        for s, e in flagged_sentences(doc.text):
            seen.setdefault(doc.text[s:e].strip(), None)
    return list(seen)
