"""`wikiqa keys create|list|revoke`: the key is printed once, listed without its secret,
and refused once revoked."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from wikiqa.api.keys import KeyStore
from wikiqa.cli.main import app
from wikiqa.settings import Settings


def test_create_list_revoke(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "250"})  # the table unwrapped
    who = tmp_path / "fin.json"
    who.write_text(json.dumps({"user_id": "ana", "departments": ["finance"]}), encoding="utf-8")
    made = runner.invoke(
        app, ["keys", "create", "--name", "ana", "--principal", str(who), "--source", "wikipedia"]
    )
    assert made.exit_code == 0, made.output
    key = made.stdout.strip().splitlines()[-1]
    assert key.startswith("wqa_")
    record = KeyStore.for_settings(Settings()).verify(key)
    assert record is not None and record.principal.departments == ["finance"]
    assert record.sources == ("wikipedia",)

    listed = runner.invoke(app, ["keys", "list"])
    assert listed.exit_code == 0 and "ana" in listed.stdout and "finance" in listed.stdout
    assert key.split("_", 2)[2] not in listed.stdout  # never the secret

    assert runner.invoke(app, ["keys", "revoke", "ana"]).exit_code == 0
    assert KeyStore.for_settings(Settings()).verify(key) is None
    assert "revoked" in runner.invoke(app, ["keys", "list"]).stdout
    assert runner.invoke(app, ["keys", "revoke", "ana"]).exit_code == 1  # nothing left to revoke


def test_bad_principal_is_a_clear_error(tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["keys", "create", "--name", "x", "--principal", "nobody"])
    assert r.exit_code == 1 and "no principal 'nobody'" in r.output
