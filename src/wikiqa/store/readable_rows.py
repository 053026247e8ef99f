"""The words of the rows one reader may read: what store/lexicon.py reads a question's
words against, so that no rewrite is learnt from a document the reader cannot see."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from wikiqa.store.lexical import LexicalIndex

# The texts of chunks by id (the caller passes only the reader's rows' chunks).
RowTexts = Callable[[list[int]], dict[int, str]]
_TEXT_BATCH = 900  # chunk ids read per query (SQLite's bound on a statement's parameters)


class ReadableRows:
    """`lexicon.Readable` over an in-memory index, the reader's row mask and a way to read
    row texts (the store reads them through its access filter too)."""

    def __init__(
        self,
        index: LexicalIndex,
        mask: np.ndarray,
        row_texts: RowTexts,
        docs: np.ndarray | None = None,
    ) -> None:
        self.index = index
        self.mask = mask
        self.row_texts = row_texts
        self.docs = docs  # each row's doc id, when known: the ranking's tie-break key

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
        return [text for _, text in self._rows_saying(terms, limit)]

    def document_texts(self, term: str, limit: int) -> dict[int, str]:
        by_doc: dict[int, list[str]] = {}
        for row, text in self._rows_saying([term], limit):
            by_doc.setdefault(int(self.index.doc_rowids[row]), []).append(text)
        return {doc: "\n".join(texts) for doc, texts in by_doc.items()}

    def all_texts(self, limit: int) -> list[str] | None:
        rows = np.flatnonzero(self.mask)
        if len(rows) > limit:
            return None
        ids = [int(i) for i in self.index.chunk_ids[rows]]
        texts: list[str] = []
        for lo in range(0, len(ids), _TEXT_BATCH):
            texts.extend(self.row_texts(ids[lo : lo + _TEXT_BATCH]).values())
        return texts

    def _rows_saying(self, terms: Sequence[str], limit: int) -> list[tuple[int, str]]:
        """(row, text) of up to `limit` readable rows that say every one of `terms`: the
        first by doc id and place in the document when the rows' doc ids are known, so which
        rows are read (and which spelling is met first) does not depend on the order of
        indexing."""
        rows: np.ndarray | None = None
        for term in terms:
            said = self.index.term_rows(term)
            rows = said if rows is None else np.intersect1d(rows, said)
        if rows is None:
            return []
        rows = np.unique(rows[self.mask[rows]])
        if self.docs is not None:  # in document order, not the order they were written in
            rows = rows[np.lexsort((self.index.chunk_ids[rows], self.docs[rows]))]
        rows = rows[:limit]
        if not len(rows):
            return []
        texts = self.row_texts([int(i) for i in self.index.chunk_ids[rows]])
        return [(int(r), texts[int(c)]) for r, c in zip(rows, self.index.chunk_ids[rows], strict=True)
                if int(c) in texts]  # fmt: skip
