"""BM25 held in memory as term-major postings, scored the way FTS5's bm25() scores.

FTS5 recomputes idf and walks its b-tree on every MATCH; here every (term, chunk) BM25
contribution is computed once at load, so a query gathers a few slices and sums them (the
bm25s recipe). The formula is FTS5's, column weights included: weighted term frequency
sum_col w_col * tf_col, document length = tokens in all columns, idf = ln((N - n + 0.5) /
(n + 0.5)) floored at 1e-6, k1 = 1.2, b = 0.75. Terms come from FTS5's own tokenizer, so
the ranking equals `bm25(chunks_fts, 1.0, 0.6, 0.4)` up to float rounding.
"""

from __future__ import annotations

import sqlite3
from itertools import chain

import numpy as np

from wikiqa.store.fusion import top_k
from wikiqa.store.tokenize import FtsTokenizer, shared_tokenizer

WEIGHTS = (1.0, 0.6, 0.4)  # text, title, heading: the store's bm25(chunks_fts, ...) weights
K1, B = 1.2, 0.75
_BATCH = 4096  # chunks tokenised per step (bounds the Python objects alive at once)


class LexicalIndex:
    """chunk ids (ascending), their documents' rowids, and CSR postings term -> (row, score)."""

    def __init__(
        self,
        chunk_ids: np.ndarray,
        doc_rowids: np.ndarray,
        vocab: dict[str, int],
        indptr: np.ndarray,
        rows: np.ndarray,
        scores: np.ndarray,
        tokenizer: FtsTokenizer,
    ) -> None:
        self.chunk_ids = chunk_ids
        self.doc_rowids = doc_rowids
        self.vocab = vocab
        self.indptr = indptr
        self._spans = indptr.tolist()  # Python ints: slicing with them is several times faster
        self.rows = rows
        self.scores = scores
        self.tokenizer = tokenizer

    def __len__(self) -> int:
        return len(self.chunk_ids)

    @classmethod
    def load(cls, conn: sqlite3.Connection, tokenizer: FtsTokenizer | None = None) -> LexicalIndex:
        """Tokenise every chunk's (text, title, heading), as chunks_fts holds them."""
        rows = conn.execute(
            "SELECT c.id, c.doc_rowid, c.text, d.title, c.heading FROM chunks c"
            " JOIN documents d ON d.id = c.doc_rowid ORDER BY c.id"
        ).fetchall()
        return cls.build(
            np.array([r[0] for r in rows], dtype=np.int64),
            np.array([r[1] for r in rows], dtype=np.int64),
            [r[2:] for r in rows],
            tokenizer or shared_tokenizer(),
        )

    @classmethod
    def build(
        cls,
        chunk_ids: np.ndarray,
        doc_rowids: np.ndarray,
        columns: list[tuple[str, str, str]],
        tokenizer: FtsTokenizer,
    ) -> LexicalIndex:
        n = len(columns)
        vocab: dict[str, int] = {}
        terms, pos, wtf = [], [], []
        length = np.zeros(n, dtype=np.float64)
        for lo in range(0, n, _BATCH):
            t, p, w = _batch_pairs(columns[lo : lo + _BATCH], vocab, tokenizer, length[lo:])
            terms.append(t)
            pos.append(p + lo)
            wtf.append(w)
        term = np.concatenate(terms) if terms else np.zeros(0, dtype=np.int64)
        row = np.concatenate(pos).astype(np.int32) if pos else np.zeros(0, dtype=np.int32)
        tf = np.concatenate(wtf) if wtf else np.zeros(0)
        order = np.argsort(term, kind="stable")  # term-major, rows ascending within a term
        term, row, tf = term[order], row[order], tf[order]
        hits = np.bincount(term, minlength=len(vocab)).astype(np.float64)
        idf = np.log((n - hits + 0.5) / (hits + 0.5))
        idf[idf <= 0] = 1e-6
        avgdl = length.sum() / n if n else 1.0
        norm = K1 * (1 - B + B * length[row] / max(avgdl, 1e-9))
        score = (idf[term] * tf * (K1 + 1) / (tf + norm)).astype(np.float32)
        indptr = np.concatenate([[0], np.cumsum(hits)]).astype(np.int64)
        return cls(chunk_ids, doc_rowids, vocab, indptr, row, score, tokenizer)

    def term_ids(self, words: list[str]) -> list[int] | None:
        """Vocabulary ids of the query words (one per word, repeats kept: FTS5 scores each
        OR-ed phrase). None when a word is a multi-token phrase: FTS5 must answer that."""
        table = self.tokenizer.terms_of(words)
        out = []
        for w in words:
            toks = table[w]
            if len(toks) != 1:
                return None
            tid = self.vocab.get(toks[0])
            if tid is not None:
                out.append(tid)
        return out

    def search(
        self, term_ids: list[int], n: int, mask: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """Top-n (chunk ids, BM25 scores) among rows where `mask` is True, best first."""
        if n <= 0 or not term_ids:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        ip = self._spans
        spans = [(ip[t], ip[t + 1]) for t in term_ids]
        if len(spans) == 1:
            a, b = spans[0]
            keep = mask[self.rows[a:b]]
            cand = self.rows[a:b][keep]
            vals: np.ndarray = self.scores[a:b][keep].astype(np.float64)
        else:
            rows = np.concatenate([self.rows[a:b] for a, b in spans])
            weights = np.concatenate([self.scores[a:b] for a, b in spans])
            if 4 * len(rows) > len(self):  # dense accumulator is cheaper than sorting
                acc = np.bincount(rows, weights=weights, minlength=len(self))
                cand = np.flatnonzero(mask & (acc > 0))
                vals = acc[cand]
            else:
                uniq, inv = np.unique(rows, return_inverse=True)
                acc = np.bincount(inv, weights=weights)
                keep = mask[uniq]
                cand, vals = uniq[keep], acc[keep]
        ids = self.chunk_ids[cand]
        best = top_k(ids, vals, n)
        return ids[best], vals[best]


def _batch_pairs(
    columns: list[tuple[str, str, str]],
    vocab: dict[str, int],
    tokenizer: FtsTokenizer,
    length: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(term id, row in batch, weighted tf) per distinct pair; adds token counts to `length`."""
    n = len(columns)
    keys, weights = [], []
    for col, weight in enumerate(WEIGHTS):
        pieces = [tokenizer.pieces(c[col]) for c in columns]
        table = tokenizer.terms_of(chain.from_iterable(pieces))
        ids = {p: [vocab.setdefault(t, len(vocab)) for t in ts] for p, ts in table.items()}
        per_row = [list(chain.from_iterable(map(ids.__getitem__, ps))) for ps in pieces]
        counts = np.fromiter(map(len, per_row), dtype=np.int64, count=n)
        length[:n] += counts
        flat = np.fromiter(chain.from_iterable(per_row), dtype=np.int64, count=int(counts.sum()))
        keys.append(flat * n + np.repeat(np.arange(n, dtype=np.int64), counts))
        weights.append(np.full(len(flat), weight))
    key = np.concatenate(keys)
    uniq, inv = np.unique(key, return_inverse=True)
    tf = np.bincount(inv, weights=np.concatenate(weights))
    return uniq // n, uniq % n, tf
