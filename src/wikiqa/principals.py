"""Load a Principal for the CLI: from a JSON/YAML file, or by name from principals.yaml."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from pydantic import ValidationError

from wikiqa.errors import ConfigError
from wikiqa.settings import Settings
from wikiqa.store.safe_yaml import load_yaml
from wikiqa.types import Principal


def principals_file(settings: Settings) -> Path:
    return settings.home / "principals.yaml"


def load_principal(spec: str, settings: Settings) -> Principal:
    """`spec` is a file holding one principal, or a name defined in `<home>/principals.yaml`."""
    path = Path(spec).expanduser()
    if path.is_file():
        return _parse(_read(path), str(path))
    registry = principals_file(settings)
    known: dict[str, object] = {}
    if registry.exists():
        data = _read(registry)
        if not isinstance(data, dict):
            raise ConfigError(f"{registry}: expected a mapping of names to principals")
        known = {str(k): v for k, v in data.items()}
    if spec in known:
        return _parse(known[spec], f"{registry}:{spec}")
    names = ", ".join(sorted(known)) or "none defined"
    raise ConfigError(f"no principal {spec!r}: not a file, and not a name in {registry} ({names})")


def _read(path: Path) -> object:
    try:
        text = path.read_text(encoding="utf-8")
        return json.loads(text) if path.suffix == ".json" else load_yaml(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, yaml.YAMLError) as exc:
        raise ConfigError(f"{path}: cannot read principal ({exc})") from exc


def _parse(data: object, where: str) -> Principal:
    try:
        return Principal.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{where}: not a valid principal ({exc.errors()[0]['msg']})") from exc
