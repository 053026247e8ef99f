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
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any, Literal

import numpy as np

from wikiqa.store import persist
from wikiqa.store.fusion import Arrays, as_ranked, top_k

log = logging.getLogger(__name__)
VectorIndexKind = Literal["exact", "usearch", "auto"]
# `auto` searches exactly below this many chunks and with the saved HNSW graph from it on
# (docs/collections.md: exact search costs ~0.05 ms per 1,000 chunks, 51 ms at 1M).
AUTO_ANN_MIN_CHUNKS = 500_000
_EXACT_BELOW = 0.05  # allowed share of rows under which ANN is skipped for exact search
_OVERFETCH = 4
RERANK = 4  # graph candidates per wanted hit, re-scored exactly (see _search_ann)
_READ_BATCH = 65_536  # stored vectors read per step
# HNSW graph degree and search breadth (usearch's defaults: 16 and 64). Measured with real
# SciFact query vectors (bench/scale.py's data): at 100k chunks, 14 perturbed copies per
# SciFact chunk, recall@10 vs exact was 0.743 with the defaults, 0.984 (32, 1024) and 1.0
# (32, 1024, every copy perturbed); at 1M chunks (145 copies per chunk) degree 32 gave 0.985
# and degree 64 0.992 at the same density on 100k vectors (bench/ann_options.py), with
# 0.708 -> 0.949 when each original is kept as a hub of its copies (docs/collections.md).
CONNECTIVITY = 64
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


def resolve_kind(kind: VectorIndexKind, n_chunks: int) -> VectorIndexKind:
    """`auto` -> exact below AUTO_ANN_MIN_CHUNKS, usearch from there (exact if usearch is not
    installed: slower, never wrong)."""
    if kind != "auto":
        return kind
    if n_chunks < AUTO_ANN_MIN_CHUNKS:
        return "exact"
    from wikiqa.errors import ConfigError

    try:
        load_usearch()
    except ConfigError:
        log.warning("%d chunks: install wikiqa[ann] for approximate search", n_chunks)
        return "exact"
    return "usearch"


