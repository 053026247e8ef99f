"""Who asks and what is read cannot be smuggled in: identity headers and query strings are
ignored, a path in a source spec or a citation's doc_id reaches no file outside the source."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wikiqa.api.app import create_app
from wikiqa.settings import Settings

SECRET = "---\naccess_scope: role\nallowed_roles: [admin]\n---\nThe vault code is 7431.\n"


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "vault.md").write_text(SECRET, encoding="utf-8")
    (docs / "hekla.md").write_text("Hekla erupted in 1104.\n", encoding="utf-8")
    settings = Settings(
        source=f"docs:{docs}",
        retrieval_mode="lexical",
        api_rate_per_minute=0,
        home=tmp_path / "home",
    )
    with TestClient(create_app(settings), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize(
    "headers",
    [
        {"X-User": "admin", "X-Forwarded-User": "admin", "X-Remote-User": "admin"},
        {"X-Wikiqa-Principal": '{"user_id": "root", "roles": ["admin"]}'},
        {"X-Roles": "admin", "X-Groups": "admin", "Remote-User": "admin"},
    ],
)
def test_identity_headers_and_query_strings_are_ignored(
    client: TestClient, headers: dict[str, str]
) -> None:
    r = client.post(
        "/api/ask?principal=admin&roles=admin",
        json={"question": "What is the vault code?"},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    assert "7431" not in r.text


def test_a_principal_in_the_body_is_refused_unless_allowed(client: TestClient) -> None:
    body = {
        "question": "What is the vault code?",
        "principal": {"user_id": "a", "roles": ["admin"]},
    }
    r = client.post("/api/ask", json=body)
    assert r.status_code == 400 and "7431" not in r.text


@pytest.mark.parametrize("spec", ["docs:../../etc", "docs:/etc", "collection:../../x", "docs:~"])
def test_a_source_spec_names_only_what_is_served(client: TestClient, spec: str) -> None:
    r = client.post("/api/ask", json={"question": "What is root?", "source": spec})
    assert r.status_code == 400 and "not served" in r.text


@pytest.mark.parametrize(
    "doc_id", ["../../../../etc/passwd", "/etc/passwd", "vault.md/../../../etc/passwd", "a\u0000b"]
)
def test_a_citation_doc_id_reaches_no_file_outside(client: TestClient, doc_id: str) -> None:
    source = client.get("/api/me").json()["sources"][0]
    body = {"source": source, "doc_id": doc_id, "start": 0, "end": 5, "quote": "root:"}
    r = client.post("/api/citation", json=body)
    assert r.status_code in (404, 422), r.text
    assert "root:x" not in r.text


def test_a_citation_of_a_document_the_caller_may_not_read_is_a_404(client: TestClient) -> None:
    source = client.get("/api/me").json()["sources"][0]
    body = {"source": source, "doc_id": "vault.md", "start": 0, "end": 8, "quote": "The vault"}
    r = client.post("/api/citation", json=body)
    assert r.status_code == 404 and "7431" not in r.text


@pytest.mark.parametrize(
    "path", ["/static/../../../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd"]
)
def test_static_paths_do_not_leave_the_static_folder(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and "root:" not in r.text
