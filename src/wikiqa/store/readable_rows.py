"""The words of the rows one reader may read: what store/lexicon.py reads a question's
words against, so that no rewrite is learnt from a document the reader cannot see."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from wikiqa.store.lexical import LexicalIndex

# Texts of index rows (already restricted to the reader's rows by the caller's mask).
RowTexts = Callable[[np.ndarray], list[str]]


class ReadableRows:
    """`lexicon.Readable` over an in-memory index, the reader's row mask and a way to read
    row texts (the store reads them through its access filter too)."""

    def __init__(self, index: LexicalIndex, mask: np.ndarray, row_texts: RowTexts) -> None:
        self.index = index
        self.mask = mask
        self.row_texts = row_texts

    def frequency(self, word: str) -> int:
        return self.index.frequency(word, self.mask)

    def completions(self, prefix: str) -> dict[str, int]:
        out = {}
        for term in self.index.terms_starting(prefix):
            n = int(np.count_nonzero(self.mask[self.index.term_rows(term)]))
            if n:
                out[term] = n
        return out

    def texts(self, terms: Sequence[str], limit: int) -> list[str]:
        rows: np.ndarray | None = None
        for term in terms:
            said = self.index.term_rows(term)
            rows = said if rows is None else np.intersect1d(rows, said)
        if rows is None:
            return []
        rows = np.unique(rows[self.mask[rows]])[:limit]
        return self.row_texts(rows) if len(rows) else []
