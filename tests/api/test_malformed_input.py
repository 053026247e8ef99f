"""Issue 7 item 14: malformed input of every kind is a clear 4xx, never a 500 or a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wikiqa.api.app import create_app
from wikiqa.settings import Settings


@pytest.fixture
def client(corpus: Path):  # type: ignore[no-untyped-def]
    settings = Settings(source=f"docs:{corpus}", retrieval_mode="lexical", api_allow_principal=True)
    with TestClient(create_app(settings), raise_server_exceptions=True) as c:
        yield c


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        (rb'{"question": "When did Hekla \ud800 erupt?"}', 422, "lone surrogate U+D800"),
        (rb'{"question": "\udcff"}', 422, "body.question is not valid Unicode"),
        (rb'{"question": "ok?", "source": "docs:\udfff"}', 422, "body.source"),
        (rb'{"question": "ok?", "principal": {"user_id": "\ud83d"}}', 422, "user_id"),
        (rb'{"question": "ok?", "\ud800": 1}', 422, "key is not valid Unicode"),
        (b'{"question": "ok?"', 422, "JSON decode error"),  # truncated JSON
        (b"\xff\xfe\x00", 400, "not valid UTF-8: byte 0xff at offset 0"),  # not UTF-8 at all
        (b'{"question": "\xff"}', 400, "not valid UTF-8: byte 0xff at offset 14"),
        ('{"question": "ok?"}'.encode("utf-16"), 400, "not valid UTF-8"),  # mislabelled
        (b'{"question": ["a"]}', 422, "valid string"),
        (b'{"question": null}', 422, "valid string"),
        (b"[1]", 422, ""),
        (b'{"question": "\\u0000\\u0000"}', 422, "empty"),  # NUL only: nothing left
        (b'{"question": "ok?", "principal": "root"}', 422, ""),
    ],
)
def test_malformed_json_bodies_are_a_clear_4xx(
    client: TestClient, body: bytes, status: int, message: str
) -> None:
    r = client.post("/api/ask", content=body, headers={"content-type": "application/json"})
    assert r.status_code == status, r.text
    assert message in r.text


def test_a_nul_byte_inside_a_question_is_only_whitespace(client: TestClient) -> None:
    r = client.post("/api/ask", json={"question": "When did Hekla\u0000 erupt?"})
    assert r.status_code == 200 and r.json()["question"] == "When did Hekla erupt?"


def test_the_library_refuses_a_lone_surrogate_too(corpus: Path) -> None:
    from wikiqa.errors import BadQuestion
    from wikiqa.pipeline import clean_question

    with pytest.raises(BadQuestion, match="not valid Unicode: a lone surrogate U\\+D800"):
        clean_question("Hekla \ud800?", 200)
