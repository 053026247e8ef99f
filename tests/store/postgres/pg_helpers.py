"""Helpers for the PostgreSQL store tests."""

from __future__ import annotations

import psycopg

from wikiqa.store.pg_schema import quoted, schema_name


def drop_collection(url: str, name: str) -> None:
    """Remove a collection's schema (tests clean up what they create)."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {quoted(schema_name(name))} CASCADE")
