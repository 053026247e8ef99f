"""Turn a `provider:model` spec into a pydantic-ai Model, with keys and base URLs from settings.

One function serves the agent answerer and the eval judges, so both reach Anthropic,
OpenAI and any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio) the same way.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from wikiqa.errors import ConfigError
from wikiqa.settings import Settings

if TYPE_CHECKING:
    from pydantic_ai.models import Model

DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-6"

# Providers that speak the OpenAI chat-completions wire format, with the base URL a local
# server of that kind listens on by default. `WIKIQA_OPENAI_BASE_URL` overrides it.
OPENAI_COMPATIBLE_DEFAULT_URLS: dict[str, str | None] = {
    "openai": None,
    "ollama": "http://127.0.0.1:11434/v1",
    "vllm": "http://127.0.0.1:8000/v1",
    "llamacpp": "http://127.0.0.1:8080/v1",
    "lmstudio": "http://127.0.0.1:1234/v1",
    "openai-compatible": None,
}
# `script:PATH` replays a JSON script of model turns (offline demos and transcripts).
PROVIDERS = ("anthropic", *OPENAI_COMPATIBLE_DEFAULT_URLS, "script")


def parse_model_spec(spec: str) -> tuple[str, str]:
    """Split `provider:model`; a bare `anthropic` or a bare model name gets sensible defaults."""
    spec = spec.strip()
    if not spec:
        raise ConfigError(
            "the model spec is empty; use provider:model, e.g. anthropic:claude-sonnet-4-6"
        )
    provider, sep, name = spec.partition(":")
    if not sep:
        if provider == "anthropic":
            return "anthropic", DEFAULT_ANTHROPIC_MODEL
        raise ConfigError(
            f"model {spec!r} names no provider; use provider:model with provider one of "
            + ", ".join(PROVIDERS)
        )
    provider = provider.lower()
    if provider not in PROVIDERS:
        raise ConfigError(
            f"unknown model provider {provider!r}; choose one of " + ", ".join(PROVIDERS)
        )
    if not name.strip():
        raise ConfigError(f"model spec {spec!r} names no model after the colon")
    return provider, name.strip()


def anthropic_api_key(settings: Settings) -> str | None:
    return settings.anthropic_api_key or os.environ.get("ANTHROPIC_API_KEY") or None


def openai_api_key(settings: Settings) -> str | None:
    return settings.openai_api_key or os.environ.get("OPENAI_API_KEY") or None


def build_model(spec: str, settings: Settings) -> Model:
    """A pydantic-ai Model for `spec`. Raises ConfigError with the fix when a key is missing."""
    provider, name = parse_model_spec(spec)
    if provider == "script":
        from wikiqa.llm.scripted import model_from_script

        return model_from_script(name)
    if provider == "anthropic":
        from pydantic_ai.models.anthropic import AnthropicModel
        from pydantic_ai.providers.anthropic import AnthropicProvider

        key = anthropic_api_key(settings)
        if not key:
            raise ConfigError(
                "no Anthropic API key: set ANTHROPIC_API_KEY or WIKIQA_ANTHROPIC_API_KEY, "
                "or unset WIKIQA_MODEL to use the extractive answerer"
            )
        from anthropic import AsyncAnthropic

        # The SDK retries 429/5xx/timeouts itself, honouring Retry-After; we bound it.
        anthropic_client = AsyncAnthropic(
            api_key=key,
            base_url=settings.anthropic_base_url,
            max_retries=settings.model_max_retries,
            timeout=settings.model_timeout,
        )
        return AnthropicModel(name, provider=AnthropicProvider(anthropic_client=anthropic_client))

    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    base_url = settings.openai_base_url or OPENAI_COMPATIBLE_DEFAULT_URLS[provider]
    key = openai_api_key(settings)
    if provider == "openai" and not key and base_url is None:
        raise ConfigError(
            "no OpenAI API key: set OPENAI_API_KEY or WIKIQA_OPENAI_API_KEY, or point "
            "WIKIQA_OPENAI_BASE_URL at an OpenAI-compatible server"
        )
    if provider == "openai-compatible" and base_url is None:
        raise ConfigError("openai-compatible models need WIKIQA_OPENAI_BASE_URL")
    # Local servers usually take any key; the client library still wants a non-empty one.
    from openai import AsyncOpenAI

    client = AsyncOpenAI(
        base_url=base_url,
        api_key=key or "not-needed",
        max_retries=settings.model_max_retries,
        timeout=settings.model_timeout,
    )
    return OpenAIChatModel(name, provider=OpenAIProvider(openai_client=client))
