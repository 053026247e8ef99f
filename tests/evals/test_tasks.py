"""Task files: strict validation, relative source paths, principals, holdout location."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wikiqa.errors import ConfigError
from wikiqa.evals.tasks import (
    Task,
    check_principals,
    default_principals_file,
    holdout_path,
    load_principals,
    load_tasks,
    resolve_source,
    task_source,
)

from .helpers import write_tasks

TASK = {"id": "a", "category": "factual", "question": "q?", "dimensions": ["calibration"]}


def test_relative_paths_in_source_specs_resolve_against_the_task_file(tmp_path: Path) -> None:
    folder = tmp_path / "evals"
    assert (
        resolve_source("zim:../shared/x.zim", folder)
        == f"zim:{(tmp_path / 'shared' / 'x.zim').resolve()}"
    )
    assert (
        resolve_source("docs:collection/docs", folder)
        == f"docs:{(folder / 'collection' / 'docs').resolve()}"
    )
    assert resolve_source("zim:/abs/x.zim", folder) == "zim:/abs/x.zim"
    assert resolve_source("wikipedia:fr", folder) == "wikipedia:fr"
    assert resolve_source("collection:hr", folder) == "collection:hr"


def test_task_source_falls_back_to_the_runs_source_or_fails(tmp_path: Path) -> None:
    tf = load_tasks(
        write_tasks(tmp_path / "t.jsonl", [TASK, TASK | {"id": "b", "source": "docs:d"}])
    )
    a, b = tf.tasks
    assert task_source(a, tf, "wikipedia") == "wikipedia"
    assert task_source(b, tf, "wikipedia") == f"docs:{(tmp_path / 'd').resolve()}"
    with pytest.raises(ConfigError, match="names no source"):
        task_source(a, tf, None)


def test_reference_points_and_strict_fields() -> None:
    assert Task.model_validate(TASK | {"reference_answer": "Paris"}).reference_points == ["Paris"]
    assert Task.model_validate(TASK | {"reference_answer": ["a", " "]}).reference_points == ["a"]
    with pytest.raises(ValueError):
        Task.model_validate(TASK | {"dimension": ["calibration"]})
    with pytest.raises(ValueError):
        Task.model_validate(TASK | {"dimensions": ["calibration", "calibration"]})
    with pytest.raises(ValueError):
        Task.model_validate(TASK | {"category": "trivia"})


def test_duplicate_ids_and_empty_files_fail(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="duplicate task id 'a'"):
        load_tasks(write_tasks(tmp_path / "d.jsonl", [TASK, TASK]))
    (tmp_path / "e.jsonl").write_text("\n")
    with pytest.raises(ConfigError, match="holds no tasks"):
        load_tasks(tmp_path / "e.jsonl")


def test_principals_default_beside_the_task_file_and_unknown_names_fail(tmp_path: Path) -> None:
    tf = load_tasks(write_tasks(tmp_path / "t.jsonl", [TASK | {"principal": "bob"}]))
    assert default_principals_file(tf) is None
    (tmp_path / "principals.json").write_text(json.dumps({"ann": {"roles": ["staff"]}}))
    path = default_principals_file(tf)
    assert path == tmp_path / "principals.json"
    who = load_principals(path)
    assert who["ann"].roles == ["staff"]
    with pytest.raises(ConfigError, match="unknown principal 'bob'"):
        check_principals(tf, who)
    (tmp_path / "bad.json").write_text(json.dumps({"x": {"roles": "admin", "colour": 1}}))
    with pytest.raises(ConfigError, match="principal 'x'"):
        load_principals(tmp_path / "bad.json")
    assert holdout_path(tmp_path / "tasks.jsonl") == tmp_path / "holdout.jsonl"
