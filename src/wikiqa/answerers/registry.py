"""Answerers are chosen like sources: by name, from settings, with the reason recorded.

`extractive` needs nothing; `agent` needs a model (`WIKIQA_MODEL=provider:model`) and its
key; `auto` (the default) is the agent when a model is configured, else extractive. The
reason is the first line of every `-v` trace, so nobody wonders which one answered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wikiqa.answerers.base import Answerer
from wikiqa.errors import ConfigError
from wikiqa.settings import Settings


@dataclass(frozen=True)
class Selection:
    answerer: Answerer
    reason: str


def _extractive(settings: Settings) -> Answerer:
    from wikiqa.pipeline import extractive_answerer

    return extractive_answerer(settings)


def _agent(settings: Settings) -> Answerer:
    from wikiqa.answerers.agent import agent_from_settings

    return agent_from_settings(settings)


ANSWERERS: dict[str, Callable[[Settings], Answerer]] = {
    "extractive": _extractive,
    "agent": _agent,
}


def select_answerer(settings: Settings) -> Selection:
    """The answerer `settings.answerer` names, or for `auto` the one the model setting implies."""
    name = settings.answerer
    if name == "auto":
        if settings.model:
            return Selection(_agent(settings), f"WIKIQA_MODEL={settings.model} is configured")
        return Selection(_extractive(settings), "no model configured (WIKIQA_MODEL unset)")
    if name == "agent" and not settings.model:
        raise ConfigError(
            "WIKIQA_ANSWERER=agent needs a model: set WIKIQA_MODEL=provider:model "
            "(e.g. anthropic:claude-sonnet-4-6)"
        )
    if name not in ANSWERERS:
        raise ConfigError(f"unknown answerer {name!r}; choose one of {', '.join(ANSWERERS)}")
    return Selection(ANSWERERS[name](settings), f"WIKIQA_ANSWERER={name}")
