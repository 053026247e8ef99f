"""Live Wikipedia (any MediaWiki wiki) through the Action API.

Why this shape: one API request per search and usually one per fetch (extract, revision id,
page props, canonical URL and the section-0 wikitext for the infobox all come back together),
so an answer costs few requests, and every request goes through `PoliteClient` (User-Agent,
maxlag, backoff, bounded concurrency, on-disk cache). Disambiguation pages cost one more
request, for the full wikitext that lists their senses; it is optional (when it fails, the
senses section 0 lists stand).
"""

from __future__ import annotations

import asyncio
import html
import logging
import random
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import httpx

from wikiqa.errors import ConfigError, DocumentNotFound, SourceUnavailable
from wikiqa.sources.http import (
    HttpStats,
    Params,
    PoliteClient,
    ResponseCache,
    RetryableResponse,
    SleepFn,
    parse_retry_after,
    single_try,
)
from wikiqa.sources.infobox import disambiguation_senses, infobox_lines
from wikiqa.sources.search_query import search_relaxed
from wikiqa.types import Document, Hit, Principal, Section
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.settings import Settings

log = logging.getLogger(__name__)

DEFAULT_API_URL = "https://{lang}.wikipedia.org/w/api.php"
DEFAULT_CONTACT = "https://github.com/wikiqa/wikiqa"
# Documented budget: a fetched Document's text never exceeds this many characters; longer
# articles are cut at a line break and `metadata["truncated"]` is set.
MAX_CHARS = 200_000
SNIPPET_CHARS = 300
MAX_REMEMBERED = 256  # search-returned intros kept for fetches that fail
INFOBOX_TITLE = "Infobox"

# Sent with every request (plus maxlag): JSON in the list-shaped v2 format, redirects followed.
_BASE_PARAMS: dict[str, str | int] = dict(
    action="query", format="json", formatversion=2, redirects=1
)
# Asked of every page: plain-text extract, disambiguation flag, canonical URL.
_PAGE_PARAMS: dict[str, str | int] = {"explaintext": 1, "ppprop": "disambiguation", "inprop": "url"}
_LANG_RE = re.compile(r"^[a-z][a-z0-9-]{1,15}$")
_HEADING_RE = re.compile(r"^(={2,6})[ \t]*(.+?)[ \t]*\1[ \t]*$", re.M)
_TAG_RE = re.compile(r"<[^>]+>")


def strip_html(text: str) -> str:
    """Search snippets carry <span class="searchmatch"> markup and entities; drop both."""
    return " ".join(html.unescape(_TAG_RE.sub("", text)).split())


def short_snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    """The first `limit` characters of plain text, cut at a word boundary."""
    text = strip_html(text)
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + " …"


def build_text(
    extract: str, infobox: list[str], max_chars: int = MAX_CHARS
) -> tuple[str, list[Section], bool]:
    """Document text from a TextExtracts `exsectionformat=wiki` extract plus infobox lines.

    Headings become plain lines; each Section spans its heading to the next heading of the
    same or a higher level. Empty sections (References, External links...) are dropped. The
    infobox comes last under its own "Infobox" heading so every fact has stable offsets.
    Returns (text, sections, truncated).
    """
    matches = list(_HEADING_RE.finditer(extract))
    lead = extract[: matches[0].start()] if matches else extract
    blocks: list[tuple[int, str, str]] = []
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(extract)
        blocks.append((len(m.group(1)) - 1, m.group(2).strip(), _tidy(extract[m.end() : end])))
    kept: list[tuple[int, str, str]] = []
    for level, title, body in reversed(blocks):  # keep a section with text or kept children
        if body or (kept and kept[-1][0] > level):
            kept.append((level, title, body))
    kept.reverse()

    lines = list(infobox)
    while lines and len(INFOBOX_TITLE) + sum(len(x) + 1 for x in lines) > max_chars // 2:
        lines.pop()  # the infobox may use at most half the budget
    infobox_block = (INFOBOX_TITLE + "\n" + "\n".join(lines)) if lines else ""
    budget = max_chars - len(infobox_block) - 2
    lead = _tidy(lead)
    chunks: list[str] = [lead] if lead else []
    heads: list[tuple[int, str, int]] = []  # (level, title, start)
    pos = len(lead) + 2 if lead else 0
    for level, title, body in kept:
        heads.append((level, title, pos))
        chunks.append(f"{title}\n{body}" if body else title)
        pos += len(chunks[-1]) + 2
    text = "\n\n".join(chunks)
    truncated = False
    if len(text) > budget:
        cut = text.rfind("\n", 0, budget)
        text = text[: cut if cut > budget * 0.8 else budget].rstrip()
        heads = [h for h in heads if h[2] < len(text)]
        truncated = True
    sections = _sections(heads, len(text))
    if infobox_block:
        start = len(text) + 2 if text else 0
        text = (text + "\n\n" if text else "") + infobox_block
        sections.append(Section(title=INFOBOX_TITLE, level=1, start=start, end=len(text)))
    return text, sections, truncated


