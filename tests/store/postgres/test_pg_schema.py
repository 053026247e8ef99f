"""Schema migrations, selection by URL, the CLI's --store, and clear failures."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest
from pg_helpers import drop_collection
from store_helpers import write
from typer.testing import CliRunner

from wikiqa.cli.main import app
from wikiqa.errors import CollectionNotFound, ConfigError, SourceUnavailable
from wikiqa.settings import Settings
from wikiqa.store import pg_schema
from wikiqa.store.collections import list_collections, open_collection, open_or_create
from wikiqa.store.postgres import PostgresStore


def _versions(url: str, name: str) -> list[int]:
    s = pg_schema.quoted(pg_schema.schema_name(name))
    with psycopg.connect(url) as c:
        rows = c.execute(f"SELECT version FROM {s}.schema_migrations ORDER BY version")
        return [r[0] for r in rows.fetchall()]


def test_migrations_are_recorded_once(pg_collection: Callable[..., PostgresStore]) -> None:
    store = pg_collection()
    expected = list(range(1, pg_schema.SCHEMA_VERSION + 1))
    assert _versions(store.url, store.name) == expected
    PostgresStore.open(store.url, store.name).close()
    PostgresStore.create(store.url, store.name).close()
    assert _versions(store.url, store.name) == expected


def test_concurrent_creation_migrates_once(pg_url: str) -> None:
    errors: list[BaseException] = []

    def create() -> None:
        try:
            PostgresStore.create(pg_url, "racing").close()
        except BaseException as exc:  # collected, asserted below
            errors.append(exc)

    threads = [threading.Thread(target=create) for _ in range(4)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert _versions(pg_url, "racing") == list(range(1, pg_schema.SCHEMA_VERSION + 1))
    finally:
        drop_collection(pg_url, "racing")


def test_newer_schema_is_refused(pg_collection: Callable[..., PostgresStore]) -> None:
    store = pg_collection()
    s = pg_schema.quoted(store.schema)
    with psycopg.connect(store.url, autocommit=True) as c:
        c.execute(f"INSERT INTO {s}.schema_migrations(version) VALUES (999)")
    with pytest.raises(ConfigError, match="newer than this wikiqa"):
        PostgresStore.open(store.url, store.name)


def test_missing_collection_and_unreachable_server(pg_url: str) -> None:
    with pytest.raises(CollectionNotFound, match="does not exist yet"):
        PostgresStore.open(pg_url, "never-made")
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed once the block ends: nothing listens there
    url = f"postgresql://wikiqa:s3cret@127.0.0.1:{port}/db"
    with pytest.raises(SourceUnavailable, match=f"127.0.0.1:{port}/db") as info:
        PostgresStore.open(url, "x")
    assert "s3cret" not in str(info.value)


def test_settings_select_postgres(tmp_path: Path, pg_url: str) -> None:
    settings = Settings(home=tmp_path / "home", store_url=pg_url)
    write(tmp_path / "d", "a.md", "Quokkas live on Rottnest Island.\n")
    store = open_or_create(settings, "by-url")
    try:
        assert isinstance(store, PostgresStore)
        from wikiqa.store.indexer import index_path

        index_path(store, tmp_path / "d")
    finally:
        store.close()
    try:
        reopened = open_collection(settings, "by-url")
        assert [h.doc_id for h in reopened.search("quokkas", 3, None, "lexical")] == ["a.md"]
        reopened.close()
        listed = {c.name: c for c in list_collections(settings)}
        assert listed["by-url"].documents == 1
        assert not (tmp_path / "home" / "collections").exists()  # no SQLite file was made
        with pytest.raises(ConfigError, match="postgresql://"):
            open_collection(Settings(home=tmp_path, store_url="mysql://x"), "by-url")
    finally:
        drop_collection(pg_url, "by-url")


def test_cli_index_store_option(tmp_path: Path, pg_url: str) -> None:
    write(tmp_path / "d", "a.md", "Quokkas live on Rottnest Island.\n")
    try:
        result = CliRunner().invoke(
            app, ["index", str(tmp_path / "d"), "--collection", "cli-pg", "--store", pg_url,
                  "--no-embed"],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "1 added" in result.output
        store = PostgresStore.open(pg_url, "cli-pg")
        assert store.stats()["documents"] == 1
        store.close()
    finally:
        drop_collection(pg_url, "cli-pg")


async def test_docs_and_collection_sources_use_the_url(tmp_path: Path, pg_url: str) -> None:
    from wikiqa.sources.registry import open_source
    from wikiqa.store.collections import folder_collection_name

    folder = tmp_path / "notes"
    write(folder, "q.md", "Quokkas live on Rottnest Island.\n")
    settings = Settings(home=tmp_path / "home", store_url=pg_url, retrieval_mode="lexical")
    name = folder_collection_name(folder)
    try:
        docs = open_source(f"docs:{folder}", settings)  # indexed on demand, into PostgreSQL
        assert [h.doc_id for h in await docs.search("quokkas", 3)] == ["q.md"]
        await docs.aclose()
        named = open_source(f"collection:{name}", settings)
        assert (await named.fetch("q.md")).text.startswith("Quokkas")
        await named.aclose()
        assert not (tmp_path / "home" / "collections").exists()
    finally:
        drop_collection(pg_url, name)
