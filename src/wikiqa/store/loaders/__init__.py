"""Readers for PDF, Word, Excel, CSV and PowerPoint files (docs/formats.md).

`FormatReader.read(path, kind)` parses one file in a worker process with a memory cap and
a time limit: a file that hangs or exhausts memory is killed and reported, and the indexing
run goes on. Loaders register by kind; `detect` decides the kind from the bytes.
"""

from __future__ import annotations

import os
import pickle
import select
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from wikiqa.store.loaders.base import Extracted, ExtractError, FormatLimits, TextBuilder
from wikiqa.store.loaders.sniff import BINARY_SUFFIXES, detect

__all__ = [
    "BINARY_SUFFIXES",
    "ExtractError",
    "Extracted",
    "FormatLimits",
    "FormatReader",
    "detect",
    "extract",
]  # fmt: skip

KILL_GRACE = 10.0  # seconds past the time limit before the worker is killed (it stops itself
# between pages at 80% of the limit; this catches a parser stuck inside one page)

# kind -> (module, function, the libraries it needs as import names, their PyPI names).
LOADERS: dict[str, tuple[str, str, tuple[str, ...], str]] = {
    "pdf": ("wikiqa.store.loaders.pdf", "extract_pdf", ("pypdfium2", "pdfplumber"),
            "pypdfium2 pdfplumber"),
    "docx": ("wikiqa.store.loaders.docx", "extract_docx", ("docx",), "python-docx"),
    "xlsx": ("wikiqa.store.loaders.xlsx", "extract_xlsx", ("openpyxl",), "openpyxl"),
    "pptx": ("wikiqa.store.loaders.pptx", "extract_pptx", ("pptx",), "python-pptx"),
}  # fmt: skip


def _loader(kind: str) -> Callable[[Path, FormatLimits, TextBuilder], Extracted]:
    """The extraction function for `kind`; ExtractError with the exact pip command if its
    library is missing (they are default dependencies, so only a trimmed install lacks them)."""
    import importlib

    if kind not in LOADERS:
        raise ExtractError(f"no reader for {kind!r}")
    module, function, needs, packages = LOADERS[kind]
    try:
        for name in needs:
            importlib.import_module(name)
        fn: Callable[[Path, FormatLimits, TextBuilder], Extracted]
        fn = getattr(importlib.import_module(module), function)
    except ImportError as exc:
        raise ExtractError(
            f"the {kind.upper()} reader is not installed ({exc}); run: pip install {packages}"
        ) from None
    return fn


def extract(path: Path, kind: str, limits: FormatLimits) -> Extracted:
    """Parse `path` as `kind` in this process (the worker calls this)."""
    loader = _loader(kind)
    deadline = time.monotonic() + limits.timeout * 0.8  # stop between pages, before the kill
    return loader(path, limits, TextBuilder(kind, deadline))


class FormatReader:
    """A worker process (`python -m wikiqa.store.loaders.worker`), started on first use and
    reused; killed and replaced when a file runs past the time limit or kills it.

    A plain subprocess rather than multiprocessing: nothing of the caller's `__main__` is
    re-imported, and a stuck parser can always be killed.
    """

    def __init__(self, limits: FormatLimits | None = None) -> None:
        self.limits = limits or FormatLimits()
        self._proc: subprocess.Popen[bytes] | None = None

    def read(self, path: Path, kind: str) -> Extracted:
        proc = self._proc
        if proc is None or proc.poll() is not None:
            proc = self._proc = subprocess.Popen(
                [sys.executable, "-m", "wikiqa.store.loaders.worker",
                 str(self.limits.max_memory_bytes)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                env=_worker_env(),
            )  # fmt: skip
        assert proc.stdin is not None and proc.stdout is not None
        try:
            send(proc.stdin, (str(path), kind, self.limits))
            reply = receive(proc.stdout, time.monotonic() + self.limits.timeout + KILL_GRACE)
        except TimeoutError:  # (a subclass of OSError: caught first)
            self.close()
            raise ExtractError(
                f"took longer than {self.limits.timeout:g} s to read; stopped "
                "(WIKIQA_FORMAT_TIMEOUT)"
            ) from None
        except (OSError, EOFError, pickle.UnpicklingError):
            self.close()
            raise ExtractError(
                f"the {kind.upper()} reader crashed on it (out of memory past "
                f"{self.limits.max_memory_bytes:,} bytes, or a damaged file)"
            ) from None
        status, value = reply
        if status == "error":
            raise ExtractError(value)
        assert isinstance(value, Extracted)
        return value

    def close(self) -> None:
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.kill()
            self._proc.wait()
            for pipe in (self._proc.stdin, self._proc.stdout):
                if pipe is not None:
                    pipe.close()
            self._proc = None

    def __enter__(self) -> FormatReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _worker_env() -> dict[str, str]:
    """The caller's environment, with this copy of wikiqa first on the path: the worker runs
    the same code as the indexer even when PYTHONPATH was relative to another folder."""
    import wikiqa

    here = str(Path(wikiqa.__file__).resolve().parents[1])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([here, *filter(None, [env.get("PYTHONPATH")])])
    return env


def send(stream: IO[bytes], obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(struct.pack("!Q", len(data)) + data)
    stream.flush()


def receive(stream: IO[bytes], deadline: float | None = None) -> Any:
    """One length-prefixed pickle; TimeoutError past `deadline`, EOFError if the peer died.
    Only ever reads what our own worker (or parent) wrote."""
    header = _read_exact(stream, 8, deadline)
    (size,) = struct.unpack("!Q", header)
    return pickle.loads(_read_exact(stream, size, deadline))


def _read_exact(stream: IO[bytes], n: int, deadline: float | None) -> bytes:
    fd = stream.fileno()
    out = bytearray()
    while len(out) < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError
        chunk = os.read(fd, min(n - len(out), 1 << 20))
        if not chunk:
            raise EOFError
        out += chunk
    return bytes(out)