def _tidy(block: str) -> str:
    lines = [line.rstrip() for line in block.strip().splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines))


def _sections(heads: list[tuple[int, str, int]], text_end: int) -> list[Section]:
    sections = []
    for i, (level, title, start) in enumerate(heads):
        end = text_end
        for later_level, _, later_start in heads[i + 1 :]:
            if later_level <= level:
                end = later_start - 2  # exclude the blank line before the next heading
                break
        sections.append(Section(title=title, level=level, start=start, end=max(start, end)))
    return sections


class MediaWikiSource:
    """The Source for Wikipedia (or any MediaWiki wiki via `api_url`). Public texts only:
    `principal` is accepted and ignored."""

    def __init__(
        self,
        *,
        lang: str = "en",
        api_url: str | None = None,
        contact: str = DEFAULT_CONTACT,
        timeout: float = 15.0,
        max_retries: int = 4,
        max_concurrency: int = 4,
        cache_dir: Path | None = None,
        cache_ttl: float = 24 * 3600.0,
        cache_max_bytes: int | None = None,
        maxlag: int | None = 5,
        client: httpx.AsyncClient | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: SleepFn | None = None,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        max_chars: int = MAX_CHARS,
        with_infobox: bool = True,
        relax_search: bool = True,
        name: str | None = None,
    ) -> None:
        if not _LANG_RE.match(lang):
            raise ConfigError(f"not a Wikipedia language code: {lang!r} (try 'en' or 'fr')")
        self.lang = lang
        self.api_url = (api_url or DEFAULT_API_URL).replace("{lang}", lang)
        self.name = name or ("wikipedia" if lang == "en" else f"wikipedia:{lang}")
        self.maxlag = maxlag
        self.max_chars = max_chars
        self.with_infobox = with_infobox
        self.relax_search = relax_search  # fallback searches when the query finds too little
        # The intro extract each search returned, by title: what a fetch that fails falls
        # back to (bounded, oldest first out).
        self._found: OrderedDict[str, dict[str, Any]] = OrderedDict()
        cache = None
        if cache_dir is not None:  # one SQLite file serves every wiki: keys include the URL
            try:
                cache = ResponseCache(
                    Path(cache_dir) / "http-cache.sqlite3",
                    cache_ttl,
                    clock=clock,
                    max_bytes=cache_max_bytes,
                )
            except SourceUnavailable as exc:  # an unwritable cache dir must not stop answers
                log.warning("%s; continuing without an HTTP cache", exc)
        self.http = PoliteClient(
            contact=contact,
            timeout=timeout,
            max_retries=max_retries,
            max_concurrency=max_concurrency,
            cache=cache,
            client=client,
            transport=transport,
            sleep=sleep,
            rng=rng,
        )

    @classmethod
    def from_settings(
        cls, settings: Settings, lang: str | None = None, **overrides: Any
    ) -> MediaWikiSource:
        """Build from WIKIQA_* settings; `lang` picks another Wikipedia ("wikipedia:fr").
        `wikipedia_api_url` (may contain "{lang}") points at a non-Wikipedia wiki."""
        options: dict[str, Any] = {
            "lang": lang or settings.wikipedia_lang,
            "api_url": settings.wikipedia_api_url,
            "contact": settings.contact,
            "timeout": settings.http_timeout,
            "max_retries": settings.http_max_retries,
            "max_concurrency": settings.http_max_concurrency,
            "cache_dir": settings.cache_dir / "http",
            "cache_ttl": settings.http_cache_ttl,
            "cache_max_bytes": settings.http_cache_max_bytes or None,  # 0: no cap
            "maxlag": settings.maxlag,
        }
        options.update(overrides)
        return cls(**options)

    # ------------------------------------------------------------------ politeness handles

    @property
    def stats(self) -> HttpStats:
        """Request counters: `requests` sent, `cache_hits`, `retries`, `failures`."""
        return self.http.stats

    @property
    def semaphore(self) -> asyncio.Semaphore:
        """Bounds concurrent requests; share one source so many fetches stay polite."""
        return self.http.semaphore

    @property
    def cache(self) -> ResponseCache | None:
        return self.http.cache

    # ------------------------------------------------------------------ Source protocol

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        """CirrusSearch hits with an intro snippet and the disambiguation flag.

        The query is sent as given first (one request, the same as ever). CirrusSearch needs
        every non-stop word in a page, so when that finds fewer than `k` pages the source
        also tries, in order and only while still short, the question's content words
        (letting the wiki correct a misspelling: `gsrenablerewrites`), the wiki's spelling
        suggestion, and, when nothing at all was found, any of the content words. Later
        hits rank after earlier ones. A failing fallback keeps what was found already."""
        query = query.strip()
        if not query or k < 1:
            return []
        if not self.relax_search:
            return (await self._search_once(query, k))[0]

        async def once(text: str, rewrite: bool) -> tuple[list[Hit], str | None]:
            return await self._search_once(text, k, rewrite=rewrite)

        return await search_relaxed(query, k, once)

    async def _search_once(
        self, query: str, k: int, *, rewrite: bool = False
    ) -> tuple[list[Hit], str | None]:
        """One generator=search request: the hits in rank order and the wiki's spelling
        suggestion (None when it has none)."""
        params: dict[str, str | int] = {
            "generator": "search",
            "gsrsearch": query,
            "gsrlimit": k,
            "gsrnamespace": 0,
            "prop": "extracts|pageprops|info",
            "exintro": 1,
            "exlimit": min(k, 20),
            **_PAGE_PARAMS,
        }
        if rewrite:  # a query that finds nothing is run again as the wiki would correct it
            params["gsrenablerewrites"] = 1
        data = await self._query(params)
        q = data.get("query") or {}
        pages = _pages(q)
        order = {r.get("to"): r.get("index") for r in q.get("redirects") or [] if "index" in r}
        ranked = sorted(
            enumerate(pages),
            key=lambda ip: (ip[1].get("index", order.get(ip[1].get("title"), 10**6)), ip[0]),
        )
        hits = []
        for rank, (_, page) in enumerate(ranked[:k]):
            if "missing" in page or "invalid" in page or not page.get("title"):
                continue
            title = str(page["title"])
            text = page.get("extract") or page.get("snippet") or ""
            if page.get("extract"):
                self._remember(title, page)
            hits.append(
                Hit(
                    source=self.name,
                    doc_id=title,
                    title=title,
                    url=page.get("canonicalurl") or page.get("fullurl") or self.page_url(title),
                    snippet=short_snippet(str(text)),
                    score=1.0 / (rank + 1),
                    is_disambiguation="disambiguation" in (page.get("pageprops") or {}),
                )
            )
        info = q.get("searchinfo")
        info = info if isinstance(info, dict) else {}
        rewritten = str(info.get("rewrittenquery") or "").strip()
        if rewritten:  # the wiki ran its correction instead: say so on each hit
            hits = [h.model_copy(update={"query": rewritten}) for h in hits]
        suggestion = str(info.get("suggestion") or "").strip()
        return hits, suggestion or None

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        """Plain text (intro, or all sections when `full`), then the infobox lines; redirects
        resolved, revision id and canonical URL set. Disambiguation pages list their senses."""
        title = doc_id.strip()
        if not title:
            raise DocumentNotFound("empty Wikipedia page title")
        params: dict[str, str | int] = {
            "titles": title,
            "prop": "extracts|revisions|pageprops|info",
            "exsectionformat": "wiki",
            "rvprop": "ids|content",
            "rvslots": "main",
            "rvsection": 0,
            **_PAGE_PARAMS,
        }
        if not full:
            params["exintro"] = 1
        try:
            data = await self._query(params)
        except SourceUnavailable as exc:
            found = None if full else self._found.get(title)
            if found is None:
                raise
            log.warning("reading %r failed (%s); its intro as the search returned it stands",
                        title, exc)  # fmt: skip
            return self._searched_intro(title, found)
        page = self._single_page(data, title)
        is_disambiguation = "disambiguation" in (page.get("pageprops") or {})
        wikitext = _wikitext(page)
        senses: list[str] = []
        if is_disambiguation:  # the senses live in the whole page, not section 0
            params.pop("rvsection")
            params.pop("exintro", None)
            try:
                with single_try():
                    page = self._single_page(await self._query(params), title)
                wikitext, full = _wikitext(page), True
            except SourceUnavailable as exc:  # optional: section 0 may list senses too
                log.warning("reading the disambiguation page %r whole failed (%s)", title, exc)
            senses = await run_cpu(disambiguation_senses, wikitext, str(page.get("title", "")))
        lines = []
        if self.with_infobox and not is_disambiguation:  # wikitext parsing: off the loop
            lines = await run_cpu(infobox_lines, wikitext)
        revisions = page.get("revisions") or [{}]
        redirects = (data.get("query") or {}).get("redirects") or []
        return self._document(
            page,
            str(page.get("title") or title),
            lines,
            full=full,
            revid=revisions[0].get("revid") or page.get("lastrevid"),
            is_disambiguation=is_disambiguation,
            senses=senses,
            extra={"redirected_from": redirects[0].get("from", title)} if redirects else {},
        )

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> MediaWikiSource:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # ------------------------------------------------------------------ helpers

    def _remember(self, title: str, page: dict[str, Any]) -> None:
        """Keep the intro a search returned for `title` (see `_searched_intro`)."""
        self._found[title] = page
        self._found.move_to_end(title)
        while len(self._found) > MAX_REMEMBERED:
            self._found.popitem(last=False)

    def _searched_intro(self, title: str, page: dict[str, Any]) -> Document:
        """The page as a search returned it: its intro extract, disambiguation flag, URL and
        revision, without the infobox (the search does not return wikitext). Why: the
        search response already holds every hit's whole intro (`exintro`); when the fetch
        that would add the infobox fails (an outage, a replay that never recorded it), the
        intro is still evidence in hand, and an answer from it beats a refusal."""
        return self._document(
            page,
            title,
            [],
            full=False,
            revid=page.get("lastrevid"),
            is_disambiguation="disambiguation" in (page.get("pageprops") or {}),
            extra={"from_search": True},
        )

    def _document(
        self,
        page: dict[str, Any],
        title: str,
        lines: list[str],
        *,
        full: bool,
        revid: Any,
        is_disambiguation: bool,
        senses: list[str] | None = None,
        extra: dict[str, Any],
    ) -> Document:
        """A page response as a Document: its extract with the infobox `lines`, the article
        and permalink URLs, and the metadata every reader of a page relies on."""
        text, sections, truncated = build_text(
            str(page.get("extract") or ""), lines, self.max_chars
        )
        metadata: dict[str, Any] = {"lang": self.lang, "full": full, "truncated": truncated}
        metadata.update(pageid=page.get("pageid"), infobox_lines=len(lines), **extra)
        if revid:
            metadata["permalink"] = self.permalink(title, int(revid))
        return Document(
            source=self.name,
            doc_id=title,
            title=title,
            text=text,
            url=page.get("canonicalurl") or page.get("fullurl") or self.page_url(title),
            revision_id=int(revid) if revid else None,
            sections=sections,
            is_disambiguation=is_disambiguation,
            senses=senses or [],
            metadata=metadata,
        )

    def page_url(self, title: str) -> str:
        """Article URL derived from the API URL (…/w/api.php -> …/wiki/Title)."""
        base = self.api_url.rsplit("/w/api.php", 1)[0]
        return f"{base}/wiki/{quote(title.replace(' ', '_'), safe='/:(),')}"

    def permalink(self, title: str, revid: int) -> str:
        """The permanent link to exactly the revision that was read."""
        index = self.api_url.rsplit("api.php", 1)[0] + "index.php"
        return f"{index}?title={quote(title.replace(' ', '_'), safe='/:(),')}&oldid={revid}"

    async def _query(self, params: Params) -> dict[str, Any]:
        full: dict[str, str | int | float] = {**_BASE_PARAMS, **params}
        if self.maxlag is not None:
            full["maxlag"] = self.maxlag
        data = await self.http.get_json(self.api_url, full, validate=_check_api)
        return dict(data)

    def _single_page(self, data: dict[str, Any], title: str) -> dict[str, Any]:
        pages = _pages(data.get("query") or {})
        if not pages:
            raise DocumentNotFound(f"Wikipedia ({self.lang}) has no page titled {title!r}")
        page = pages[0]
        if "missing" in page or "invalid" in page:
            why = page.get("invalidreason") or "no such page"
            raise DocumentNotFound(f"Wikipedia ({self.lang}) has no page titled {title!r}: {why}")
        return page


def _pages(query: dict[str, Any]) -> list[dict[str, Any]]:
    """`query.pages` as a list (formatversion=2 is a list; 1, from old wikis, a dict)."""
    pages = query.get("pages") or []
    if isinstance(pages, dict):
        pages = list(pages.values())
    return [p for p in pages if isinstance(p, dict)]


def _wikitext(page: dict[str, Any]) -> str:
    rev = (page.get("revisions") or [{}])[0]
    main = (rev.get("slots") or {}).get("main") or rev
    return str(main.get("content") or main.get("*") or "")


def _check_api(data: Any, response: httpx.Response) -> None:
    """Reject API error bodies: maxlag (and rate limits) are retried, the rest are fatal."""
    if not isinstance(data, dict):
        raise SourceUnavailable("the MediaWiki API returned JSON of an unexpected shape")
    error = data.get("error")
    if isinstance(error, dict):
        code = str(error.get("code", "unknown"))
        info = str(error.get("info", "")).strip()
        if code in {"maxlag", "ratelimited"}:
            wait = parse_retry_after(response.headers.get("Retry-After"))
            raise RetryableResponse(f"the wiki asked us to back off ({code}: {info})", wait)
        raise SourceUnavailable(f"the MediaWiki API refused the request ({code}: {info})")
