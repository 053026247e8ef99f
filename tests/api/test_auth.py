"""Issue 12: API keys decide the principal; every data route needs one when auth is on, and
a key for one principal never receives another's documents through any route."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wikiqa.api.app import create_app
from wikiqa.api.keys import KeyStore, keys_path
from wikiqa.api.server import auth_required
from wikiqa.errors import ConfigError
from wikiqa.settings import Settings
from wikiqa.types import Principal

PAYROLL = {"question": "When does the payroll run happen?"}


@pytest.fixture
def settings(corpus: Path) -> Settings:
    return Settings(source=f"docs:{corpus}", api_rate_per_minute=0)


@pytest.fixture
def keys(settings: Settings) -> dict[str, str]:
    store = KeyStore.for_settings(settings)
    spec = settings.source
    return {
        "finance": store.create("fin", Principal(user_id="f", departments=["finance"]))[0],
        "anon": store.create("anon")[0],
        "elsewhere": store.create("other", None, ["collection:other"])[0],
        "revoked": store.create("gone", None, [spec])[0],
    }


@pytest.fixture
def client(settings: Settings, keys: dict[str, str]) -> Iterator[TestClient]:
    KeyStore.for_settings(settings).revoke("gone")
    with TestClient(create_app(settings, auth=True)) as c:
        yield c


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


CITE = {"source": "", "doc_id": "x", "start": 0, "end": 1, "quote": "x"}
ROUTES = [
    ("post", "/api/ask", PAYROLL),
    ("post", "/api/ask/stream", PAYROLL),
    ("post", "/api/citation", CITE),
    ("get", "/api/me", None),
    ("get", "/metrics", None),
]


@pytest.mark.parametrize(("method", "path", "body"), ROUTES)
def test_every_data_route_needs_a_valid_key(
    client: TestClient, keys: dict[str, str], method: str, path: str, body: object
) -> None:
    for headers in ({}, bearer("wqa_nope_nope"), bearer(keys["revoked"]), {"Authorization": "x"}):
        r = client.request(method, path, json=body, headers=headers)
        assert r.status_code == 401, (path, headers, r.text)
        assert r.headers["www-authenticate"] == "Bearer"
    # A key with its secret altered is refused too (the id alone is not enough).
    forged = keys["anon"][:-3] + ("aaa" if not keys["anon"].endswith("aaa") else "bbb")
    assert client.request(method, path, json=body, headers=bearer(forged)).status_code == 401


def test_page_and_probes_need_no_key(client: TestClient) -> None:
    assert client.get("/").status_code == 200
    assert client.get("/healthz").status_code == 200
    assert client.get("/readyz").status_code == 200


def test_principal_comes_from_the_key_never_the_body(
    client: TestClient, keys: dict[str, str]
) -> None:
    body = {**PAYROLL, "principal": {"departments": ["finance"]}}
    for path in ("/api/ask", "/api/ask/stream"):
        r = client.post(path, json=body, headers=bearer(keys["anon"]))
        assert r.status_code == 400 and "comes from the API key" in r.json()["detail"]


def test_a_source_the_key_may_not_use_is_403(client: TestClient, keys: dict[str, str]) -> None:
    h = bearer(keys["elsewhere"])
    assert client.post("/api/ask", json=PAYROLL, headers=h).status_code == 403
    assert client.post("/api/ask/stream", json=PAYROLL, headers=h).status_code == 403
    cite = {**CITE, "source": client.app.state.pool.settings.source}  # type: ignore[attr-defined]
    assert client.post("/api/citation", json=cite, headers=h).status_code == 403
    assert client.get("/api/me", headers=h).json()["sources"] == []


def _stream_result(text: str) -> dict:
    for block in text.split("\n\n"):
        if block.startswith("event: result"):
            return json.loads(block.split("data: ", 1)[1])
    raise AssertionError(f"no result event in {text[:300]}")


def test_principal_isolation_on_every_route(client: TestClient, keys: dict[str, str]) -> None:
    fin, anon = bearer(keys["finance"]), bearer(keys["anon"])
    answer = client.post("/api/ask", json=PAYROLL, headers=fin).json()
    assert answer["kind"] == "answer" and "25th" in answer["text"]
    cited = answer["citations"][0]
    streamed = _stream_result(client.post("/api/ask/stream", json=PAYROLL, headers=fin).text)
    assert streamed["kind"] == "answer" and "25th" in streamed["text"]
    window = client.post("/api/citation", json=cited, headers=fin)
    assert window.status_code == 200 and window.json()["quote"] == cited["quote"]

    # The same questions and the same citation with the anonymous key: nothing leaks.
    for r in (
        client.post("/api/ask", json=PAYROLL, headers=anon),
        client.post("/api/ask/stream", json=PAYROLL, headers=anon),
    ):
        assert r.status_code == 200
        assert "25th" not in r.text and "Payroll" not in r.text and cited["doc_id"] not in r.text
    denied = client.post("/api/citation", json=cited, headers=anon)
    assert denied.status_code == 404 and "25th" not in denied.text
    # Unknown and forbidden documents read the same.
    unknown = client.post("/api/citation", json={**cited, "doc_id": "no-such"}, headers=anon)
    assert unknown.status_code == 404 and unknown.json() == denied.json()


def test_keys_are_stored_hashed(settings: Settings) -> None:
    key, record = KeyStore.for_settings(settings).create("k")
    secret = key.split("_", 2)[2]  # wqa_<id>_<secret>; the secret may contain "_"
    raw = keys_path(settings).read_bytes()
    assert secret.encode() not in raw
    with sqlite3.connect(keys_path(settings)) as conn:
        (stored,) = conn.execute("SELECT secret_sha256 FROM api_keys").fetchone()
    assert len(stored) == 64 and stored != secret
    assert KeyStore.for_settings(settings).verify(key) == record


def test_auth_defaults_on_for_non_loopback_addresses() -> None:
    auto = Settings()
    assert auth_required(auto, "127.0.0.1") is False and auth_required(auto, "::1") is False
    assert auth_required(auto, "0.0.0.0") is True and auth_required(auto, "example.org")
    assert auth_required(Settings(api_auth="on"), "127.0.0.1") is True
    with pytest.raises(ConfigError, match="loopback"):
        auth_required(Settings(api_auth="off"), "0.0.0.0")
