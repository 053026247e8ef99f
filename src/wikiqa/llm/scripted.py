"""A model that replays a script of turns: offline demos, reproducible transcripts, tests.

`WIKIQA_MODEL=script:PATH` loads a JSON file `{"turns": [turn, ...]}`; turn n answers the
model request that follows n earlier responses. A turn is `{"tool_calls": [{"name": ...,
"args": {...}}]}` (tools: search, read; outputs: answer, refuse) or `{"text": "..."}`.
It is pydantic-ai's FunctionModel underneath, so tokens are its rough size estimate and
the whole agent path (tools, output validation, repair, events) runs for real.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wikiqa.errors import ConfigError

if TYPE_CHECKING:
    from pydantic_ai.models.function import FunctionModel


def load_script(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read the model script {path}: {exc}") from None
    turns = data.get("turns") if isinstance(data, dict) else None
    if not isinstance(turns, list) or not all(isinstance(t, dict) for t in turns):
        raise ConfigError(f"{path}: a model script is {{'turns': [{{...}}, ...]}}")
    return turns


def scripted_model(turns: list[dict[str, Any]], name: str = "script") -> FunctionModel:
    """A FunctionModel that returns `turns` in order, one per model request."""
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    def reply(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        n = sum(1 for m in messages if isinstance(m, ModelResponse))
        if n >= len(turns):
            return ModelResponse(parts=[TextPart(f"(the script has only {len(turns)} turns)")])
        turn = turns[n]
        parts: list[Any] = [
            ToolCallPart(call["name"], call.get("args", {})) for call in turn.get("tool_calls", [])
        ]
        if turn.get("text"):
            parts.insert(0, TextPart(turn["text"]))
        return ModelResponse(parts=parts, model_name=name)

    return FunctionModel(reply, model_name=name)


def model_from_script(path: str) -> FunctionModel:
    return scripted_model(load_script(Path(path)), name=f"script:{Path(path).name}")
