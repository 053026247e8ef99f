"""PoliteClient: retries, Retry-After, backoff, timeouts, bad bodies, cache, concurrency."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from wikiqa.errors import SourceUnavailable
from wikiqa.sources.http import (
    PoliteClient,
    ResponseCache,
    RetryableResponse,
    parse_retry_after,
    single_try,
    user_agent,
)

URL = "https://wiki.test/w/api.php"
OK = httpx.Response(200, json={"ok": True})


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def make(sleeps: Any, **kw: Any) -> PoliteClient:
    kw.setdefault("max_retries", 3)
    return PoliteClient(contact="ops@example.org", sleep=sleeps, rng=random.Random(7), **kw)


async def test_user_agent_names_tool_version_contact_and_library() -> None:
    ua = user_agent("ops@example.org")
    assert ua.startswith("wikiqa/0.1.0 (ops@example.org) httpx/")
    with respx.mock() as router:
        route = router.get(URL).mock(return_value=OK)
        client = make(None)
        await client.get_json(URL, {"a": 1})
        await client.aclose()
    sent = route.calls.last.request.headers["User-Agent"]
    assert "ops@example.org" in sent and sent == ua


async def test_429_honours_retry_after_seconds(sleeps: Any) -> None:
    with respx.mock() as router:
        router.get(URL).mock(side_effect=[httpx.Response(429, headers={"Retry-After": "7"}), OK])
        client = make(sleeps)
        assert await client.get_json(URL, {}) == {"ok": True}
    assert sleeps.calls == [7.0]
    assert (client.stats.requests, client.stats.retries) == (2, 1)


async def test_5xx_then_success_uses_jittered_backoff(sleeps: Any) -> None:
    with respx.mock() as router:
        router.get(URL).mock(side_effect=[httpx.Response(503), httpx.Response(502), OK])
        client = make(sleeps, backoff_base=1.0)
        assert await client.get_json(URL, {}) == {"ok": True}
    assert len(sleeps.calls) == 2
    assert 0.5 <= sleeps.calls[0] <= 1.0  # attempt 0: ceiling 1s, equal jitter
    assert 1.0 <= sleeps.calls[1] <= 2.0  # attempt 1: ceiling 2s


async def test_persistent_5xx_gives_source_unavailable(sleeps: Any) -> None:
    with respx.mock() as router:
        route = router.get(URL).mock(return_value=httpx.Response(500))
        client = make(sleeps, max_retries=2)
        with pytest.raises(SourceUnavailable, match=r"HTTP 500.*3 attempts"):
            await client.get_json(URL, {})
    assert route.call_count == 3 and len(sleeps.calls) == 2
    assert client.stats.failures == 1


async def test_timeout_after_retries_is_source_unavailable(sleeps: Any) -> None:
    with respx.mock() as router:
        route = router.get(URL).mock(side_effect=httpx.ReadTimeout("slow"))
        client = make(sleeps, max_retries=3)
        with pytest.raises(SourceUnavailable, match="timed out"):
            await client.get_json(URL, {})
    assert route.call_count == 4 and len(sleeps.calls) == 3


async def test_dns_failure_is_source_unavailable(sleeps: Any) -> None:
    with respx.mock() as router:
        router.get(URL).mock(side_effect=httpx.ConnectError("Name or service not known"))
        client = make(sleeps, max_retries=1)
        with pytest.raises(SourceUnavailable, match=r"could not reach wiki\.test"):
            await client.get_json(URL, {})


async def test_malformed_json_fails_without_retry(sleeps: Any) -> None:
    with respx.mock() as router:
        route = router.get(URL).mock(return_value=httpx.Response(200, text="<html>oops"))
        client = make(sleeps)
        with pytest.raises(SourceUnavailable, match="not valid JSON"):
            await client.get_json(URL, {})
    assert route.call_count == 1 and sleeps.calls == []


async def test_a_transport_fault_of_its_own_is_source_unavailable(sleeps: Any) -> None:
    # A replay harness refuses a request it never recorded with its own exception: that is
    # the source failing, which callers handle, not a stray traceback.
    def refuse(request: httpx.Request) -> httpx.Response:
        raise RuntimeError("no recorded response")

    client = make(sleeps, transport=httpx.MockTransport(refuse))
    with pytest.raises(SourceUnavailable, match="RuntimeError: no recorded response"):
        await client.get_json(URL, {"action": "query"})
    assert sleeps.calls == []  # not retried: it will not change


async def test_a_request_that_can_be_done_without_is_tried_once(sleeps: Any) -> None:
    with respx.mock() as router:
        route = router.get(URL).mock(side_effect=httpx.ConnectError("connection refused"))
        client = make(sleeps, max_retries=3)
        with single_try(), pytest.raises(SourceUnavailable, match="after 1 attempts"):
            await client.get_json(URL, {})
        assert route.call_count == 1 and sleeps.calls == []
        with pytest.raises(SourceUnavailable, match="after 4 attempts"):
            await client.get_json(URL, {})  # outside the block: retried as ever
    assert route.call_count == 5


async def test_client_error_status_fails_immediately(sleeps: Any) -> None:
    with respx.mock() as router:
        route = router.get(URL).mock(return_value=httpx.Response(403))
        client = make(sleeps)
        with pytest.raises(SourceUnavailable, match="HTTP 403"):
            await client.get_json(URL, {"action": "query"})
    assert route.call_count == 1


async def test_huge_retry_after_fails_fast_instead_of_hanging(sleeps: Any) -> None:
    with respx.mock() as router:
        router.get(URL).mock(return_value=httpx.Response(429, headers={"Retry-After": "3600"}))
        client = make(sleeps, max_retry_after=60)
        with pytest.raises(SourceUnavailable, match="wait 3600s"):
            await client.get_json(URL, {})
    assert sleeps.calls == []


async def test_validator_can_ask_for_a_retry(sleeps: Any) -> None:
    bodies = iter([{"error": "lagged"}, {"ok": True}])

    def validate(data: Any, response: httpx.Response) -> None:
        if "error" in data:
            raise RetryableResponse("lagged", 3.0)

    with respx.mock() as router:
        router.get(URL).mock(side_effect=lambda req: httpx.Response(200, json=next(bodies)))
        client = make(sleeps)
        assert await client.get_json(URL, {}, validate=validate) == {"ok": True}
    assert sleeps.calls == [3.0]


async def test_cache_hit_on_repeat_and_expiry_after_ttl(tmp_path: Path) -> None:
    clock = Clock()
    cache = ResponseCache(tmp_path / "c.sqlite3", ttl=60, clock=clock)
    with respx.mock() as router:
        route = router.get(URL).mock(side_effect=lambda req: httpx.Response(200, json={"n": 1}))
        client = make(None, cache=cache)
        await client.get_json(URL, {"q": "x"})
        await client.get_json(URL, {"q": "x"})
        assert (client.stats.requests, client.stats.cache_hits) == (1, 1)
        await client.get_json(URL, {"q": "y"})  # different request, different key
        assert route.call_count == 2
        clock.now += 61
        await client.get_json(URL, {"q": "x"})
        assert route.call_count == 3 and client.stats.requests == 3


async def test_cache_is_on_disk_and_skips_failed_bodies(tmp_path: Path, sleeps: Any) -> None:
    path = tmp_path / "c.sqlite3"
    with respx.mock() as router:
        route = router.get(URL).mock(
            side_effect=[httpx.Response(200, text="garbage"), httpx.Response(200, json={"n": 2})]
        )
        first = make(sleeps, cache=ResponseCache(path, ttl=60))
        with pytest.raises(SourceUnavailable):
            await first.get_json(URL, {"q": "x"})
        assert await first.get_json(URL, {"q": "x"}) == {"n": 2}
        await first.aclose()
        second = make(sleeps, cache=ResponseCache(path, ttl=60))
        assert await second.get_json(URL, {"q": "x"}) == {"n": 2}
        await second.aclose()
    assert route.call_count == 2 and second.stats.cache_hits == 1


async def test_concurrency_is_bounded_and_identical_calls_share_one_request() -> None:
    active = peak = calls = 0

    async def handler(request: httpx.Request) -> httpx.Response:
        nonlocal active, peak, calls
        calls += 1
        active += 1
        peak = max(peak, active)
        await asyncio.sleep(0.01)
        active -= 1
        return httpx.Response(200, json={"q": request.url.params["q"]})

    client = make(None, max_concurrency=2, transport=httpx.MockTransport(handler))
    results = await asyncio.gather(*(client.get_json(URL, {"q": str(i)}) for i in range(6)))
    assert [r["q"] for r in results] == [str(i) for i in range(6)]
    assert peak == 2
    same = await asyncio.gather(*(client.get_json(URL, {"q": "same"}) for _ in range(3)))
    assert same == [{"q": "same"}] * 3 and calls == 7
    await client.aclose()


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after("5") == 5.0
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    date = "Wed, 21 Oct 2015 07:28:00 GMT"
    assert parse_retry_after(date, now=1445412480.0 - 30) == pytest.approx(30.0)


def test_one_client_survives_successive_event_loops() -> None:
    """The sync `ask()` runs each question in its own asyncio.run; the client must cope."""

    async def handler(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(0.005)
        return httpx.Response(200, json={"q": request.url.params["q"]})

    client = make(None, max_concurrency=1, transport=httpx.MockTransport(handler))

    async def burst(tag: str) -> list[Any]:
        return await asyncio.gather(*(client.get_json(URL, {"q": f"{tag}{i}"}) for i in range(3)))

    assert asyncio.run(burst("a")) == [{"q": "a0"}, {"q": "a1"}, {"q": "a2"}]
    assert asyncio.run(burst("b")) == [{"q": "b0"}, {"q": "b1"}, {"q": "b2"}]
    asyncio.run(client.aclose())
