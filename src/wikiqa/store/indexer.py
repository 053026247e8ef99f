"""Incremental indexing of a folder into a collection.

Content hashes decide the work: only added, changed or deleted files are touched. Files are
committed in batches, each batch one transaction, so killing the indexer at any moment
leaves the collection consistent and queryable; the next run picks up where it stopped.

Access: front matter or access manifests (`wikiqa-access.yaml`, in the file's folder or any
folder above it) carry `access_scope`, `allowed_departments`, `allowed_roles`,
`owner_user_id`. A document with none of them gets `default_scope` (public unless the caller
says otherwise, e.g. `wikiqa index`'s flag); metadata that does not parse exactly denies the
document to everyone and the report names the file. Effective access is compared on every
run, so a changed manifest or default scope is re-applied even when the text is unchanged.

Data: indexing a file or a subfolder touches only documents under it; a file that is gone is
deleted, one that cannot be read now is kept; links leaving the collection's folder are not
followed unless asked (`follow_links`).

With an embedder, every chunk gets a vector; chunks stored without one (an earlier run had
no embedder) are back-filled, and vectors of a different model are replaced, so a collection
never mixes two vector spaces. With the bundled embedder (one that has `embed_bulk`) and a
store that keeps them, the texts the extractive answerer embeds for a document's candidates
are embedded in the same batch as its chunks and stored with it (answerers/stored_texts.py,
store/text_vectors.py); documents indexed before that are back-filled.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from wikiqa.errors import NothingToIndex
from wikiqa.grounding.injection_titles import shown_title, title_is_instruction
from wikiqa.store.base import StoreWriter
from wikiqa.store.embed import STORAGE_DTYPE, from_storage, to_storage
from wikiqa.store.embed_pipeline import EmbedPipeline
from wikiqa.store.ingest import Chunk, LoadedDocument, SkipFile, chunk_text, load_file, text_hash
from wikiqa.store.loaders import FormatLimits, FormatReader
from wikiqa.store.manifest import MANIFEST_NAMES, Manifests
from wikiqa.store.text_vectors import TextVectors
from wikiqa.store.walk import walk
from wikiqa.types import Access, AccessScope

__all__ = ["MANIFEST_NAMES", "IndexReport", "index_path", "scope_label"]

ProgressFn = Callable[[int, int, str], None]
# each document with its chunks and the candidate texts whose vectors are stored with it
Batch = list[tuple[LoadedDocument, list[Chunk], list[str]]]
MAX_BATCH_CHUNKS = 256  # a batch is written after `batch_size` documents or this many chunks
SCOPE_LABELS = ("public", "department", "role", "private", "denied to all")


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
    updated: list[str] = field(default_factory=list)  # text or access changed
    access_only: list[str] = field(default_factory=list)  # of `updated`: access re-applied
    unchanged: int = 0
    deleted: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # could not be read now; old version kept
    skipped: list[str] = field(default_factory=list)
    links_skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)  # (doc_id, same as)
    scopes: Counter[str] = field(default_factory=Counter)  # label -> documents this run
    chunks: int = 0
    vectors: int = 0  # chunks embedded in this run (new, changed or back-filled)
    text_vectors: int = 0  # candidate texts embedded and stored (answerers/stored_texts.py)

    @property
    def touched(self) -> int:
        return len(self.added) + len(self.updated) + len(self.deleted)

    def scope_summary(self) -> str:
        """`3 public, 1 role, 2 denied to all`: what each document under the path got."""
        parts = [f"{self.scopes[k]} {k}" for k in SCOPE_LABELS if self.scopes.get(k)]
        return ", ".join(parts) or "no documents"


def scope_label(access: Access) -> str:
    """Which summary bucket a document's effective access falls in; a scope nobody can
    satisfy (a role document with no roles, a private one with no owner) is denied to all."""
    scope = access.access_scope
    if scope is None:
        return "denied to all"
    if scope is AccessScope.public:
        return "public"
    satisfiable = {
        AccessScope.department: bool(access.allowed_departments),
        AccessScope.role: bool(access.allowed_roles),
        AccessScope.private: bool(access.owner_user_id),
    }[scope]
    return scope.value if satisfiable else "denied to all"


def _absolute(path: Path) -> Path:
    """Absolute path; folders resolved, but a named file's own link is not followed."""
    p = Path(os.path.abspath(path.expanduser()))
    if p.is_dir():
        return p.resolve()
    return p.parent.resolve() / p.name


def _within(path: Path, target: Path) -> bool:
    return path == target or path.is_relative_to(target)


