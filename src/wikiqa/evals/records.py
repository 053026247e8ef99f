"""Run files: one JSON line per trial, appended as soon as the trial finishes.

The first line is a header pinning the run: a digest of the answerer configuration and of
the task file. Resuming a run whose pins differ fails closed, naming what changed, so one
run file never mixes two configurations.
"""

from __future__ import annotations

import hashlib
import json
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from wikiqa.errors import ConfigError
from wikiqa.evals.graders.base import Grade

FORMAT = "wikiqa-eval-run/1"


def digest(data: Any) -> str:
    """A stable sha256 of a JSON-able value (sorted keys)."""
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


class RunHeader(BaseModel):
    kind: str = "header"
    format: str = FORMAT
    created: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    task_file: str
    task_digest: str
    config: dict[str, Any]
    config_digest: str
    selection: dict[str, Any] = Field(default_factory=dict)
    trials: int
    # The selected tasks as run (so reports and compares need no task file).
    tasks: list[dict[str, Any]] = Field(default_factory=list)


class TrialRecord(BaseModel):
    kind: str = "trial"
    task_id: str
    category: str
    trial: int
    result: dict[str, Any] | None = None  # Result.to_dict(), or None when the run errored
    error: str | None = None
    grades: dict[str, Grade] = Field(default_factory=dict)
    access: Grade | None = None  # the forbidden-source rule, when it applies
    cited_not_expected: list[str] = Field(default_factory=list)
    latency_ms: float = 0.0
    tool_calls: int = 0
    tokens: int | None = None  # answerer tokens, when the result reports them
    cost_usd: float | None = None
    judge_tokens: int = 0


def _changes(old: RunHeader, new: RunHeader) -> list[str]:
    changed: list[str] = []
    if old.task_digest != new.task_digest:
        changed.append(f"task file {new.task_file} changed (digest {old.task_digest[:12]} -> "
                       f"{new.task_digest[:12]})")  # fmt: skip
    for key in sorted(set(old.config) | set(new.config)):
        if old.config.get(key) != new.config.get(key):
            changed.append(f"{key}: {old.config.get(key)!r} -> {new.config.get(key)!r}")
    if old.selection != new.selection:
        changed.append(f"task selection: {old.selection} -> {new.selection}")
    if old.trials != new.trials:
        changed.append(f"trials: {old.trials} -> {new.trials}")
    return changed


class RunFile:
    """An open run file: its header, the trials already recorded, and a locked appender."""

    def __init__(self, path: Path, header: RunHeader, trials: list[TrialRecord]) -> None:
        self.path = path
        self.header = header
        self.trials = trials
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: Path, header: RunHeader) -> RunFile:
        """Create the file, or resume it when its pins match `header` exactly."""
        if path.exists() and path.stat().st_size > 0:
            _drop_torn_tail(path)
            old, trials = load_run(path)
            changed = _changes(old, header)
            if changed or old.config_digest != header.config_digest:
                raise ConfigError(
                    f"cannot resume {path}: the run was pinned to another configuration; "
                    "changed: "
                    + "; ".join(changed or ["configuration digest"])
                    + ". Start a new run file instead."
                )
            return cls(path, old, trials)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(header.model_dump_json() + "\n", encoding="utf-8")
        return cls(path, header, [])

    def done(self) -> set[tuple[str, int]]:
        return {(t.task_id, t.trial) for t in self.trials}

    def append(self, record: TrialRecord) -> None:
        line = record.model_dump_json() + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
        self.trials.append(record)


def _drop_torn_tail(path: Path) -> None:
    """Cut a final line an interrupted write left without its newline."""
    raw = path.read_bytes()
    if raw and not raw.endswith(b"\n"):
        path.write_bytes(raw[: raw.rfind(b"\n") + 1])


def load_run(path: Path) -> tuple[RunHeader, list[TrialRecord]]:
    """Read a run file; a torn last line (an interrupted write) is ignored, anything else
    malformed is an error."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(f"cannot read run file {path}: {exc}") from exc
    if not lines:
        raise ConfigError(f"{path} is empty, not a run file")
    try:
        header = RunHeader.model_validate_json(lines[0])
    except ValueError as exc:
        raise ConfigError(f"{path}: first line is not a run header") from exc
    trials: list[TrialRecord] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            trials.append(TrialRecord.model_validate_json(line))
        except ValueError as exc:
            if number == len(lines):
                break  # torn final write; that trial reruns on resume
            raise ConfigError(f"{path}:{number}: not a trial record") from exc
    return header, trials
