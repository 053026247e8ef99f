"""Observability: request ids, structured JSON logs, Prometheus metrics.

Every request gets an id (a sane incoming X-Request-ID, else a new one), returned in the
X-Request-ID header and attached to every log line written while it runs, including one
line per trace step of the ask, so a result's trace can be found in the logs by its id.
Metrics live in a registry per app (tests build many apps) and are served at /metrics.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import time
import uuid
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wikiqa import workers
from wikiqa.types import Answer, Event, Refusal

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_SANE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
ROUTES = {"/", "/api/ask", "/api/ask/stream", "/api/citation", "/api/me"}
ROUTES |= {"/healthz", "/readyz", "/metrics"}
log = logging.getLogger("wikiqa.api")
_base_factory = logging.getLogRecordFactory()


def _record_with_id(*args: Any, **kwargs: Any) -> logging.LogRecord:
    """Stamp each record with the request id when it is made (formatting may come later,
    on another thread or after the request ended)."""
    record = _base_factory(*args, **kwargs)
    record.request_id = request_id.get()
    return record


if getattr(_base_factory, "__name__", "") != "_record_with_id":
    logging.setLogRecordFactory(_record_with_id)
trace_log = logging.getLogger("wikiqa.trace")


class Metrics:
    """The counters and histograms behind /metrics."""

    def __init__(self) -> None:
        r = self.registry = CollectorRegistry()
        self.requests = Counter(
            "wikiqa_http_requests", "HTTP requests", ["method", "route", "status"], registry=r
        )
        self.latency = Histogram(
            "wikiqa_http_request_duration_seconds",
            "Time to the end of the response",
            ["route"],
            buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120),
            registry=r,
        )
        self.in_flight = Gauge("wikiqa_http_in_flight", "Requests being served", registry=r)
        self.results = Counter(
            "wikiqa_results", "Ask results by kind", ["kind", "answerer"], registry=r
        )
        self.refusals = Counter("wikiqa_refusals", "Refusals by code", ["code"], registry=r)
        self.rejections = Counter(
            "wikiqa_http_rejections",
            "Requests refused before an ask, by status",
            ["status"],
            registry=r,
        )
        self.tool_calls = Counter("wikiqa_tool_calls", "Agent tool calls", registry=r)
        self.upstream_errors = Counter(
            "wikiqa_upstream_errors", "Source or model failures", ["kind"], registry=r
        )
        self.tokens = Counter(
            "wikiqa_model_tokens", "Model tokens", ["direction", "model"], registry=r
        )
        self.cost = Counter("wikiqa_model_cost_usd", "Model cost in USD", ["model"], registry=r)
        busy = Gauge("wikiqa_worker_busy", "Jobs running on the CPU worker threads now", registry=r)
        busy.set_function(lambda: float(workers.busy()))  # a stuck job shows here

    def record(self, result: Answer | Refusal) -> None:
        usage = result.usage
        answerer = usage.answerer if usage else "unknown"
        self.results.labels(result.kind, answerer).inc()
        if isinstance(result, Refusal):
            self.refusals.labels(result.code.value).inc()
            if result.code.value == "source_unavailable":
                self.upstream_errors.labels("source").inc()
            elif result.code.value == "model_error":
                self.upstream_errors.labels("model").inc()
        if usage is None:
            return
        self.tool_calls.inc(usage.tool_calls)
        model = usage.model or "none"
        if usage.model:
            self.tokens.labels("input", model).inc(usage.input_tokens)
            self.tokens.labels("output", model).inc(usage.output_tokens)
            if usage.cost_usd is not None:
                self.cost.labels(model).inc(usage.cost_usd)


def route_of(path: str) -> str:
    """A bounded label: known routes by name, static assets together, the rest as other."""
    if path in ROUTES:
        return path
    return "/static" if path.startswith("/static/") else "other"


def log_event(event: Event) -> None:
    """The on_event sink: one structured line per trace step, carrying the request id."""
    trace_log.info(
        event.detail,
        extra={"fields": {"kind": event.kind, "elapsed_ms": round(event.elapsed_ms, 1)}},
    )


class ObserveMiddleware:
    """Request id in and out, one access log line and the HTTP metrics per request."""

    def __init__(self, app: ASGIApp, *, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        rid = incoming if _SANE_ID.match(incoming) else uuid.uuid4().hex
        token = request_id.set(rid)
        started = time.perf_counter()
        status = 500
        route = route_of(scope["path"])

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", rid.encode())]
            await send(message)

        self.metrics.in_flight.inc()
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            self.metrics.in_flight.dec()
            self.metrics.requests.labels(scope["method"], route, str(status)).inc()
            self.metrics.latency.labels(route).observe(elapsed)
            if status in (401, 403, 408, 413, 429, 431, 503, 504):
                self.metrics.rejections.labels(str(status)).inc()
            state = scope.get("state") or {}
            caller = state.get("caller")
            log.info(
                "%s %s %d",
                scope["method"],
                scope["path"],
                status,
                extra={
                    "fields": {
                        "method": scope["method"],
                        "path": scope["path"],
                        "status": status,
                        "duration_ms": round(elapsed * 1000, 1),
                        "key": caller.label if caller is not None else None,
                    }
                },
            )
            request_id.reset(token)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id, extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
            "request_id": getattr(record, "request_id", "-"),
        }
        out.update(getattr(record, "fields", None) or {})
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def json_log_config(level: str = "info") -> dict[str, Any]:
    """A logging dictConfig for uvicorn: everything as JSON lines on stderr."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    lvl = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"default": handler},
        "loggers": {
            "uvicorn": {"handlers": ["default"], "level": lvl, "propagate": False},
            "uvicorn.error": {"level": lvl},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
            "wikiqa": {"handlers": ["default"], "level": lvl, "propagate": False},
        },
    }
