"""WIKIQA_* settings (pydantic-settings). Built on demand, never at import time."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    # Default chosen on five corpora at once (SQuAD 2.0, HotpotQA, Ray Charles ZIM, the
    # manual, the evals/collection dev tasks); see docs/extractive.md. = answerability.DEFAULT_FLOOR
    extractive_floor: float = 0.25
    extractive_max_sentences: int = Field(default=3, ge=1, le=5)

    # Local collections / retrieval.
    retrieval_mode: Literal["lexical", "dense", "hybrid"] = "hybrid"
    embedding_model_path: Path | None = None  # a local ONNX sentence-embedding model dir
    vector_index: Literal["exact", "usearch"] = "exact"

    # Live Wikipedia (MediaWiki Action API).
    wikipedia_lang: str = "en"
    wikipedia_api_url: str | None = None  # override for non-Wikipedia MediaWiki wikis
    contact: str = "https://github.com/wikiqa/wikiqa"
    http_timeout: float = 15.0
    http_max_retries: int = 4
    http_max_concurrency: int = 4
    http_cache_ttl: float = 24 * 3600.0
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

    # HTTP API.
    api_allow_principal: bool = False
    api_sources: list[str] = Field(default_factory=list)  # specs served besides `source`
    api_max_body_bytes: int = 64_000

    def collections_dir(self) -> Path:
        return self.home / "collections"
