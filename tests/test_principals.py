"""Principal files are operator-written access decisions: read one way only (no YAML aliases,
no repeated keys), and any doubt is a clear error rather than a guessed principal."""

from __future__ import annotations

from pathlib import Path

import pytest

from wikiqa.errors import ConfigError
from wikiqa.principals import load_principal
from wikiqa.settings import Settings


def test_a_plain_principal_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "alice.yaml"
    path.write_text("user_id: alice\nroles: [hr]\ndepartments: [people]\n")
    principal = load_principal(str(path), Settings())
    assert principal.user_id == "alice" and principal.roles == ["hr"]


def test_a_repeated_key_is_an_error_not_the_last_value(tmp_path: Path) -> None:
    # Plain YAML keeps the last `roles`, silently granting admin to a file meant for staff.
    path = tmp_path / "bob.yaml"
    path.write_text("user_id: bob\nroles: [staff]\nroles: [admin]\n")
    with pytest.raises(ConfigError, match="repeated"):
        load_principal(str(path), Settings())


def test_aliases_in_the_registry_are_refused(tmp_path: Path) -> None:
    settings = Settings()
    settings.home.mkdir(parents=True, exist_ok=True)
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    )
    (settings.home / "principals.yaml").write_text(bomb + "carol: {user_id: carol}\n")
    with pytest.raises(ConfigError, match="aliases"):
        load_principal("carol", settings)
