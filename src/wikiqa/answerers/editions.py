"""Which edition answers: the one in force, or the past one the question asks for.

`neighbours.in_force` drops a withdrawn edition beside its retrieved replacement. Two cases
it leaves open, both a plausible wrong neighbour:

- the question asks plainly for what applied before ("What was a Band 3 paid an hour before
  this April's pay rise?", "the old mileage rate"): the edition in force answers it no more
  than the withdrawn one answers a question about today, so the replacement of a retrieved
  past edition is dropped (`as_asked_then`);
- a past edition is retrieved in passing, not first, and its replacement is not
  (`neighbours.replacement_hits` searches only for the one ranked first): its row with the
  old figure would still answer ("| Steel fixer | £150 |" of "Tool Allowance 2025-26
  (superseded)"). When the collection holds its replacement, it is dropped
  (`replaced_elsewhere`): an answer never quotes a superseded edition whose replacement is
  readable. A document to come (a draft, a proposal) is not a past edition: nothing
  replaces it, it is the only text on what it proposes.
"""

from __future__ import annotations

import re

from wikiqa.answerers.base import Reader
from wikiqa.answerers.neighbours import (
    BEFORE_CHANGE,
    in_force,
    not_asked_for,
    out_of_force,
    plainly_out_of_force,
    replaces,
    subject_keys,
    subject_words,
    to_come,
)
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.types import Document, Hit

_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
# Words asking plainly for a past edition: a time before a change of the rules, "used to",
# or an edition called old ("the old standard", "previous rates"); "the previous year" or
# "my old manager" ask for no edition.
_EDITION_NOUN = (
    r"(?:polic(?:y|ies)|editions?|versions?|standards?|rules?|rates?|scales?|bands?|"
    r"calendars?|schemes?|allowances?|limits?|figures?|amounts?)"
)
_ASKS_PAST_EDITION = re.compile(
    BEFORE_CHANGE
    + r"|\bused\s+to\b"
    + r"|\b(?:old|previous|former|earlier|superseded|archived|withdrawn)\s+(?:[\w-]+\s+){0,2}?"
    + _EDITION_NOUN
    + r"\b",
    re.I,
)


def asks_past_edition(question: str) -> bool:
    """Does the question ask plainly for what applied before a change (`_ASKS_PAST_EDITION`)?"""
    return _ASKS_PAST_EDITION.search(question) is not None


def _past_editions(hits: list[Hit], docs: dict[str, Document]) -> list[Hit]:
    """The hits plainly not in force that are past editions (not drafts or proposals)."""
    return [
        h
        for h in hits
        if plainly_out_of_force(doc := docs.get(h.doc_id), h) and not to_come(doc, h)
    ]


def as_asked_then(hits: list[Hit], docs: dict[str, Document], question: str) -> list[Hit]:
    """The hits less each document in force that replaces a retrieved past edition, when
    the question asks for the past one, plainly (`asks_past_edition`: "before this April's
    pay rise" is answered by the rates that applied then, not by today's) or by a year its
    title says and the replacement's does not."""
    past = _past_editions(hits, docs)
    if not past:
        return hits
    plainly = asks_past_edition(question)
    said = _years(question)

    def asked_over(new: Hit, old: Hit) -> bool:
        """Does the question ask for `old` rather than `new`, its replacement: plainly, or
        by a year `old`'s title says and `new`'s does not ("in 2025-26")?"""
        dated = bool(said & (_years(old.title) - _years(new.title)))
        return (plainly or dated) and replaces(new, docs.get(old.doc_id), old)

    return [
        h
        for h in hits
        if out_of_force(docs.get(h.doc_id), h) or not any(asked_over(h, p) for p in past)
    ]


def _years(text: str) -> frozenset[str]:
    """The years `text` says ("Pay Bands 2025-26": 2025)."""
    return frozenset(m.group(0) for m in _YEAR.finditer(text))


async def replaced_elsewhere(
    question: str, hits: list[Hit], docs: dict[str, Document], reader: Reader, k: int
) -> list[Hit]:
    """The hits less each past edition not asked for whose replacement the collection holds
    though the search did not return it: its subject ("Tool Allowance 2025-26
    (superseded)": "Tool Allowance") is searched, and a document in force found that
    `replaces` it drops it. One search per such edition; a collection without archives
    never pays it."""
    retrieved = {h.doc_id for h in hits}
    dropped: set[str] = set()
    for old in _past_editions(hits, docs):
        doc = docs.get(old.doc_id)
        if not not_asked_for(doc, old, question, plainly=True) or not subject_keys(old.title):
            continue
        if any(replaces(h, doc, old) for h in hits if not out_of_force(docs.get(h.doc_id), h)):
            continue  # its replacement is retrieved: `in_force` drops it
        fresh = [
            h
            for h in await search_or_nothing(reader, subject_words(old.title), k)
            if h.doc_id not in retrieved
        ]
        read = await fetch_each(reader, [h.doc_id for h in fresh])
        if any(
            h.doc_id in read and not out_of_force(read[h.doc_id], h) and replaces(h, doc, old)
            for h in fresh
        ):
            dropped.add(old.doc_id)
    return [h for h in hits if h.doc_id not in dropped]


async def editions_asked(
    question: str, hits: list[Hit], docs: dict[str, Document], reader: Reader, k: int
) -> list[Hit]:
    """A search's hits with the editions the question does not ask for dropped: a withdrawn
    edition beside its retrieved replacement (`neighbours.in_force`), the edition in force
    when the question asks for a retrieved past one (`as_asked_then`), and a past edition
    whose replacement the collection holds (`replaced_elsewhere`). The question's own search
    and each part's search take the same three steps, in this order."""
    hits = as_asked_then(in_force(hits, docs, question), docs, question)
    return await replaced_elsewhere(question, hits, docs, reader, k)


def read_editions(hits: list[Hit], docs: dict[str, Document], question: str) -> list[Hit]:
    """Any search's hits (the question's, a part's, a bridge's) under the rules of the
    question's own: a withdrawn edition whose replacement has been read this question, or
    the edition in force when the question asks for a past one that has been read, is no
    hit. `docs` holds every document read so far."""
    seen = {h.doc_id for h in hits}
    read = [
        Hit(source=d.source, doc_id=d.doc_id, title=d.title, url=d.url, score=0.0)
        for d in docs.values()
        if d.doc_id not in seen
    ]
    kept = {
        h.doc_id for h in as_asked_then(in_force([*hits, *read], docs, question), docs, question)
    }
    return [h for h in hits if h.doc_id in kept]
