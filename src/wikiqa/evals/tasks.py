"""Task files: JSONL, one task a line, validated strictly so a typo fails before any run.

A task is graded only on the dimensions it declares. Relative paths inside a task's
`source` spec resolve against the task file's folder, so a suite runs from any directory.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from wikiqa.errors import ConfigError
from wikiqa.types import Principal

Category = Literal[
    "factual",
    "multi_hop",
    "disambiguation",
    "unanswerable",
    "adversarial",
    "retrieval_gap",
    "injection",
    "permission",
    "trap",
]
Dimension = Literal[
    "faithfulness", "correctness", "completeness", "attribution", "calibration", "injection"
]
DIMENSIONS: tuple[Dimension, ...] = (
    "faithfulness",
    "correctness",
    "completeness",
    "attribution",
    "calibration",
    "injection",
)
JUDGE_DIMENSIONS: frozenset[str] = frozenset({"faithfulness", "correctness", "completeness"})
# Source kinds whose argument is a filesystem path (resolved against the task file).
PATH_SOURCES = ("zim", "docs")


class Task(BaseModel):
    """One evaluation task, exactly as written in the task file."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    category: Category
    question: str = Field(min_length=1)
    dimensions: list[Dimension] = Field(min_length=1)
    reference_answer: list[str] | str = Field(default_factory=list)
    expected_sources: list[str] = Field(default_factory=list)
    should_refuse: bool = False
    source: str | None = None
    principal: str | None = None
    forbidden_sources: list[str] = Field(default_factory=list)

    @field_validator("dimensions")
    @classmethod
    def _unique(cls, value: list[Dimension]) -> list[Dimension]:
        if len(set(value)) != len(value):
            raise ValueError("a dimension is listed twice")
        return value

    @property
    def reference_points(self) -> list[str]:
        """The must-have points (a string reference is one point)."""
        if isinstance(self.reference_answer, str):
            return [self.reference_answer] if self.reference_answer.strip() else []
        return [p for p in self.reference_answer if p.strip()]


@dataclass(frozen=True)
class TaskFile:
    """A loaded task file: its tasks, where it lives and a digest of its bytes."""

    path: Path
    tasks: list[Task]
    digest: str

    @property
    def folder(self) -> Path:
        return self.path.parent


def load_tasks(path: Path) -> TaskFile:
    """Read and validate every line; raise ConfigError naming the first bad line."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read task file {path}: {exc}") from exc
    tasks: list[Task] = []
    seen: set[str] = set()
    for number, line in enumerate(raw.decode("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            task = Task.model_validate(json.loads(line))
        except (json.JSONDecodeError, ValidationError) as exc:
            raise ConfigError(f"{path}:{number}: not a valid task ({_first_error(exc)})") from exc
        if task.id in seen:
            raise ConfigError(f"{path}:{number}: duplicate task id {task.id!r}")
        seen.add(task.id)
        tasks.append(task)
    if not tasks:
        raise ConfigError(f"{path} holds no tasks")
    return TaskFile(path=path, tasks=tasks, digest=hashlib.sha256(raw).hexdigest())


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return f"{where}: {first['msg']}" if where else first["msg"]
    return str(exc)


def holdout_path(suite: Path) -> Path:
    """The held-out file beside a suite: `holdout.jsonl` in the same folder."""
    return suite.parent / "holdout.jsonl"


def resolve_source(spec: str, folder: Path) -> str:
    """Make a relative path in a `zim:`/`docs:` spec absolute against `folder`."""
    kind, sep, arg = spec.strip().partition(":")
    if kind.lower() in PATH_SOURCES and sep and arg and not Path(arg).expanduser().is_absolute():
        return f"{kind}:{(folder / arg).resolve()}"
    return spec.strip()


def task_source(task: Task, task_file: TaskFile, default: str | None) -> str:
    """The source a task is asked against: its own (resolved), else the run's."""
    if task.source:
        return resolve_source(task.source, task_file.folder)
    if default:
        return default
    raise ConfigError(f"task {task.id!r} names no source; pass --source SPEC")


def default_principals_file(task_file: TaskFile) -> Path | None:
    candidate = task_file.folder / "principals.json"
    return candidate if candidate.is_file() else None


def load_principals(path: Path) -> dict[str, Principal]:
    """A JSON object mapping principal names to Principal objects."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(f"cannot read principals file {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a JSON object mapping names to principals")
    out: dict[str, Principal] = {}
    for name, value in data.items():
        try:
            out[str(name)] = Principal.model_validate(value)
        except ValidationError as exc:
            raise ConfigError(f"{path}: principal {name!r}: {_first_error(exc)}") from exc
    return out


def check_principals(task_file: TaskFile, principals: dict[str, Principal]) -> None:
    """Fail before the run when a task names a principal nobody defined."""
    for task in task_file.tasks:
        if task.principal is not None and task.principal not in principals:
            known = ", ".join(sorted(principals)) or "no principals file"
            raise ConfigError(
                f"task {task.id!r} names unknown principal {task.principal!r} ({known})"
            )
