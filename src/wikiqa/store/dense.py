"""Dense (cosine) search over a collection's chunk vectors, held in memory.

The whole matrix is loaded once per store and reused until the collection changes (the store
drops it on writes). Access control is a boolean row mask built from the documents the reader
may read; masked rows can never be returned, whatever the index type:

- exact: one matrix-vector product; forbidden rows are dropped before the top-k.
- usearch: approximate HNSW over all rows, over-fetched and then filtered by the mask; when
  the reader may see only a small share of rows, or over-fetching still leaves fewer than k,
  it falls back to exact search over the allowed subset (cheap, since that subset is small).

Writes are incremental (`with_changes`): the rows of changed or deleted documents are marked
dead (never returned), the new rows' vectors are read and appended as a block of their own
(and added to the HNSW graph), so a one-document write reads one document's vectors.
"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any, Literal

import numpy as np

from wikiqa.store.embed import from_storage
from wikiqa.store.fusion import Arrays, as_arrays, as_ranked, top_k

VectorIndexKind = Literal["exact", "usearch"]
_EXACT_BELOW = 0.05  # allowed share of rows under which ANN is skipped for exact search
_OVERFETCH = 4
# HNSW graph degree and search breadth (usearch's defaults: 16 and 64). Measured with real
# SciFact query vectors over near-duplicate collections (bench/scale.py's data): at 100k
# chunks recall@10 vs exact was 0.743 with the defaults, 0.927 (16, 512), 0.952 (16, 1024),
# 0.984 (32, 512) and 1.0 (32, 1024) at about 1 ms a query; degree 32 built as fast.
CONNECTIVITY = 32
EF_SEARCH = 1024


def load_usearch() -> Any:
    """Import usearch's Index. onnxruntime must be imported first: on Linux wheels loading
    usearch (numkong) before onnxruntime makes onnxruntime's import segfault."""
    with contextlib.suppress(ImportError):
        import onnxruntime  # noqa: F401
    try:
        from usearch.index import Index
    except ImportError as exc:
        from wikiqa.errors import ConfigError

        raise ConfigError(
            "vector_index='usearch' needs usearch: pip install 'wikiqa[ann]' "
            "(or set WIKIQA_VECTOR_INDEX=exact)"
        ) from exc
    return Index