def _collection_root(target: Path, origins: set[str]) -> Path:
    """The folder doc ids are relative to: the outermost root this collection was already
    indexed from that contains `target` (so `index root/new.md` adds `new.md` beside its
    siblings), else `target` itself (or its folder, for a file)."""
    containing = [Path(o) for o in origins if o and _within(target, Path(o))]
    if containing:
        return min(containing, key=lambda p: len(p.parts))
    return target if target.is_dir() else target.parent


def _norm(access: Access) -> Access:
    return access.model_copy(
        update={"allowed_departments": sorted(access.allowed_departments),
                "allowed_roles": sorted(access.allowed_roles)}
    )  # fmt: skip


def index_path(
    store: StoreWriter,
    root: Path,
    *,
    default_scope: AccessScope | None = AccessScope.public,
    embedder: ChunkEmbedder | None = None,
    batch_size: int = 16,
    progress: ProgressFn | None = None,
    follow_links: bool = False,
    prune: bool = False,
    limits: FormatLimits | None = None,
) -> IndexReport:
    """Bring the documents of `store` that come from `root` (a folder or one file) up to date.

    Only documents whose files lie under `root` are candidates for deletion, and only when
    their file is really gone: a file or folder that cannot be read now is reported and its
    documents are kept. A missing `root`, or one holding no indexable file, raises
    NothingToIndex and deletes nothing, unless `prune` (then its documents are removed).
    Same content under two paths is indexed under both ids and reported as a duplicate.
    PDF and Office files are parsed in one worker process within `limits` (size, pages,
    time per file); a file past them is read in part or skipped, and reported.
    """
    with FormatReader(limits) as reader:
        return _index_path(store, root, default_scope, embedder, batch_size, progress,
                           follow_links, prune, reader)  # fmt: skip


def _index_path(
    store: StoreWriter,
    root: Path,
    default_scope: AccessScope | None,
    embedder: ChunkEmbedder | None,
    batch_size: int,
    progress: ProgressFn | None,
    follow_links: bool,
    prune: bool,
    reader: FormatReader,
) -> IndexReport:
    target = _absolute(root)
    records = store.document_records()
    base = _collection_root(target, {origin for _, origin, _ in records.values()})
    report = IndexReport()
    under = {d for d, (_, origin, _) in records.items() if _within(Path(origin) / d, target)}
    if not target.exists() and not target.is_symlink():
        return _nothing(store, root, under, prune, report, "does not exist")
    found = walk(target, base, follow_links=follow_links)
    for link, dest in found.links_skipped:
        report.links_skipped.append(f"{link} -> {dest}")
    unreadable = [p for p, _ in found.unreadable]
    for path, why in found.unreadable:
        report.skipped.append(f"{path}: unreadable ({why}); its documents were kept")
    if not found.files and not found.unreadable:
        why = "holds no indexable file (.md, .txt, .html, .pdf, .docx, .xlsx, .csv, .pptx)"
        if found.links_skipped:
            why += f"; {len(found.links_skipped)} link(s) leaving it were not followed"
        return _nothing(store, root, under, prune, report, why)
    if embedder is not None:
        _prepare_vectors(store, embedder, report)
    texts_too = _stores_texts(store, embedder)
    manifests = Manifests()
    text_owner: dict[str, str] = {}  # text hash -> first doc id with that text
    seen: set[str] = set()
    batch: Batch = []
    batch_chunks = 0
    # embedding runs in the background while the next files are read and earlier batches
    # written (embed_pipeline.py)
    pipeline: EmbedPipeline[Batch] = EmbedPipeline(
        _distinct(_full_vectors(embedder) if texts_too else embedder.embed_for_storage)
        if embedder is not None
        else None,
        lambda done, vectors: _write(store, done, vectors, report, embedder, texts_too),
    )
    access_batch: list[LoadedDocument] = []
    for i, path in enumerate(found.files, start=1):
        rel = path.relative_to(base).as_posix()
        if progress:
            progress(i, len(found.files), rel)
        previous = records.get(rel)
        if previous is not None and rel not in under:
            report.skipped.append(
                f"{path}: its id {rel!r} is taken by a document indexed from {previous[1]}; "
                "index this folder into another collection"
            )
            continue
        try:
            doc = load_file(
                path, base, default_scope=default_scope, manifest=manifests, reader=reader
            )
        except SkipFile as exc:
            report.skipped.append(str(exc))
            if previous is not None:
                report.kept.append(rel)
            seen.add(rel)  # still on disk: keep the old version
            continue
        report.warnings.extend(doc.warnings)
        if title_is_instruction(doc.title) or title_is_instruction(rel):
            report.warnings.append(
                f"{rel}: its title or file name reads as an instruction to the assistant; "
                f"answers show {shown_title(doc.title, rel)!r} in its place"
            )
        seen.add(doc.doc_id)
        report.scopes[scope_label(doc.access)] += 1
        th = text_hash(doc.text)
        first = text_owner.setdefault(th, doc.doc_id)
        if first != doc.doc_id:
            report.duplicates.append((doc.doc_id, first))
            report.warnings.append(f"{rel}: same text as {first!r} (indexed under both ids)")
        if previous is not None and previous[0] == doc.content_hash and previous[1] == doc.origin:
            if _norm(previous[2]) == _norm(doc.access):
                report.unchanged += 1
            else:  # metadata, manifest or default scope changed: re-apply, no re-embedding
                report.updated.append(doc.doc_id)
                report.access_only.append(doc.doc_id)
                access_batch.append(doc)
            continue
        (report.added if previous is None else report.updated).append(doc.doc_id)
        chunks = chunk_text(doc.text, doc.sections)
        batch.append((doc, chunks, _candidate_texts(doc, chunks) if texts_too else []))
        batch_chunks += len(batch[-1][1])
        if len(batch) >= batch_size or batch_chunks >= MAX_BATCH_CHUNKS:
            pipeline.submit(batch, _embed_texts(batch) if embedder is not None else [])
            batch, batch_chunks = [], 0
    if batch:
        pipeline.submit(batch, _embed_texts(batch) if embedder is not None else [])
    pipeline.close()
    if access_batch:
        with store.transaction() as conn:
            for doc in access_batch:
                store.set_access(doc.doc_id, doc.access, conn)
    report.warnings.extend(_stale_entries(manifests, target))
    for d in sorted(under - seen):
        if any(_within(Path(records[d][1]) / d, u) for u in unreadable):
            report.kept.append(d)
    gone = sorted(under - seen - set(report.kept))
    if gone:
        with store.transaction() as conn:
            for doc_id in gone:
                store.delete(doc_id, conn)
        report.deleted.extend(gone)
    if embedder is not None:
        _backfill(store, embedder, report, batch_size * 8)
    if texts_too and embedder is not None:
        _backfill_texts(store, embedder, report, batch_size)
    return report


