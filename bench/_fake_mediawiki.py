"""A fake MediaWiki Action API serving real article text from a Kiwix ZIM, for benchmarks.

Why: there is no network here, and the live path fails in ways the ZIM source never shows
(the raw question goes to CirrusSearch, which requires every word to match). This stand-in
answers the requests `MediaWikiSource` sends (generator=search, list=search and
prop=extracts|revisions|pageprops|info, formatversion=2) as en.wikipedia.org would:

- articles: the ZIM's HTML, as a TextExtracts plain-text extract (`exsectionformat=wiki`
  headings, infobox and tables dropped) and a section-0 wikitext whose `{{Infobox}}` is rebuilt
  from the HTML infobox rows (one parameter per row);
- redirects: the ZIM's redirect entries (`redirects=1` resolves them and reports `from`/`to`);
- disambiguation pages: made where the data has several articles sharing a base title
  ("Cry (1951 song)", "Cry (Lynn Anderson song)" ...) and no article holds the base title;
- search, like CirrusSearch: Lucene's English stop words are dropped, a light stemmer folds
  plurals and -ed/-ing, and EVERY remaining word must occur in the page (title, redirects,
  text, infobox); ranking is BM25 with title and redirect matches boosted and an exact title
  match first; `OR` between words relaxes the match; `intitle:` restricts to titles; a
  `suggestion` (nearest indexed words by edit distance) is reported in `searchinfo`, and
  `(g)srenablerewrites=1` runs the suggestion when the query found nothing.

Used only by bench/live_wikipedia.py (through httpx.MockTransport); never by the product.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from libzim.reader import Archive
from selectolax.lexbor import LexborHTMLParser, LexborNode

from wikiqa.testing.action_api import page_json
from wikiqa.text.terms import stem as snowball_stem

API = "https://en.wikipedia.org/w/api.php"
# Lucene's English stop set (what CirrusSearch's English analyzer drops): question words
# such as "who", "when", "where", "how", "did" are NOT in it and must match.
LUCENE_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "if",
        "in",
        "into",
        "is",
        "it",
        "no",
        "not",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "will",
        "with",
    ]
)
# Our pages are leads only, while a real article runs to thousands of words: any of them holds
# these function words, so they match every article here (they are not content the
# question could miss). Content words ("wrote", "born", "song") must really be there.
FUNCTION_WORDS = frozenset(
    [
        "who",
        "whom",
        "whose",
        "what",
        "which",
        "when",
        "where",
        "why",
        "how",
        "did",
        "do",
        "does",
        "done",
        "has",
        "have",
        "had",
        "having",
        "were",
        "been",
        "being",
        "he",
        "she",
        "his",
        "her",
        "him",
        "its",
        "they",
        "them",
        "we",
        "our",
        "you",
        "your",
        "i",
        "me",
        "my",
        "from",
        "about",
        "after",
        "before",
        "also",
        "than",
        "so",
        "up",
        "out",
        "over",
        "all",
        "any",
        "some",
        "one",
        "can",
        "could",
        "would",
        "should",
        "may",
        "might",
    ]
)
# The real index holds every English word, so its suggester leaves a real word alone even
# when our small corpus lacks it ("wife"): the whole-word entries of the bundled MiniLM
# tokenizer's vocabulary stand in for English.
ENGLISH_WORDS = frozenset(
    w
    for w in json.loads(
        (Path(__file__).resolve().parents[1] / "src/wikiqa/store/data/tokenizer.json").read_text(
            encoding="utf-8"
        )
    )["model"]["vocab"]
    if w.isalpha() and len(w) > 1
)
_WORD = re.compile(r"[\w]+(?:'[\w]+)*")


def _stems(words: frozenset[str]) -> frozenset[str]:
    return frozenset(stem(w) for w in words)


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.replace("’", "'"))
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def stem(word: str) -> str:
    """English possessive then Snowball (Porter2) stem, applied to index and query alike,
    as CirrusSearch's English analyzer does (died/dies/die share one term)."""
    return snowball_stem(word.removesuffix("'s").replace("'", ""))


