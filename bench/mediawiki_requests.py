"""How many MediaWiki API requests does a question cost, cold and warm, and how long does it take?

Starts a fake MediaWiki Action API on 127.0.0.1 (stdlib http.server, a few articles built
below, a simulated per-request latency), then runs ~10 questions through MediaWikiSource the
way the answer path does: `wikiqa.pipeline.ask_async` when it exists, else search(k) and fetch
of the top hits. Per question, cold = an empty on-disk cache; warm = a new source on the cache it filled.
Loopback only; stops itself.

    .venv/bin/python bench/mediawiki_requests.py [--latency-ms 20] [--k 3] [--fetch 2]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import math
import tempfile
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from wikiqa.settings import Settings
from wikiqa.sources.mediawiki import MediaWikiSource

ARTICLES: dict[str, dict[str, Any]] = {
    "Albert Einstein": {
        "intro": "Albert Einstein was a German-born theoretical physicist who developed the "
        "theory of relativity.",
        "body": "== Early life ==\nEinstein was born in Ulm on 14 March 1879.\n\n"
        "== Career ==\nIn 1905 he published four groundbreaking papers.",
        "infobox": "{{Infobox scientist|name=Albert Einstein|birth_date={{Birth date|df=yes|"
        "1879|3|14}}|birth_place=[[Ulm]], [[German Empire]]|awards={{ubl|[[Nobel Prize in "
        "Physics]] (1921)}}}}",
    },
    "Marie Curie": {
        "intro": "Marie Curie was a Polish and naturalised-French physicist and chemist who "
        "conducted pioneering research on radioactivity.",
        "body": "== Life ==\nShe was born in Warsaw in 1867.\n\n== Nobel Prizes ==\nShe won "
        "the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
        "infobox": "{{Infobox scientist|name=Marie Curie|birth_place=[[Warsaw]]|"
        "birth_date={{birth date|1867|11|7}}}}",
    },
    "Eiffel Tower": {
        "intro": "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in "
        "Paris, France.",
        "body": "== History ==\nIt was constructed from 1887 to 1889.\n\n== Design ==\n"
        "The tower is 330 metres tall.",
        "infobox": "{{Infobox building|name=Eiffel Tower|height={{convert|330|m|ft}}|"
        "completion_date=1889}}",
    },
    "Iron": {
        "intro": "Iron is a chemical element; it has symbol Fe and atomic number 26.",
        "body": "== Properties ==\nIron is the most common element on Earth by mass.",
        "infobox": "{{Infobox iron|symbol=Fe|melting point={{convert|1538|C|F}}|"
        "density=7.874 g/cm<sup>3</sup>}}",
    },
    "Python (programming language)": {
        "intro": "Python is a high-level, general-purpose programming language created by "
        "Guido van Rossum and first released in 1991.",
        "body": "== History ==\nPython was conceived in the late 1980s.",
        "infobox": "{{Infobox programming language|name=Python|designer=[[Guido van Rossum]]|"
        "released={{start date and age|1991|02|20|df=yes}}}}",
    },
    "Mercury": {
        "intro": "Mercury may refer to:",
        "body": "== Science ==\nMercury (planet), the closest planet to the Sun\n"
        "Mercury (element), a chemical element",
        "wikitext": "* [[Mercury (planet)]], the closest planet to the Sun\n"
        "* [[Mercury (element)]], a chemical element",
        "disambiguation": True,
    },
    "Mercury (planet)": {
        "intro": "Mercury is the first planet from the Sun and the smallest in the Solar System.",
        "body": "== Orbit ==\nMercury orbits the Sun every 88 days.",
        "infobox": "{{Infobox planet|name=Mercury|orbital_period=87.97 d}}",
    },
}
REDIRECTS = {"Einstein": "Albert Einstein", "Curie": "Marie Curie"}
QUESTIONS = [
    "When was Albert Einstein born?",
    "Where was Marie Curie born?",
    "How tall is the Eiffel Tower?",
    "What is the melting point of iron?",
    "Who created the Python programming language?",
    "What is Mercury?",
    "How long is a year on the planet Mercury?",
    "Which Nobel Prizes did Marie Curie win?",
    "When was the Eiffel Tower built?",
    "What did Einstein publish in 1905?",
]


def _page(title: str, p: dict[str, str]) -> dict[str, Any]:
    art = ARTICLES[title]
    url = "http://127.0.0.1/wiki/" + title.replace(" ", "_")
    out: dict[str, Any] = {"pageid": abs(hash(title)) % 10**6, "ns": 0, "title": title}
    out.update(lastrevid=1000 + len(title), canonicalurl=url, fullurl=url)
    out["extract"] = art["intro"] if "exintro" in p else art["intro"] + "\n\n" + art["body"]
    if art.get("disambiguation"):
        out["pageprops"] = {"disambiguation": ""}
    if "revisions" in p.get("prop", ""):
        text = art.get("infobox", "") if p.get("rvsection") == "0" else art.get("wikitext", "")
        out["revisions"] = [{"revid": 1000 + len(title), "slots": {"main": {"content": text}}}]
    return out


def api(p: dict[str, str]) -> dict[str, Any]:
    """The fake Action API: generator=search (word overlap) or titles lookups."""
    if p.get("generator") == "search":
        words = {w.strip("?.,").lower() for w in p["gsrsearch"].split() if len(w) > 3}
        scored = []
        for title, art in ARTICLES.items():
            hay = (title + " " + art["intro"] + " " + art["body"]).lower()
            score = sum(hay.count(w) for w in words)
            if score:
                scored.append((-score, title))
        top = [t for _, t in sorted(scored)[: int(p.get("gsrlimit", 5))]]
        pages = [_page(t, p) | {"index": i + 1} for i, t in enumerate(top)]
        return {"batchcomplete": True, "query": {"pages": pages}} if pages else {}
    title, query = p.get("titles", ""), {}
    if title in REDIRECTS:
        query["redirects"] = [{"from": title, "to": REDIRECTS[title]}]
        title = REDIRECTS[title]
    page = _page(title, p) if title in ARTICLES else {"title": title, "missing": True}
    return {"batchcomplete": True, "query": {**query, "pages": [page]}}


@contextlib.contextmanager
def fake_wiki(latency: float) -> Iterator[str]:
    """Serve the fake API on an ephemeral loopback port; yields its api.php URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            time.sleep(latency)
            params = {k: v[0] for k, v in parse_qs(urlparse(self.path).query).items()}
            body = json.dumps(api(params)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/w/api.php"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def pipeline_ask() -> Any:
    """`wikiqa.pipeline.ask_async` if the answer path exists yet, else None."""
    try:
        return importlib.import_module("wikiqa.pipeline").ask_async
    except (ImportError, AttributeError):
        return None


async def run_one(
    question: str, src: MediaWikiSource, settings: Settings, k: int, n_fetch: int
) -> tuple[int, float, str]:
    """(requests, seconds, outcome) for one question, via the real pipeline when there is one."""
    ask_async = pipeline_ask()
    before, t0 = src.stats.requests, time.perf_counter()
    if ask_async is not None:
        result = await asyncio.wait_for(ask_async(question, source=src, settings=settings), 60)
        outcome = "answer" if result else f"refusal:{result.code.value}"
    else:
        hits = await src.search(question, k=k)
        docs = await asyncio.gather(*(src.fetch(h.doc_id) for h in hits[:n_fetch]))
        outcome = f"{len(docs)} docs"
    return src.stats.requests - before, time.perf_counter() - t0, outcome


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


async def main(latency_ms: float, k: int, n_fetch: int) -> None:
    """Per question: cold = a source on an empty cache dir; warm = a new source (as a later
    process would be) on the cache dir the cold run filled."""
    rows = []
    with fake_wiki(latency_ms / 1000) as url:
        for i, question in enumerate([QUESTIONS[0], *QUESTIONS]):  # the first warms imports
            with tempfile.TemporaryDirectory() as tmp:
                settings = Settings(
                    cache_dir=Path(tmp), wikipedia_api_url=url, search_k=k, answerer="extractive"
                )
                pair = []
                for _ in ("cold", "warm"):
                    src = MediaWikiSource.from_settings(settings, contact="bench@localhost")
                    try:
                        pair.append(await run_one(question, src, settings, k, n_fetch))
                    finally:
                        await src.aclose()
                if i:
                    rows.append((question, *pair))
    how = "wikiqa.pipeline.ask_async" if pipeline_ask() else f"search + fetch(top {n_fetch})"
    print(f"MediaWikiSource vs a loopback fake API, {latency_ms:.0f} ms/request, k={k}; {how}\n")
    print(
        f"{'question':<44} {'cold req':>8} {'warm req':>8} {'cold ms':>8} {'warm ms':>8}  outcome"
    )
    for q, (cr, cs, out), (wr, ws, _) in rows:
        print(f"{q[:44]:<44} {cr:>8} {wr:>8} {cs * 1000:>8.1f} {ws * 1000:>8.1f}  {out}")
    print(f"\n{'':<12} {'req/question':>12} {'p50 ms':>8} {'p95 ms':>8}")
    for name, i in (("cold cache", 1), ("warm cache", 2)):
        reqs = [r[i][0] for r in rows]
        ms = [r[i][1] * 1000 for r in rows]
        print(f"{name:<12} {sum(reqs) / len(reqs):>12.2f} {pct(ms, 50):>8.1f} {pct(ms, 95):>8.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--latency-ms", type=float, default=20.0)
    parser.add_argument("--k", type=int, default=3, help="search hits per question")
    parser.add_argument("--fetch", type=int, default=2, help="top hits fetched per question")
    args = parser.parse_args()
    asyncio.run(main(args.latency_ms, args.k, args.fetch))
