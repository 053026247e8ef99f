"""The lexical index of a large collection: built in bounded memory, saved, memory-mapped.

`LexicalIndex.load` holds every chunk's text while it tokenises; at a million chunks that is
gigabytes. Here the chunks are streamed in batches of `lexical.BATCH` rows; each batch's
(term, row, weighted tf) pairs are kept (spilled to a temporary folder beside the collection
once the collection is large), then scattered term-major into the final arrays, whose BM25
contributions are computed from the finished statistics. The result is the same arrays
`LexicalIndex.build` makes (same term ids, same order, same float32 scores), so rankings are
identical. Collections of at least `persist.PERSIST_MIN_CHUNKS` chunks save them in
`NAME.sqlite.bm25` and the next process memory-maps that file instead of tokenising again.

Per posting the file holds the row (int32), the weighted term frequency (float32, needed to
rescore after writes) and the precomputed score (float32): 12 bytes.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

import numpy as np

from wikiqa.store import persist
from wikiqa.store.lexical import BATCH, K1, WEIGHTS, B, LexicalIndex, Postings, batch_pairs
from wikiqa.store.tokenize import TOKENIZE, FtsTokenizer, shared_tokenizer

FORMAT = "bm25/1"
_ROWS_SQL = (
    "SELECT c.id, c.doc_rowid, c.text, d.title, c.heading FROM chunks c"
    " JOIN documents d ON d.id = c.doc_rowid ORDER BY c.id"
)


def index_file(collection: Path) -> Path:
    return Path(f"{collection}.bm25")


def _expect(fp: dict[str, object]) -> dict[str, object]:
    return {"format": FORMAT, "tokenizer": TOKENIZE, "weights": list(WEIGHTS), "k1": K1,
            "b": B, **fp}  # fmt: skip


def load_lexical(
    conn: sqlite3.Connection,
    collection: Path | None,
    tokenizer: FtsTokenizer | None = None,
    persist_min_chunks: int = persist.PERSIST_MIN_CHUNKS,
) -> LexicalIndex:
    """The collection's BM25 index: the saved file when it matches the collection, else
    built (and saved when the collection is large enough). Call inside a read txn."""
    tok = tokenizer or shared_tokenizer()
    fp = persist.fingerprint(conn)
    keep = collection is not None and fp["chunks"] >= persist_min_chunks
    if not keep:
        return build_streaming(conn, tok, None)
    assert collection is not None
    path = index_file(collection)
    found = persist.try_load(path, _expect(fp))
    if found is not None:
        return _from_arrays(found[1], tok)
    try:
        spill = Path(tempfile.mkdtemp(prefix=".bm25-build-", dir=collection.parent))
    except OSError:  # a read-only folder: build in memory, serve it, save nothing
        return build_streaming(conn, tok, None)
    try:
        index = build_streaming(conn, tok, spill)
        if persist.try_save(path, _expect(fp), _arrays(index)):
            found = persist.try_load(path, _expect(fp))
            if found is not None:  # serve from the saved file, as the next process will
                return _from_arrays(found[1], tok)
        return index  # (its scratch files stay mapped after the folder is removed)
    finally:
        shutil.rmtree(spill, ignore_errors=True)


def build_streaming(
    conn: sqlite3.Connection, tokenizer: FtsTokenizer, spill: Path | None
) -> LexicalIndex:
    """The index of every chunk, reading `BATCH` chunks at a time; pairs are kept in memory,
    or in `spill` (a folder) when given."""
    ids_l: list[np.ndarray] = []
    docs_l: list[np.ndarray] = []
    len_l: list[np.ndarray] = []
    parts: list[Path | tuple[np.ndarray, ...]] = []
    vocab: dict[str, int] = {}
    n = 0
    cur = conn.execute(_ROWS_SQL)
    while rows := cur.fetchmany(BATCH):
        ids_l.append(np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)))
        docs_l.append(np.fromiter((r[1] for r in rows), dtype=np.int64, count=len(rows)))
        length = np.zeros(len(rows), dtype=np.float64)
        term, pos, tf = batch_pairs([r[2:] for r in rows], vocab, tokenizer, length)
        triple = (term.astype(np.int32), (pos + n).astype(np.int32), tf.astype(np.float32))
        if spill is not None:
            name = spill / f"{len(parts)}.npz"
            np.savez(name, term=triple[0], row=triple[1], tf=triple[2])
            parts.append(name)
        else:
            parts.append(triple)
        len_l.append(length)
        n += len(rows)
    chunk_ids = np.concatenate(ids_l) if ids_l else np.zeros(0, dtype=np.int64)
    doc_rowids = np.concatenate(docs_l) if docs_l else np.zeros(0, dtype=np.int64)
    length = np.concatenate(len_l) if len_l else np.zeros(0, dtype=np.float64)
    df = np.zeros(len(vocab), dtype=np.int64)
    for part in parts:
        df += np.bincount(_part(part)[0], minlength=len(vocab))
    indptr = np.concatenate([[0], np.cumsum(df)]).astype(np.int64)
    total = int(indptr[-1])
    out_rows, out_tf, out_sc = _outputs(spill, total)
    # the statistics LexicalIndex._precompute uses, computed the same way
    scorer = LexicalIndex(chunk_ids, doc_rowids, length, [], tokenizer)
    idf = scorer._idf(df.astype(np.float64))
    cursor = indptr[:-1].copy()
    for part in parts:
        term, row, tf = _part(part)
        order = np.argsort(term, kind="stable")
        term, row, tf = term[order], row[order], tf[order]
        counts = np.bincount(term, minlength=len(vocab))
        first = np.concatenate([[0], np.cumsum(counts)[:-1]])
        at = cursor[term] + (np.arange(len(term)) - first[term])
        out_rows[at] = row
        out_tf[at] = tf
        out_sc[at] = scorer._score(idf[term], tf, row)
        cursor += counts
    postings = Postings(vocab, indptr, out_rows, out_tf)
    return LexicalIndex(chunk_ids, doc_rowids, length, [postings], tokenizer, scores=out_sc)


def _part(part: Path | tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
    if isinstance(part, Path):
        with np.load(part) as z:
            return z["term"], z["row"], z["tf"]
    return part


def _outputs(spill: Path | None, total: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The three posting arrays: in memory, or as scratch files in `spill` (bounded RSS)."""
    if spill is None:
        return (np.zeros(total, dtype=np.int32), np.zeros(total, dtype=np.float32),
                np.zeros(total, dtype=np.float32))  # fmt: skip
    out = []
    for name, dtype in (("rows", np.int32), ("tf", np.float32), ("scores", np.float32)):
        out.append(np.lib.format.open_memmap(spill / f"{name}.npy", "w+", dtype, (total,)))
    return out[0], out[1], out[2]


