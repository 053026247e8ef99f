"""Issue 7 item 14: a non-UTF-8 byte in a CLI question is a usage error, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from wikiqa.cli.main import EXIT_USAGE

SRC = Path(__file__).resolve().parents[2] / "src"


def test_a_non_utf8_byte_in_the_question_is_a_usage_error(corpus: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC), "LC_ALL": "C.UTF-8", "COLUMNS": "200"}
    argv = [sys.executable, "-m", "wikiqa.cli.main", "ask", "--source", f"docs:{corpus}"]
    proc = subprocess.run(
        [*argv, b"When did Hekla \xff erupt?"],
        capture_output=True,
        env=env,
        timeout=120,
    )
    stderr = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == EXIT_USAGE, stderr
    assert "byte 0xFF at character 15 is not UTF-8" in stderr
    assert "Traceback" not in stderr