class DenseIndex:
    """Chunk ids, their documents' rowids and a (n, dim) float32 matrix of unit vectors.

    An index restored from a saved HNSW graph (`load` with a collection path) has no matrix
    until something needs every vector (exact search for a broad reader, `as_kind`): the
    graph holds the stored float16 vectors, and they are read back from it then."""

    def __init__(
        self,
        chunk_ids: np.ndarray,
        doc_rowids: np.ndarray,
        matrix: np.ndarray | None,
        kind: VectorIndexKind = "exact",
        ann: Any = None,
    ) -> None:
        self.chunk_ids = chunk_ids
        self.doc_rowids = doc_rowids
        self._matrix = matrix  # the base block; rows appended by writes are in `_tail`
        self._tail: list[np.ndarray] = []
        self.n_base = len(chunk_ids)
        self.live: np.ndarray | None = None  # None: no row was replaced or deleted
        self.kind = kind
        self._ann: Any = ann
        if kind == "usearch" and ann is None and len(chunk_ids):
            assert matrix is not None
            self._ann = new_graph(matrix.shape[1])
            self._ann.add(np.arange(len(chunk_ids), dtype=np.uint64), matrix)
        self._graph_rows = len(chunk_ids) if self._ann is not None else 0

    @property
    def matrix(self) -> np.ndarray:
        """The base block's float32 vectors (read back from the graph when restored)."""
        if self._matrix is None:
            keys = np.arange(self.n_base, dtype=np.uint64)
            self._matrix = np.stack(self._ann.get(keys, dtype=np.float32)).astype(np.float32)
        return self._matrix

    @property
    def blocks(self) -> list[np.ndarray]:
        return [self.matrix, *self._tail]

    def _vectors(self, rows: np.ndarray) -> np.ndarray:
        """Vectors of some base rows, without materialising the whole matrix."""
        if self._matrix is not None:
            return self._matrix[rows]
        if not len(rows):
            return np.zeros((0, self._ann.ndim), dtype=np.float32)
        return np.stack(self._ann.get(rows.astype(np.uint64), dtype=np.float32))

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
        if n_old + len(ids) - self.n_base > 0.25 * max(self.n_base, 1):
            return None
        new = DenseIndex.__new__(DenseIndex)
        new.chunk_ids = np.concatenate([self.chunk_ids, ids])
        new.doc_rowids = np.concatenate([self.doc_rowids, docs])
        new._matrix = self._matrix
        new.n_base = self.n_base
        new._tail = [*self._tail, matrix] if len(ids) else list(self._tail)
        if len(new._tail) > 7:  # merge the appended blocks (amortised over the writes)
            new._tail = [np.concatenate(new._tail)]
        live = np.ones(n_old, dtype=bool) if self.live is None else self.live.copy()
        live[np.isin(self.doc_rowids, list(touched_doc_rowids))] = False
        new.live = np.concatenate([live, np.ones(len(ids), dtype=bool)])
        new.kind = self.kind
        new._ann = self._ann
        new._ann_path = self._ann_path
        new._graph_rows = self._graph_rows
        if self._ann is not None and len(ids) and self._ann_path is None:
            self._ann.add(np.arange(n_old, n_old + len(ids), dtype=np.uint64), matrix)
            new._graph_rows = len(new)
        # (a memory-mapped saved graph is read-only: rows past it are searched exactly)
        return new

    _ann_path: Path | None = None  # the saved graph `_ann` maps (read-only), if any
    _graph_rows = 0  # rows 0.._graph_rows are in the graph; later ones are scored exactly

    @classmethod
    def load(
        cls,
        conn: sqlite3.Connection,
        dim: int,
        dtype: str,
        kind: VectorIndexKind = "exact",
        collection: Path | None = None,
        persist_min_chunks: int = persist.PERSIST_MIN_CHUNKS,
    ) -> DenseIndex:
        """The stored vectors (call in a read txn). For usearch over a large collection the
        graph saved beside `collection` is memory-mapped when it matches the collection;
        otherwise it is built from the vectors and saved for the next process."""
        if kind != "usearch" or collection is None:
            return cls(*_rows(conn, dim, dtype, "", []), kind)
        fp = persist.fingerprint(conn)
        if fp["chunks"] < persist_min_chunks:
            return cls(*_rows(conn, dim, dtype, "", []), kind)
        expect = {**_graph_params(dim, dtype), **fp}
        restored = _restore_saved(collection, expect)
        if restored is not None:
            return restored
        index = cls(*_rows(conn, dim, dtype, "", []), kind)
        if index._ann is not None:
            _save_graph(index, collection, expect)
        return index

    def __len__(self) -> int:
        return len(self.chunk_ids)

    def as_kind(self, kind: VectorIndexKind) -> DenseIndex:
        """The same rows under another index kind (the vectors are shared, not reloaded)."""
        matrix = self.matrix if not self._tail else np.concatenate(self.blocks)
        new = DenseIndex(self.chunk_ids, self.doc_rowids, matrix, kind)
        new.live = self.live
        return new

    def _matvec_all(self, q: np.ndarray) -> np.ndarray:
        if not self._tail:
            return _matvec(self.matrix, q)
        return np.concatenate([_matvec(m, q) for m in self.blocks])

    def mask_for(self, allowed_doc_rowids: np.ndarray) -> np.ndarray:
        return np.isin(self.doc_rowids, allowed_doc_rowids)

    def search(self, query: np.ndarray, k: int, mask: np.ndarray) -> list[tuple[int, float]]:
        """Top-k (chunk id, cosine) among rows where `mask` is True."""
        return as_ranked(self.search_arrays(query, k, mask))

    def search_arrays(
        self, query: np.ndarray, k: int, mask: np.ndarray, docs: np.ndarray | None = None
    ) -> Arrays:
        """Top-k (chunk ids, cosines) among rows where `mask` is True, best first; ties broken
        by each row's document key in `docs` when given (fusion.top_k)."""
        if self.live is not None:
            mask = mask & self.live
        allowed = int(np.count_nonzero(mask))
        if k <= 0 or allowed == 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        k = min(k, allowed)
        q = np.asarray(query, dtype=np.float32)
        if self._ann is not None and allowed >= _EXACT_BELOW * len(self):
            hits = self._search_ann(q, k, mask, allowed, docs)
            if hits is not None:
                return hits
        return self._search_exact(q, k, mask, allowed, docs)

    def _search_exact(
        self, q: np.ndarray, k: int, mask: np.ndarray, allowed: int, docs: np.ndarray | None
    ) -> Arrays:
        """One matvec over the whole matrix (or over the allowed rows when they are few)."""
        if allowed == len(self):
            rows = np.arange(len(self))
            ids, scores = self.chunk_ids, self._matvec_all(q)
        else:
            rows = np.flatnonzero(mask)
            few = 4 * allowed < len(self) and not self._tail  # gathering beats the product
            scores = _matvec(self._vectors(rows), q) if few else self._matvec_all(q)[rows]
            ids = self.chunk_ids[rows]
        best = top_k(ids, scores, k, None if docs is None else docs[rows])
        return ids[best], scores[best]

    def _search_ann(
        self, q: np.ndarray, k: int, mask: np.ndarray, allowed: int, docs: np.ndarray | None
    ) -> Arrays | None:
        """The graph's RERANK * k nearest allowed rows (and any rows appended after a saved
        graph was mapped), re-scored exactly from their stored vectors: scores and tie order
        equal exact search's, and a near-tie the float16 graph distance ordered wrongly is
        put right. None when too few allowed rows came back (exact search answers then)."""
        want = RERANK * k
        if allowed < len(self):  # over-fetch past the rows the reader may not see
            want = int(want * _OVERFETCH * len(self) / allowed) + k
        found = self._ann.search(q, min(self._graph_rows, want))
        rows = np.asarray(found.keys, dtype=np.int64)
        rows = rows[rows < len(mask)]  # rows added after this index are not its own
        if self._graph_rows < len(self):  # rows appended since a saved graph was mapped
            rows = np.concatenate([rows, np.arange(self._graph_rows, len(self))])
        rows = rows[mask[rows]]
        if len(rows) < k:
            return None
        scores = _matvec(self._row_vectors(rows), q)
        ids = self.chunk_ids[rows]
        best = top_k(ids, scores, k, None if docs is None else docs[rows])
        return ids[best], scores[best]

    def _row_vectors(self, rows: np.ndarray) -> np.ndarray:
        """Float32 vectors of any rows (base rows from the matrix or graph, others from the
        blocks appended by writes)."""
        base = rows < self.n_base
        if base.all():
            return self._vectors(rows)
        tail = np.concatenate(self._tail) if len(self._tail) > 1 else self._tail[0]
        out = np.empty((len(rows), tail.shape[1]), dtype=np.float32)
        out[base] = self._vectors(rows[base])
        out[~base] = tail[rows[~base] - self.n_base]
        return out


