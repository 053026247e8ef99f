"""CLI: a damaged collection file gives a clear error (no traceback) for ask, index and
collections; a missing collection's error names no other collection (items 15, 16)."""

from __future__ import annotations

import sys
from pathlib import Path

from typer.testing import CliRunner

from wikiqa.cli.main import EXIT_ERROR, app
from wikiqa.settings import Settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from test_corrupt_collection import damage, make_collection

runner = CliRunner()


def test_damaged_collection_is_a_clear_error_everywhere(tmp_path: Path) -> None:
    settings = Settings()
    make_collection(settings, "good", tmp_path / "good")
    bad = make_collection(settings, "bad", tmp_path / "bad")
    damage(bad, "garbage")
    for args in (
        ["ask", "--source", "collection:bad", "Where was coffee first cultivated?"],
        ["index", str(tmp_path / "bad"), "--collection", "bad"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == EXIT_ERROR, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert str(bad) in result.stderr and "damaged" in result.stderr
        assert "Traceback" not in result.output
    listed = runner.invoke(app, ["collections"])
    assert listed.exit_code == EXIT_ERROR
    assert "good" in listed.stdout and "DAMAGED" in listed.stdout
    assert str(bad) in listed.stderr
    assert isinstance(listed.exception, SystemExit | None)  # type: ignore[arg-type]


def test_missing_collection_names_no_other_collection(tmp_path: Path) -> None:
    make_collection(Settings(), "secret-project", tmp_path / "s")
    result = runner.invoke(app, ["ask", "--source", "collection:handbook", "q?"])
    assert result.exit_code == EXIT_ERROR
    assert "handbook" in result.stderr and "secret-project" not in result.output


def test_index_prints_the_scope_summary_and_new_flags(tmp_path: Path) -> None:
    folder = tmp_path / "kb"
    folder.mkdir()
    (folder / "a.md").write_text("Open page.\n")
    (folder / "b.md").write_text("---\naccess_scope: role\nallowed_roles: [null]\n---\nHidden.\n")
    result = runner.invoke(app, ["index", str(folder), "--collection", "kb"])
    assert result.exit_code == 0, result.output
    assert "access: 1 public, 1 denied to all" in result.stdout
    assert "b.md" in result.stderr and "denied to all readers" in result.stderr
    (folder / "a.md").unlink()
    (folder / "b.md").unlink()
    empty = runner.invoke(app, ["index", str(folder), "--collection", "kb"])
    assert empty.exit_code == EXIT_ERROR and "--prune" in empty.stderr
    pruned = runner.invoke(app, ["index", str(folder), "--collection", "kb", "--prune"])
    assert pruned.exit_code == 0 and "2 deleted" in pruned.stdout
    helptext = runner.invoke(app, ["index", "--help"]).output
    assert "--follow-links" in helptext and "--prune" in helptext


def test_index_reports_links_not_followed_and_reapplied_access(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("root:x:0:0:root:/root:/bin/bash\n")
    folder = tmp_path / "kb"
    folder.mkdir()
    (folder / "a.md").write_text("Open page.\n")
    (folder / "passwd.txt").symlink_to(outside)
    first = runner.invoke(app, ["index", str(folder), "--collection", "kb", "--no-embed"])
    assert first.exit_code == 0, first.output
    assert "passwd.txt" in first.stderr and "--follow-links" in first.stderr
    assert "1 added" in first.stdout and "access: 1 public" in first.stdout
    private = runner.invoke(
        app,
        ["index", str(folder), "--collection", "kb", "--no-embed", "--default-scope", "private"],
    )
    assert "1 updated (1 access only)" in private.stdout, private.stdout
    assert "access: 1 denied to all" in private.stdout
