"""Find the files to index under a path, without following links out of the indexed folder.

A symbolic link (to a file or a folder) whose target lies outside `boundary` is not followed
unless `follow_links` is set (a `passwd.txt -> /etc/passwd` link must not become a
document); such links, broken links and folders that cannot be read are reported, so the
indexer can keep the documents it cannot see now instead of deleting them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from wikiqa.store.ingest import SUFFIXES


@dataclass
class Walk:
    files: list[Path] = field(default_factory=list)  # absolute, as reached (links unresolved)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)  # (path, why)
    links_skipped: list[tuple[Path, str]] = field(default_factory=list)  # (link, target)


def walk(target: Path, boundary: Path, *, follow_links: bool = False) -> Walk:
    """Indexable files at or under `target` (absolute), hidden ones skipped, sorted."""
    out = Walk()
    real_boundary = Path(os.path.realpath(boundary))
    if not target.is_dir():
        if _allowed_link(target, real_boundary, follow_links, out):
            out.files.append(target)
        return out
    real_target = Path(os.path.realpath(target))
    visited: set[str] = {str(real_target)}
    stack = [target]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            out.unreadable.append((folder, exc.strerror or str(exc)))
            continue
        subfolders = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path = folder / entry.name
            try:
                link = entry.is_symlink()
                if link and not _allowed_link(path, real_boundary, follow_links, out):
                    continue
                is_dir = entry.is_dir()
                if link and is_dir and Path(os.path.realpath(path)).is_relative_to(real_target):
                    continue  # its folder is walked under its own name (no loops, no copies)
            except OSError as exc:
                out.unreadable.append((path, exc.strerror or str(exc)))
                continue
            if is_dir:
                real = os.path.realpath(path)
                if real not in visited:  # a link loop or a second way into one folder
                    visited.add(real)
                    subfolders.append(path)
            elif path.suffix.lower() in SUFFIXES:
                out.files.append(path)
        stack.extend(reversed(subfolders))
    out.files.sort()
    return out


def _allowed_link(path: Path, real_boundary: Path, follow_links: bool, out: Walk) -> bool:
    """False (and reported) for a broken link, or one leaving the boundary unless allowed."""
    if not path.is_symlink():
        return True
    real = Path(os.path.realpath(path))
    if not real.exists():
        out.links_skipped.append((path, f"{os.readlink(path)} (broken link)"))
        return False
    if not follow_links and not real.is_relative_to(real_boundary):
        out.links_skipped.append((path, str(real)))
        return False
    return True
