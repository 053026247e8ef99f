"""Search indexes saved next to a collection file and memory-mapped back.

Building the BM25 postings or the HNSW graph of a large collection takes minutes; reading a
saved copy takes a checksum pass. A saved index lives beside the collection
(`NAME.sqlite.bm25`, `NAME.sqlite.ann`) and is used only while it describes the collection
exactly: its header records the collection's fingerprint (`fingerprint`: a random token
rewritten by every write transaction, plus the chunk count and the largest chunk id), so any
write through wikiqa, and any foreign change to the row counts, makes it stale.

The container is one file: a magic line, a JSON header (fingerprint, and each array's dtype,
shape, offset and CRC-32), then the arrays, 64-byte aligned. Loading checks the size and every
CRC before anything is used, so a truncated or damaged file is reported and rebuilt, never
read as an index; the arrays are then memory-mapped read-only (pages are read on demand and
shared with the OS page cache, so the collection is not loaded into memory a second time).
Files are written to a temporary name and renamed, so a crash never leaves half a file.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

MAGIC = b"WIKIQA-INDEX 1\n"
_ALIGN = 64
_CRC_STEP = 1 << 24
# Collections smaller than this are indexed in memory at every load (it takes well under a
# second), so they get no files beside them.
PERSIST_MIN_CHUNKS = 50_000


class IndexFileError(ValueError):
    """A saved index is truncated, damaged or of another format."""


def fingerprint(conn: sqlite3.Connection) -> dict[str, Any]:
    """What a saved index must match to describe the collection (call in a read txn)."""
    token = conn.execute("SELECT value FROM meta WHERE key = 'write_token'").fetchone()
    count, top = conn.execute("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM chunks").fetchone()
    return {"write_token": token[0] if token else "", "chunks": count, "max_chunk_id": top}


def bump_write_token(conn: sqlite3.Connection) -> None:
    """Mark the collection as changed for every saved index (inside the write txn)."""
    conn.execute(
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('write_token', lower(hex(randomblob(8))))"
    )


def crc_of(path: Path, offset: int = 0, length: int | None = None) -> int:
    """CRC-32 of a byte range of a file, read in 16 MB steps (bounded memory)."""
    crc = 0
    with path.open("rb") as fh:
        fh.seek(offset)
        left = length if length is not None else os.fstat(fh.fileno()).st_size - offset
        while left > 0:
            block = fh.read(min(_CRC_STEP, left))
            if not block:
                raise IndexFileError(f"{path}: truncated")
            crc = zlib.crc32(block, crc)
            left -= len(block)
    return crc


def save(path: Path, meta: Mapping[str, Any], arrays: Mapping[str, np.ndarray]) -> None:
    """Write `arrays` and `meta` to `path` atomically (temp file, fsync, rename)."""
    layout, offset = {}, 0
    for name, arr in arrays.items():
        arr = np.ascontiguousarray(arr)
        layout[name] = {"dtype": arr.dtype.str, "shape": list(arr.shape), "offset": offset,
                        "nbytes": arr.nbytes, "crc": zlib.crc32(arr.view(np.uint8).reshape(-1).data)}  # fmt: skip
        offset += -(-arr.nbytes // _ALIGN) * _ALIGN
    header = json.dumps({"meta": dict(meta), "arrays": layout}).encode()
    head_len = -(-(len(MAGIC) + 8 + len(header)) // _ALIGN) * _ALIGN
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as fh:
            fh.write(MAGIC + len(header).to_bytes(8, "little") + header)
            fh.write(b"\0" * (head_len - fh.tell()))
            for name, arr in arrays.items():
                data = np.ascontiguousarray(arr).view(np.uint8).reshape(-1).data
                fh.write(data)
                fh.write(b"\0" * (-(-len(data) // _ALIGN) * _ALIGN - len(data)))
                del name
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def read_header(path: Path) -> tuple[dict[str, Any], int]:
    """(header, offset of the first array); IndexFileError if it is not a whole header."""
    with path.open("rb") as fh:
        if fh.read(len(MAGIC)) != MAGIC:
            raise IndexFileError(f"{path}: not a wikiqa index file")
        size = int.from_bytes(fh.read(8), "little")
        raw = fh.read(size)
    if len(raw) != size:
        raise IndexFileError(f"{path}: truncated header")
    try:
        header = json.loads(raw)
    except ValueError:
        raise IndexFileError(f"{path}: damaged header") from None
    return header, -(-(len(MAGIC) + 8 + size) // _ALIGN) * _ALIGN


def load(path: Path, expect: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """(meta, read-only memory-mapped arrays) of a saved index whose meta includes `expect`.

    Raises FileNotFoundError when there is none, IndexFileError when it is damaged or
    truncated, and StaleIndex when it describes another state of the collection."""
    header, base = read_header(path)
    meta = header["meta"]
    if any(meta.get(k) != v for k, v in expect.items()):
        raise StaleIndex(f"{path}: describes another state of the collection")
    arrays: dict[str, np.ndarray] = {}
    size = path.stat().st_size
    for name, spec in header["arrays"].items():
        start = base + spec["offset"]
        if start + spec["nbytes"] > size:
            raise IndexFileError(f"{path}: truncated ({size:,} bytes)")
        if crc_of(path, start, spec["nbytes"]) != spec["crc"]:
            raise IndexFileError(f"{path}: array {name!r} is damaged (checksum mismatch)")
        shape = tuple(spec["shape"])
        if spec["nbytes"] == 0:
            arrays[name] = np.zeros(shape, dtype=np.dtype(spec["dtype"]))
        else:
            arrays[name] = np.memmap(path, dtype=np.dtype(spec["dtype"]), mode="r",
                                     offset=start, shape=shape)  # fmt: skip
    return meta, arrays


class StaleIndex(ValueError):
    """A saved index describes another state of the collection (it was written since)."""


def try_load(
    path: Path, expect: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, np.ndarray]] | None:
    """`load`, or None (with a log line saying why) when the file is missing, stale or
    damaged: the caller rebuilds and saves a fresh one."""
    try:
        return load(path, expect)
    except FileNotFoundError:
        return None
    except StaleIndex:
        log.info("%s is stale; rebuilding it", path)
    except (IndexFileError, OSError, KeyError, TypeError, ValueError) as exc:
        log.warning("saved index %s is unusable (%s); rebuilding it", path, exc)
    return None


def try_save(path: Path, meta: Mapping[str, Any], arrays: Mapping[str, np.ndarray]) -> bool:
    """`save`, or False when the folder is not writable (the index stays in memory only)."""
    try:
        save(path, meta, arrays)
    except OSError as exc:
        log.warning("could not save index %s (%s); it will be rebuilt next time", path, exc)
        return False
    return True
