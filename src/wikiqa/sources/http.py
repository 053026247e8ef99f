"""A polite JSON-over-HTTP client for public APIs (Wikimedia's etiquette in particular).

Why its own module: every live source must identify itself, bound its concurrency, back off
on 429/5xx, honour Retry-After, cache what it already fetched and turn every transport fault
into a `SourceUnavailable` -- never a raw httpx traceback. Sleeping, jitter and the clock
are injectable so tests run instantly and deterministically.
"""

from __future__ import annotations

import asyncio
import email.utils
import hashlib
import importlib.metadata
import json
import random
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import httpx

from wikiqa.errors import SourceUnavailable

Params = Mapping[str, str | int | float]
SleepFn = Callable[[float], Awaitable[None]]
# Inspects a decoded JSON body; raises RetryableResponse or SourceUnavailable to reject it.
Validator = Callable[[Any, httpx.Response], None]

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
# Set while sending a request the caller can do without (answerers/optional.py): it is tried
# once, since retrying one that a replay never recorded, or that a struggling server keeps
# failing, only delays an answer that stands without it.
_SINGLE_TRY: ContextVar[bool] = ContextVar("wikiqa_single_try", default=False)


@contextmanager
def single_try() -> Iterator[None]:
    """Requests sent inside this block (and the tasks it starts) are not retried."""
    token = _SINGLE_TRY.set(True)
    try:
        yield
    finally:
        _SINGLE_TRY.reset(token)


def package_version() -> str:
    """wikiqa's installed version, for the User-Agent."""
    try:
        return importlib.metadata.version("wikiqa")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - source checkout
        return "0"


def user_agent(contact: str) -> str:
    """Wikimedia's User-Agent policy: tool/version (contact) library/version."""
    return f"wikiqa/{package_version()} ({contact}) httpx/{httpx.__version__}"


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Retry-After as seconds: either delta-seconds or an HTTP date; None if absent/garbled."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


class RetryableResponse(Exception):
    """Raised by a Validator when the body says "try again later" (e.g. MediaWiki maxlag)."""

    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


@dataclass
class HttpStats:
    """Counters the benchmark and the trace read: how much we asked of the server."""

    requests: int = 0  # HTTP requests actually sent (retries included)
    cache_hits: int = 0  # answered from the cache or by joining an identical in-flight call
    retries: int = 0
    failures: int = 0  # calls that ended in SourceUnavailable

    def snapshot(self) -> dict[str, int]:
        return {
            "requests": self.requests,
            "cache_hits": self.cache_hits,
            "retries": self.retries,
            "failures": self.failures,
        }


