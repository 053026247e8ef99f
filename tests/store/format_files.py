"""Import the file generators the format tests share with the benches (bench/format_samples.py)."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import format_samples as samples  # noqa: E402

__all__ = ["samples"]
