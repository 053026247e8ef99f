"""Named collections: one SQLite file each under `<home>/collections/<name>.sqlite`, or,
when WIKIQA_STORE_URL (or `--store`) is a postgresql:// URL, one schema each in that
PostgreSQL database (store/postgres.py)."""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from wikiqa.errors import CollectionNotFound, ConfigError, SourceUnavailable
from wikiqa.settings import Settings
from wikiqa.store.base import CollectionStore
from wikiqa.store.sqlite import SqliteStore, corrupt_error, storage_failure

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class CollectionInfo:
    name: str
    path: Path | str  # the SQLite file, or postgresql://host:port/db#name (no password)
    documents: int
    chunks: int
    bytes: int
    embedding_model: str | None = None  # None: lexical only (indexed without an embedder)
    error: str | None = None  # the file cannot be opened (damaged); counts are then 0


def validate_name(name: str) -> str:
    if not _NAME.match(name):
        raise ConfigError(
            f"invalid collection name {name!r}: use 1-64 letters, digits, '.', '_' or '-'"
        )
    return name


def collection_path(settings: Settings, name: str) -> Path:
    return settings.collections_dir() / f"{validate_name(name)}.sqlite"


def _postgres_url(settings: Settings) -> str | None:
    url = settings.store_url
    if not url:
        return None
    if not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            f"WIKIQA_STORE_URL / --store must be a postgresql:// URL, not {url.split(':')[0]!r}"
            " (unset it to keep collections in SQLite files)"
        )
    return url


def _open_postgres(settings: Settings, url: str, name: str, create: bool) -> CollectionStore:
    try:
        from wikiqa.store.postgres import PostgresStore
    except ImportError as exc:
        raise ConfigError(
            f"the PostgreSQL store needs the postgres extra ({exc.name} is missing): "
            "pip install 'wikiqa[postgres]'"
        ) from None
    opener = PostgresStore.create if create else PostgresStore.open
    return opener(url, validate_name(name), pool_min=settings.store_pool_min,
                  pool_max=settings.store_pool_max)  # fmt: skip


def list_collections(settings: Settings) -> list[CollectionInfo]:
    url = _postgres_url(settings)
    if url is not None:
        return _list_postgres(settings, url)
    out = []
    directory = settings.collections_dir()
    for path in sorted(directory.glob("*.sqlite")) if directory.exists() else []:
        try:
            store = SqliteStore.open(path)
        except SourceUnavailable as exc:  # damaged or locked: list the others; mark this one
            out.append(CollectionInfo(path.stem, path, 0, 0, _size_of(path), error=str(exc)))
            continue
        try:
            s = store.stats()
            model = store.embedding_info().get("model") if store.has_vectors() else None
        except sqlite3.DatabaseError as exc:
            error = str(storage_failure(path, exc) or corrupt_error(path, exc))
            out.append(CollectionInfo(path.stem, path, 0, 0, _size_of(path), error=error))
            continue
        finally:
            store.close()
        out.append(CollectionInfo(path.stem, path, s["documents"], s["chunks"], s["bytes"], model))
    return out


def _size_of(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _list_postgres(settings: Settings, url: str) -> list[CollectionInfo]:
    import psycopg

    from wikiqa.store import pg_schema
    from wikiqa.store.postgres import redacted, unavailable

    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
            names = [n for n, _ in pg_schema.collections(conn)]
    except psycopg.Error as exc:
        raise unavailable(url, exc) from None
    out = []
    for name in names:
        store = _open_postgres(settings, url, name, create=False)
        try:
            s = store.stats()
            model = store.embedding_info().get("model") if store.has_vectors() else None
        finally:
            store.close()
        where = f"{redacted(url)}#{name}"
        out.append(CollectionInfo(name, where, s["documents"], s["chunks"], s["bytes"], model))
    return out


def open_collection(settings: Settings, name: str) -> CollectionStore:
    """Open an existing collection, or say how to create it. The message names only the
    collection asked for: it may reach an API caller, who must not learn what else exists."""
    url = _postgres_url(settings)
    if url is not None:
        return _open_postgres(settings, url, name, create=False)
    path = collection_path(settings, name)
    if not path.exists():
        raise CollectionNotFound(
            f"collection {name!r} does not exist yet. Create it with "
            f"`wikiqa index PATH --collection {name}` (`wikiqa collections` lists the "
            "collections on this host)."
        )
    return SqliteStore.open(path)


def open_or_create(settings: Settings, name: str) -> CollectionStore:
    url = _postgres_url(settings)
    if url is not None:
        return _open_postgres(settings, url, name, create=True)
    path = collection_path(settings, name)
    return SqliteStore.open(path) if path.exists() else SqliteStore.create(path)


def folder_collection_name(folder: Path) -> str:
    """Stable private collection name for `--source docs:PATH` (indexed on demand)."""
    resolved = str(folder.resolve())
    slug = re.sub(r"[^A-Za-z0-9]+", "-", folder.resolve().name).strip("-")[:40] or "docs"
    return f"docs-{slug}-{hashlib.sha1(resolved.encode()).hexdigest()[:10]}"
