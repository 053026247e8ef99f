"""The pre-issue-7 folding code, kept only as a reference for tests and benchmarks.

`reference_fold` is `wikiqa.grounding.normalize.fold` as it was before it was made linear
(a Python loop over every grapheme cluster, ~3 s per MB); the property tests check the new
`fold` against it character for character, offsets included. `EagerLedger` is the old
`Ledger`, which folded and sentence-split every fetched document on arrival; the large
document benchmark swaps it in to time the old behaviour side by side with the new.
Not product code: nothing under src/ imports this.
"""

from __future__ import annotations

import unicodedata

from wikiqa.grounding.injection import is_instruction_like
from wikiqa.grounding.normalize import Folded
from wikiqa.grounding.validator import Ledger
from wikiqa.text.sentences import cached_sentences
from wikiqa.types import Document

_QUOTES = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
}  # fmt: skip
_DASHES = dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-")
_DROPPED = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_FOLD = {**_QUOTES, **_DASHES}


def _clusters(text: str) -> list[tuple[int, int]]:
    bounds: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or (
            unicodedata.combining(text[i]) == 0 and not _is_hangul_joiner(text[i])
        ):
            bounds.append((start, i))
            start = i
    return bounds


def _is_hangul_joiner(ch: str) -> bool:
    return "\u1160" <= ch <= "\u11ff"


def reference_fold(text: str) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """(folded text, starts, ends) exactly as the old `fold` computed them."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pending_space: tuple[int, int] | None = None
    for a, b in _clusters(text):
        chunk = text[a:b]
        if chunk.isspace():
            if out and pending_space is None:
                pending_space = (a, b)
            elif pending_space is not None:
                pending_space = (pending_space[0], b)
            continue
        composed = unicodedata.normalize("NFC", chunk)
        for ch in composed:
            if ch in _DROPPED:
                continue
            if ch.isspace():
                if out and pending_space is None:
                    pending_space = (a, b)
                continue
            if pending_space is not None:
                out.append(" ")
                starts.append(pending_space[0])
                ends.append(pending_space[1])
                pending_space = None
            out.append(_FOLD.get(ch, ch))
            starts.append(a)
            ends.append(b)
    return "".join(out), tuple(starts), tuple(ends)


class _ReferenceFolded(Folded):
    """A `Folded` built by the reference loop (so the old ledger can be timed)."""

    def __init__(self, text: str) -> None:
        import numpy as np

        folded, starts, ends = reference_fold(text)
        super().__init__(folded, np.asarray(starts, np.int64), np.asarray(ends, np.int64))


class EagerLedger(Ledger):
    """The old ledger: every fetched document folded and sentence-split on arrival."""

    def add(self, doc: Document) -> None:
        super().add(doc)
        entry = self._entries[(doc.source, doc.doc_id)]
        entry.folded_cache = _ReferenceFolded(doc.text)
        entry.flagged_cache = [
            (s.start, s.end) for s in cached_sentences(doc.text) if is_instruction_like(s.text)
        ]
