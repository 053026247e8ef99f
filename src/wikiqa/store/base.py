"""The store interface both backends implement (SQLite in one file, PostgreSQL on a server).

`Store` is what readers need (CollectionSource, the API, benchmarks): search with an access
filter applied inside the backend before ranking, fetch a document the reader may read,
stats, close. `StoreWriter` is what the indexer needs: content hashes and access records to
decide the work, then upserts, deletes and vectors written inside `transaction()`, whose
handle is passed back to every write so one batch is one transaction. The access rule itself
stays one function (`acl.can_read`); each backend translates it (acl.sql_filter, AccessTable)
and the same property test holds every translation to it.
"""

from __future__ import annotations

import json
import time
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Literal, Protocol

import numpy as np

from wikiqa.errors import WikiqaError
from wikiqa.store.dense import VectorIndexKind
from wikiqa.store.fusion import FusionConfig, Reranker
from wikiqa.store.ingest import Chunk, LoadedDocument
from wikiqa.types import Access, Document, Hit, Principal

if TYPE_CHECKING:
    from wikiqa.store.embed import Embedder

SearchMode = Literal["lexical", "dense", "hybrid"]


class Store(Protocol):
    """The read side of a collection."""

    embedder: Embedder | None  # embeds queries for dense/hybrid search
    vector_index: VectorIndexKind  # SQLite's in-memory choice; PostgreSQL always uses HNSW
    fusion: FusionConfig

    def search(
        self,
        query: str,
        k: int,
        principal: Principal | None,
        mode: SearchMode = "hybrid",
        source: str = "collection",
        *,
        query_vector: np.ndarray | None = None,
        reranker: Reranker | None = None,
    ) -> list[Hit]:
        """Best `k` passages `principal` may read, most relevant first."""
        ...

    def get_document(
        self, doc_id: str, principal: Principal | None, source: str = "collection"
    ) -> Document | None:
        """The document with its `origins` (page, slide, cells of extracted text; [] for
        others), or None if it does not exist or the reader may not read it."""
        ...

    def access_of(self, doc_id: str) -> Access | None: ...

    def has_vectors(self) -> bool: ...

    def embedding_info(self) -> dict[str, str]: ...

    def stats(self) -> dict[str, Any]:
        """{documents, chunks, bytes}."""
        ...

    def storage_error(self, exc: BaseException) -> WikiqaError | None:
        """The user-facing error for a backend failure after opening (a damaged file, a lost
        server), or None when `exc` is not the backend's."""
        ...

    def close(self) -> None: ...


class StoreWriter(Protocol):
    """The write side the indexer uses. Every write takes the handle `transaction()` yields;
    a crash inside a transaction leaves the previous committed state."""

    def transaction(self) -> AbstractContextManager[Any]: ...

    def content_hashes(self, origin: str | None = None) -> dict[str, str]: ...

    def document_records(self) -> dict[str, tuple[str, str, Access]]:
        """doc_id -> (content hash, origin, stored access)."""
        ...

    def upsert(
        self,
        doc: LoadedDocument,
        chunks: list[Chunk],
        embeddings: list[bytes] | None = None,
        conn: Any = None,
    ) -> None:
        """Replace the document: its row, access grants, chunks (with vectors) and
        `doc.origins`, all in `conn`'s transaction, so a reader never sees a mix."""
        ...

    def delete(self, doc_id: str, conn: Any = None) -> None:
        """Remove the document with everything stored for it (grants, chunks, origins)."""
        ...

    def set_access(self, doc_id: str, access: Access, conn: Any) -> None: ...

    def embedding_info(self) -> dict[str, str]: ...

    def set_embedding_info(self, model: str, dim: int, dtype: str, conn: Any = None) -> None: ...

    def clear_vectors(self, conn: Any) -> None: ...

    def chunks_without_vectors(self, limit: int) -> list[tuple[int, str, str, str]]:
        """(chunk id, document title, heading, text) of chunks still lacking a vector."""
        ...

    def set_vectors(self, rows: list[tuple[int, bytes]], conn: Any) -> None: ...

    def stats(self) -> dict[str, Any]: ...

    def close(self) -> None: ...


class CollectionStore(Store, StoreWriter, Protocol):
    """A collection opened for both reading and indexing (what `open_or_create` returns)."""


DOCUMENT_COLUMNS = (
    "doc_id, title, url, text, sections, metadata, content_hash, origin, access_scope,"
    " owner_user_id, indexed_at"
)


def document_row(doc: LoadedDocument) -> tuple[Any, ...]:
    """The `documents` row of `doc`, in DOCUMENT_COLUMNS order: one encoding for every backend,
    so SQLite and PostgreSQL store exactly the same values."""
    return (
        doc.doc_id,
        doc.title,
        doc.metadata.get("url"),
        doc.text,
        json.dumps([s.model_dump() for s in doc.sections]),
        json.dumps(doc.metadata, default=str),
        doc.content_hash,
        doc.origin,
        doc.access.access_scope.value if doc.access.access_scope else None,
        doc.access.owner_user_id,
        time.time(),
    )
