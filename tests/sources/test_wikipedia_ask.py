"""The whole answer path over live-Wikipedia shapes (HTTP faked by respx): CLI and API."""

from __future__ import annotations

import json

import httpx
import pytest
import respx
from fastapi.testclient import TestClient
from test_mediawiki import FakeWiki, wiki  # the hand-written fake Action API and its fixture
from typer.testing import CliRunner

from wikiqa.api.app import create_app
from wikiqa.cli.main import EXIT_ANSWER, EXIT_REFUSAL, app
from wikiqa.settings import Settings

runner = CliRunner()
__all__ = ["wiki"]  # the fixture, imported for pytest


async def _no_sleep(seconds: float) -> None:
    return None


def test_cli_answer_cites_the_revision_it_read(wiki: FakeWiki) -> None:
    result = runner.invoke(app, ["ask", "--json", "Where was Einstein born?"])
    assert result.exit_code == EXIT_ANSWER, result.output
    data = json.loads(result.stdout)
    (citation,) = {(c["doc_id"], c["revision_id"]) for c in data["citations"]}
    assert citation == ("Albert Einstein", 1234567890)
    assert any("Ulm" in c["quote"] for c in data["citations"])
    sent = wiki.params(0)
    assert sent["maxlag"] == "5" and sent["format"] == "json"
    assert "wikiqa/" in wiki.requests[0].headers["user-agent"]


def test_cli_verbose_shows_the_search_and_fetch(wiki: FakeWiki) -> None:
    result = runner.invoke(app, ["ask", "-v", "Where was Einstein born?"])
    assert "search wikipedia: 'Where was Einstein born?'" in result.stderr
    assert "fetch wikipedia: 'Albert Einstein'" in result.stderr
    assert "(revision 1234567890)" in result.stdout


def test_source_outage_is_a_typed_refusal_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WIKIQA_HTTP_MAX_RETRIES", "1")
    monkeypatch.setattr("asyncio.sleep", _no_sleep)  # the retry's backoff, not waited out

    with respx.mock(assert_all_called=False) as router:
        router.get("https://en.wikipedia.org/w/api.php").mock(
            side_effect=httpx.ConnectError("name resolution failed")
        )
        result = runner.invoke(app, ["ask", "Where was Einstein born?"])
    assert result.exit_code == EXIT_REFUSAL, result.output
    assert "No answer (source_unavailable)" in result.stdout
    assert "Traceback" not in result.output


def test_api_serves_wikipedia_answers(wiki: FakeWiki) -> None:
    with TestClient(create_app(Settings())) as client:
        body = client.post("/api/ask", json={"question": "Where was Einstein born?"}).json()
    assert body["kind"] == "answer"
    assert body["sources"][0]["revision_id"] == 1234567890


def test_disambiguation_without_a_distinguishing_word_is_ambiguous(wiki: FakeWiki) -> None:
    result = runner.invoke(app, ["ask", "--json", "What is Mercury?"])
    assert result.exit_code == EXIT_REFUSAL, result.output
    data = json.loads(result.stdout)
    assert data["code"] == "ambiguous"
    assert "Mercury (planet)" in data["reason"] and "Mercury (element)" in data["reason"]


def test_disambiguation_picks_the_sense_the_question_names(wiki: FakeWiki) -> None:
    from test_mediawiki import FakePage

    planet = "Mercury is the smallest planet in the Solar System and the closest to the Sun."
    wiki.pages["Mercury (planet)"] = FakePage("Mercury (planet)", 19001, 777, planet, planet)
    result = runner.invoke(app, ["ask", "--json", "-v", "How big is the planet Mercury?"])
    assert "fetch wikipedia: 'Mercury (planet)'" in result.stderr
    data = json.loads(result.stdout)
    assert data["kind"] == "answer", data
    assert data["citations"][0]["doc_id"] == "Mercury (planet)"
    assert data["citations"][0]["quote"] == planet


def test_a_sense_already_among_the_hits_is_not_ambiguous(wiki: FakeWiki) -> None:
    from test_mediawiki import FakePage

    planet = "Mercury is the smallest planet in the Solar System and the closest to the Sun."
    wiki.pages = {"Mercury": wiki.pages["Mercury"]}
    wiki.pages["Mercury (planet)"] = FakePage("Mercury (planet)", 19001, 777, planet, planet)
    result = runner.invoke(app, ["ask", "--json", "Which planet is the smallest, Mercury?"])
    data = json.loads(result.stdout)
    assert data["kind"] == "answer", data
    assert data["citations"][0]["doc_id"] == "Mercury (planet)"