class DenseIndex:
    """Chunk ids, their documents' rowids and a (n, dim) float32 matrix of unit vectors."""

    def __init__(
        self,
        chunk_ids: np.ndarray,
        doc_rowids: np.ndarray,
        matrix: np.ndarray,
        kind: VectorIndexKind = "exact",
    ) -> None:
        self.chunk_ids = chunk_ids
        self.doc_rowids = doc_rowids
        self.matrix = matrix  # the base block; rows appended by writes are in `blocks`
        self.blocks: list[np.ndarray] = [matrix]
        self.live: np.ndarray | None = None  # None: no row was replaced or deleted
        self.kind = kind
        self._ann: Any = None
        if kind == "usearch" and len(chunk_ids):
            index_cls = load_usearch()
            self._ann = index_cls(
                ndim=matrix.shape[1],
                metric="ip",
                dtype="f16",
                connectivity=CONNECTIVITY,
                expansion_search=EF_SEARCH,
            )
            self._ann.add(np.arange(len(chunk_ids), dtype=np.uint64), matrix)

    def with_changes(
        self, conn: sqlite3.Connection, touched_doc_rowids: set[int], dim: int, dtype: str
    ) -> DenseIndex | None:
        """A new index where the rows of `touched_doc_rowids` are replaced by the vectors the
        store holds for them now; the matrix is shared, not copied. New rows join the HNSW
        graph in place (readers of the old index never see them: their masks are shorter). None
        when the appended rows would outgrow a quarter of the base (rebuild instead)."""
        marks = ",".join("?" * len(touched_doc_rowids))
        ids, docs, matrix = _rows(
            conn, dim, dtype, f"AND doc_rowid IN ({marks})", sorted(touched_doc_rowids)
        )
        n_old = len(self)
        if n_old + len(ids) - len(self.matrix) > 0.25 * max(len(self.matrix), 1):
            return None
        new = DenseIndex.__new__(DenseIndex)
        new.chunk_ids = np.concatenate([self.chunk_ids, ids])
        new.doc_rowids = np.concatenate([self.doc_rowids, docs])
        new.matrix = self.matrix
        new.blocks = [*self.blocks, matrix] if len(ids) else list(self.blocks)
        if len(new.blocks) > 8:  # merge the appended blocks (amortised over the writes)
            new.blocks = [self.matrix, np.concatenate(new.blocks[1:])]
        live = np.ones(n_old, dtype=bool) if self.live is None else self.live.copy()
        live[np.isin(self.doc_rowids, list(touched_doc_rowids))] = False
        new.live = np.concatenate([live, np.ones(len(ids), dtype=bool)])
        new.kind = self.kind
        new._ann = self._ann
        if self._ann is not None and len(ids):
            self._ann.add(np.arange(n_old, n_old + len(ids), dtype=np.uint64), matrix)
        return new

    @classmethod
    def load(
        cls, conn: sqlite3.Connection, dim: int, dtype: str, kind: VectorIndexKind = "exact"
    ) -> DenseIndex:
        return cls(*_rows(conn, dim, dtype, "", []), kind)

    def __len__(self) -> int:
        return len(self.chunk_ids)

    def as_kind(self, kind: VectorIndexKind) -> DenseIndex:
        """The same rows under another index kind (the vectors are shared, not reloaded)."""
        matrix = self.matrix if len(self.blocks) == 1 else np.concatenate(self.blocks)
        new = DenseIndex(self.chunk_ids, self.doc_rowids, matrix, kind)
        new.live = self.live
        return new

    def _matvec_all(self, q: np.ndarray) -> np.ndarray:
        if len(self.blocks) == 1:
            return _matvec(self.matrix, q)
        return np.concatenate([_matvec(m, q) for m in self.blocks])

    def mask_for(self, allowed_doc_rowids: np.ndarray) -> np.ndarray:
        return np.isin(self.doc_rowids, allowed_doc_rowids)

    def search(self, query: np.ndarray, k: int, mask: np.ndarray) -> list[tuple[int, float]]:
        """Top-k (chunk id, cosine) among rows where `mask` is True."""
        return as_ranked(self.search_arrays(query, k, mask))

    def search_arrays(self, query: np.ndarray, k: int, mask: np.ndarray) -> Arrays:
        """Top-k (chunk ids, cosines) among rows where `mask` is True, best first."""
        if self.live is not None:
            mask = mask & self.live
        allowed = int(np.count_nonzero(mask))
        if k <= 0 or allowed == 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        k = min(k, allowed)
        q = np.asarray(query, dtype=np.float32)
        if self._ann is not None and allowed >= _EXACT_BELOW * len(self):
            hits = self._search_ann(q, k, mask, allowed)
            if hits is not None:
                return as_arrays(hits)
        return self._search_exact(q, k, mask, allowed)

    def _search_exact(self, q: np.ndarray, k: int, mask: np.ndarray, allowed: int) -> Arrays:
        """One matvec over the whole matrix (or over the allowed rows when they are few)."""
        if allowed == len(self):
            ids, scores = self.chunk_ids, self._matvec_all(q)
        else:
            rows = np.flatnonzero(mask)
            few = 4 * allowed < len(self) and len(self.blocks) == 1  # gathering beats the product
            scores = _matvec(self.matrix[rows], q) if few else self._matvec_all(q)[rows]
            ids = self.chunk_ids[rows]
        best = top_k(ids, scores, k)
        return ids[best], scores[best]

    def _search_ann(
        self, q: np.ndarray, k: int, mask: np.ndarray, allowed: int
    ) -> list[tuple[int, float]] | None:
        if allowed == len(self):  # nothing to filter out: no over-fetching
            want = k
        else:
            want = min(len(self), int(k * _OVERFETCH * len(self) / allowed) + k)
        found = self._ann.search(q, want)
        out = []
        for key, dist in zip(found.keys, found.distances, strict=True):
            row = int(key)
            if row < len(mask) and mask[row]:  # rows added after this index are not its own
                out.append((int(self.chunk_ids[row]), float(1.0 - dist)))
                if len(out) == k:
                    return out
        return None  # too few allowed rows among the neighbours: let exact search answer


def _rows(
    conn: sqlite3.Connection, dim: int, dtype: str, where: str, params: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(chunk ids, doc rowids, float32 matrix) of stored vectors, ascending chunk id."""
    rows = conn.execute(
        "SELECT id, doc_rowid, embedding FROM chunks WHERE embedding IS NOT NULL"
        f" {where} ORDER BY id",
        params,
    ).fetchall()
    width = dim * np.dtype(dtype).itemsize
    rows = [r for r in rows if len(r[2]) == width]  # foreign-sized blobs are ignored
    ids = np.array([r[0] for r in rows], dtype=np.int64)
    docs = np.array([r[1] for r in rows], dtype=np.int64)
    return ids, docs, from_storage([r[2] for r in rows], dim, dtype)


def _matvec(matrix: np.ndarray, q: np.ndarray) -> np.ndarray:
    """matrix @ q on one thread. Multithreaded OpenBLAS gemv measured 8 ms instead of 0.5 ms
    for 6890 x 384 on a busy 2-core machine (its threads wait for cores); a matvec is
    memory-bound, so einsum's single-threaded SIMD loop loses nothing when cores are free."""
    return np.einsum("ij,j->i", matrix, q).astype(np.float64)