def _arrays(index: LexicalIndex) -> dict[str, np.ndarray]:
    seg = index.segments[0]
    terms = sorted(seg.vocab, key=seg.vocab.__getitem__)
    assert index._scores is not None
    return {
        "chunk_ids": index.chunk_ids,
        "doc_rowids": index.doc_rowids,
        "length": index.length,
        "indptr": seg.indptr,
        "rows": seg.rows,
        "tf": seg.tf,
        "scores": index._scores,
        "terms": np.frombuffer("\n".join(terms).encode(), dtype=np.uint8),
    }


def _from_arrays(a: dict[str, np.ndarray], tokenizer: FtsTokenizer) -> LexicalIndex:
    raw = a["terms"].tobytes().decode()
    terms = raw.split("\n") if raw else []
    if len(terms) + 1 != len(a["indptr"]):
        raise persist.IndexFileError("saved BM25 index: vocabulary and postings disagree")
    vocab = {t: i for i, t in enumerate(terms)}
    postings = Postings(vocab, np.asarray(a["indptr"]), a["rows"], a["tf"])
    return LexicalIndex(np.asarray(a["chunk_ids"]), np.asarray(a["doc_rowids"]),
                        np.asarray(a["length"]), [postings], tokenizer,
                        scores=a["scores"])  # fmt: skip
