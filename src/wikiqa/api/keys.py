"""API keys: SQLite under WIKIQA_HOME, only a SHA-256 of each secret is stored.

A key reads `wqa_<id>_<secret>`: the id finds the row, the secret (32 random bytes) is
compared by hash in constant time. The key is shown once at creation; a lost key is revoked
and replaced, never recovered. Each key carries the principal it speaks for and, optionally,
the source specs it may use (none listed: every source the server serves).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from wikiqa.errors import ConfigError
from wikiqa.settings import Settings
from wikiqa.types import Principal

PREFIX = "wqa_"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS api_keys (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    secret_sha256 TEXT NOT NULL,
    principal TEXT NOT NULL,
    sources TEXT NOT NULL,
    created REAL NOT NULL,
    revoked REAL
)
"""


@dataclass(frozen=True)
class ApiKey:
    """What a key grants: who it speaks for and which sources it may use."""

    id: str
    name: str
    principal: Principal
    sources: tuple[str, ...]  # empty: every source the server serves
    created: float
    revoked: float | None = None

    def may_use(self, spec: str) -> bool:
        return not self.sources or spec in self.sources


def keys_path(settings: Settings) -> Path:
    return settings.home / "keys.sqlite"


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class KeyStore:
    """Create, verify, list and revoke keys. One short-lived connection per call, so the
    CLI and a running server can share the file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def for_settings(cls, settings: Settings) -> KeyStore:
        return cls(keys_path(settings))

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=10)
            conn.execute(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise ConfigError(f"{self.path}: cannot open the API key store ({exc})") from exc
        return conn

    def create(
        self, name: str, principal: Principal | None = None, sources: list[str] | None = None
    ) -> tuple[str, ApiKey]:
        """(the key, to show once; its record). No principal: anonymous (public documents)."""
        if not name.strip():
            raise ConfigError("a key needs a name")
        key_id = secrets.token_hex(6)
        secret = secrets.token_urlsafe(32)
        record = ApiKey(
            id=key_id,
            name=name.strip(),
            principal=principal or Principal(),
            sources=tuple(dict.fromkeys(sources or [])),
            created=time.time(),
        )
        with self._connect() as conn:
            conn.execute(
                "INSERT INTO api_keys VALUES (?, ?, ?, ?, ?, ?, NULL)",
                (
                    key_id,
                    record.name,
                    _digest(secret),
                    record.principal.model_dump_json(),
                    json.dumps(list(record.sources)),
                    record.created,
                ),
            )
        conn.close()
        return f"{PREFIX}{key_id}_{secret}", record

    def verify(self, key: str) -> ApiKey | None:
        """The record behind `key`, or None (unknown, malformed, wrong secret, revoked)."""
        if not key.startswith(PREFIX):
            return None
        key_id, sep, secret = key[len(PREFIX) :].partition("_")
        if not sep or not key_id or not secret:
            return None
        conn = self._connect()
        try:
            row = conn.execute(
                "SELECT id, name, secret_sha256, principal, sources, created, revoked "
                "FROM api_keys WHERE id = ?",
                (key_id,),
            ).fetchone()
        finally:
            conn.close()
        # Compare against a dummy digest when the id is unknown, so timing says nothing.
        expected = row[2] if row else _digest("")
        if not hmac.compare_digest(expected, _digest(secret)) or row is None or row[6]:
            return None
        return _record(row)

    def list(self) -> list[ApiKey]:
        conn = self._connect()
        try:
            rows = conn.execute(
                "SELECT id, name, secret_sha256, principal, sources, created, revoked "
                "FROM api_keys ORDER BY created"
            ).fetchall()
        finally:
            conn.close()
        return [_record(r) for r in rows]

    def revoke(self, key_id_or_name: str) -> int:
        """Revoke by id or by name; the number of keys revoked."""
        with self._connect() as conn:
            n = conn.execute(
                "UPDATE api_keys SET revoked = ? WHERE revoked IS NULL AND (id = ? OR name = ?)",
                (time.time(), key_id_or_name, key_id_or_name),
            ).rowcount
        conn.close()
        return n


def _record(row: tuple[object, ...]) -> ApiKey:
    return ApiKey(
        id=str(row[0]),
        name=str(row[1]),
        principal=Principal.model_validate_json(str(row[3])),
        sources=tuple(json.loads(str(row[4]))),
        created=float(row[5]),  # type: ignore[arg-type]
        revoked=float(row[6]) if row[6] is not None else None,  # type: ignore[arg-type]
    )