def _stale_entries(manifests: Manifests, target: Path) -> list[str]:
    """Manifest entries under `target` that name no file: likely a typo that leaves the
    intended file with the default scope."""
    out = []
    for manifest in manifests.loaded():
        for path in manifest.entries:
            if _within(path, target) and not os.path.lexists(path):
                rel = path.relative_to(manifest.folder).as_posix()
                out.append(f"{manifest.path}: entry {rel!r} matches no file (a typo?)")
    return out


def _nothing(
    store: StoreWriter, root: Path, under: set[str], prune: bool, report: IndexReport, why: str
) -> IndexReport:
    """A missing or empty root: an error that deletes nothing, or with `prune` a removal."""
    if not prune:
        held = f"; pass --prune to remove its {len(under)} document(s)" if under else ""
        raise NothingToIndex(f"{root} {why}; nothing was indexed or deleted{held}")
    if under:
        with store.transaction() as conn:
            for doc_id in sorted(under):
                store.delete(doc_id, conn)
    report.deleted.extend(sorted(under))
    return report


def embed_input(title: str, heading: str, text: str) -> str:
    """What gets embedded for a chunk: its document title and heading give the passage the
    context a reader would have (a bare paragraph often never names its subject)."""
    title, heading = title.strip(), heading.strip()
    head = title if not heading or heading == title else f"{title} - {heading}".strip(" -")
    return f"{head}\n{text}" if head else text


def _prepare_vectors(store: StoreWriter, embedder: ChunkEmbedder, report: IndexReport) -> None:
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


def _backfill(store: StoreWriter, embedder: ChunkEmbedder, report: IndexReport, n: int) -> None:
    """Embed chunks stored without a vector, one transaction per batch (resumable)."""
    embed = _distinct(embedder.embed_for_storage)
    while rows := store.chunks_without_vectors(n):
        vectors = embed([embed_input(t, h, x) for _, t, h, x in rows])
        with store.transaction() as conn:
            store.set_vectors([(r[0], v) for r, v in zip(rows, vectors, strict=True)], conn)
        report.vectors += len(rows)


