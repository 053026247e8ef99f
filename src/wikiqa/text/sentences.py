"""Sentence splitting with character offsets into the original text (pysbd, offline)."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

import pysbd

from wikiqa.text.memo import memo_by_chars, text_weight


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int
    text: str


_local = threading.local()


def line_spans(text: str) -> list[Span]:
    """Every line of `text` as a span of its stripped content (blank lines as empty spans),
    with offsets into `text`: the unit tables and lists are read in."""
    out: list[Span] = []
    pos = 0
    for raw in text.splitlines(keepends=True):
        body = raw.rstrip("\r\n")
        lead = len(body) - len(body.lstrip())
        stripped = body.strip()
        out.append(Span(pos + lead, pos + lead + len(stripped), stripped))
        pos += len(raw)
    return out


def _segmenter(language: str) -> pysbd.Segmenter:
    """One segmenter per thread and language: `Segmenter.segment` keeps the text it is
    splitting on the instance, so two worker threads sharing one would mix documents."""
    cache: dict[str, pysbd.Segmenter] = _local.__dict__.setdefault("segmenters", {})
    if language not in cache:
        cache[language] = pysbd.Segmenter(language=language, clean=False)
    return cache[language]


_BLOCK_BREAK = re.compile(r"\n\s*\n|\n(?=\s*(?:[-*\u2022]|\d+[.)])\s)|\n(?=[^\n]{0,80}:\s)")


def split_sentences(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """Sentences of text[start:end] with offsets into `text`.

    Blank lines, list items and `Label: value` lines are hard boundaries (a heading or an
    infobox line is never glued to the next paragraph); inside a block pysbd decides.
    Offsets are found by searching forward in the original, so they are always exact.
    """
    end = len(text) if end is None else end
    spans: list[Span] = []
    block_start = start
    for m in _BLOCK_BREAK.finditer(text, start, end):
        spans.extend(_split_block(text, block_start, m.start()))
        block_start = m.end()
    spans.extend(_split_block(text, block_start, end))
    return spans


# The most characters of one block handed to pysbd at once. pysbd's time grows faster than
# the text (measured: 8 KB 0.04 s, 16 KB 0.13 s, 32 KB 0.48 s of one paragraph; one block of
# 160 KB took 30 s under load), so a longer block is split window by window (`_windows`).
# Every block of the battery documents, SQuAD 2.0 dev, HotpotQA dev, the Ray Charles ZIM and
# this manual is shorter (the longest, a HotpotQA paragraph, 8,269 characters) and is split
# whole, exactly as before (bench/sentence_bounds.py compares them all).
MAX_SPLIT_CHARS = 10_000


def _split_block(text: str, start: int, end: int) -> list[Span]:
    if end - start <= MAX_SPLIT_CHARS:
        return _split_piece(text, start, end)
    return _windows(text, start, end)


def _windows(text: str, start: int, end: int) -> list[Span]:
    """A block longer than `MAX_SPLIT_CHARS`, split by pysbd a window of that many
    characters at a time: a window's last sentence may run past its end, so it is split
    again at the head of the next window; the sentences before it are kept. A window whose
    last sentence starts in its first quarter (a sentence that long is no candidate: see
    `stored_texts.MAX_SENTENCE_CHARS`) is kept whole, that sentence cut at the window's last
    space, so every window moves on by at least a quarter of its length: pysbd runs at most
    twice on each of at most 4 * len / MAX_SPLIT_CHARS + 1 windows of at most
    MAX_SPLIT_CHARS characters (linear time), and no paragraph can stall a question or an
    index run."""
    out: list[Span] = []
    pos = start
    while end - pos > MAX_SPLIT_CHARS:
        stop = pos + MAX_SPLIT_CHARS
        spans = _split_piece(text, pos, stop)
        if len(spans) > 1 and spans[-1].start - pos >= MAX_SPLIT_CHARS // 4:
            out.extend(spans[:-1])
            pos = spans[-1].start
            continue
        cut = text.rfind(" ", pos + MAX_SPLIT_CHARS // 4, stop)
        cut = stop if cut < 0 else cut
        out.extend(_split_piece(text, pos, cut))
        pos = cut
    out.extend(_split_piece(text, pos, end))
    return out


def _split_piece(text: str, start: int, end: int) -> list[Span]:
    """pysbd's sentences of text[start:end], with offsets into `text`."""
    block = text[start:end]
    if not block.strip():
        return []
    out: list[Span] = []
    cursor = 0
    pieces = _segmenter("en").segment(block) if len(block) > 1 else [block]
    for piece in pieces:
        stripped = piece.strip()
        if not stripped:
            continue
        found = block.find(stripped, cursor)
        if found < 0:  # pysbd altered the text; fall back to the rest of the block
            found = cursor
            stripped = block[cursor:].strip()
        out.append(Span(start + found, start + found + len(stripped), stripped))
        cursor = found + len(stripped)
        if cursor >= len(block):
            break
    return out


# Characters of document text (and of their sentences) the splitting memo may hold.
SENTENCE_CACHE_CHARS = 32_000_000


@memo_by_chars(SENTENCE_CACHE_CHARS, text_weight)
def cached_sentences(text: str, start: int = 0, end: int | None = None) -> tuple[Span, ...]:
    """`split_sentences`, memoised: the same fetched document is split once per process,
    not once per question (pysbd is the slow part of reading a document). The memo is
    bounded by the characters it holds, not by how many documents."""
    return tuple(split_sentences(text, start, end))
