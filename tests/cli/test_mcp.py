"""`wikiqa mcp` through the official SDK's stdio client: list both tools, call both, over a
docs: source built for the test, with the extractive answerer; the principal is the
server's (a finance principal sees the payroll page; an anonymous server does not)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

mcp = pytest.importorskip("mcp", reason="the mcp SDK is not installed")
from mcp.client.session import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

SRC = Path(__file__).resolve().parents[2] / "src"


def _params(home: Path, docs: Path, principal: Path | None) -> StdioServerParameters:
    args = ["-c", "from wikiqa.cli.main import app; app()", "mcp"]
    if principal is not None:
        args += ["--principal", str(principal)]
    env = {
        "PYTHONPATH": str(SRC),
        "WIKIQA_HOME": str(home),
        "WIKIQA_CACHE_DIR": str(home / "cache"),
        "WIKIQA_SOURCE": f"docs:{docs}",
        "WIKIQA_ANSWERER": "extractive",
        "PATH": os.environ.get("PATH", ""),
    }
    return StdioServerParameters(command=sys.executable, args=args, env=env, cwd=str(home))


def _docs(tmp_path: Path) -> Path:
    docs = tmp_path / "handbook"
    docs.mkdir()
    (docs / "volcanoes.md").write_text(
        "# Volcanoes\n\nHekla erupted in 1947 after a century of quiet.\n", encoding="utf-8"
    )
    (docs / "pay.md").write_text(
        "---\ntitle: Payroll\naccess_scope: department\nallowed_departments: [finance]\n---\n"
        "The payroll run happens on the 25th of every month.\n",
        encoding="utf-8",
    )
    return docs


async def _session_calls(params: StdioServerParameters) -> tuple[set[str], dict, dict, dict]:
    with open(os.devnull, "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            tools = {t.name for t in (await session.list_tools()).tools}
            hekla = await session.call_tool("ask", {"question": "When did Hekla erupt?"})
            pay = await session.call_tool("ask", {"question": "When does the payroll run happen?"})
            found = await session.call_tool("search", {"query": "payroll run", "k": 3})
            for r in (hekla, pay, found):
                assert not r.is_error, r.content
            return tools, hekla.structured_content, pay.structured_content, found.structured_content


async def test_mcp_lists_and_calls_ask_and_search(tmp_path: Path) -> None:
    docs = _docs(tmp_path)
    finance = tmp_path / "finance.json"
    finance.write_text(json.dumps({"user_id": "f", "departments": ["finance"]}), encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()

    tools, hekla, pay, found = await _session_calls(_params(home, docs, finance))
    assert tools == {"ask", "search"}
    assert hekla["kind"] == "answer"
    cite = hekla["citations"][0]
    assert cite["quote"] == "Hekla erupted in 1947 after a century of quiet."
    assert cite["end"] - cite["start"] == len(cite["quote"])
    assert pay["kind"] == "answer" and "25th" in pay["text"]
    assert found["hits"][0]["title"] == "Payroll"

    # Started without a principal, the server runs as anonymous: the payroll page is not
    # read, answered or listed, whatever the client asks.
    _, _, pay_anon, found_anon = await _session_calls(_params(home, docs, None))
    assert pay_anon["kind"] == "refusal" and "25th" not in json.dumps(pay_anon)
    assert "Payroll" not in json.dumps(found_anon)
