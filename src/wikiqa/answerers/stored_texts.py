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

Only texts the answerer can ask for are stored, read as `ExtractiveAnswerer.candidates` reads
a hit's range: a sentence inside a table of the range (the rows stand for it), one over
`MAX_SENTENCE_CHARS`, a heading line and a line with no content word are no candidates, so
nothing of theirs is embedded; a text as written that differs from its reading (a table row,
an infobox line) is read only by the injection detector's semantic stage, which embeds only
what its gate lets through (`screened`); a list item is read under its lead-in line and a
record's entry under its key, as the answerer reads them. Nothing here can change an answer:
a text not stored is embedded by the answerer when it is needed, as before; what is stored
is only what indexing pays for.

At most `MAX_STORED_TEXTS` texts are stored per document: a document of endless short
sentences must not make indexing embed several texts per sentence (one such document took
8x main's indexing time at 137 KB); the answerer embeds what is not stored, as before, so
the cap changes no answer, only how much of a huge document's reading is precomputed.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from wikiqa.answerers.features import keys
from wikiqa.answerers.labels import label_reading
from wikiqa.answerers.reading import readings
from wikiqa.answerers.record_asks import is_name
from wikiqa.grounding.injection import embeds
from wikiqa.text.sentences import Span, cached_sentences
from wikiqa.text.tables import TableRow, table_extent, table_rows

MAX_STORED_TEXTS = 2000  # per document; battery documents need at most a few hundred
MAX_SENTENCE_CHARS = 600  # a longer "sentence" is no candidate (ExtractiveAnswerer.candidates)


def framed(top: list[str], contexts: list[str]) -> list[str]:
    """Each text under its heading ("Sick leave: ..."), unless the text already says it."""
    return [
        f"{c}: {t}" if c and c.lower() not in t.lower() else t
        for t, c in zip(top, contexts, strict=True)
    ]


def screened(text: str) -> bool:
    """Would the injection detector embed `text` (injection.embeds: its cue model does not
    flag it already, and its wording passes the semantic stage's gate)?"""
    return embeds(text)


def candidate_texts(
    text: str, title: str, ranges: Iterable[tuple[int, int]], limit: int = MAX_STORED_TEXTS
) -> list[str]:
    """The texts the extractive answerer embeds for this document's candidates (see
    `ExtractiveAnswerer.candidates`) over each of `ranges` (the spans a hit may cover: the
    chunks and the whole text): each table row's reading alone and under the title, and the
    title; each candidate sentence as read (an infobox line with its label's words, a
    record's entry under its key), alone and under its context (the title and section
    heading, or a list item's lead-in line), and the context; and a row or sentence as
    written when the injection detector would embed it. Distinct, in order, at most
    `limit`."""
    out: dict[str, None] = {}
    rows = table_rows(text)
    starts = [row.row.start for row in rows]
    for start, end in ranges:
        in_range = rows[bisect_left(starts, start) : bisect_left(starts, end)]
        for row in in_range:
            out.update(dict.fromkeys(_row_texts(row, title)))
            if len(out) > limit:
                return _first(out, limit)
        extent = table_extent(tuple(in_range))
        for span in cached_sentences(text, start, end):
            if len(span.text) > MAX_SENTENCE_CHARS or span.text.lstrip().startswith("#"):
                continue
            if any(a < span.end and span.start < b for a, b in extent):
                continue
            out.update(dict.fromkeys(_sentence_texts(text, title, span)))
            if len(out) > limit:
                return _first(out, limit)
    return _first(out, limit)


def _row_texts(row: TableRow, title: str) -> list[str]:
    """A row as written when screened, and, when it has a content word, its reading alone
    and under the title, and the title (a row's context)."""
    written = [row.row.text] if screened(row.row.text) else []
    reading = row.reading()
    if not keys(reading):
        return written
    return [*written, reading, *framed([reading], [title]), title]


def _sentence_texts(text: str, title: str, span: Span) -> list[str]:
    """A candidate sentence's texts, each reading of it as `ExtractiveAnswerer.candidates`
    reads it (reading.py, the one function both call): the sentence as written when
    screened; when it has a content word, each reading it may be scored by (its term's key
    only when the term is a name, as record_asks.asks_of_record asks), alone and under its
    context, and the context."""
    written = [span.text] if screened(span.text) else []
    if not keys(label_reading(span.text) or span.text):
        return written
    out = written
    for read in readings(text, title, span, _named):
        scored = read.text or span.text
        out = [*out, scored, *framed([scored], [read.context]), read.context]
    return out


def _named(term: Span) -> bool:
    """May a question ask of the record `term` keys (record_asks.asks_of_record: only of a
    name, and then depending on the question)?"""
    return is_name(term.text.rstrip(":"))


def _first(texts: dict[str, None], limit: int) -> list[str]:
    """The first `limit` distinct non-empty texts."""
    return [t for t in texts if t][:limit]