class ResponseCache:
    """On-disk JSON response cache (one SQLite file) with a TTL, keyed on the full request.

    Small on purpose: the API answers are JSON text, we never revalidate, and an entry older
    than `ttl` seconds is simply a miss. Bounded for long-running servers: stale rows are
    purged when the file opens and every `purge_every` writes, and when the bodies pass
    `max_bytes` the oldest rows go first (SQLite reuses the freed pages, so the file stops
    growing at about the cap).
    """

    def __init__(
        self,
        path: Path,
        ttl: float,
        *,
        clock: Callable[[], float] = time.time,
        max_bytes: int | None = None,
        purge_every: int = 500,
    ) -> None:
        self.path = Path(path)
        self.ttl = ttl
        self.max_bytes = max_bytes
        self.purge_every = max(1, purge_every)
        self._clock = clock
        self._lock = threading.Lock()
        self._writes = 0
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False)
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS responses ("
                " key TEXT PRIMARY KEY, stored_at REAL NOT NULL, body TEXT NOT NULL)"
            )
            self._db.execute(
                "CREATE INDEX IF NOT EXISTS responses_stored_at ON responses(stored_at)"
            )
            self._db.commit()
            self.purge_expired()
            self._bytes = self._count_bytes()
            self._enforce_cap()
        except (OSError, sqlite3.Error) as exc:
            raise SourceUnavailable(f"cannot open the HTTP cache at {self.path}: {exc}") from exc

    @staticmethod
    def key(method: str, url: str, params: Params) -> str:
        """Stable key: method, URL and the sorted parameters."""
        canon = json.dumps(
            [method.upper(), url, sorted((k, str(v)) for k, v in params.items())],
            ensure_ascii=False,
        )
        return hashlib.sha256(canon.encode("utf-8")).hexdigest()

    def get(self, key: str) -> str | None:
        """The stored body if younger than the TTL. A broken cache is a miss, not a failure."""
        try:
            with self._lock:
                row = self._db.execute(
                    "SELECT stored_at, body FROM responses WHERE key = ?", (key,)
                ).fetchone()
        except sqlite3.Error:
            return None
        if row is None or self._clock() - row[0] > self.ttl:
            return None
        return str(row[1])

    def set(self, key: str, body: str) -> None:
        """Store a body; a full disk or locked file only costs us the cache entry."""
        size = len(body.encode("utf-8", "surrogatepass"))
        if self.max_bytes is not None and size > self.max_bytes:
            return  # one body over the whole cap is not worth evicting everything for
        try:
            with self._lock:
                old = self._db.execute(
                    "SELECT length(CAST(body AS BLOB)) FROM responses WHERE key = ?", (key,)
                ).fetchone()
                self._db.execute(
                    "INSERT OR REPLACE INTO responses (key, stored_at, body) VALUES (?, ?, ?)",
                    (key, self._clock(), body),
                )
                self._db.commit()
                self._bytes += size - (int(old[0]) if old else 0)
                self._writes += 1
                due = self._writes % self.purge_every == 0
            if due:
                self.purge_expired()
            self._enforce_cap()
        except sqlite3.Error:
            pass

    def purge_expired(self) -> int:
        """Delete stale rows; returns how many went."""
        with self._lock:
            cur = self._db.execute(
                "DELETE FROM responses WHERE stored_at < ?", (self._clock() - self.ttl,)
            )
            self._db.commit()
            if cur.rowcount:
                self._bytes = self._count_bytes()
            return cur.rowcount

    def stored_bytes(self) -> int:
        """UTF-8 bytes of the bodies held now (what `max_bytes` caps)."""
        with self._lock:
            return self._bytes

    def _count_bytes(self) -> int:
        row = self._db.execute(
            "SELECT COALESCE(SUM(length(CAST(body AS BLOB))), 0) FROM responses"
        ).fetchone()
        return int(row[0])

    def _enforce_cap(self) -> None:
        """Drop the oldest rows until the bodies fit in `max_bytes` (down to 90%, so a
        full cache does not evict on every write)."""
        if self.max_bytes is None:
            return
        with self._lock:
            if self._bytes <= self.max_bytes:
                return
            target = int(self.max_bytes * 0.9)
            rows = self._db.execute(
                "SELECT key, length(CAST(body AS BLOB)) FROM responses ORDER BY stored_at"
            )
            doomed: list[str] = []
            held = self._bytes
            for key, size in rows:
                if held <= target:
                    break
                doomed.append(key)
                held -= int(size)
            self._db.executemany("DELETE FROM responses WHERE key = ?", [(k,) for k in doomed])
            self._db.commit()
            self._bytes = self._count_bytes()

    def close(self) -> None:
        with self._lock:
            self._db.close()


