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
    OPENING_CHARS,
    asks_about_version,
    in_force,
    not_asked_for,
    out_of_force,
    plainly_out_of_force,
    replaces,
    subject_keys,
    subject_words,
    to_come,
    without_front_matter,
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


# A document's own edition, stated in its opening: when it took or takes effect, what it
# replaces, that it is a draft or not in force ("This policy is in force from 1 April 2026.",
# "In force from 1 August 2026. It replaces the 2024 policy.", "Version 4, effective 1 March
# 2025.", "From 1 January 2026."). Such a line says which edition the document is, the fact
# that sets it beside its neighbours (the superseded edition, the draft), not a rule of its
# subject. "The next pay review takes effect on ..." and "The TLR takes effect from ..." speak
# of a thing the document is about, not of the document: only a document noun is its subject.
_DOC_NOUN = (
    r"(?:polic(?:y|ies)|standard|edition|version|guide|guidance|handbook|procedure|"
    r"document|page|scheme|calendar|rules|agreement|framework)"
)
_EDITION_LINE = re.compile(
    r"^[\W_]*(?:"
    rf"(?:this|the)\s+(?:[\w-]+\s+){{0,2}}?{_DOC_NOUN}\s+(?:is\s+|was\s+|has\s+been\s+)?"
    r"(?:(?:not\s+(?:yet\s+)?)?in\s+force|took\s+effect|takes\s+effect|applies\s+from|"
    r"applied\s+from|came\s+into\s+force|comes\s+into\s+force|(?:is\s+)?effective|replaces|"
    r"replaced|supersedes|superseded)\b"
    r"|(?:[\w-]+\s+){0,2}?in\s+force\s+(?:from|since|until)\b"
    r"|effective\s+(?:from\s+)?\d"
    r"|version\s+\d+[,.]?\s+effective\b"
    r"|from\s+\d{1,2}\s+[a-z]+\s+\d{4}\s*\.\s*$"
    r"|it\s+replaces\s+the\b"
    r")",
    re.I,
)
# What a question asking about the edition itself says: when the rules came in or changed,
# which version applies, what replaced what ("When did the new expenses policy start?").
_ASKS_EDITION = re.compile(
    r"\b(?:in\s+force|effect(?:ive)?|replac\w*|supersed\w*|start(?:s|ed)?|begin|began|begun|"
    r"came\s+in|come\s+in|comes\s+in|introduc\w*|since|valid|new|change[sd]?|updat\w*|"
    r"current|version|edition|draft|revis\w*|latest|expire\w*|until)\b",
    re.I,
)


def edition_line(doc: Document, start: int, text: str) -> bool:
    """Is the sentence `text` at `start` of `doc` a statement of the document's own edition
    (`_EDITION_LINE`) in its opening lines (the first `neighbours.OPENING_CHARS` after its
    front matter)?"""
    body = without_front_matter(doc.text)
    offset = len(doc.text) - len(body)
    return start - offset < OPENING_CHARS and _EDITION_LINE.search(text.strip()) is not None


def asks_edition(question: str) -> bool:
    """Does the question ask about an edition itself: when rules came in or changed, which
    version is current, what a draft proposes (`_ASKS_EDITION`), or a past or coming version
    (`neighbours.asks_about_version`'s words)?"""
    return _ASKS_EDITION.search(question) is not None or asks_about_version(question, "")