def tokens(text: str) -> list[str]:
    return [stem(t) for t in _WORD.findall(fold(text))]


_FUNCTION_STEMS = _stems(FUNCTION_WORDS)


@dataclass
class WikiPage:
    title: str
    pageid: int
    revid: int
    intro: str
    full: str
    wikitext0: str
    wikitext: str
    disambiguation: bool = False
    rendered_infobox: str = ""  # what the page shows (and CirrusSearch indexes): "Born ..."
    redirects: list[str] = field(default_factory=list)
    terms: Counter[str] = field(default_factory=Counter)
    title_terms: set[str] = field(default_factory=set)


# ---------------------------------------------------------------------------- ZIM -> pages


def _text(node: LexborNode) -> str:
    return " ".join((node.text(separator="") or "").split())


def _extract(body: LexborNode) -> tuple[str, str]:
    """(intro, full) plain-text extracts with `== Heading ==` lines, as TextExtracts makes them."""
    parts: list[str] = []
    intro_end: int | None = None
    for node in body.traverse():
        tag = node.tag
        if tag in {"h2", "h3", "h4", "h5", "h6"}:
            if intro_end is None:
                intro_end = len(parts)
            marks = "=" * int(tag[1])
            parts.append(f"\n\n{marks} {_text(node)} {marks}\n")
        elif tag == "p" or (
            tag == "li" and node.parent is not None and node.parent.tag in {"ul", "ol"}
        ):
            line = _text(node)
            if line:
                parts.append(line + ("\n" if tag == "p" else ""))
            if tag == "li":
                parts[-1:] = [parts[-1] + "\n"] if line else []
    intro = "\n".join(p.strip("\n") for p in parts[:intro_end] if p.strip())
    full = intro + "".join(parts[intro_end:] if intro_end is not None else [])
    return intro.strip(), full.strip()


# Displayed infobox labels -> the template parameters the wikitext really has (Infobox
# musical artist / song / album / film / record label), so the source parses what it would
# meet live ("birth_place", not "Born"). A two-line "Born"/"Died" cell is date <br /> place.
_PARAMS = {
    "genres": "genre", "labels": "label", "instruments": "instrument", "songwriter": "writer",
    "directed_by": "director", "produced_by": "producer", "screenplay_by": "screenplay",
    "story_by": "story", "music_by": "music", "edited_by": "editing",
    "productioncompany": "studio", "distributed_by": "distributor", "release_date": "released",
    "running_time": "runtime", "box_office": "gross", "bside": "b-side", "aside": "a-side",
}  # fmt: skip
_SPLIT = {"born": ("birth_date", "birth_place"), "died": ("death_date", "death_place")}


def _infobox_wikitext(table: LexborNode, title: str) -> str:
    """`{{Infobox ...}}` rebuilt from the HTML infobox: one parameter per th/td row."""
    lines = ["{{Infobox", f"| name = {title}"]
    for row in table.css("tr"):
        th, td = row.css_first("th"), row.css_first("td")
        if th is None or td is None or th.attributes.get("colspan"):
            continue
        name = re.sub(r"\(s\)|[^\w ]", "", _text(th)).strip().lower().replace(" ", "_")
        if not name:
            continue
        for hidden in td.css('[style*="display:none"]'):
            hidden.decompose()
        for br in td.css("br"):
            br.replace_with("\x00")  # type: ignore[arg-type]
        items = [p.strip() for li in td.css("li") for p in _text(li).split("\x00") if p.strip()]
        if items:
            value = "{{hlist|" + "|".join(i.replace("|", "/") for i in items) + "}}"
        else:
            value = " <br /> ".join(p.strip() for p in _text(td).split("\x00") if p.strip())
        if value and name in _SPLIT and " <br /> " in value:
            date, place = value.split(" <br /> ", 1)
            lines += [f"| {_SPLIT[name][0]} = {date}", f"| {_SPLIT[name][1]} = {place}"]
        elif value:
            lines.append(f"| {_PARAMS.get(name, name)} = {value}")
    return "\n".join(lines) + "\n}}\n"


