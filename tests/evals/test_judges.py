"""Which judge a run gets: none without a key, Opus with an Anthropic key, never the
answerer's own model; verdicts are structured output with the reason first."""

from __future__ import annotations

import pytest

from wikiqa.errors import ConfigError
from wikiqa.evals.judges import (
    DEFAULT_JUDGE_MODEL,
    FaithfulnessVerdict,
    InjectionVerdict,
    ReferenceVerdict,
    judge_spec,
    judges_from_settings,
)
from wikiqa.settings import Settings


def test_no_key_means_no_judge() -> None:
    assert judge_spec(Settings()) is None
    assert judges_from_settings(Settings()) is None


def test_an_anthropic_key_defaults_the_judge_to_opus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-used")
    judges = judges_from_settings(Settings())
    assert judges is not None and judges.spec == DEFAULT_JUDGE_MODEL == "anthropic:claude-opus-4-8"
    assert judge_spec(Settings(judge_model="ollama:qwen2.5:32b")) == "ollama:qwen2.5:32b"
    assert judge_spec(Settings(), "openai:gpt-4.1") == "openai:gpt-4.1"


def test_the_judge_may_not_be_the_answerers_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-used")
    settings = Settings(model="anthropic:claude-opus-4-8")
    with pytest.raises(ConfigError, match="is the answerer's model"):
        judges_from_settings(settings)


@pytest.mark.parametrize("verdict", [FaithfulnessVerdict, ReferenceVerdict, InjectionVerdict])
def test_reason_is_written_before_the_verdict(verdict: type) -> None:
    fields = list(verdict.model_fields)
    assert fields[0] == "reason"
    assert fields.index("reason") < min(
        fields.index(f) for f in fields if f in {"verdict", "correctness", "completeness"}
    )
