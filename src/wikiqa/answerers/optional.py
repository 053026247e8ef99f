"""Requests an answer can do without: when one fails, what was read already stands.

Why: the question's own search and the fetch of what it found are what every answer needs;
every later request (a search for a question's part, a bridge or comparison entity, a sense
of a disambiguation page, an article read again in full) only adds. When such a request
fails -- an outage mid-question, a rate limit, a replay of recorded traffic that never saw
it -- the answer must be the one the successful requests give, not a `source_unavailable`
refusal. A document that is not there (`DocumentNotFound`) is skipped the same way. Such
requests are tried once (`sources.http.single_try`): a retry with backoff of a request a
replay never recorded only delays the answer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from weakref import WeakKeyDictionary

from wikiqa.answerers.base import Reader
from wikiqa.errors import DocumentNotFound, SourceUnavailable
from wikiqa.sources.http import single_try
from wikiqa.types import Document, Hit

log = logging.getLogger(__name__)
# What each question's reader has read, by (doc_id, full): the parts of a compound question,
# a second hop and a comparison search again and meet the same pages; reading each once
# saves requests, and a replay that serves a recorded request only once still answers.
_READ: WeakKeyDictionary[Reader, dict[tuple[str, bool], Document]] = WeakKeyDictionary()


async def search_or_nothing(reader: Reader, query: str, k: int) -> list[Hit]:
    """The hits of an optional search; none when the source fails (logged)."""
    started = time.perf_counter()
    try:
        with single_try():
            return await reader.search(query, k=k)
    except SourceUnavailable as exc:
        _went_without(reader, f"search {query!r}", exc, started)
        return []


async def fetch_each(
    reader: Reader, doc_ids: list[str], *, full: bool = False, needed: bool = False
) -> dict[str, Document]:
    """The documents that could be read, concurrently (the source bounds concurrency), each
    read once per question (`_READ`); one missing or failing is left out. With `needed` (the first retrieval's documents: without
    any there is nothing to answer from) a source that failed for every one of them raises
    its first `SourceUnavailable`, so the refusal says the source is down; other reads
    are tried once."""
    ids = list(dict.fromkeys(doc_ids))
    failures: list[SourceUnavailable] = []
    read = _memo(reader)

    async def one(doc_id: str) -> Document | None:
        if (doc_id, full) in read:
            return read[(doc_id, full)]
        started = time.perf_counter()
        try:
            if needed:
                doc = await reader.fetch(doc_id, full=full)
            else:
                with single_try():
                    doc = await reader.fetch(doc_id, full=full)
            read[(doc_id, full)] = doc
            return doc
        except DocumentNotFound:
            return None
        except SourceUnavailable as exc:
            _went_without(reader, f"fetch {doc_id!r}", exc, started)
            failures.append(exc)
            return None

    fetched = await asyncio.gather(*(one(d) for d in ids))
    docs = {d: doc for d, doc in zip(ids, fetched, strict=True) if doc is not None}
    if needed and ids and not docs and len(failures) == len(ids):
        raise failures[0]
    return docs


def _memo(reader: Reader) -> dict[tuple[str, bool], Document]:
    """The documents `reader` has read so far (a fresh dict for a reader that cannot be
    weakly referenced: then nothing is remembered)."""
    try:
        return _READ.setdefault(reader, {})
    except TypeError:
        return {}


def _went_without(reader: Reader, what: str, exc: SourceUnavailable, started: float) -> None:
    """Log a failed optional request and show it in the question's trace (`-v`), when the
    reader keeps one."""
    log.warning("%s failed (%s); going on without it", what, exc)
    emit = getattr(reader, "emit", None)
    if callable(emit):
        emit("error", f"{what} failed; going on without it: {exc}", started, optional=True)