def new_graph(dim: int) -> Any:
    return load_usearch()(ndim=dim, metric="ip", dtype="f16", connectivity=CONNECTIVITY,
                          expansion_search=EF_SEARCH)  # fmt: skip


def restore_graph(path: Path) -> Any:
    """A saved graph, memory-mapped read-only."""
    graph = load_usearch().restore(str(path), view=True)
    if graph is None:
        raise persist.IndexFileError(f"{path}: not a usearch index")
    graph.expansion_search = EF_SEARCH  # a search-time setting: not saved in the file
    return graph


def graph_files(collection: Path) -> tuple[Path, Path]:
    """(the usearch graph, the container of its row -> chunk id map and checksum)."""
    return Path(f"{collection}.usearch"), Path(f"{collection}.ann")


def _graph_params(dim: int, dtype: str) -> dict[str, object]:
    return {"format": "ann/1", "metric": "ip", "scalar": "f16", "connectivity": CONNECTIVITY,
            "dim": dim, "stored_dtype": dtype}  # fmt: skip


def _save_graph(index: DenseIndex, collection: Path, expect: dict[str, object]) -> None:
    """Save the graph, then the container naming its size and CRC (written last: a crash
    between the two leaves a container that does not match, so the pair is rebuilt)."""
    graph_path, ids_path = graph_files(collection)
    tmp = graph_path.with_name(f".{graph_path.name}.{os.getpid()}.tmp")
    try:
        index._ann.save(str(tmp))
        os.replace(tmp, graph_path)
        meta = {**expect, "graph_bytes": graph_path.stat().st_size,
                "graph_crc": persist.crc_of(graph_path)}  # fmt: skip
        persist.save(ids_path, meta, {"chunk_ids": index.chunk_ids,
                                      "doc_rowids": index.doc_rowids})  # fmt: skip
    except OSError as exc:
        log.warning("could not save the vector graph beside %s (%s)", collection, exc)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def _restore_saved(collection: Path, expect: dict[str, object]) -> DenseIndex | None:
    """The saved graph, memory-mapped, if it matches `expect` and its checksum; else None."""
    graph_path, ids_path = graph_files(collection)
    found = persist.try_load(ids_path, expect)
    if found is None:
        return None
    meta, arrays = found
    try:
        if graph_path.stat().st_size != meta["graph_bytes"]:
            raise persist.IndexFileError(f"{graph_path}: truncated")
        if persist.crc_of(graph_path) != meta["graph_crc"]:
            raise persist.IndexFileError(f"{graph_path}: damaged (checksum mismatch)")
        graph = restore_graph(graph_path)
        if len(graph) != len(arrays["chunk_ids"]):
            raise persist.IndexFileError(f"{graph_path}: holds {len(graph)} vectors")
    except (OSError, persist.IndexFileError, RuntimeError, ValueError) as exc:
        log.warning("saved vector graph %s is unusable (%s); rebuilding it", graph_path, exc)
        return None
    index = DenseIndex(np.asarray(arrays["chunk_ids"]), np.asarray(arrays["doc_rowids"]),
                       None, "usearch", ann=graph)  # fmt: skip
    index._ann_path = graph_path
    return index


