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
"""

from __future__ import annotations

from collections.abc import Iterable

from wikiqa.answerers.labels import label_reading
from wikiqa.text.headings import title_at
from wikiqa.text.sentences import cached_sentences
from wikiqa.text.tables import table_rows


def framed(top: list[str], contexts: list[str]) -> list[str]:
    """Each text under its heading ("Sick leave: ..."), unless the text already says it."""
    return [
        f"{c}: {t}" if c and c.lower() not in t.lower() else t
        for t, c in zip(top, contexts, strict=True)
    ]


def candidate_texts(text: str, title: str, ranges: Iterable[tuple[int, int]]) -> list[str]:
    """The texts the extractive answerer embeds for this document's candidates (see
    `ExtractiveAnswerer.candidates`): each sentence of each range as written (what the
    injection detector reads) and as read (an infobox line with its label's words), alone
    and under its context (the title and section heading), the context alone, and each
    table row as written, and its reading alone and under the title. Ranges are the spans a
    hit may cover (the chunks and the whole text). Distinct, in order."""
    out: dict[str, None] = {}
    for start, end in ranges:
        for row in table_rows(text):
            if start <= row.row.start < end:
                reading = row.reading()
                texts = [row.row.text, reading, *framed([reading], [title]), title]
                out.update(dict.fromkeys(texts))
        for span in cached_sentences(text, start, end):
            if span.text.lstrip().startswith("#"):
                continue
            shown = label_reading(span.text) or span.text
            head = title_at(text, span.start)
            context = f"{title}, {head}" if head and head != title else title
            texts = [span.text, shown, *framed([shown], [context]), context]
            out.update(dict.fromkeys(texts))
    out.pop("", None)
    return list(out)