def _page_from_html(raw: str, title: str, pageid: int) -> WikiPage:
    tree = LexborHTMLParser(raw)
    body = tree.css_first("#mw-content-text") or tree.body
    assert body is not None
    for chrome in body.css("sup.reference, .mw-editsection, style, script, h1"):
        chrome.decompose()
    infobox = body.css_first("table.infobox")
    wikitext0 = _infobox_wikitext(infobox, title) if infobox is not None else ""
    rendered = infobox.text(separator=" ") if infobox is not None else ""
    for table in body.css("table"):
        table.decompose()
    intro, full = _extract(body)
    lead = f"'''{title}''' " + intro[:200]
    return WikiPage(
        title=title,
        pageid=pageid,
        revid=900_000_000 + pageid,
        intro=intro,
        full=full,
        wikitext0=wikitext0 + lead,
        wikitext=wikitext0 + lead + "\n...",
        rendered_infobox=rendered,
    )


_QUALIFIED = re.compile(r"^(.+?) \(([^)]+)\)$")


def load_zim(path: Path) -> tuple[dict[str, WikiPage], dict[str, str]]:
    """Articles by title and redirects (title -> article title) of a ZIM (old or new scheme)."""
    archive = Archive(str(path))
    main = archive.main_entry.get_item().path if archive.has_main_entry else ""
    pages: dict[str, WikiPage] = {}
    redirect_paths: list[tuple[str, str]] = []
    by_path: dict[str, str] = {}
    for i in range(archive.all_entry_count):
        entry = archive._get_entry_by_id(i)
        p = entry.path
        if archive.has_new_namespace_scheme is False and not p.startswith("A/"):
            continue
        if entry.is_redirect:
            redirect_paths.append((entry.title, entry.get_redirect_entry().path))
            continue
        item = entry.get_item()
        if not item.mimetype.startswith("text/html") or p == main or p.endswith("index"):
            continue
        raw = bytes(item.content).decode("utf-8", "replace")
        page = _page_from_html(raw, entry.title, 1000 + i)
        if page.intro:
            pages[page.title] = page
            by_path[p] = page.title
    redirects = {t: by_path[p] for t, p in redirect_paths if p in by_path and t not in pages}
    for source, target in redirects.items():
        pages[target].redirects.append(source)
    _add_disambiguations(pages, redirects)
    for page in pages.values():
        page.title_terms = {t for name in [page.title, *page.redirects] for t in tokens(name)}
        page.terms = Counter(tokens(page.full + "\n" + page.rendered_infobox))
    return pages, redirects


def _add_disambiguations(pages: dict[str, WikiPage], redirects: dict[str, str]) -> None:
    """A disambiguation page for every base title that two or more qualified titles share
    ("Cry (1951 song)", "Cry (Lynn Anderson song)") and no article or redirect holds: on
    Wikipedia a qualifier exists because the bare name is ambiguous. Like real ones, the
    page lists redirects too."""
    senses: dict[str, dict[str, str]] = {}
    for name in sorted([*pages, *redirects]):
        m = _QUALIFIED.match(name)
        if m:
            senses.setdefault(m.group(1), {}).setdefault(name, m.group(2))
    for base, found in sorted(senses.items()):
        if len(found) < 2 or base in pages or base in redirects:
            continue
        bullets = [f"* [[{t}]], {q}" for t, q in found.items()]
        lines = [f"{t}, {q}" for t, q in found.items()]
        text = f"{base} may refer to:\n" + "\n".join(lines)
        wikitext = f"'''{base}''' may refer to:\n" + "\n".join(bullets) + "\n{{disambiguation}}"
        pageid = 500 + len(pages)
        pages[base] = WikiPage(base, pageid, 800_000_000 + pageid, f"{base} may refer to:",
                               text, "", wikitext, disambiguation=True)  # fmt: skip


