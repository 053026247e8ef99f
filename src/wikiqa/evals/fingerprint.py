"""Fingerprints of the text a run reads, so resuming a run over edited documents fails
closed like any other configuration change.

`docs:` folders are hashed by content; a `zim:` file (often gigabytes) by size and
modification time; live Wikipedia and named collections are not fingerprinted (citations
carry Wikipedia revision ids; a collection changes only through `wikiqa index`)."""

from __future__ import annotations

import hashlib
from pathlib import Path

MAX_HASHED_BYTES = 256 * 1024 * 1024  # past this a folder is fingerprinted by size and mtime


def source_fingerprint(spec: str) -> str | None:
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if kind == "zim" and arg:
        path = Path(arg).expanduser()
        if not path.is_file():
            return "missing"
        st = path.stat()
        return f"size={st.st_size} mtime={int(st.st_mtime)}"
    if kind == "docs":
        return _folder(Path(arg or ".").expanduser())
    return None


def _folder(root: Path) -> str:
    if not root.exists():
        return "missing"
    files = sorted(p for p in ([root] if root.is_file() else root.rglob("*")) if p.is_file())
    total = sum(p.stat().st_size for p in files)
    h = hashlib.sha256()
    for p in files:
        rel = p.name if root.is_file() else p.relative_to(root).as_posix()
        if total <= MAX_HASHED_BYTES:
            h.update(f"{rel}\0".encode() + hashlib.sha256(p.read_bytes()).digest())
        else:
            st = p.stat()
            h.update(f"{rel}\0{st.st_size}\0{int(st.st_mtime)}\0".encode())
    return f"{len(files)} files sha256:{h.hexdigest()[:16]}"
