"""Read further: when an article's intro does not answer, read the whole article once.

Why: a live Wikipedia hit is fetched as its intro and infobox (one request, a few hundred
words), which answers most questions about a subject but not those whose answer sits in a
section ("Personnel", "Early life", "Production"). When the best evidence in those short
reads stays under the floor, the answerer fetches the one or two documents it ranked best
again in full (one extra request each) and decides again on the fuller text.

Only documents whose source said it gave less than all of them (`metadata["full"] is
False` from live Wikipedia, `metadata["lead_only"]` from a ZIM) are read again; a collection document is always whole. The extra fetches are
optional: whatever makes one fail (a recorded replay that never saw the request, an
outage), what was read already stands, so the answer is the one the short reads give.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.base import Reader
from wikiqa.answerers.optional import fetch_each
from wikiqa.types import Document, DraftQuote, Hit
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
    from wikiqa.answerers.features import QuestionInfo

MAX_FULL_READS = 2  # documents read again in full per question (one request each)


def shortened(doc: Document) -> bool:
    """True when the source returned only part of the document and can give it all."""
    cut = doc.metadata.get("full") is False or doc.metadata.get("lead_only") is True
    return cut and not doc.is_disambiguation


def to_read(
    evidence: Evidence, docs: dict[str, Document], limit: int = MAX_FULL_READS
) -> list[str]:
    """The shortened documents to read in full: those of the best-ranked candidates first
    (where the answerer already found the question's subject), at most `limit`."""
    out: list[str] = []
    for cand in evidence.ranked:
        doc_id = cand.doc.doc_id
        doc = docs.get(doc_id)
        if doc is not None and doc_id not in out and shortened(doc):
            out.append(doc_id)
            if len(out) >= limit:
                break
    return out


async def fetch_full(reader: Reader, doc_ids: list[str]) -> dict[str, Document]:
    """The whole text of each document, concurrently; a fetch that fails is left out (the
    short read stands) and logged."""
    return await fetch_each(reader, doc_ids, full=True)


async def read_further(
    answerer: ExtractiveAnswerer,
    q: QuestionInfo,
    evidence: Evidence,
    hits: list[Hit],
    docs: dict[str, Document],
    reader: Reader,
    skipped: list[DraftQuote],
) -> Evidence | None:
    """The evidence decided again after reading the best shortened documents in full, or
    None when there was nothing more to read (or every extra fetch failed). `docs` is
    updated in place with the full texts, so later steps (a second hop) read them too.
    Called only when `evidence` is under the floor."""
    wanted = to_read(evidence, docs)
    if not wanted:
        return None
    fuller = {
        d: doc
        for d, doc in (await fetch_full(reader, wanted)).items()
        if len(doc.text) > len(docs[d].text)
    }
    if not fuller:
        return None
    docs.update(fuller)
    return await run_cpu(answerer.assess, q, hits, docs, skipped)
