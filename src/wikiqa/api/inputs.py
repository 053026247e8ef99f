"""Request bodies fail closed: JSON only, shallow, valid Unicode, and errors that cannot fail.

Why each rule:
- `JsonOnlyMiddleware`: a POST body that is not UTF-8 JSON (a form, plain text, another
  charset) used to reach the route as raw bytes and come back as a puzzling 422 ("input
  should be a valid dictionary"); it is a 415 that says what to send, decided from the
  header before a byte of the body is read.
- `JsonBody`: JSON nests as deep as the parser's recursion allows (about 1,000 levels in
  64 kB), and every recursive walk after it (our Unicode check, pydantic, the error
  encoder) then hit Python's recursion limit and answered 500. No field of ours nests
  more than a few levels, so anything past `MAX_DEPTH` is refused by an iterative walk.
- `JsonRoute`: the parser itself hits the recursion limit past about 1,000 levels, and
  FastAPI turned that (and a body that is not UTF-8) into a generic 400 "There was an
  error parsing the body". Every route parses through `JsonRequest` instead: too deep is
  the same 422 as 17 levels, and bytes that are not UTF-8 are a 400 naming the offset. An
  integer of over 4,300 digits (Python's conversion limit) was the same generic 400; it
  is a 422 saying the body holds a number that cannot be read.
- `validation_error`: a 422 echoes the offending input; echoing NaN, Infinity, a lone
  surrogate or a 900-deep list made the error itself unencodable (a 500), and echoing a
  60 kB field reflected it back whole. The echo is now a short, plain summary.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import HTTPException, Request, Response
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, model_validator
from starlette.types import ASGIApp, Receive, Scope, Send

from wikiqa.api.limits import refuse

MAX_DEPTH = 16  # nesting levels of objects and arrays a request body may have
ECHO_CHARS = 120  # characters of offending input repeated back in a 422
_WITH_BODY = {"POST", "PUT", "PATCH"}


def json_content_type(header: str | None) -> bool:
    """`application/json` or `application/*+json`, with no charset other than UTF-8."""
    if not header:
        return False
    media, *params = (part.strip().lower() for part in header.split(";"))
    if media != "application/json" and not (
        media.startswith("application/") and media.endswith("+json")
    ):
        return False
    for param in params:
        name, _, value = param.partition("=")
        if name.strip() == "charset" and value.strip().strip('"') not in {"utf-8", "utf8"}:
            return False
    return True


class JsonOnlyMiddleware:
    """415 for a request to /api/ that carries a body whose Content-Type is not UTF-8 JSON."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] in _WITH_BODY
            and scope["path"].startswith("/api/")
        ):
            header = next((v for k, v in scope["headers"] if k.lower() == b"content-type"), b"")
            if not json_content_type(header.decode("latin-1")):
                got = header.decode("latin-1")[:80] or "none"
                await refuse(
                    send,
                    415,
                    f"send the body as JSON with Content-Type: application/json (UTF-8); "
                    f"got {got!r}",
                )
                return
        await self.app(scope, receive, send)


def too_deep() -> HTTPException:
    """The 422 for a body nested past MAX_DEPTH, shaped like a validation error."""
    msg = f"Value error, body is nested deeper than {MAX_DEPTH} levels"
    return HTTPException(422, [{"type": "value_error", "loc": ["body"], "msg": msg}])


def parse_json(body: bytes) -> Any:
    """The parsed body: strict UTF-8 (a byte-order mark is allowed), and a body too deep
    for the parser's recursion is the nesting 422, not a generic 400, and so is a number
    too long to convert. Malformed JSON
    raises `json.JSONDecodeError`, which FastAPI answers with its 422."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise HTTPException(
            400,
            f"the body is not valid UTF-8: byte 0x{body[exc.start]:02x} at offset {exc.start}",
        ) from None
    try:
        return json.loads(text)
    except RecursionError:
        raise too_deep() from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # an integer past Python's 4,300-digit conversion limit
        msg = f"Value error, body holds a number that cannot be read ({str(exc)[:80]})"
        raise HTTPException(422, [{"type": "value_error", "loc": ["body"], "msg": msg}]) from None


class JsonRequest(Request):
    """A request whose `json()` is `parse_json`."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = parse_json(await self.body())
        return self._json


class JsonRoute(APIRoute):
    """Routes that parse bodies with `JsonRequest` (set on the app and every router)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            return await handler(JsonRequest(request.scope, request.receive))

        return route


def check_body(data: Any) -> None:
    """Raise ValueError when parsed JSON nests deeper than MAX_DEPTH or holds a string
    (key or value) that is not valid Unicode. Iterative: no input can exhaust the stack."""
    from wikiqa.text.unicode import invalid_unicode

    stack: list[tuple[Any, str, int]] = [(data, "body", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, str):
            if (why := invalid_unicode(value)) is not None:
                raise ValueError(f"{path} is not valid Unicode: {why}")
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise ValueError(f"{path} is nested deeper than {MAX_DEPTH} levels")
            if isinstance(value, dict):
                for k, v in value.items():
                    stack.append((k, f"{path} key", depth))
                    stack.append((v, f"{path}.{k}", depth + 1))
            else:
                stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))


class JsonBody(BaseModel):
    """Base of every request body model: `check_body` runs before any field is read."""

    @model_validator(mode="before")
    @classmethod
    def _sane(cls, data: Any) -> Any:
        check_body(data)
        return data


def echo(value: Any) -> Any:
    """A short summary of offending input that always encodes as JSON: a finite number or
    bool as is, a string cut to ECHO_CHARS with lone surrogates escaped, else its shape."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):  # JavaScript reads integers past 2^53 wrongly: send text
        return value if abs(value) < 2**53 else str(value)[:40] + "..."
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, str):
        text = value.encode("utf-8", "backslashreplace").decode("utf-8")
        return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "..."
    if isinstance(value, dict):
        return f"(an object of {len(value)} keys)"
    if isinstance(value, list | tuple):
        return f"(an array of {len(value)} items)"
    return f"({type(value).__name__})"


async def validation_error(_: Request, exc: Exception) -> JSONResponse:
    """422 listing each problem: where, what, and a short echo of the input."""
    assert isinstance(exc, RequestValidationError)
    errors = []
    for error in exc.errors():
        item = {k: v for k, v in error.items() if k in {"type", "loc", "msg"}}
        item["loc"] = [echo(part) for part in error.get("loc", ())]
        item["msg"] = echo(str(error.get("msg", "")))
        if "input" in error:
            item["input"] = echo(error["input"])
        if isinstance(error.get("ctx"), dict):
            item["ctx"] = {
                str(k): echo(v if isinstance(v, str | int | float | bool) else str(v))
                for k, v in error["ctx"].items()
            }
        errors.append(item)
    return JSONResponse({"detail": jsonable_encoder(errors)}, 422)
