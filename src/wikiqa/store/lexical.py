"""BM25 held in memory as term-major postings, scored the way FTS5's bm25() scores.

FTS5 recomputes idf and walks its b-tree on every MATCH; here every (term, chunk) BM25
contribution is computed once at load, so a query gathers a few slices and sums them (the
bm25s recipe). The formula is FTS5's, column weights included: weighted term frequency
sum_col w_col * tf_col, document length = tokens in all columns, idf = ln((N - n + 0.5) /
(n + 0.5)) floored at 1e-6, k1 = 1.2, b = 0.75. Terms come from FTS5's own tokenizer, so
the ranking equals `bm25(chunks_fts, 1.0, 0.6, 0.4)` up to float rounding.

Writes are incremental (`with_changes`): the rows of a changed or deleted document are marked
dead, the new rows are appended and only they are tokenised, into a small segment of their
own (past MAX_SEGMENTS, the tail segments are merged: amortised, still only tail rows). Once
anything changed, a term's score is computed at query time from its live postings with the
collection's current N, average length and document frequency (the same formula, so the
ranking equals a full rebuild's); an unchanged index uses the scores precomputed at build.
When the tail outgrows a quarter of the base, the caller rebuilds from scratch.
"""

from __future__ import annotations

import sqlite3
from itertools import chain

import numpy as np

from wikiqa.store.fusion import top_k
from wikiqa.store.tokenize import FtsTokenizer, shared_tokenizer

WEIGHTS = (1.0, 0.6, 0.4)  # text, title, heading: the store's bm25(chunks_fts, ...) weights
K1, B = 1.2, 0.75
BATCH = 4096  # chunks tokenised per step (bounds the Python objects alive at once)
TAIL_SHARE = 0.25  # a tail larger than this share of the base asks for a rebuild
MAX_SEGMENTS = 8  # one segment per write; past this the tail segments merge into one
Columns = tuple[str, str, str]  # text, title, heading


class Postings:
    """One segment's CSR postings: term -> (global rows, weighted tf), rows ascending."""

    def __init__(self, vocab: dict[str, int], indptr: np.ndarray, rows: np.ndarray,
                 tf: np.ndarray) -> None:  # fmt: skip
        self.vocab = vocab
        self.indptr = indptr
        self._spans = indptr.tolist()  # Python ints: slicing with them is several times faster
        self.rows = rows
        self.tf = tf

    def span(self, term: str) -> tuple[int, int] | None:
        tid = self.vocab.get(term)
        return None if tid is None else (self._spans[tid], self._spans[tid + 1])

    @classmethod
    def build(
        cls, columns: list[Columns], tokenizer: FtsTokenizer, offset: int, length: np.ndarray
    ) -> Postings:
        """Tokenise `columns` (global rows offset..); adds their token counts to `length`."""
        n = len(columns)
        vocab: dict[str, int] = {}
        terms, pos, wtf = [], [], []
        for lo in range(0, n, BATCH):
            t, p, w = batch_pairs(columns[lo : lo + BATCH], vocab, tokenizer, length[lo:])
            terms.append(t)
            pos.append(p + lo + offset)
            wtf.append(w)
        term = np.concatenate(terms) if terms else np.zeros(0, dtype=np.int64)
        row = np.concatenate(pos).astype(np.int32) if pos else np.zeros(0, dtype=np.int32)
        tf = np.concatenate(wtf) if wtf else np.zeros(0)
        order = np.argsort(term, kind="stable")  # term-major, rows ascending within a term
        hits = np.bincount(term, minlength=len(vocab))
        indptr = np.concatenate([[0], np.cumsum(hits)]).astype(np.int64)
        return cls(vocab, indptr, row[order], tf[order].astype(np.float32))


