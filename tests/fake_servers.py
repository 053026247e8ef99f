"""Loopback HTTP servers that speak the OpenAI chat-completions and Anthropic Messages
wire formats with scripted replies, so the real provider clients are exercised end to end."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    body: dict[str, Any] | str
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


@dataclass
class FakeServer:
    replies: list[Reply]
    requests: list[dict[str, Any]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    url: str = ""

    def next_reply(self, body: dict[str, Any]) -> Reply:
        self.requests.append(body)
        self.times.append(time.monotonic())
        n = len(self.requests) - 1
        if n >= len(self.replies):
            return Reply({"error": {"message": "script exhausted", "type": "server_error"}}, 500)
        return self.replies[n]


@contextmanager
def serve(replies: list[Reply], prefix: str = "") -> Iterator[FakeServer]:
    """Serve `replies` in order on 127.0.0.1; `url` is the base URL (with `prefix`)."""
    state = FakeServer(list(replies))

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length)
            body = json.loads(raw or b"{}")
            body["_path"] = self.path
            body["_auth"] = self.headers.get("authorization") or self.headers.get("x-api-key")
            reply = state.next_reply(body)
            if reply.delay:
                time.sleep(reply.delay)
            data = (reply.body if isinstance(reply.body, str) else json.dumps(reply.body)).encode()
            try:
                self.send_response(reply.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

        def log_message(self, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --------------------------------------------------------------------------- OpenAI shapes


def oa_tool_call(name: str, args: dict[str, Any] | str, n: int = 1, **kw: Any) -> Reply:
    arguments = args if isinstance(args, str) else json.dumps(args)
    return oa_message(
        tool_calls=[
            {
                "id": f"call_{n}",
                "type": "function",
                "function": {"name": name, "arguments": arguments},
            }
        ],
        finish_reason=kw.pop("finish_reason", "tool_calls"),
        **kw,
    )


def oa_message(
    content: str | None = None,
    tool_calls: list[dict[str, Any]] | None = None,
    finish_reason: str = "stop",
    prompt_tokens: int = 120,
    completion_tokens: int = 30,
    **message: Any,
) -> Reply:
    msg: dict[str, Any] = {"role": "assistant", "content": content, **message}
    if tool_calls:
        msg["tool_calls"] = tool_calls
    return Reply(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": "fake-model",
            "choices": [{"index": 0, "message": msg, "finish_reason": finish_reason}],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


def oa_error(status: int, message: str, kind: str, headers: dict[str, str] | None = None) -> Reply:
    return Reply({"error": {"message": message, "type": kind, "code": kind}}, status, headers or {})


# --------------------------------------------------------------------------- Anthropic shapes


def an_tool_use(name: str, args: dict[str, Any], n: int = 1, stop: str = "tool_use") -> Reply:
    return Reply(
        {
            "id": f"msg_{n}",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-6",
            "content": [{"type": "tool_use", "id": f"toolu_{n}", "name": name, "input": args}],
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": 900, "output_tokens": 60},
        }
    )


def an_error(status: int, kind: str, message: str) -> Reply:
    return Reply({"type": "error", "error": {"type": kind, "message": message}}, status)