# ---------------------------------------------------------------------------- the API


def _edits(a: str, b: str) -> int:
    """Damerau (optimal string alignment) distance: a swap of neighbours costs one edit,
    as in Elasticsearch's fuzzy matching."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


def _fuzziness(word: str) -> int:
    """Elasticsearch's AUTO fuzziness: no edit under 3 letters, one up to 5, else two."""
    return 0 if len(word) < 3 else 1 if len(word) <= 5 else 2


class FakeMediaWiki:
    """The Action API over `pages`; records every request it answers."""

    def __init__(self, pages: dict[str, WikiPage], redirects: dict[str, str]) -> None:
        self.pages = pages
        self.redirects = redirects
        self.requests: list[dict[str, str]] = []
        self.df: Counter[str] = Counter()
        for page in pages.values():
            self.df.update(set(page.terms) | page.title_terms)
        surface: dict[str, Counter[str]] = {}
        for page in pages.values():
            for word in _WORD.findall(fold(page.full)):
                surface.setdefault(stem(word), Counter())[word] += 1
        self.surface = {t: c.most_common(1)[0][0] for t, c in surface.items()}
        self.avg_len = sum(sum(p.terms.values()) for p in pages.values()) / max(len(pages), 1)

    @classmethod
    def from_zim(cls, path: Path) -> FakeMediaWiki:
        return cls(*load_zim(path))

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self.handle)

    # ---------------------------------------------------------------- search

    def _parse(self, query: str) -> tuple[list[list[str]], list[str]]:
        """(groups of alternatives that must each match, intitle terms)."""
        intitle = [stem(w) for w in re.findall(r"intitle:(\S+)", fold(query))]
        query = re.sub(r"intitle:\S+", " ", query)
        groups: list[list[str]] = []
        pending_or = False
        for raw in re.findall(r"[\w']+", query.replace("’", "'")):
            if raw == "OR":
                pending_or = True
                continue
            term = stem(fold(raw))
            if not term or fold(raw) in LUCENE_STOP:
                continue
            if pending_or and groups:
                groups[-1].append(term)
            else:
                groups.append([term])
            pending_or = False
        return groups, intitle

    def _score(self, page: WikiPage, groups: list[list[str]], query: str) -> float:
        n = len(self.pages)
        length = sum(page.terms.values())
        score = 0.0
        for group in groups:
            best = 0.0
            for term in group:
                tf = page.terms.get(term, 0)
                in_title = term in page.title_terms
                if not tf and not in_title:
                    continue
                idf = math.log(1 + (n - self.df[term] + 0.5) / (self.df[term] + 0.5))
                bm25 = tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / self.avg_len))
                best = max(best, idf * (bm25 + (3.0 if in_title else 0.0)))
            score += best
        names = [fold(page.title), *(fold(r) for r in page.redirects)]
        if fold(query).strip(" ?.!") in names:
            score += 100.0  # CirrusSearch puts an exact title/redirect match first
        asked = " " + " ".join(tokens(re.sub(r"\bOR\b", " ", query))) + " "
        bare = [tokens(_QUALIFIED.sub(r"\1", n)) for n in names]
        said = [len(b) for b in bare if b and f" {' '.join(b)} " in asked]
        score += 10.0 * max(said, default=0)  # and boosts a title said as a phrase
        return score

    @staticmethod
    def _has(page: WikiPage, term: str) -> bool:
        if term in page.terms or term in page.title_terms:
            return True
        return term in _FUNCTION_STEMS and not page.disambiguation

    def search(self, query: str, limit: int) -> list[WikiPage]:
        groups, intitle = self._parse(query)
        if not groups and not intitle:
            return []
        found: list[tuple[float, str, WikiPage]] = []
        for page in self.pages.values():
            if not all(t in page.title_terms for t in intitle):
                continue
            if not all(any(self._has(page, t) for t in g) for g in groups):
                continue
            found.append((-self._score(page, groups, query), page.title, page))
        found.sort(key=lambda x: (x[0], x[1]))
        return [p for _, _, p in found[:limit]]

    def suggestion(self, query: str) -> str | None:
        """Each word the index does not know replaced by its nearest known word (edits <= 2)."""
        changed = False
        out: list[str] = []
        for raw in query.split():
            core = raw.strip('?.,!;:"')
            term = stem(fold(core))
            known = term in self.df or fold(core) in ENGLISH_WORDS
            if not term or fold(core) in LUCENE_STOP or known or not core.isalpha():
                out.append(core)
                continue
            allowed = _fuzziness(term)
            best = min(
                (
                    w
                    for w in self.df
                    if abs(len(w) - len(term)) <= allowed
                    and w[:1] == term[:1]
                    and w not in _FUNCTION_STEMS
                ),
                key=lambda w: (_edits(w, term), -self.df[w]),
                default=None,
            )
            if best is not None and _edits(best, term) <= allowed:
                out.append(self.surface.get(best, best))
                changed = True
            else:
                out.append(core)
        return " ".join(out) if changed else None

    # ---------------------------------------------------------------- pages

    def page_json(self, page: WikiPage, p: dict[str, str]) -> dict[str, Any]:
        return page_json(page, p)

    def _search_block(
        self, prefix: str, p: dict[str, str]
    ) -> tuple[list[WikiPage], dict[str, Any]]:
        query = p.get(f"{prefix}search", "")
        limit = int(p.get(f"{prefix}limit", 10))
        found = self.search(query, limit)
        info: dict[str, Any] = {"totalhits": len(found)}
        suggestion = self.suggestion(query)
        if suggestion:
            info["suggestion"] = suggestion
            info["suggestionsnippet"] = suggestion
        if not found and suggestion and p.get(f"{prefix}enablerewrites") in {"1", "true"}:
            found = self.search(suggestion, limit)
            info.update(rewrittenquery=suggestion, rewrittenquerysnippet=suggestion)
            info["totalhits"] = len(found)
        return found, info

    def handle(self, request: httpx.Request) -> httpx.Response:
        p = dict(request.url.params)
        self.requests.append(p)
        body: dict[str, Any] = {"batchcomplete": True}
        if p.get("generator") == "search":
            found, info = self._search_block("gsr", p)
            query: dict[str, Any] = {"searchinfo": info}
            if found:
                pages = [self.page_json(pg, p) | {"index": i + 1} for i, pg in enumerate(found)]
                query["pages"] = list(reversed(pages))  # the API does not sort pages
            body["query"] = query
            return httpx.Response(200, json=body)
        if p.get("list") == "search":
            found, info = self._search_block("sr", p)
            results = [{"ns": 0, "title": pg.title, "pageid": pg.pageid} for pg in found]
            body["query"] = {"searchinfo": info, "search": results}
            return httpx.Response(200, json=body)
        if "titles" not in p:
            return httpx.Response(200, json={"error": {"code": "badparams", "info": str(p)}})
        title = p["titles"].replace("_", " ").strip()
        title = title[:1].upper() + title[1:]
        query = {}
        if title in self.redirects:
            query["redirects"] = [{"from": title, "to": self.redirects[title]}]
            title = self.redirects[title]
        page = self.pages.get(title)
        if page is None:
            query["pages"] = [{"ns": 0, "title": title, "missing": True}]
        else:
            query["pages"] = [self.page_json(page, p)]
        body["query"] = query
        return httpx.Response(200, content=json.dumps(body).encode(), headers={
            "content-type": "application/json"})  # fmt: skip
