"""Docs cannot drift from the code: every setting and every CLI option is documented.

Adding a `Settings` field without a `WIKIQA_<NAME>` row in docs/configuration.md, or a CLI
command or option without its entry in docs/cli.md, fails here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main

from wikiqa.cli.main import app
from wikiqa.settings import Settings

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _mentioned(token: str, text: str) -> bool:
    """`token` appears as a whole token (not as part of a longer name or option)."""
    return re.search(rf"(?<![\w-]){re.escape(token)}(?![\w-])", text) is not None


@pytest.mark.parametrize("field", sorted(Settings.model_fields))
def test_every_setting_is_documented(field: str) -> None:
    text = (DOCS / "configuration.md").read_text(encoding="utf-8")
    assert _mentioned(f"WIKIQA_{field.upper()}", text), (
        f"docs/configuration.md does not document WIKIQA_{field.upper()} (Settings.{field})"
    )


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the tree, with its path below `wikiqa` (groups included). Duck
    typed: typer ships its own copy of click, so click's classes cannot be isinstance'd."""
    if path:
        yield path, command
    if hasattr(command, "list_commands"):
        ctx = command.context_class(command)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from _commands(sub, (*path, name))


COMMANDS = list(_commands(typer.main.get_command(app)))


def _section(path: tuple[str, ...]) -> str:
    """The docs/cli.md section whose heading is `wikiqa <path>`, up to the next heading."""
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    heading = re.compile(rf"^#+\s+`?wikiqa {re.escape(' '.join(path))}`?\s*$", re.MULTILINE)
    found = heading.search(text)
    assert found, f"docs/cli.md has no section headed 'wikiqa {' '.join(path)}'"
    rest = text[found.end() :]
    following = re.search(r"^#+\s", rest, re.MULTILINE)
    return rest[: following.start()] if following else rest


def test_the_command_tree_is_walked() -> None:
    names = {" ".join(p) for p, _ in COMMANDS}
    assert {"ask", "index", "collections", "serve"} <= names


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_cli_option_is_documented(path: tuple[str, ...], command: Any) -> None:
    section = _section(path)
    missing = [
        opt
        for param in command.params
        if param.param_type_name == "option" and not getattr(param, "hidden", False)
        for opt in (*param.opts, *param.secondary_opts)
        if not _mentioned(opt, section)
    ]
    assert not missing, f"docs/cli.md, section 'wikiqa {' '.join(path)}', omits {missing}"
