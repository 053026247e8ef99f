"""Vectors of a document's candidate texts, computed when it is indexed and read with it.

Why: on a local collection most of a slow question's time was MiniLM runs over sentences met
for the first time (each alone, under its heading, and the heading itself), read by steps
that then decide nothing. Every such text is known when the document is indexed, so the
indexer embeds them in the batch that embeds its chunks and the store keeps them beside the
document; the answerer takes a text's vector from there instead of running the model.

A stored vector is keyed by a digest of its exact text, so it can only stand for that text
(an edited document's new sentences miss and are embedded as before, never answered with an
old vector), and it is the very vector the answerer would compute: the model's output does
not depend on batching (checked bit for bit in tests), and the vectors are kept as float32.
A vector comes with a document the reader fetched, so access control is the fetch's.

At most `MAX_STORED_TEXTS` texts are stored per document: a document of endless short
sentences must not make indexing embed several texts per sentence (one such document took
8x main's indexing time at 137 KB); the answerer embeds what is not stored, as before, so
the cap changes no answer, only how much of a huge document's reading is precomputed.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from wikiqa.answerers.labels import label_reading
from wikiqa.text.headings import title_at
from wikiqa.text.sentences import cached_sentences
from wikiqa.text.tables import table_rows

MAX_STORED_TEXTS = 2000  # per document; battery documents need at most a few hundred


def framed(top: list[str], contexts: list[str]) -> list[str]:
    """Each text under its heading ("Sick leave: ..."), unless the text already says it."""
    return [
        f"{c}: {t}" if c and c.lower() not in t.lower() else t
        for t, c in zip(top, contexts, strict=True)
    ]


def candidate_texts(
    text: str, title: str, ranges: Iterable[tuple[int, int]], limit: int = MAX_STORED_TEXTS
) -> list[str]:
    """The texts the extractive answerer embeds for this document's candidates (see
    `ExtractiveAnswerer.candidates`): each sentence of each range as written (what the
    injection detector reads) and as read (an infobox line with its label's words), alone
    and under its context (the title and section heading), the context alone, and each
    table row as written, and its reading alone and under the title. Ranges are the spans a
    hit may cover (the chunks and the whole text). Distinct, in order, at most `limit`."""
    out: dict[str, None] = {}
    rows = table_rows(text)
    starts = [row.row.start for row in rows]
    for start, end in ranges:
        for row in rows[bisect_left(starts, start) : bisect_left(starts, end)]:
            reading = row.reading()
            out.update(dict.fromkeys([row.row.text, reading, *framed([reading], [title]), title]))
            if len(out) > limit:
                return _first(out, limit)
        for span in cached_sentences(text, start, end):
            if span.text.lstrip().startswith("#"):
                continue
            shown = label_reading(span.text) or span.text
            head = title_at(text, span.start)
            context = f"{title}, {head}" if head and head != title else title
            out.update(dict.fromkeys([span.text, shown, *framed([shown], [context]), context]))
            if len(out) > limit:
                return _first(out, limit)
    return _first(out, limit)


def _first(texts: dict[str, None], limit: int) -> list[str]:
    """The first `limit` distinct non-empty texts."""
    return [t for t in texts if t][:limit]