class PoliteClient:
    """GET JSON with bounded concurrency, retries, backoff, Retry-After and a response cache.

    `max_retries` counts extra attempts after the first. A Retry-After longer than
    `max_retry_after` seconds fails fast instead of hanging the caller.
    """

    def __init__(
        self,
        *,
        contact: str,
        timeout: float = 15.0,
        max_retries: int = 4,
        max_concurrency: int = 4,
        cache: ResponseCache | None = None,
        client: httpx.AsyncClient | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: SleepFn | None = None,
        rng: random.Random | None = None,
        backoff_base: float = 0.5,
        backoff_cap: float = 30.0,
        max_retry_after: float = 120.0,
    ) -> None:
        self.user_agent = user_agent(contact)
        self.max_retries = max(0, max_retries)
        self.max_concurrency = max(1, max_concurrency)
        self.semaphore = asyncio.Semaphore(self.max_concurrency)
        self.cache = cache
        self.stats = HttpStats()
        self._sleep: SleepFn = sleep or asyncio.sleep
        self._rng = rng or random.Random()
        self._backoff_base = backoff_base
        self._backoff_cap = backoff_cap
        self._max_retry_after = max_retry_after
        self._owns_client = client is None
        self._transport, self._timeout = transport, timeout
        self._client = client or self._new_client()
        self._inflight: dict[str, asyncio.Future[Any]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def _new_client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            transport=self._transport,
            timeout=httpx.Timeout(self._timeout),
            headers={"User-Agent": self.user_agent},
            follow_redirects=True,
        )

    def _bind_loop(self) -> None:
        """Sync callers run each question in a fresh `asyncio.run` loop; pooled connections,
        the semaphore and in-flight futures belong to the loop that made them, so renew them."""
        loop = asyncio.get_running_loop()
        if self._loop is loop:
            return
        if self._loop is not None:
            if self._owns_client:
                self._client = self._new_client()
            self.semaphore = asyncio.Semaphore(self.max_concurrency)
            self._inflight.clear()
        self._loop = loop

    def backoff(self, attempt: int) -> float:
        """Jittered exponential backoff ("equal jitter"): half fixed, half random."""
        ceiling = min(self._backoff_cap, self._backoff_base * (2**attempt))
        return ceiling / 2 + self._rng.uniform(0, ceiling / 2)

    async def get_json(self, url: str, params: Params, *, validate: Validator | None = None) -> Any:
        """The decoded JSON for GET url?params, from cache when fresh. Identical concurrent
        calls share one request. Raises SourceUnavailable on any failure."""
        self._bind_loop()
        key = ResponseCache.key("GET", url, params)
        if self.cache is not None:
            cached = self.cache.get(key)
            if cached is not None:
                try:
                    data = json.loads(cached)
                except ValueError:
                    pass  # a corrupt entry is a miss
                else:
                    self.stats.cache_hits += 1
                    return data
        pending = self._inflight.get(key)
        if pending is not None:
            self.stats.cache_hits += 1
            return await asyncio.shield(pending)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inflight[key] = future
        try:
            data, body = await self._fetch(url, params, validate)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: waiters (if any) re-raise it themselves
            raise
        finally:
            self._inflight.pop(key, None)
        future.set_result(data)
        if self.cache is not None:
            self.cache.set(key, body)
        return data

    async def _fetch(self, url: str, params: Params, validate: Validator | None) -> tuple[Any, str]:
        last_problem = "no attempt made"
        retries = 0 if _SINGLE_TRY.get() else self.max_retries
        for attempt in range(retries + 1):
            wait: float | None = None
            try:
                async with self.semaphore:
                    self.stats.requests += 1
                    response = await self._client.get(
                        url, params=dict(params), headers={"User-Agent": self.user_agent}
                    )
            except httpx.TimeoutException:
                last_problem = f"timed out talking to {_host(url)}"
            except httpx.TransportError as exc:
                last_problem = f"could not reach {_host(url)} ({type(exc).__name__}: {exc})"
            except (httpx.HTTPError, httpx.InvalidURL) as exc:
                self._fail(f"HTTP error talking to {_host(url)}: {exc}")
            except Exception as exc:  # a transport's own fault (a replay that lacks the request)
                self._fail(f"the HTTP transport failed for {_describe(params)} at {_host(url)} "
                           f"({type(exc).__name__}: {exc})")  # fmt: skip
            else:
                status = response.status_code
                if status in RETRY_STATUSES:
                    last_problem = f"{_host(url)} answered HTTP {status}"
                    wait = parse_retry_after(response.headers.get("Retry-After"))
                elif status >= 400:
                    self._fail(f"{_host(url)} answered HTTP {status} for {_describe(params)}")
                else:
                    try:
                        data = response.json()
                    except (json.JSONDecodeError, UnicodeDecodeError, ValueError):
                        self._fail(
                            f"{_host(url)} returned a body that is not valid JSON "
                            f"(HTTP {status}, {len(response.content)} bytes)"
                        )
                    try:
                        if validate is not None:
                            validate(data, response)
                    except RetryableResponse as exc:
                        last_problem = exc.reason
                        wait = exc.retry_after
                    except SourceUnavailable:
                        self.stats.failures += 1
                        raise
                    else:
                        return data, response.text
            if attempt >= retries:
                break
            if wait is not None and wait > self._max_retry_after:
                self._fail(f"{last_problem}; server asks to wait {wait:.0f}s, giving up")
            self.stats.retries += 1
            await self._sleep(wait if wait is not None else self.backoff(attempt))
        self._fail(f"{last_problem} (after {retries + 1} attempts)")

    def _fail(self, message: str) -> NoReturn:
        self.stats.failures += 1
        raise SourceUnavailable(message)

    async def aclose(self) -> None:
        """Close the connection pool (only if we created it) and the cache file."""
        if self._owns_client:
            await self._client.aclose()
        if self.cache is not None:
            self.cache.close()


def _host(url: str) -> str:
    try:
        return httpx.URL(url).host or url
    except Exception:  # pragma: no cover - garbled URL
        return url


def _describe(params: Params) -> str:
    keys = ("action", "list", "prop", "generator", "titles")
    return "&".join(f"{k}={params[k]}" for k in keys if k in params) or "request"
