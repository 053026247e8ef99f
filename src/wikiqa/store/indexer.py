"""Incremental indexing of a folder into a collection.

Content hashes decide the work: only added, changed or deleted files are touched. Files are
committed in batches, each batch one transaction, so killing the indexer at any moment
leaves the collection consistent and queryable; the next run picks up where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import yaml

from wikiqa.store.ingest import (
    Chunk,
    LoadedDocument,
    SkipFile,
    chunk_text,
    discover,
    load_file,
)
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import AccessScope

MANIFEST_NAMES = ("wikiqa-access.yaml", "wikiqa-access.yml", "wikiqa-access.json")

ProgressFn = Callable[[int, int, str], None]


class ChunkEmbedder(Protocol):
    """What the indexer needs from an embedder: chunk texts in, stored vector bytes out."""

    def embed_for_storage(self, texts: list[str]) -> list[bytes]: ...


@dataclass
class IndexReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    deleted: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    chunks: int = 0

    @property
    def touched(self) -> int:
        return len(self.added) + len(self.updated) + len(self.deleted)


def load_manifest(root: Path) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Sidecar access manifest: {relative path: {access_scope, allowed_roles, ...}}."""
    if not root.is_dir():
        return {}, []
    for name in MANIFEST_NAMES:
        path = root / name
        if path.exists():
            try:
                data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            except (yaml.YAMLError, OSError, UnicodeDecodeError) as exc:
                return {}, [f"{path}: unreadable access manifest ({exc}); it was ignored"]
            if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
                return {}, [f"{path}: access manifest must map paths to mappings; ignored"]
            return {str(k): v for k, v in data.items()}, []
    return {}, []


def index_path(
    store: SqliteStore,
    root: Path,
    *,
    default_scope: AccessScope | None = AccessScope.public,
    embedder: ChunkEmbedder | None = None,
    batch_size: int = 16,
    progress: ProgressFn | None = None,
) -> IndexReport:
    """Bring `store` up to date with the files under `root`."""
    root = root.resolve()
    base = root if root.is_dir() else root.parent
    report = IndexReport()
    manifest, manifest_warnings = load_manifest(root)
    report.warnings.extend(manifest_warnings)
    known = store.content_hashes(origin=str(base))
    files = list(discover(root))
    seen: set[str] = set()
    batch: list[tuple[LoadedDocument, list[Chunk]]] = []
    for i, path in enumerate(files, start=1):
        if progress:
            progress(i, len(files), str(path.relative_to(base)))
        try:
            doc = load_file(path, base, default_scope=default_scope, manifest=manifest)
        except SkipFile as exc:
            report.skipped.append(str(exc))
            continue
        report.warnings.extend(doc.warnings)
        if doc.doc_id in seen:
            report.warnings.append(f"{path}: duplicate document id {doc.doc_id!r}; skipped")
            continue
        seen.add(doc.doc_id)
        previous = known.get(doc.doc_id)
        if previous == doc.content_hash:
            report.unchanged += 1
            continue
        (report.added if previous is None else report.updated).append(doc.doc_id)
        batch.append((doc, chunk_text(doc.text, doc.sections)))
        if len(batch) >= batch_size:
            report.chunks += _commit(store, batch, embedder)
            batch = []
    if batch:
        report.chunks += _commit(store, batch, embedder)
    gone = sorted(set(known) - seen - _skipped_ids(report, base))
    if gone:
        with store.transaction() as conn:
            for doc_id in gone:
                store.delete(doc_id, conn)
        report.deleted.extend(gone)
    return report


def _skipped_ids(report: IndexReport, base: Path) -> set[str]:
    """Documents whose file still exists but was skipped this time are kept, not deleted."""
    ids = set()
    for line in report.skipped:
        path = Path(line.split(": ", 1)[0])
        if path.exists():
            try:
                ids.add(path.resolve().relative_to(base).as_posix())
            except ValueError:
                continue
    return ids


def _commit(
    store: SqliteStore,
    batch: list[tuple[LoadedDocument, list[Chunk]]],
    embedder: ChunkEmbedder | None,
) -> int:
    vectors: list[list[bytes] | None] = [None] * len(batch)
    if embedder is not None:
        flat = [c.text for _, chunks in batch for c in chunks]
        encoded = embedder.embed_for_storage(flat) if flat else []
        pos = 0
        for i, (_, chunks) in enumerate(batch):
            vectors[i] = encoded[pos : pos + len(chunks)]
            pos += len(chunks)
    with store.transaction() as conn:
        for (doc, chunks), vecs in zip(batch, vectors, strict=True):
            store.upsert(doc, chunks, vecs, conn)
    return sum(len(chunks) for _, chunks in batch)
