"""Incremental indexing of a folder into a collection.

Content hashes decide the work: only added, changed or deleted files are touched. Files are
committed in batches, each batch one transaction, so killing the indexer at any moment
leaves the collection consistent and queryable; the next run picks up where it stopped.

Access: front matter or the sidecar manifest (`wikiqa-access.yaml`) carry `access_scope`,
`allowed_departments`, `allowed_roles`, `owner_user_id`. A document with none of them gets
`default_scope` (public unless the caller says otherwise, e.g. `wikiqa index`'s flag);
malformed front matter denies the document to everyone and the report names the file.

With an embedder, every chunk gets a vector; chunks stored without one (an earlier run had
no embedder) are back-filled, and vectors of a different model are replaced, so a collection
never mixes two vector spaces.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import yaml

from wikiqa.store.embed import STORAGE_DTYPE
from wikiqa.store.ingest import (
    Chunk,
    LoadedDocument,
    SkipFile,
    chunk_text,
    discover,
    load_file,
    text_hash,
)
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import AccessScope

MANIFEST_NAMES = ("wikiqa-access.yaml", "wikiqa-access.yml", "wikiqa-access.json")

ProgressFn = Callable[[int, int, str], None]


class ChunkEmbedder(Protocol):
    """What the indexer needs from an embedder: chunk texts in, stored vector bytes out
    (`wikiqa.store.embed.Embedder` satisfies it)."""

    @property
    def name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed_for_storage(self, texts: list[str]) -> list[bytes]: ...


@dataclass
class IndexReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    deleted: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)  # (doc_id, same as)
    chunks: int = 0
    vectors: int = 0  # chunks embedded in this run (new, changed or back-filled)

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
    """Bring `store` up to date with the files under `root`.

    Same content under two paths is indexed under both ids (their access may differ) and
    reported in `report.duplicates`. Empty, binary and unreadable files are skipped and
    reported; non-UTF-8 text is decoded as Windows-1252 with a warning.
    """
    root = root.resolve()
    base = root if root.is_dir() else root.parent
    report = IndexReport()
    manifest, manifest_warnings = load_manifest(root)
    report.warnings.extend(manifest_warnings)
    if embedder is not None:
        _prepare_vectors(store, embedder, report)
    known = store.content_hashes(origin=str(base))
    text_owner: dict[str, str] = {}  # text hash -> first doc id with that text
    files = list(discover(root))
    seen: set[str] = set()
    kept: set[str] = set()  # skipped this time but still on disk: keep the old version
    batch: list[tuple[LoadedDocument, list[Chunk]]] = []
    for i, path in enumerate(files, start=1):
        rel = path.relative_to(base).as_posix()
        if progress:
            progress(i, len(files), rel)
        try:
            doc = load_file(path, base, default_scope=default_scope, manifest=manifest)
        except SkipFile as exc:
            report.skipped.append(str(exc))
            kept.add(rel)
            continue
        report.warnings.extend(doc.warnings)
        seen.add(doc.doc_id)
        th = text_hash(doc.text)
        first = text_owner.setdefault(th, doc.doc_id)
        if first != doc.doc_id:
            report.duplicates.append((doc.doc_id, first))
            report.warnings.append(f"{rel}: same text as {first!r} (indexed under both ids)")
        previous = known.get(doc.doc_id)
        if previous == doc.content_hash:
            report.unchanged += 1
            continue
        (report.added if previous is None else report.updated).append(doc.doc_id)
        batch.append((doc, chunk_text(doc.text, doc.sections)))
        if len(batch) >= batch_size:
            _commit(store, batch, embedder, report)
            batch = []
    if batch:
        _commit(store, batch, embedder, report)
    gone = sorted(set(known) - seen - kept)
    if gone:
        with store.transaction() as conn:
            for doc_id in gone:
                store.delete(doc_id, conn)
        report.deleted.extend(gone)
    if embedder is not None:
        _backfill(store, embedder, report, batch_size * 8)
    return report


def embed_input(title: str, heading: str, text: str) -> str:
    """What gets embedded for a chunk: its document title and heading give the passage the
    context a reader would have (a bare paragraph often never names its subject)."""
    title, heading = title.strip(), heading.strip()
    head = title if not heading or heading == title else f"{title} - {heading}".strip(" -")
    return f"{head}\n{text}" if head else text


def _prepare_vectors(store: SqliteStore, embedder: ChunkEmbedder, report: IndexReport) -> None:
    """Record the embedder's vector space; drop vectors of another model (re-embedded)."""
    info = store.embedding_info()
    if info and info.get("model") == embedder.name:
        return
    with store.transaction() as conn:
        if info:
            report.warnings.append(
                f"vectors were made by {info.get('model')!r}; re-embedding with {embedder.name!r}"
            )
            store.clear_vectors(conn)
        store.set_embedding_info(embedder.name, embedder.dim, STORAGE_DTYPE, conn)


def _backfill(store: SqliteStore, embedder: ChunkEmbedder, report: IndexReport, n: int) -> None:
    """Embed chunks stored without a vector, one transaction per batch (resumable)."""
    while rows := store.chunks_without_vectors(n):
        vectors = embedder.embed_for_storage([embed_input(t, h, x) for _, t, h, x in rows])
        with store.transaction() as conn:
            store.set_vectors([(r[0], v) for r, v in zip(rows, vectors, strict=True)], conn)
        report.vectors += len(rows)


def _commit(
    store: SqliteStore,
    batch: list[tuple[LoadedDocument, list[Chunk]]],
    embedder: ChunkEmbedder | None,
    report: IndexReport,
) -> None:
    vectors: list[list[bytes] | None] = [None] * len(batch)
    if embedder is not None:
        flat = [embed_input(d.title, c.heading, c.text) for d, chunks in batch for c in chunks]
        encoded = embedder.embed_for_storage(flat) if flat else []
        report.vectors += len(encoded)
        pos = 0
        for i, (_, chunks) in enumerate(batch):
            vectors[i] = encoded[pos : pos + len(chunks)]
            pos += len(chunks)
    with store.transaction() as conn:
        for (doc, chunks), vecs in zip(batch, vectors, strict=True):
            store.upsert(doc, chunks, vecs, conn)
    report.chunks += sum(len(chunks) for _, chunks in batch)
