"""A local document collection as a Source: search returns passages, fetch the document."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from wikiqa.errors import DocumentNotFound
from wikiqa.store.base import SearchMode, Store
from wikiqa.store.fusion import Reranker
from wikiqa.types import Document, Hit, Principal
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.settings import Settings
    from wikiqa.store.embed import Embedder

log = logging.getLogger(__name__)


class CollectionSource:
    """Reads one collection (any `Store`). Access control is enforced by the store's queries.

    `mode` is lexical, dense or hybrid. Dense and hybrid need vectors in the collection and
    an embedder for the query (the store's, or `embedder`); a collection indexed without
    vectors is searched lexically and `notice` says so.
    """

    def __init__(
        self,
        store: Store,
        name: str,
        *,
        mode: SearchMode = "lexical",
        embedder: Embedder | None = None,
        reranker: Reranker | None = None,
    ) -> None:
        self.store = store
        self.name = name
        self.reranker = reranker
        self.notice = ""
        # One SQLite connection and lazily built in-memory indexes: one worker at a time.
        self._lock = threading.Lock()
        if embedder is not None:
            store.embedder = embedder
        if mode != "lexical" and not store.has_vectors():
            self.notice = (
                f"{name} has no vectors (indexed without an embedder); {mode} search "
                "falls back to lexical. Re-index with embeddings to enable it."
            )
            log.warning(self.notice)
            mode = "lexical"
        elif mode != "lexical" and store.embedder is None:
            from wikiqa.store.embed import default_embedder

            store.embedder = default_embedder()
        self.mode: SearchMode = mode

    @classmethod
    def from_settings(
        cls, store: Store, name: str, settings: Settings, reranker: Reranker | None = None
    ) -> CollectionSource:
        """Mode, query embedder and vector index as `settings` say (WIKIQA_RETRIEVAL_MODE,
        WIKIQA_EMBEDDING_MODEL_PATH, WIKIQA_VECTOR_INDEX)."""
        embedder = None
        if settings.retrieval_mode != "lexical" and store.has_vectors():
            from wikiqa.store.embed import embedder_from_settings

            embedder = embedder_from_settings(settings)
        store.vector_index = settings.vector_index
        return cls(store, name, mode=settings.retrieval_mode, embedder=embedder, reranker=reranker)

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        # On a worker: the first search builds the in-memory BM25 and vector indexes
        # (seconds for a large collection), and a hybrid query runs the ONNX embedder.
        return await run_cpu(self._search, query, k, principal)

    def _search(self, query: str, k: int, principal: Principal | None) -> list[Hit]:
        with self._lock:
            try:
                return self.store.search(
                    query, k, principal, self.mode, self.name, reranker=self.reranker
                )
            except Exception as exc:  # a damaged file or a lost server, after opening
                if (error := self.store.storage_error(exc)) is not None:
                    raise error from None
                raise

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        doc = await run_cpu(self._get, doc_id, principal)
        if doc is None:
            raise DocumentNotFound(f"no document {doc_id!r} in {self.name}")
        return doc

    def _get(self, doc_id: str, principal: Principal | None) -> Document | None:
        with self._lock:
            try:
                return self.store.get_document(doc_id, principal, self.name)
            except Exception as exc:  # a damaged file or a lost server, after opening
                if (error := self.store.storage_error(exc)) is not None:
                    raise error from None
                raise

    async def aclose(self) -> None:
        with self._lock:
            self.store.close()
