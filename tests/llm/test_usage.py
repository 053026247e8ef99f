"""The price table: cost from settings, unknown models never shown as free."""

from __future__ import annotations

import pytest

from wikiqa.llm.usage import cost_usd, price_for
from wikiqa.settings import Settings


def test_known_model_is_priced_per_million_tokens() -> None:
    settings = Settings()
    assert price_for("anthropic:claude-sonnet-4-6", settings) == (3.0, 15.0)
    assert cost_usd("anthropic:claude-sonnet-4-6", 1_000_000, 100_000, settings) == 4.5


def test_dated_snapshot_shares_its_family_price() -> None:
    assert price_for("anthropic:claude-sonnet-4-6-20260101", Settings()) == (3.0, 15.0)


def test_local_servers_are_free_and_unknown_models_are_unknown() -> None:
    settings = Settings()
    assert cost_usd("ollama:llama3.1", 5000, 500, settings) == 0.0
    assert cost_usd("openai:some-new-model", 5000, 500, settings) is None


def test_price_table_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WIKIQA_MODEL_PRICES", '{"openai:my-model": [1.5, 6]}')
    settings = Settings()
    assert cost_usd("openai:my-model", 2_000_000, 1_000_000, settings) == 9.0
    assert price_for("anthropic:claude-sonnet-4-6", settings) is None  # the table is replaced
