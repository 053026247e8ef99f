"""The format worker: reads (path, kind, limits) requests on stdin, answers on stdout.

Run by `FormatReader` as `python -m wikiqa.store.loaders.worker MAX_MEMORY_BYTES`; its
address space is capped so a decompression bomb fails here, not in the indexer.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from wikiqa.store.loaders import ExtractError, FormatLimits, extract, receive, send


def _cap_memory(limit: int) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # not on this platform: the time limit remains
        pass


def handle(path: str, kind: str, limits: FormatLimits) -> tuple[str, Any]:
    try:
        return "ok", extract(Path(path), kind, limits)
    except ExtractError as exc:
        return "error", str(exc)
    except MemoryError:
        return "error", f"needs more than {limits.max_memory_bytes:,} bytes of memory to read"
    except Exception as exc:  # a parser bug on a strange file: report it, keep the run going
        return "error", f"the {kind.upper()} reader failed ({type(exc).__name__}: {exc})"


def main() -> None:
    _cap_memory(int(sys.argv[1]))
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a library that prints must not corrupt the reply stream
    while True:
        try:
            path, kind, limits = receive(stdin)
        except EOFError:
            return
        send(stdout, handle(path, kind, limits))


if __name__ == "__main__":
    main()
