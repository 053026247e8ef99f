"""Offline Kiwix ZIM archives (e.g. a Wikipedia dump) as a Source.

Search blends the archive's full-text (Xapian) index, its title suggestions and exact title
lookups of phrases in the query, because libzim's full-text query is a strict AND: a natural
question rarely matches as a whole, and an entity's own article often ranks below pages that
merely mention it. ZIM content is public, so `principal` is accepted and ignored.
"""

from __future__ import annotations

import contextlib
import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from libzim.reader import Archive, Entry
from libzim.search import Query, Searcher
from libzim.suggestion import SuggestionSearcher
from selectolax.lexbor import LexborHTMLParser

from wikiqa.errors import DocumentNotFound, SourceUnavailable
from wikiqa.text.html import HtmlText, html_to_text
from wikiqa.text.terms import STOPWORDS
from wikiqa.types import Document, Hit, Principal, Section
from wikiqa.workers import run_cpu

__all__ = ["ZimSource", "wiki_base_url"]

_WIKIMEDIA = ("wikipedia", "wiktionary", "wikibooks", "wikiquote", "wikisource", "wikinews",
              "wikiversity", "wikivoyage")  # fmt: skip
# ISO 639-3 (ZIM `Language`) -> Wikimedia subdomain, for ZIMs whose Name does not say.
_LANG3 = dict(
    re.findall(
        r"(\w+):(\w+)",
        """eng:en fra:fr deu:de spa:es ita:it por:pt rus:ru
    zho:zh jpn:ja ara:ar nld:nl pol:pl swe:sv ukr:uk bel:be fas:fa heb:he hin:hi kor:ko tur:tr
    vie:vi ces:cs fin:fi nor:no nob:nb dan:da hun:hu ell:el ron:ro cat:ca ind:id msa:ms tha:th
    ben:bn urd:ur srp:sr hrv:hr bul:bg slk:sk slv:sl est:et lav:lv lit:lt eus:eu glg:gl epo:eo""",
    )
)
_DISAMBIG_MARKERS = ('id="disambigbox"', "dmbox-disambig", "mw:PageProp/disambiguation")
_OLDID = re.compile(r"[?&]oldid=(\d+)")
_CANONICAL = re.compile(r"<link\s[^>]*rel=[\"']canonical[\"'][^>]*href=[\"']([^\"']+)", re.I)
_MAX_REDIRECTS = 10
_MAX_QUERY_WORDS = 12
_SNIPPET_CHARS = 300


@dataclass(frozen=True, slots=True)
class _Page:
    path: str
    title: str
    html: HtmlText
    url: str
    is_disambiguation: bool
    senses: list[str]
    oldid: int | None


def wiki_base_url(meta: dict[str, str]) -> str | None:
    """`https://<lang>.<project>.org/wiki/` for Wikimedia ZIMs (from Name/Source/Creator)."""
    name = meta.get("Name", "").lower().removeprefix("kiwix.")
    source = meta.get("Source", "").strip().lower()
    host = re.sub(r"^https?://", "", source).split("/")[0]
    if host and any(f".{p}.org" in f".{host}" for p in _WIKIMEDIA):
        return f"https://{host}/wiki/"
    parts = name.split("_")
    if len(parts) >= 2 and parts[0] in _WIKIMEDIA and re.fullmatch(r"[a-z-]{2,12}", parts[1]):
        return f"https://{parts[1]}.{parts[0]}.org/wiki/"
    creator = meta.get("Creator", "").strip().lower()
    project = next((p for p in _WIKIMEDIA if creator == p or source == p), None)
    lang = meta.get("Language", "").split(",")[0].strip().lower()
    lang = _LANG3.get(lang, lang if len(lang) == 2 else "")
    return f"https://{lang}.{project}.org/wiki/" if project and lang else None


def _content_terms(text: str) -> list[str]:
    terms = re.findall(r"\w+", text.casefold())
    return [t for t in terms if t not in STOPWORDS] or terms


def _title_bonus(title: str, query_terms: set[str]) -> float:
    """Share of the title the query names, and of the query the title names."""
    words = set(_content_terms(re.sub(r"\s*\([^)]*\)\s*$", "", title)))
    hit = len(words & query_terms)
    if not hit:
        return 0.0
    return 0.5 * hit / len(words) + 0.5 * hit / len(query_terms)


