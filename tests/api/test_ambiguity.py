"""An ambiguous question's senses travel as a typed field of the refusal (`ambiguity`),
not only inside the reason's prose, so a client never parses English to offer choices."""

from __future__ import annotations

from fastapi.testclient import TestClient
from wiki_fake import FakeWiki, wiki

from wikiqa.api.app import create_app
from wikiqa.settings import Settings
from wikiqa.types import parse_result

__all__ = ["wiki"]  # the fixture, imported for pytest


def test_an_ambiguous_refusal_carries_its_senses_as_data(wiki: FakeWiki) -> None:
    with TestClient(create_app(Settings())) as client:
        body = client.post("/api/ask", json={"question": "What is Mercury?"}).json()
        stream = client.post("/api/ask/stream", json={"question": "What is Mercury?"}).text
    assert body["code"] == "ambiguous"
    assert body["ambiguity"] == {
        "title": "Mercury",
        "senses": ["Mercury (planet)", "Mercury (element)", "Mercury (mythology)"],
        "unlisted": 0,
    }
    assert '"ambiguity": {"title": "Mercury"' in stream
    assert parse_result(body).ambiguity is not None  # the field survives a round trip


def test_other_results_carry_no_ambiguity(wiki: FakeWiki) -> None:
    with TestClient(create_app(Settings())) as client:
        refused = client.post("/api/ask", json={"question": "Quantum gluon confinement?"}).json()
    assert refused["kind"] == "refusal" and refused["ambiguity"] is None


def test_the_field_is_in_the_published_schema() -> None:
    schema = create_app(Settings()).openapi()["components"]["schemas"]
    assert set(schema["Ambiguity"]["properties"]) == {"title", "senses", "unlisted"}
    assert "ambiguity" in schema["Refusal"]["properties"]


def test_many_senses_are_listed_up_to_the_limit_and_counted() -> None:
    from wikiqa.answerers.disambiguation import MAX_SENSES_LISTED, ambiguous_draft
    from wikiqa.types import Document

    senses = [f"Hekla ({i})" for i in range(MAX_SENSES_LISTED + 3)]
    page = Document(source="w", doc_id="Hekla", title="Hekla", text="", senses=senses)
    draft = ambiguous_draft(page)
    assert draft.ambiguity is not None
    assert draft.ambiguity.senses == senses[:MAX_SENSES_LISTED]
    assert draft.ambiguity.unlisted == 3
    assert "and 3 more" in draft.reason  # the prose still says it for humans and the CLI


async def test_the_agent_answerer_carries_the_senses_of_the_page_it_read() -> None:
    from agent_helpers import MemorySource, Script, agent_for, call
    from wikiqa.pipeline import ask_async
    from wikiqa.types import Refusal

    refuse = call("refuse", code="ambiguous", reason="Mercury could be several things.")
    for reads, expected in (
        ([[call("read", doc_id="Mercury")]], ["Mercury (planet)", "Mercury (element)"]),
        ([], None),  # no disambiguation page read: nothing to offer but the prose
    ):
        script = Script(*reads, [refuse])
        settings = Settings()
        result = await ask_async(
            "What is Mercury?", MemorySource(), settings=settings, answerer=agent_for(script)
        )
        assert isinstance(result, Refusal) and result.code.value == "ambiguous"
        if expected is None:
            assert result.ambiguity is None
        else:
            assert result.ambiguity is not None and result.ambiguity.title == "Mercury"
            assert result.ambiguity.senses[:2] == expected
