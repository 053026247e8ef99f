"""Access manifests (`wikiqa-access.yaml`): found from any indexed path, read fail-closed.

A manifest in folder D maps paths relative to D to metadata (access keys, title, url).
Every manifest in a file's folder or any folder above it governs the file, whatever path
was indexed (a single file, a subfolder or the whole tree), so indexing `sub/` alone still
honours `../wikiqa-access.yaml`'s `sub/vault.md` entry; a file reached through a link is
governed by the manifests of its real location too. Keys are normalised
(`./sub/vault.md`, `sub//vault.md` and `sub\\vault.md` are `sub/vault.md`).

Fail closed, always with a warning naming the manifest: a manifest that cannot be read or
parsed denies every file under its folder; an entry that is not a mapping, names a folder or
a glob pattern, or two entries for one file that disagree, deny the files they name.
"""

from __future__ import annotations

import fnmatch
import json
import os
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from wikiqa.store.safe_yaml import load_yaml

MANIFEST_NAMES = ("wikiqa-access.yaml", "wikiqa-access.yml", "wikiqa-access.json")
_GLOB = set("*?[")
_TREE_DENIED = "every file under {} is denied to all readers"
_FILE_DENIED = "the file is denied to all readers"


@dataclass
class Manifest:
    """One manifest file, its entries keyed by the absolute path they govern."""

    path: Path
    folder: Path
    entries: dict[Path, dict[str, Any]] = field(default_factory=dict)
    denied_files: dict[Path, str] = field(default_factory=dict)  # path -> why
    denied_trees: dict[Path, str] = field(default_factory=dict)  # folder -> why (all beneath)
    denied_globs: list[tuple[str, str]] = field(default_factory=list)  # (abs pattern, why)


@dataclass
class ManifestEntry:
    """What the manifests say about one file: an entry, or a reason to deny it."""

    entry: dict[str, Any] | None = None
    denied: str | None = None
    sources: list[Path] = field(default_factory=list)


def normalise_key(key: str) -> str | None:
    """`./sub//vault.md` -> `sub/vault.md`; None for an empty key."""
    text = key.strip().replace("\\", "/")
    if not text:
        return None
    norm = posixpath.normpath(text)
    return None if norm in (".", "") else norm


def read_manifest(path: Path) -> Manifest:
    """Parse one manifest; problems become denials, never silent omissions."""
    folder = path.parent
    manifest = Manifest(path=path, folder=folder)
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "problem", None) or getattr(exc, "strerror", None) or str(exc)
        manifest.denied_trees[folder] = (
            f"{path}: unreadable access manifest ({why}); {_TREE_DENIED.format(folder)}"
        )
        return manifest
    if data is None:
        return manifest
    if not isinstance(data, dict):
        manifest.denied_trees[folder] = (
            f"{path}: access manifest must map file paths to metadata; "
            + _TREE_DENIED.format(folder)
        )
        return manifest
    seen: dict[Path, str] = {}
    for raw_key, value in data.items():
        key = normalise_key(str(raw_key))
        if key is None:
            manifest.denied_trees[folder] = (
                f"{path}: empty key in access manifest; {_TREE_DENIED.format(folder)}"
            )
            continue
        target = Path(posixpath.normpath(posixpath.join(folder.as_posix(), key)))
        if _GLOB & set(key):
            manifest.denied_globs.append(
                (
                    target.as_posix(),
                    f"{path}: entry {raw_key!r} is a pattern; entries name single files, so the files it matches are denied to all readers",
                )
            )
            continue
        if str(raw_key).rstrip().endswith(("/", "\\")) or target.is_dir():
            manifest.denied_trees[target] = (
                f"{path}: entry {raw_key!r} names a folder, but entries name single files; "
                + _TREE_DENIED.format(target)
            )
            continue
        if not isinstance(value, dict):
            manifest.denied_files[target] = (
                f"{path}: entry {raw_key!r} is not a mapping of metadata; {_FILE_DENIED}"
            )
            continue
        entry = {str(k): v for k, v in value.items()}
        canon = json.dumps(entry, sort_keys=True, default=str)
        if target in seen and seen[target] != canon:
            manifest.denied_files[target] = (
                f"{path}: conflicting entries for {key!r}; {_FILE_DENIED}"
            )
            continue
        seen[target] = canon
        manifest.entries[target] = entry
    return manifest


class Manifests:
    """Every manifest above or beside the files being indexed, read once per run."""

    def __init__(self) -> None:
        self._by_folder: dict[Path, list[Manifest]] = {}

    def in_folder(self, folder: Path) -> list[Manifest]:
        if folder not in self._by_folder:
            found = []
            for name in MANIFEST_NAMES:
                candidate = folder / name
                try:
                    present = candidate.is_file()
                except OSError:
                    present = False
                if present:
                    found.append(read_manifest(candidate))
            self._by_folder[folder] = found
        return self._by_folder[folder]

    def loaded(self) -> list[Manifest]:
        return [m for ms in self._by_folder.values() for m in ms]

    def lookup(self, path: Path) -> ManifestEntry:
        """What governs the file at absolute `path`. A file reached through a link is also
        governed by the manifests of its real location (a link must not launder access)."""
        result = ManifestEntry()
        entries: list[tuple[Path, dict[str, Any]]] = []
        real = Path(os.path.realpath(path))
        for candidate in dict.fromkeys([path, real]):
            for folder in candidate.parents:
                for manifest in self.in_folder(folder):
                    why = _denial(manifest, candidate)
                    if why is not None:
                        result.denied = result.denied or why
                        result.sources.append(manifest.path)
                    if candidate in manifest.entries:
                        entries.append((manifest.path, manifest.entries[candidate]))
        result.sources.extend(p for p, _ in entries)
        distinct = {json.dumps(e, sort_keys=True, default=str) for _, e in entries}
        if len(distinct) > 1:
            where = ", ".join(str(p) for p, _ in entries)
            result.denied = result.denied or (
                f"{path}: access manifests disagree ({where}); denied to all readers"
            )
        elif entries:
            result.entry = entries[0][1]
        return result


def _denial(manifest: Manifest, path: Path) -> str | None:
    if path in manifest.denied_files:
        return manifest.denied_files[path]
    for tree, why in manifest.denied_trees.items():
        if path.is_relative_to(tree):
            return why
    for pattern, why in manifest.denied_globs:
        if fnmatch.fnmatchcase(path.as_posix(), pattern):
            return why
    return None
