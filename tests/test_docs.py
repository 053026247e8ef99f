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


_BLOCK_START = re.compile(r"^(?:#+\s+|- )`?wikiqa((?: [a-z][a-z0-9-]*)+)", re.MULTILINE)
_HEADING = re.compile(r"^#+\s", re.MULTILINE)


def _blocks(text: str) -> dict[tuple[str, ...], str]:
    """The text documenting each command: from a heading or top-level bullet that starts
    with `wikiqa <command>` to the next such start or heading (sub-bullets included)."""
    starts = list(_BLOCK_START.finditer(text))
    out: dict[tuple[str, ...], str] = {}
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        heading = _HEADING.search(text, m.end(), end)
        block = text[m.start() : heading.start() if heading else end]
        path = tuple(m.group(1).split())
        out[path] = out.get(path, "") + block
    return out


def test_the_command_tree_is_walked() -> None:
    names = {" ".join(p) for p, _ in COMMANDS}
    assert {"ask", "index", "collections", "serve"} <= names


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_cli_option_is_documented(path: tuple[str, ...], command: Any) -> None:
    """Each command is named in docs/cli.md, and each of its options appears in the part
    that documents it (a heading or bullet starting `wikiqa <command>`)."""
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    name = "wikiqa " + " ".join(path)
    assert _mentioned(name, text), f"docs/cli.md never mentions `{name}`"
    options = [
        opt
        for param in command.params
        if param.param_type_name == "option" and not getattr(param, "hidden", False)
        for opt in (*param.opts, *param.secondary_opts)
    ]
    if not options:
        return
    block = _blocks(text).get(path)
    assert block is not None, f"docs/cli.md has no heading or bullet starting `{name}`"
    missing = [opt for opt in options if not _mentioned(opt, block)]
    assert not missing, f"docs/cli.md, where it documents `{name}`, omits {missing}"


DEMO_CORPUS_BYTES = 1_000_000


def test_the_demo_corpus_stays_small_enough_for_a_first_ask() -> None:
    """The README's first command indexes `docs/` before it answers, embedding every chunk
    and candidate text (about 70 a second on two cores). The manual is about 0.6 MB; the
    measurement history (3 MB) made that first ask take five minutes, so it lives in
    `history/`, outside the demo corpus. Growth past this bound needs the same move."""
    size = sum(p.stat().st_size for p in DOCS.rglob("*") if p.is_file())
    assert size < DEMO_CORPUS_BYTES, f"docs/ is {size} bytes; keep long records out of it"
