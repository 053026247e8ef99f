"""WIKIQA_* settings (pydantic-settings). Built on demand, never at import time."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

if TYPE_CHECKING:
    from wikiqa.store.loaders.base import FormatLimits


def _default_home() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wikiqa"


def _default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "wikiqa"


# List prices (USD per million input/output tokens) as published by the providers; local
# OpenAI-compatible servers cost nothing. Override with WIKIQA_MODEL_PRICES.
DEFAULT_MODEL_PRICES: dict[str, tuple[float, float]] = {
    "anthropic:claude-sonnet-4-6": (3.0, 15.0),
    "anthropic:claude-sonnet-4-5": (3.0, 15.0),
    "anthropic:claude-haiku-4-5": (1.0, 5.0),
    "anthropic:claude-opus-4-1": (15.0, 75.0),
    "openai:gpt-4.1": (2.0, 8.0),
    "openai:gpt-4.1-mini": (0.4, 1.6),
    "openai:gpt-4o": (2.5, 10.0),
    "openai:gpt-4o-mini": (0.15, 0.6),
    "ollama:*": (0.0, 0.0),
    "vllm:*": (0.0, 0.0),
    "llamacpp:*": (0.0, 0.0),
    "lmstudio:*": (0.0, 0.0),
}


class Settings(BaseSettings):
    """Every knob, with the default a newcomer should get. See `.env.example`."""

    model_config = SettingsConfigDict(env_prefix="WIKIQA_", env_file=".env", extra="ignore")

    # Where collections (SQLite files) live.
    home: Path = Field(default_factory=_default_home)
    cache_dir: Path = Field(default_factory=_default_cache)

    # The ask path.
    source: str = "wikipedia"
    answerer: Literal["auto", "extractive", "agent"] = "auto"
    grounding_mode: Literal["cited", "strict"] = "cited"
    search_k: int = Field(default=5, ge=1, le=50)
    max_question_chars: int = Field(default=2000, ge=10)

    # Extractive answerer: refuse when the best evidence scores under this floor.
    # Default chosen on seven corpora at once (SQuAD 2.0, HotpotQA, Ray Charles ZIM, the
    # manual, both handbook batteries' dev tasks, the ZIM eval suite); docs/extractive.md.
    # = answerability.DEFAULT_FLOOR
    extractive_floor: float = 0.35
    extractive_max_sentences: int = Field(default=3, ge=1, le=5)

    # Local collections / retrieval.
    retrieval_mode: Literal["lexical", "dense", "hybrid"] = "hybrid"
    embedding_model_path: Path | None = None  # a local ONNX sentence-embedding model dir
    vector_index: Literal["exact", "usearch", "auto"] = "auto"  # auto: by size (store/dense.py)

    # Live Wikipedia (MediaWiki Action API).
    wikipedia_lang: str = "en"
    wikipedia_api_url: str | None = None  # override for non-Wikipedia MediaWiki wikis
    contact: str = "https://github.com/wikiqa/wikiqa"
    http_timeout: float = 15.0
    http_max_retries: int = 4
    http_max_concurrency: int = 4
    http_cache_ttl: float = 24 * 3600.0
    http_cache_max_bytes: int = Field(default=256_000_000, ge=0)  # 0: no cap (issue 7)
    maxlag: int = 5

    # LLM agent.
    model: str | None = (
        None  # e.g. "anthropic:claude-sonnet-4-6", "openai:gpt-4.1", "ollama:llama3.1"
    )
    openai_base_url: str | None = None
    openai_api_key: str | None = None  # else OPENAI_API_KEY
    anthropic_api_key: str | None = None  # else ANTHROPIC_API_KEY
    anthropic_base_url: str | None = None
    max_tool_calls: int = Field(default=8, ge=1, le=50)

    # LLM agent answerer (docs/agent.md): wall-clock budget, context budget, output limits,
    # provider retries and the price table behind every result's cost.
    agent_timeout: float = Field(default=90.0, gt=0)  # seconds for the whole run
    agent_context_chars: int = Field(default=24_000, ge=500)  # fetched text shown to the model
    agent_read_chars: int = Field(default=6_000, ge=200)  # at most this much per read
    agent_max_tokens: int = Field(default=2_048, ge=64)  # output tokens per model turn
    agent_temperature: float | None = None  # unset: many recent models reject it
    agent_seed: int | None = 0  # sent where the provider supports it (OpenAI-compatible)
    model_timeout: float = Field(default=60.0, gt=0)  # seconds per model request
    model_max_retries: int = Field(default=2, ge=0, le=10)  # 429/5xx/timeouts, Retry-After honoured
    # USD per million tokens, [input, output], keyed by provider:model (or provider:* for
    # every model of a provider). JSON in the environment, e.g.
    # WIKIQA_MODEL_PRICES='{"openai:gpt-4.1": [2.0, 8.0]}' (replaces the whole table).
    model_prices: dict[str, tuple[float, float]] = Field(
        default_factory=lambda: dict(DEFAULT_MODEL_PRICES)
    )

    # Eval judges: a stronger model than the answerer (default claude-opus-4-8 when an
    # Anthropic key is present; see docs/evals.md).
    judge_model: str | None = None

    # PostgreSQL store (docs/postgres.md): a postgresql:// URL puts every collection in that
    # database instead of SQLite files under `home`; pool sizes are per process.
    store_url: str | None = None
    store_pool_min: int = Field(default=1, ge=0, le=100)
    store_pool_max: int = Field(default=4, ge=1, le=100)

    # HTTP API.
    api_allow_principal: bool = False
    api_sources: list[str] = Field(default_factory=list)  # specs served besides `source`
    api_max_body_bytes: int = Field(default=64_000, ge=1024)

    # Server availability (issue 7): request bodies are cut off past api_max_body_bytes
    # whatever their framing, and dropped (408) when a read stalls over api_read_timeout
    # seconds; CPU-bound question work runs on worker_threads threads, off the event loop
    # (0 runs it inline, for benchmarks only). `wikiqa serve` limits: open connections
    # (503 beyond), idle keep-alive seconds, and the request line plus headers in bytes.
    api_read_timeout: float = Field(default=10.0, gt=0)
    worker_threads: int = Field(default=2, ge=0, le=64)
    api_max_connections: int = Field(default=64, ge=1)
    api_keepalive_timeout: int = Field(default=5, ge=1)
    api_max_header_bytes: int = Field(default=16_384, ge=1024)

    # Slow clients (hygiene): a connection must send a whole request head within
    # api_read_timeout s of opening (or of its previous response), and a whole body within
    # api_body_timeout s, else 408 and the connection is closed (api/protocol.py, limits.py).
    api_body_timeout: float = Field(default=30.0, gt=0)

    # PDF, Word, Excel and PowerPoint files (docs/formats.md): bounds on one file. Past them a
    # file is read in part (pages, rows, time) or skipped, and the index report names it.
    format_max_mb: float = Field(default=100.0, gt=0)  # file size
    format_max_pages: int = Field(default=1000, ge=1)  # PDF pages / slides; rows / 100
    format_timeout: float = Field(default=60.0, gt=0)  # seconds per file, then the parse is killed
    format_max_unzipped_mb: float = Field(default=500.0, gt=0)  # DOCX/XLSX/PPTX unpacked size
    format_max_zip_ratio: float = Field(default=100.0, gt=1)  # unpacked/packed, over 10 MB
    format_max_memory_mb: float = Field(default=2000.0, gt=100)  # parsing worker's memory cap

    def format_limits(self) -> FormatLimits:
        """The WIKIQA_FORMAT_* settings as the loaders' limits."""
        from wikiqa.store.loaders.base import FormatLimits

        mb = 1_000_000
        return FormatLimits(
            max_bytes=int(self.format_max_mb * mb), max_pages=self.format_max_pages,
            timeout=self.format_timeout, max_unzipped_bytes=int(self.format_max_unzipped_mb * mb),
            max_zip_ratio=self.format_max_zip_ratio,
            max_memory_bytes=int(self.format_max_memory_mb * mb),
        )  # fmt: skip

    # Serving for real (issue 12, docs/api.md): API keys (auto: required unless `wikiqa
    # serve` binds only a loopback address; on; off, loopback only), a token bucket per key
    # (requests a minute, burst), at most api_max_inflight asks at once toward sources and
    # models (503 after waiting api_queue_timeout s for a slot), api_request_timeout s per
    # ask (504), and the log format of `wikiqa serve`.
    api_auth: Literal["auto", "on", "off"] = "auto"
    api_rate_per_minute: float = Field(default=120.0, ge=0)  # 0: no rate limit
    api_rate_burst: int = Field(default=20, ge=1)
    api_max_inflight: int = Field(default=8, ge=1)
    api_queue_timeout: float = Field(default=5.0, gt=0)
    api_request_timeout: float = Field(default=120.0, gt=0)
    log_format: Literal["json", "text"] = "json"
    # `wikiqa mcp`: the principal every tool call runs as (a file or a principals.yaml name).
    mcp_principal: str | None = None

    def collections_dir(self) -> Path:
        return self.home / "collections"
