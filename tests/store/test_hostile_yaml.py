"""Access metadata YAML is read as plain data: an alias bomb cannot stall indexing, and a
repeated key (which YAML resolves silently to its last value) denies instead of guessing."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from store_helpers import write

from wikiqa.store.indexer import index_path
from wikiqa.store.safe_yaml import load_yaml
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Principal

HR = Principal(user_id="u1", roles=["hr", "staff"])


def _bomb(levels: int = 10) -> str:
    """`levels` anchors, each a list of nine aliases of the one before: 9**levels items."""
    lines = ["x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_in_front_matter_is_denied_at_once(
    tmp_path: Path, new_store: SqliteStore
) -> None:
    root = tmp_path / "docs"
    write(root, "bomb.md", "---\naccess_scope: public\n" + _bomb() + "---\nzebra payroll\n")
    write(root, "fine.md", "A public page about zebras.\n")
    started = time.monotonic()
    report = index_path(new_store, root)
    assert time.monotonic() - started < 10  # it never finished before
    assert any("bomb.md" in w and "aliases" in w and "denied" in w for w in report.warnings)
    assert new_store.get_document("bomb.md", HR) is None
    assert new_store.get_document("fine.md", None) is not None


def test_an_alias_bomb_in_a_manifest_denies_its_tree(
    tmp_path: Path, new_store: SqliteStore
) -> None:
    root = tmp_path / "docs"
    write(root, "a.md", "zebra one\n")
    write(root, "wikiqa-access.yaml", "a.md: {access_scope: public}\n" + _bomb())
    started = time.monotonic()
    report = index_path(new_store, root)
    assert time.monotonic() - started < 10
    assert any("wikiqa-access.yaml" in w and "denied" in w for w in report.warnings)
    assert new_store.get_document("a.md", HR) is None


@pytest.mark.parametrize(
    "front",
    [
        "access_scope: role\nallowed_roles: [admin]\nallowed_roles: [hr]\n",
        "access_scope: private\nowner_user_id: u9\naccess_scope: role\nallowed_roles: [hr]\n",
    ],
)
def test_a_repeated_key_in_front_matter_denies(
    tmp_path: Path, new_store: SqliteStore, front: str
) -> None:
    """YAML keeps the last value: both files were readable by "hr" though the first line
    said otherwise."""
    root = tmp_path / "docs"
    write(root, "a.md", f"---\n{front}---\nzebra payroll\n")
    report = index_path(new_store, root)
    assert any("a.md" in w and "repeated" in w and "denied" in w for w in report.warnings)
    assert new_store.get_document("a.md", HR) is None


def test_a_repeated_entry_in_a_manifest_denies_its_tree(
    tmp_path: Path, new_store: SqliteStore
) -> None:
    root = tmp_path / "docs"
    write(root, "a.md", "zebra one\n")
    write(
        root,
        "wikiqa-access.yaml",
        "a.md: {access_scope: private, owner_user_id: u9}\na.md: {access_scope: public}\n",
    )
    report = index_path(new_store, root)
    assert any("repeated" in w for w in report.warnings), report.warnings
    assert new_store.get_document("a.md", None) is None


def test_plain_yaml_still_reads() -> None:
    assert load_yaml("a: 1\nb: [x, y]\nc: {d: e}\n") == {"a": 1, "b": ["x", "y"], "c": {"d": "e"}}
    assert load_yaml("") is None