def _phrases(query: str) -> list[str]:
    """Contiguous word n-grams of the query, longest first: candidate article titles."""
    words = [w.strip('.,;:!?"()[]{}') for w in query.split()][:_MAX_QUERY_WORDS]
    words = [re.sub(r"['’]s$", "", w) for w in words if w]
    found = []
    for n in range(len(words), 0, -1):
        for i in range(len(words) - n + 1):
            gram = words[i : i + n]
            if all(w.casefold() in STOPWORDS for w in gram):
                continue
            found.append(" ".join(gram))
    return found


class ZimSource:
    """Search and fetch HTML articles of one ZIM file (old `A/` or new namespace scheme)."""

    def __init__(self, path: str | Path, *, cache_size: int = 64) -> None:
        self.path = Path(path)
        self.name = f"zim:{self.path.name}"
        try:
            self._archive = Archive(str(self.path))
            self._meta = {k: self._read_meta(k) for k in self._archive.metadata_keys}
        except RuntimeError as exc:
            raise SourceUnavailable(f"cannot open ZIM file {self.path}: {exc}") from exc
        self._base = wiki_base_url(self._meta)
        self._old_ns = not self._archive.has_new_namespace_scheme
        self._main: str | None = None  # the front page lists articles; it is not one
        with contextlib.suppress(KeyError, RuntimeError):
            self._main = self._resolve(self._archive.main_entry).path
        self._search_lock = threading.Lock()  # Xapian searchers are not thread-safe
        self._searcher: Searcher | None = None
        self._suggester: SuggestionSearcher | None = None
        self._cache: OrderedDict[str, _Page] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._cache_size = cache_size

    def _read_meta(self, key: str) -> str:
        if key.startswith("Illustration_"):  # PNG bytes, not text
            return ""
        return bytes(self._archive.get_metadata(key)).decode("utf-8", errors="replace")

    @property
    def metadata(self) -> dict[str, str]:
        """The archive's text metadata (Name, Title, Language, Date, Creator, ...)."""
        return dict(self._meta)

    # ------------------------------------------------------------------ protocol

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        """Best articles for `query`; redirects resolved, non-HTML entries and dupes skipped
        (also an article stored twice, under two paths, as some dumps hold a redirect)."""
        if not query.strip() or k <= 0:
            return []
        return await run_cpu(self._search, query, k)

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        """The article's text; `full=False` keeps only the lead (a prefix, so offsets hold)."""
        return await run_cpu(self._fetch, doc_id, full)

    async def aclose(self) -> None:
        """Drop caches and searchers; libzim closes the file when the archive is freed."""
        with self._search_lock:
            self._searcher = self._suggester = None
        with self._cache_lock:
            self._cache.clear()

    # ------------------------------------------------------------------ search

    def _search(self, query: str, k: int) -> list[Hit]:
        try:
            ranked = sorted(self._candidates(query, k).items(), key=lambda kv: (-kv[1], kv[0]))
            pages: list[tuple[_Page, float]] = []
            seen: set[tuple[str, str]] = set()
            for path, score in ranked:
                if len(pages) >= k:
                    break
                page = self._page(path)
                same = (page.title, page.html.text)  # one article stored under two paths
                if same not in seen:
                    seen.add(same)
                    pages.append((page, score))
        except RuntimeError as exc:
            raise SourceUnavailable(f"ZIM file {self.path} could not be searched: {exc}") from exc
        return [
            Hit(source=self.name, doc_id=page.path, title=page.title, url=page.url,
                snippet=_snippet(page.html.text), score=round(score, 4),
                is_disambiguation=page.is_disambiguation)
            for page, score in pages
        ]  # fmt: skip

    def _candidates(self, query: str, k: int) -> dict[str, float]:
        """Article path -> score: full-text rank + title suggestions + title match bonus."""
        archive = self._archive
        terms = _content_terms(query)
        qset, n = set(terms), max(3 * k, 20)
        text_score: dict[str, float] = {}
        suggest_score: dict[str, float] = {}
        if archive.has_fulltext_index and terms:
            for rank, p in enumerate(self._fulltext(" ".join(terms), n)[0]):
                text_score[p] = 1.0 / (1 + rank)
            if len(text_score) < k and len(qset) > 1:
                self._or_fusion(list(dict.fromkeys(terms))[:8], n, text_score)
        if archive.has_title_index:
            for rank, p in enumerate(self._suggest(query, n)):
                suggest_score[p] = 0.5 / (1 + rank)
            if len(suggest_score) < k and len(qset) > 1:
                for term in list(dict.fromkeys(terms))[:8]:
                    for rank, p in enumerate(self._suggest(term, 10)):
                        suggest_score[p] = suggest_score.get(p, 0.0) + 0.2 / (1 + rank)
        exact: dict[str, float] = {}  # an article titled exactly like a phrase of the query
        for phrase in _phrases(query):
            share = len(set(_content_terms(phrase)) & qset) / max(len(qset), 1)
            for variant in dict.fromkeys((phrase, phrase[:1].upper() + phrase[1:], phrase.title())):
                if archive.has_entry_by_title(variant):
                    p = archive.get_entry_by_title(variant).path
                    exact[p] = max(exact.get(p, 0.0), share)
        merged: dict[str, list[float]] = {}  # final article path -> best of each signal
        for path in {*text_score, *suggest_score, *exact}:
            entry = self._article(path)
            if entry is None:
                continue
            alias = archive.get_entry_by_path(path).title  # a redirect's title names it too
            bonus = max(_title_bonus(entry.title, qset), _title_bonus(alias, qset))
            got = [text_score.get(path, 0.0), suggest_score.get(path, 0.0), bonus,
                   exact.get(path, 0.0)]  # fmt: skip
            old = merged.get(entry.path, got)
            merged[entry.path] = [max(a, b) for a, b in zip(old, got, strict=True)]
        return {p: text + sugg + 2.0 * bonus + ex for p, (text, sugg, bonus, ex) in merged.items()}

    def _fulltext(self, query: str, n: int) -> tuple[list[str], int]:
        with self._search_lock:
            self._searcher = self._searcher or Searcher(self._archive)
            try:
                search = self._searcher.search(Query().set_query(query))
                return list(search.getResults(0, n)), search.getEstimatedMatches()
            except RuntimeError:  # query syntax Xapian rejects
                return [], 0

    def _or_fusion(self, terms: list[str], n: int, scores: dict[str, float]) -> None:
        """Any-term match weighted by term rarity, for when the AND query finds too little."""
        total = max(self._archive.article_count, 1)
        acc: dict[str, float] = {}
        weight_sum = 0.0
        for term in terms:
            paths, estimate = self._fulltext(term, n)
            weight = math.log(1 + total / (1 + estimate))
            weight_sum += weight
            for rank, p in enumerate(paths):
                acc[p] = acc.get(p, 0.0) + weight * (1 - rank / (2 * n))
        for p, value in acc.items():
            scores[p] = max(scores.get(p, 0.0), 0.8 * value / max(weight_sum, 1e-9))

    def _suggest(self, query: str, n: int) -> list[str]:
        with self._search_lock:
            self._suggester = self._suggester or SuggestionSearcher(self._archive)
            try:
                return list(self._suggester.suggest(query).getResults(0, n))
            except RuntimeError:
                return []

    # ------------------------------------------------------------------ entries

    def _article(self, path: str) -> Entry | None:
        """The HTML article behind `path` (redirects followed), or None; never the main page."""
        try:
            entry = self._resolve(self._archive.get_entry_by_path(path))
        except (KeyError, RuntimeError):
            return None
        return None if entry.path == self._main or not self._is_html(entry) else entry

    @staticmethod
    def _resolve(entry: Entry) -> Entry:
        for _ in range(_MAX_REDIRECTS):
            if not entry.is_redirect:
                return entry
            entry = entry.get_redirect_entry()
        raise KeyError(f"redirect loop at {entry.path}")

    @staticmethod
    def _is_html(entry: Entry) -> bool:
        return entry.get_item().mimetype.split(";")[0].strip().lower() == "text/html"

    def _lookup(self, doc_id: str) -> Entry:
        """Entry for an id given as a path (with or without `A/`) or as a title."""
        archive = self._archive
        ident = doc_id.strip()
        candidates = [ident, ident.replace(" ", "_")]
        if self._old_ns:
            candidates += [f"A/{c}" for c in candidates if not c.startswith("A/")]
        else:
            candidates += [c[2:] for c in candidates if c[:2] in ("A/", "C/")]
        for cand in filter(None, dict.fromkeys(candidates)):
            if archive.has_entry_by_path(cand):
                return archive.get_entry_by_path(cand)
        for title in filter(None, dict.fromkeys((ident, ident.replace("_", " ")))):
            if archive.has_entry_by_title(title):
                return archive.get_entry_by_title(title)
        raise DocumentNotFound(f"no article {doc_id!r} in ZIM file {self.path.name}")

    def _page(self, path: str) -> _Page:
        """Converted article (cached: search snippets and the following fetch share it)."""
        with self._cache_lock:
            if path in self._cache:
                self._cache.move_to_end(path)
                return self._cache[path]
        entry = self._archive.get_entry_by_path(path)
        item = entry.get_item()
        charset = re.search(r"charset=([\w-]+)", item.mimetype)
        try:
            raw = bytes(item.content).decode(charset.group(1) if charset else "utf-8", "replace")
        except LookupError:
            raw = bytes(item.content).decode("utf-8", "replace")
        converted = html_to_text(raw)
        title = entry.title or converted.title or path
        disambig = title.endswith("(disambiguation)") or _looks_disambiguation(raw, converted)
        oldid = _OLDID.search(raw)
        page = _Page(
            path=entry.path, title=title, html=converted, url=self._url(entry.path, raw),
            is_disambiguation=disambig, senses=_senses(raw) if disambig else [],
            oldid=int(oldid.group(1)) if oldid else None,
        )  # fmt: skip
        with self._cache_lock:
            self._cache[path] = page
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return page

    def _url(self, path: str, raw_html: str = "") -> str:
        """Original wiki URL if the metadata says where from, else canonical link or zim://."""
        if self._base:
            name = path[2:] if self._old_ns and path.startswith("A/") else path
            name = name.removesuffix(".html")  # pre-2018 mwoffliner paths end in .html
            return self._base + quote(name, safe="/:@!$&'()*+,;=-._~")
        canonical = _CANONICAL.search(raw_html)
        if canonical and canonical.group(1).startswith(("http://", "https://")):
            return canonical.group(1)
        return f"zim://{quote(self.path.name)}/{quote(path, safe='/')}"

    # ------------------------------------------------------------------ fetch

    def _fetch(self, doc_id: str, full: bool) -> Document:
        try:
            entry = self._lookup(doc_id)
            final = self._resolve(entry)
            if not self._is_html(final):
                raise DocumentNotFound(f"{doc_id!r} in {self.path.name} is not an HTML article")
            page = self._page(final.path)
        except KeyError as exc:
            raise DocumentNotFound(f"no article {doc_id!r} in ZIM file {self.path.name}") from exc
        except RuntimeError as exc:
            raise SourceUnavailable(f"ZIM file {self.path} could not be read: {exc}") from exc
        text, sections = page.html.text, page.html.sections
        cut = None if full else _lead_end(text, sections)
        if cut is not None:
            text = text[:cut]
            sections = [
                Section(title=s.title, level=s.level, start=s.start, end=min(s.end, cut))
                for s in sections
                if s.start < cut
            ]
        meta: dict[str, Any] = {"zim": self.path.name, "path": page.path, "lead_only": bool(cut)}
        for key in ("Date", "Name", "Flavour", "Language"):  # zim_date, zim_name, ...
            meta[f"zim_{key.lower()}"] = self._meta.get(key) or None
        if entry.path != page.path:
            meta["redirected_from"] = entry.path
        return Document(
            source=self.name, doc_id=page.path, title=page.title, text=text, url=page.url,
            revision_id=page.oldid, sections=sections, is_disambiguation=page.is_disambiguation,
            senses=page.senses, metadata=meta,
        )  # fmt: skip