def _stores_texts(store: StoreWriter, embedder: ChunkEmbedder | None) -> bool:
    """Whether candidate-text vectors are stored: the embedder gives float32 vectors in bulk
    (`embed_bulk`) and the store keeps them (`set_text_vectors`)."""
    return hasattr(embedder, "embed_bulk") and hasattr(store, "set_text_vectors")


def _candidate_texts(doc: LoadedDocument, chunks: list[Chunk]) -> list[str]:
    """The texts the answerer embeds for `doc`'s candidates, over every span a hit covers."""
    from wikiqa.answerers.stored_texts import candidate_texts  # the answerer's knowledge

    spans = [(c.start, c.end) for c in chunks] + [(0, len(doc.text))]
    return candidate_texts(doc.text, doc.title, spans)


def _full_vectors(embedder: ChunkEmbedder) -> Callable[[list[str]], list[bytes]]:
    """Bulk float32 vectors as bytes (chunks are halved on writing; texts stay float32)."""
    bulk = embedder.embed_bulk  # type: ignore[attr-defined]
    return lambda texts: [row.tobytes() for row in bulk(texts)]


def _distinct(embed: Callable[[list[str]], list[bytes]]) -> Callable[[list[str]], list[bytes]]:
    """`embed` run on each distinct text once (a title or sentence several documents of a
    batch share, a document indexed under two paths), its vector given to every copy: a
    text's vector does not depend on the texts batched with it (embed.py)."""

    def run(texts: list[str]) -> list[bytes]:
        unique = list(dict.fromkeys(texts))
        if len(unique) == len(texts):
            return embed(texts)
        vectors = dict(zip(unique, embed(unique), strict=True))
        return [vectors[t] for t in texts]

    return run


def _embed_texts(batch: Batch) -> list[str]:
    chunk_inputs = [
        embed_input(d.title, c.heading, c.text) for d, chunks, _ in batch for c in chunks
    ]
    return chunk_inputs + [t for _, _, texts in batch for t in texts]


def _write(
    store: StoreWriter,
    batch: Batch,
    encoded: list[bytes] | None,
    report: IndexReport,
    embedder: ChunkEmbedder | None = None,
    texts_too: bool = False,
) -> None:
    """One transaction for the batch's documents, chunks and (when embedded) vectors, and
    with `texts_too` each document's candidate-text vectors (float32, after the chunks')."""
    vectors: list[list[bytes] | None] = [None] * len(batch)
    stored: list[TextVectors | None] = [None] * len(batch)
    if encoded is not None:
        n = sum(len(chunks) for _, chunks, _ in batch)
        chunk_blobs = encoded[:n]
        if texts_too and embedder is not None and n:
            chunk_blobs = to_storage(from_storage(chunk_blobs, embedder.dim, "float32"))
        report.vectors += n
        pos = 0
        for i, (_, chunks, _) in enumerate(batch):
            vectors[i] = chunk_blobs[pos : pos + len(chunks)]
            pos += len(chunks)
        if texts_too and embedder is not None:
            for i, (_, _, texts) in enumerate(batch):
                rows = from_storage(encoded[n : n + len(texts)], embedder.dim, "float32")
                stored[i] = TextVectors.of(embedder.name, texts, rows)
                n += len(texts)
                report.text_vectors += len(texts)
    with store.transaction() as conn:
        for (doc, chunks, _), vecs, kept in zip(batch, vectors, stored, strict=True):
            store.upsert(doc, chunks, vecs, conn)
            if kept is not None:
                store.set_text_vectors(doc.doc_id, kept, conn)  # type: ignore[attr-defined]
    report.chunks += sum(len(chunks) for _, chunks, _ in batch)


def _backfill_texts(
    store: StoreWriter, embedder: ChunkEmbedder, report: IndexReport, n: int
) -> None:
    """Store candidate-text vectors for documents indexed without them (before the store
    kept them, or by another model), one transaction per batch (resumable)."""
    from wikiqa.answerers.stored_texts import candidate_texts

    embed = _distinct(_full_vectors(embedder))
    while rows := store.lacking_text_vectors(embedder.name, n):  # type: ignore[attr-defined]
        texts = [
            candidate_texts(text, title, [*spans, (0, len(text))]) for _, title, text, spans in rows
        ]
        flat = from_storage(embed([t for ts in texts for t in ts]), embedder.dim, "float32")
        pos = 0
        with store.transaction() as conn:
            for (doc_id, *_), ts in zip(rows, texts, strict=True):
                matrix = flat[pos : pos + len(ts)]
                store.set_text_vectors(doc_id, TextVectors.of(embedder.name, ts, matrix), conn)  # type: ignore[attr-defined]
                pos += len(ts)
        report.text_vectors += pos