def _rows(
    conn: sqlite3.Connection, dim: int, dtype: str, where: str, params: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(chunk ids, doc rowids, float32 matrix) of stored vectors, ascending chunk id. Rows are
    read in batches and kept in their stored dtype until the matrix is filled, so the peak is
    the matrix plus the stored vectors once (not the Python rows of the whole collection)."""
    cur = conn.execute(
        "SELECT id, doc_rowid, embedding FROM chunks WHERE embedding IS NOT NULL"
        f" {where} ORDER BY id",
        params,
    )
    width = dim * np.dtype(dtype).itemsize
    ids, docs, parts = [], [], []
    while batch := cur.fetchmany(_READ_BATCH):
        batch = [r for r in batch if len(r[2]) == width]  # foreign-sized blobs are ignored
        ids.append(np.fromiter((r[0] for r in batch), dtype=np.int64, count=len(batch)))
        docs.append(np.fromiter((r[1] for r in batch), dtype=np.int64, count=len(batch)))
        raw = np.frombuffer(b"".join(r[2] for r in batch), dtype=np.dtype(dtype))
        parts.append(raw.reshape(len(batch), dim))
    matrix = np.empty((sum(len(p) for p in parts), dim), dtype=np.float32)
    at = 0
    for part in parts:
        matrix[at : at + len(part)] = part
        at += len(part)
    parts.clear()
    if not ids:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), matrix
    return np.concatenate(ids), np.concatenate(docs), matrix


def _matvec(matrix: np.ndarray, q: np.ndarray) -> np.ndarray:
    """matrix @ q on one thread. Multithreaded OpenBLAS gemv measured 8 ms instead of 0.5 ms
    for 6890 x 384 on a busy 2-core machine (its threads wait for cores); a matvec is
    memory-bound, so einsum's single-threaded SIMD loop loses nothing when cores are free."""
    return np.einsum("ij,j->i", matrix, q).astype(np.float64)