def _lead_end(text: str, sections: list[Section]) -> int | None:
    """Where the lead ends (first sub-heading), or None when there is no lead to cut to."""
    first = next((s for s in sections if s.level >= 2 and s.start > 0), None)
    if first is None:
        return None
    lead, pos, heading_starts = text[: first.start], 0, {s.start for s in sections}
    for line in lead.split("\n"):
        if line.strip() and pos not in heading_starts:  # a line that is not a heading (title)
            return len(lead.rstrip())
        pos += len(line) + 1
    return None


def _snippet(text: str) -> str:
    """First substantial paragraph, cut at a word boundary."""
    blocks = [b.strip() for b in text.split("\n\n") if b.strip()]
    para = next((b for b in blocks if len(b) >= 60 and "\n" not in b), blocks[0] if blocks else "")
    if len(para) <= _SNIPPET_CHARS:
        return para
    return para[:_SNIPPET_CHARS].rsplit(" ", 1)[0] + "…"


def _looks_disambiguation(raw: str, converted: HtmlText) -> bool:
    markers = any(m in raw for m in _DISAMBIG_MARKERS)
    return markers or any(p in converted.text[:600] for p in ("may refer to:", "also refer to:"))


def _senses(raw: str) -> list[str]:
    """Titles a disambiguation page lists: each item's first link title, else its text."""
    senses: list[str] = []
    for li in LexborHTMLParser(raw).css("li"):
        link = li.css_first("a")
        title = (link.attributes.get("title") if link is not None else None) or li.text() or ""
        title = " ".join(title.split())[:120]
        if title and title not in senses:
            senses.append(title)
    return senses[:100]