class LexicalIndex:
    """Chunk ids, their documents' rowids, per-row lengths and liveness, and postings: a base
    segment and (after writes) a tail segment of appended rows."""

    def __init__(
        self,
        chunk_ids: np.ndarray,
        doc_rowids: np.ndarray,
        length: np.ndarray,
        segments: list[Postings],
        tokenizer: FtsTokenizer,
        *,
        live: np.ndarray | None = None,
        tail: tuple[int, list[Columns]] | None = None,
        scores: np.ndarray | None = None,
    ) -> None:
        self.chunk_ids = chunk_ids
        self.doc_rowids = doc_rowids
        self.length = length
        self.segments = segments
        self.tokenizer = tokenizer
        self.live = live  # None: every row is live and nothing changed since the build
        self.tail = tail  # (first tail row, the tail rows' columns) after writes
        alive = length if live is None else length[live]
        self.n_live = len(alive)
        self.avgdl = float(alive.sum()) / self.n_live if self.n_live else 1.0
        fresh = live is None and len(segments) == 1
        # every base posting's BM25 contribution (given when the index was saved: bm25_file)
        self._scores = (scores if scores is not None else self._precompute()) if fresh else None

    def __len__(self) -> int:
        return len(self.chunk_ids)

    @classmethod
    def load(cls, conn: sqlite3.Connection, tokenizer: FtsTokenizer | None = None) -> LexicalIndex:
        """Tokenise every chunk's (text, title, heading), as chunks_fts holds them."""
        ids, docs, columns = _rows(conn, "")
        return cls.build(ids, docs, columns, tokenizer or shared_tokenizer())

    @classmethod
    def build(
        cls,
        chunk_ids: np.ndarray,
        doc_rowids: np.ndarray,
        columns: list[Columns],
        tokenizer: FtsTokenizer,
    ) -> LexicalIndex:
        length = np.zeros(len(columns), dtype=np.float64)
        base = Postings.build(columns, tokenizer, 0, length)
        return cls(chunk_ids, doc_rowids, length, [base], tokenizer)

    def with_changes(
        self, conn: sqlite3.Connection, touched_doc_rowids: set[int]
    ) -> LexicalIndex | None:
        """A new index where the rows of `touched_doc_rowids` are replaced by what the store
        holds for them now (none, for a deleted document); only new rows are tokenised. None
        when the tail would outgrow TAIL_SHARE of the base (rebuild instead). The old index
        is left as it was (readers may still use it)."""
        marks = ",".join("?" * len(touched_doc_rowids))
        ids, docs, columns = _rows(conn, f"WHERE c.doc_rowid IN ({marks})", touched_doc_rowids)
        return self.with_rows(touched_doc_rowids, ids, docs, columns)

    def with_rows(
        self, touched_doc_rowids: set[int], ids: np.ndarray, docs: np.ndarray,
        columns: list[Columns],
    ) -> LexicalIndex | None:  # fmt: skip
        """`with_changes` given the touched documents' rows as the store holds them now
        (chunk ids, document rowids, columns; in chunk id order), however it read them."""
        tail_start, tail_columns = self.tail or (len(self), [])
        if len(tail_columns) + len(columns) > TAIL_SHARE * max(tail_start, 1):
            return None
        live = np.ones(len(self), dtype=bool) if self.live is None else self.live.copy()
        live[np.isin(self.doc_rowids, list(touched_doc_rowids))] = False
        n_old = len(self)
        added = np.zeros(len(columns))
        segments = [*self.segments, Postings.build(columns, self.tokenizer, n_old, added)]
        tail_columns = tail_columns + columns
        if len(segments) > MAX_SEGMENTS:  # merge the tail segments (lengths are unchanged)
            scratch = np.zeros(len(tail_columns))
            segments = [
                segments[0],
                Postings.build(tail_columns, self.tokenizer, tail_start, scratch),
            ]
        return LexicalIndex(
            np.concatenate([self.chunk_ids, ids]),
            np.concatenate([self.doc_rowids, docs]),
            np.concatenate([self.length, added]),
            segments,
            self.tokenizer,
            live=np.concatenate([live, np.ones(len(columns), dtype=bool)]),
            tail=(tail_start, tail_columns),
        )

    def _precompute(self) -> np.ndarray:
        """Every posting's BM25 contribution for an index nothing was written to."""
        base = self.segments[0]
        hits = np.diff(base.indptr).astype(np.float64)
        term = np.repeat(np.arange(len(hits)), np.diff(base.indptr))
        return self._score(self._idf(hits)[term], base.tf, base.rows)

    def _idf(self, df: np.ndarray) -> np.ndarray:
        n = self.n_live
        idf = np.log((n - df + 0.5) / (df + 0.5))
        idf[idf <= 0] = 1e-6
        return idf

    def _score(self, idf: np.ndarray, tf: np.ndarray, rows: np.ndarray) -> np.ndarray:
        norm = K1 * (1 - B + B * self.length[rows] / max(self.avgdl, 1e-9))
        return (idf * tf * (K1 + 1) / (tf + norm)).astype(np.float32)

    def term_ids(self, words: list[str]) -> list[str] | None:
        """The index terms of the query words (one per word, repeats kept: FTS5 scores each
        OR-ed phrase; unknown terms dropped). None when a word is a multi-token phrase: FTS5
        must answer that."""
        table = self.tokenizer.terms_of(words)
        out = []
        for w in words:
            toks = table[w]
            if len(toks) != 1:
                return None
            if any(seg.vocab.get(toks[0]) is not None for seg in self.segments):
                out.append(toks[0])
        return out

    def frequency(self, word: str, mask: np.ndarray) -> int:
        """How many rows where `mask` is True say `word` (its one index term), 0 for a
        word of several terms."""
        terms = self.tokenizer.terms_of([word])[word]
        if len(terms) != 1:
            return 0
        rows, _ = self._postings(terms[0])
        return int(np.count_nonzero(mask[rows]))

    def term_rows(self, term: str) -> np.ndarray:
        """The live rows that say the index term `term` (ascending within each segment)."""
        return self._postings(term)[0]

    def terms_starting(self, prefix: str) -> set[str]:
        """The index terms longer than `prefix` that start with it (any segment)."""
        return {t for seg in self.segments for t in seg.vocab
                if len(t) > len(prefix) and t.startswith(prefix)}  # fmt: skip

    def _postings(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """(rows, BM25 contributions) of one term's live postings."""
        if self._scores is not None:
            span = self.segments[0].span(term)
            if span is None:
                return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32)
            a, b = span
            return self.segments[0].rows[a:b], self._scores[a:b]
        rows_l, tf_l = [], []
        for seg in self.segments:
            if (span := seg.span(term)) is not None:
                rows_l.append(seg.rows[span[0] : span[1]])
                tf_l.append(seg.tf[span[0] : span[1]])
        rows = np.concatenate(rows_l) if rows_l else np.zeros(0, dtype=np.int32)
        tf = np.concatenate(tf_l) if tf_l else np.zeros(0, dtype=np.float32)
        if self.live is not None:
            keep = self.live[rows]
            rows, tf = rows[keep], tf[keep]
        idf = self._idf(np.array([float(len(rows))]))[0]
        return rows, self._score(np.full(len(rows), idf), tf.astype(np.float64), rows)

    def search(
        self, term_ids: list[str], n: int, mask: np.ndarray, docs: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Top-n (chunk ids, BM25 scores) among rows where `mask` is True, best first; ties
        broken by each row's document key in `docs` when given (fusion.top_k)."""
        if n <= 0 or not term_ids:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        parts = [self._postings(t) for t in term_ids]
        if len(parts) == 1:
            rows, weights = parts[0]
            keep = mask[rows]
            cand = rows[keep]
            vals: np.ndarray = weights[keep].astype(np.float64)
        else:
            rows = np.concatenate([p[0] for p in parts])
            weights = np.concatenate([p[1] for p in parts])
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
        best = top_k(ids, vals, n, None if docs is None else docs[cand])
        return ids[best], vals[best]


def _rows(
    conn: sqlite3.Connection, where: str, params: set[int] | None = None
) -> tuple[np.ndarray, np.ndarray, list[Columns]]:
    rows = conn.execute(
        "SELECT c.id, c.doc_rowid, c.text, d.title, c.heading FROM chunks c"
        f" JOIN documents d ON d.id = c.doc_rowid {where} ORDER BY c.id",
        sorted(params or ()),
    ).fetchall()
    return (
        np.array([r[0] for r in rows], dtype=np.int64),
        np.array([r[1] for r in rows], dtype=np.int64),
        [r[2:] for r in rows],
    )


def batch_pairs(
    columns: list[Columns],
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
