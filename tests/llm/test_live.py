"""Live smoke tests, one per provider: they run only when that provider's key is present
in the environment pytest starts with (read at import, before the per-test isolation
clears it), and then open real sockets for that one test. Skipped otherwise."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

import pytest
from pydantic_ai.models import override_allow_model_requests

from agent_helpers import MemorySource
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

KEYS = {name: os.environ.get(name) for name in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY")}
_REAL_CONNECT = socket.socket.connect  # collection runs before the session's socket guard


@pytest.fixture
def _network() -> Iterator[None]:
    guarded = socket.socket.connect
    socket.socket.connect = _REAL_CONNECT  # type: ignore[method-assign]
    try:
        with override_allow_model_requests(True):
            yield
    finally:
        socket.socket.connect = guarded  # type: ignore[method-assign]


@pytest.mark.parametrize(
    ("spec", "key"),
    [
        pytest.param(
            "anthropic:claude-sonnet-4-6",
            "ANTHROPIC_API_KEY",
            marks=pytest.mark.skipif(
                not KEYS["ANTHROPIC_API_KEY"], reason="live test: needs ANTHROPIC_API_KEY"
            ),
        ),
        pytest.param(
            "openai:gpt-4.1-mini",
            "OPENAI_API_KEY",
            marks=pytest.mark.skipif(
                not KEYS["OPENAI_API_KEY"], reason="live test: needs OPENAI_API_KEY"
            ),
        ),
    ],
)
@pytest.mark.usefixtures("_network")
async def test_live_provider_answers_with_grounded_citations(spec: str, key: str) -> None:
    value = KEYS[key]
    field = "anthropic_api_key" if key.startswith("ANTHROPIC") else "openai_api_key"
    settings = Settings(model=spec, **{field: value})
    result = await ask_async(
        "Which planet is Mercury from the Sun?", MemorySource(), settings=settings
    )
    assert isinstance(result, Answer | Refusal)
    if isinstance(result, Answer):
        assert result.citations and result.usage is not None and result.usage.cost_usd
