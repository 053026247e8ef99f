"""The agent through every front door: answerer selection, `wikiqa ask -v`, the HTTP API
(plain and server-sent events), with a scripted model (`script:` provider) and loopback
providers; plus the prompt file and the tools' shown-text views."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic_ai.models import override_allow_model_requests
from typer.testing import CliRunner

from fake_servers import oa_error, serve
from wikiqa.answerers.agent import PROMPT_FILE, AgentAnswerer, load_prompt
from wikiqa.answerers.registry import select_answerer
from wikiqa.answerers.tools import GAP, _masked
from wikiqa.api.app import create_app
from wikiqa.cli.main import EXIT_ANSWER, EXIT_ERROR, app
from wikiqa.errors import ConfigError
from wikiqa.grounding.validator import Ledger
from wikiqa.settings import Settings
from wikiqa.sources.registry import open_source
from wikiqa.types import Document

runner = CliRunner()
QUESTION = "When did Hekla erupt?"
HEKLA = "Hekla erupted in 1947 after a century of quiet."


def _hekla_script(tmp_path: Path, corpus: Path) -> Path:
    """A two-turn script (read, answer) whose doc_id is the one the docs source uses."""

    async def find() -> str:
        source = open_source(f"docs:{corpus}", Settings())
        try:
            hits = await source.search(QUESTION, 3)
        finally:
            await source.aclose()
        return hits[0].doc_id

    doc_id = asyncio.run(find())
    script = {
        "turns": [
            {"tool_calls": [{"name": "read", "args": {"doc_id": doc_id}}]},
            {
                "tool_calls": [
                    {
                        "name": "answer",
                        "args": {
                            "claims": [
                                {
                                    "text": "Hekla erupted in 1947.",
                                    "quotes": [{"doc_id": doc_id, "quote": HEKLA}],
                                }
                            ]
                        },
                    }
                ]
            },
        ]
    }
    path = tmp_path / "hekla.json"
    path.write_text(json.dumps(script))
    return path


# --------------------------------------------------------------------------- selection


def test_auto_is_extractive_without_a_model_and_says_why() -> None:
    chosen = select_answerer(Settings())
    assert chosen.answerer.name == "extractive"
    assert "WIKIQA_MODEL unset" in chosen.reason


def test_auto_is_the_agent_when_a_model_is_configured(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    script.write_text('{"turns": []}')
    chosen = select_answerer(Settings(model=f"script:{script}"))
    assert isinstance(chosen.answerer, AgentAnswerer)
    assert "WIKIQA_MODEL=script:" in chosen.reason


def test_agent_without_a_model_or_a_key_is_a_config_error_with_the_fix() -> None:
    with pytest.raises(ConfigError, match="WIKIQA_MODEL"):
        select_answerer(Settings(answerer="agent"))
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        select_answerer(Settings(model="anthropic:claude-sonnet-4-6"))


def test_extractive_can_be_forced_with_a_model_set() -> None:
    chosen = select_answerer(Settings(answerer="extractive", model="anthropic:x"))
    assert chosen.answerer.name == "extractive" and chosen.reason == "WIKIQA_ANSWERER=extractive"


# --------------------------------------------------------------------------- CLI


def test_cli_verbose_streams_agent_steps_and_usage(
    tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _hekla_script(tmp_path, corpus)
    monkeypatch.setenv("WIKIQA_MODEL", f"script:{script}")
    monkeypatch.setenv("WIKIQA_MODEL_PRICES", '{"script:*": [3.0, 15.0]}')
    result = runner.invoke(app, ["ask", "-v", "--source", f"docs:{corpus}", QUESTION])
    assert result.exit_code == EXIT_ANSWER, result.output
    assert HEKLA in result.stdout
    err = result.stderr
    assert "agent: WIKIQA_MODEL=script:" in err
    assert "turn 1: read" in err and "turn 2: answer" in err and "tokens" in err
    assert "2 model turns, 2 tool calls, $0.0" in err and "prompt agent-v1+" in err


def test_cli_verbose_says_why_extractive_ran(corpus: Path) -> None:
    result = runner.invoke(app, ["ask", "-v", "--source", f"docs:{corpus}", QUESTION])
    assert "extractive: no model configured (WIKIQA_MODEL unset)" in result.stderr


def test_cli_bad_key_exits_1_with_the_fix(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with serve([oa_error(401, "Incorrect API key", "invalid_api_key")], "/v1") as server:
        monkeypatch.setenv("WIKIQA_MODEL", "openai:gpt-4.1")
        monkeypatch.setenv("WIKIQA_OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("WIKIQA_OPENAI_API_KEY", "sk-wrong")
        monkeypatch.setenv("WIKIQA_MODEL_MAX_RETRIES", "0")
        with override_allow_model_requests(True):
            result = runner.invoke(app, ["ask", "--source", f"docs:{corpus}", QUESTION])
    assert result.exit_code == EXIT_ERROR
    assert "OPENAI_API_KEY" in result.stderr and "Traceback" not in result.output


def test_cli_missing_key_exits_1_with_the_fix(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WIKIQA_MODEL", "anthropic:claude-sonnet-4-6")
    result = runner.invoke(app, ["ask", "--source", f"docs:{corpus}", QUESTION])
    assert result.exit_code == EXIT_ERROR
    assert "ANTHROPIC_API_KEY" in result.stderr


# --------------------------------------------------------------------------- API


def _sse(text: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        out.append((lines["event"], json.loads(lines["data"])))
    return out


def test_api_stream_sends_each_event_then_the_result(tmp_path: Path, corpus: Path) -> None:
    script = _hekla_script(tmp_path, corpus)
    settings = Settings(source=f"docs:{corpus}", model=f"script:{script}")
    with TestClient(create_app(settings)) as client:
        r = client.post("/api/ask/stream", json={"question": QUESTION})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    events = _sse(r.text)
    names = [name for name, _ in events]
    assert names[-1] == "result" and set(names[:-1]) == {"trace"}
    kinds = [data["kind"] for name, data in events if name == "trace"]
    assert kinds[0] == "answerer" and "model" in kinds and kinds[-1] == "validate"
    result = events[-1][1]
    assert result["kind"] == "answer" and result["citations"][0]["quote"] == HEKLA
    assert result["usage"]["model_requests"] == 2 and result["usage"]["tool_calls"] == 2


def test_api_stream_rejects_bad_input_before_streaming(corpus: Path) -> None:
    with TestClient(create_app(Settings(source=f"docs:{corpus}"))) as client:
        assert client.post("/api/ask/stream", json={"question": " "}).status_code == 422
        assert client.post("/api/ask/stream", json={"nope": 1}).status_code == 422
        r = client.post("/api/ask/stream", json={"question": "q?", "source": "zim:/etc/x"})
        assert r.status_code == 400
        spec = client.get("/openapi.json").json()["paths"]["/api/ask/stream"]["post"]
        assert "text/event-stream" in spec["responses"]["200"]["content"]
        assert "AskRequest" in json.dumps(spec["requestBody"])


def test_api_bad_model_key_is_a_503_with_the_fix_not_a_500(corpus: Path) -> None:
    with serve([oa_error(401, "bad key", "invalid_api_key")] * 2, "/v1") as server:
        settings = Settings(
            source=f"docs:{corpus}",
            model="openai:gpt-4.1",
            openai_base_url=server.url,
            openai_api_key="sk-wrong",
            model_max_retries=0,
        )
        with override_allow_model_requests(True), TestClient(create_app(settings)) as client:
            plain = client.post("/api/ask", json={"question": QUESTION})
            streamed = client.post("/api/ask/stream", json={"question": QUESTION})
    assert plain.status_code == 503 and "OPENAI_API_KEY" in plain.json()["detail"]
    name, data = _sse(streamed.text)[-1]
    assert name == "error" and "OPENAI_API_KEY" in data["detail"]


# --------------------------------------------------------------------------- prompt & views


def test_prompt_is_versioned_and_packaged() -> None:
    prompt = load_prompt()
    assert prompt.version.startswith("agent-v1+") and len(prompt.version) == len("agent-v1+") + 8
    assert "untrusted data" in prompt.text and "version:" not in prompt.text
    # hatch ships every file under src/wikiqa; the prompt must live there.
    assert PROMPT_FILE.resolve().is_relative_to(
        Path(__file__).resolve().parents[2] / "src" / "wikiqa"
    )


def test_masked_view_keeps_offsets_and_blocks_quotes_across_hidden_text() -> None:
    doc = Document(
        source="s",
        doc_id="d",
        title="t",
        text="Alpha beta gamma. Hidden part here. Delta epsilon zeta.",
    )
    a = (0, 17)
    b = (doc.text.index("Delta"), len(doc.text))
    view = _masked(doc, [a, b])
    assert len(view.text) == len(doc.text) and GAP in view.text
    assert len(_masked(doc, [a]).text) == a[1]  # nothing after the last shown span
    ledger = Ledger()
    ledger.put(view)
    found, _ = ledger.locate("Delta epsilon zeta.", "d")
    assert found is not None and doc.text[found.start : found.end] == "Delta epsilon zeta."
    assert ledger.locate("Hidden part here", "d")[0] is None
    assert ledger.locate("gamma. Delta epsilon", "d")[0] is None


ROOT = Path(__file__).resolve().parents[2]
ZIM = ROOT.parent / "shared" / "bench" / "wikipedia" / "zim" / "libkiwix_zimfile_raycharles.zim"
TWO_HOP = ROOT / "bench" / "scripts" / "raycharles_two_hop.json"


@pytest.mark.skipif(not ZIM.exists(), reason=f"needs the shared ZIM file {ZIM}")
async def test_scripted_two_hop_over_the_ray_charles_zim() -> None:
    from wikiqa.pipeline import ask_async
    from wikiqa.types import Answer

    spec = json.loads(TWO_HOP.read_text())
    settings = Settings(model=f"script:{TWO_HOP}")
    source = open_source(f"zim:{ZIM}", settings)
    try:
        result = await ask_async(spec["question"], source, settings=settings)
    finally:
        await source.aclose()
    assert isinstance(result, Answer), result
    assert [s.doc_id for s in result.sources] == ["A/Georgia_on_My_Mind", "A/Ray_Charles"]
    assert all(c.revision_id for c in result.citations)
    assert result.usage is not None and result.usage.tool_calls == 4


def test_pipeline_closes_the_agent_it_built(
    tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wikiqa.pipeline import ask

    closed: list[bool] = []

    async def record(self: AgentAnswerer) -> None:
        closed.append(True)

    monkeypatch.setattr(AgentAnswerer, "aclose", record)
    settings = Settings(model=f"script:{_hekla_script(tmp_path, corpus)}")
    source = open_source(f"docs:{corpus}", settings)
    try:
        result = ask(QUESTION, source, settings=settings)
    finally:
        asyncio.run(source.aclose())
    assert result.kind == "answer" and closed == [True]
