"""Declared dependencies match the code (issue 7, item 18): every third-party module that
src/wikiqa imports is declared in pyproject.toml, and every default dependency is used."""

from __future__ import annotations

import ast
import functools
import importlib.metadata as md
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~\[;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _imported_modules() -> set[str]:
    mods: set[str] = set()
    for path in (ROOT / "src" / "wikiqa").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                mods |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                mods.add(node.module.split(".")[0])
    return {m for m in mods if m not in sys.stdlib_module_names and m != "wikiqa"}


def _declared() -> tuple[set[str], set[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    default = {_name(r) for r in project["dependencies"]}
    extras = {_name(r) for reqs in project["optional-dependencies"].values() for r in reqs}
    return default, extras


@functools.cache
def _module_map() -> dict[str, list[str]]:
    return dict(md.packages_distributions())


def _distributions(module: str) -> set[str]:
    found = _module_map().get(module, [])
    return {d.lower().replace("_", "-") for d in found}


def test_every_import_is_declared() -> None:
    default, extras = _declared()
    missing = {
        m: sorted(_distributions(m)) or ["(not installed)"]
        for m in _imported_modules()
        if not _distributions(m) & (default | extras)
    }
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"


def test_every_default_dependency_is_imported() -> None:
    default, _ = _declared()
    used = set().union(*(_distributions(m) for m in _imported_modules()))
    assert default - used == set(), "declared but never imported by src/wikiqa"
