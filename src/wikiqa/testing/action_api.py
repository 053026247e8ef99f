"""The MediaWiki Action API's page objects, and a replay of recorded requests, for fakes.

Why one module: the hand-written fake in tests/sources and the ZIM-backed stand-in in bench/
both answer `prop=extracts|revisions|pageprops|info` (formatversion=2) for `MediaWikiSource`;
written twice, the two drifted. `Replay` stands in for a harness that replays recorded HTTP:
a request it never recorded fails, as it would there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

import httpx

Handler = Callable[[httpx.Request], httpx.Response]
_WIKI_HEADING = re.compile(r"^(=+) (.+?) \1$", re.M)


class Page(Protocol):
    """What a fake wiki knows of one page (the fields `page_json` reads)."""

    @property
    def title(self) -> str: ...
    @property
    def pageid(self) -> int: ...
    @property
    def revid(self) -> int: ...
    @property
    def intro(self) -> str: ...
    @property
    def full(self) -> str: ...
    @property
    def wikitext0(self) -> str: ...  # section 0 (the infobox)
    @property
    def wikitext(self) -> str: ...  # the whole page
    @property
    def disambiguation(self) -> bool: ...


def page_json(page: Page, params: dict[str, str]) -> dict[str, Any]:
    """The page object en.wikipedia.org returns for these request parameters: the intro or
    whole TextExtracts extract (`== Heading ==` lines only with `exsectionformat=wiki`), the
    disambiguation page prop, URL and last revision (`info`), and the revision with section
    0's or the whole page's wikitext (`rvsection=0`)."""
    out: dict[str, Any] = {"pageid": page.pageid, "ns": 0, "title": page.title}
    props = params.get("prop", "").split("|")
    if "extracts" in props:
        text = page.intro if "exintro" in params else page.full
        if params.get("exsectionformat") != "wiki":
            text = _WIKI_HEADING.sub(r"\2", text)
        out["extract"] = text
    if "pageprops" in props and page.disambiguation:
        out["pageprops"] = {"disambiguation": ""}
    if "info" in props:
        url = "https://en.wikipedia.org/wiki/" + page.title.replace(" ", "_")
        out.update(lastrevid=page.revid, fullurl=url, canonicalurl=url, length=len(page.full))
    if "revisions" in props:
        rev: dict[str, Any] = {"revid": page.revid, "parentid": page.revid - 1}
        if "content" in params.get("rvprop", ""):
            content = page.wikitext0 if params.get("rvsection") == "0" else page.wikitext
            rev["slots"] = {"main": {"contentmodel": "wikitext", "content": content}}
        out["revisions"] = [rev]
    return out


class NotRecorded(RuntimeError):
    """A replayed run sent a request the recording never saw."""


def request_key(request: httpx.Request) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What identifies a request in a recording: its path and its sorted query parameters
    (the User-Agent and the order of parameters do not matter)."""
    return request.url.path, tuple(sorted(request.url.params.multi_items()))


class Replay:
    """Wraps a fake's handler: `recording` keeps the key of every request it answers; when
    replaying, a request not recorded raises `NotRecorded` (as a cassette harness does), or
    is answered with the HTTP status `refuse_with`; others are answered by the handler (the
    same answer the recording holds)."""

    def __init__(self, handler: Handler, refuse_with: int | None = None) -> None:
        self.handler = handler
        self.refuse_with = refuse_with
        self.recorded: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
        self.recording = True
        self.seen: list[httpx.Request] = []  # while recording, in order
        self.refused: list[httpx.Request] = []

    def keep_only(self, wanted: Callable[[int, dict[str, str]], bool]) -> None:
        """Forget every recorded request but those `wanted(position, params)` keeps: a
        recording made by a reader that sent less."""
        self.recorded = {
            request_key(r) for i, r in enumerate(self.seen) if wanted(i, dict(r.url.params))
        }

    def handle(self, request: httpx.Request) -> httpx.Response:
        key = request_key(request)
        if self.recording:
            self.recorded.add(key)
            self.seen.append(request)
        elif key not in self.recorded:
            self.refused.append(request)
            if self.refuse_with is not None:
                return httpx.Response(self.refuse_with, text="not recorded")
            raise NotRecorded(f"no recorded response for {request.url}")
        return self.handler(request)

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self.handle)
