"""The MCP tools are bounded like the HTTP API: a call past WIKIQA_API_REQUEST_TIMEOUT ends
with an error (it does not hold the server), and a search query is checked like a question."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason="the mcp SDK is not installed")

from wikiqa.mcp_server import build_server
from wikiqa.settings import Settings


def _docs(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    # Indexing this (about 1,500 texts to embed) takes seconds, far over the 0.05 s limit
    # below, yet ends within the test's wait on a loaded two-core machine: 40 pages of 200
    # sentences once ran past that wait while six other jobs shared the cores.
    for i in range(10):
        body = " ".join(f"Hekla erupted in {1000 + j} after {i} quiet years." for j in range(100))
        (docs / f"page{i}.md").write_text(f"# Page {i}\n\n{body}\n", encoding="utf-8")
    return docs


async def _error(server: object, tool: str, args: dict[str, str]) -> str:
    """The message of the error the tool call ends with (the SDK wraps the tool's own)."""
    with pytest.raises(Exception) as info:
        await server.call_tool(tool, args)  # type: ignore[attr-defined]
    return str(info.value.__cause__ or info.value)


async def test_opening_and_asking_are_each_under_the_time_limit(tmp_path: Path) -> None:
    """The first call indexes the folder: it used to wait for all of it, with no limit. Now
    it ends at the limit while the indexing goes on, so a later call finds the source open
    (and its ask is bounded in turn)."""
    settings = Settings(
        source=f"docs:{_docs(tmp_path)}", answerer="extractive", api_request_timeout=0.05,
        home=tmp_path / "home",
    )  # fmt: skip
    server = build_server(settings)
    started = time.monotonic()
    message = await _error(server, "ask", {"question": "When did Hekla erupt?"})
    assert "is still being opened" in message
    assert time.monotonic() - started < 2.0
    deadline = time.monotonic() + 300
    while "is still being opened" in message and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
        message = await _error(server, "ask", {"question": "When did Hekla erupt?"})
    assert "took longer than 0.05 s" in message


async def test_a_search_query_is_checked_like_a_question(tmp_path: Path) -> None:
    settings = Settings(
        source=f"docs:{_docs(tmp_path)}", answerer="extractive", max_question_chars=100,
        home=tmp_path / "home",
    )  # fmt: skip
    server = build_server(settings)
    for bad in ("x" * 5000, "   ", "bad \ud800 surrogate"):
        assert "query" in await _error(server, "search", {"query": bad})
