"""Documents that say their rule is for named readers only.

A handbook's terms for another employer's staff, a region's own page or a subsidiary's drivers
often open by saying so: "These terms apply to Pennant staff only; Ravensholt Hotels' own
policies do not.", "This page applies to staff in the Scotland region only: Lomond House in
Glasgow, Cambuslang Yard and our Scottish sites.", "These terms apply to Ardlow drivers only".
`scope.named_elsewhere` sets such a document aside only when a retrieved sibling covers the
place the asker names; when the sibling was not retrieved (or the collection has none the
reader may see), the scoped document is the nearest neighbour, and its line answers an asker
it says is not among its readers ("How much is the staff rate for a room?" from a
receptionist of the main hotels, answered with the franchise staff's £59). The word "only"
makes the scope exclusive by the document's own words, sibling or none: an asker who names
none of its readers is not one of them.
"""

from __future__ import annotations

import re

from wikiqa.answerers.neighbours import GENERIC_AUDIENCE, title_readers
from wikiqa.answerers.scope import (
    COVERS,
    MAX_CLAUSE,
    SENTENCE,
    asker_forms,
    opening_text,
    scope_names,
)
from wikiqa.text.memo import memo_by_chars, text_weight
from wikiqa.types import Document, Hit, Principal

_ONLY = re.compile(r"\bonly\b", re.I)


@memo_by_chars(2_000_000, text_weight)
def only_names(text: str) -> frozenset[str]:
    """The names (`scope.scope_names`) of a document whose opening scope sentence says its
    readers are those "only" ("These terms apply to Pennant staff only; ...": pennant);
    empty when the opening states no scope, a scope without "only", or one naming no one
    by name ("For shift managers, depot managers and directors only.")."""
    for sentence in SENTENCE.split(opening_text(text)):
        m = COVERS.match(sentence.strip())
        if m is None or re.search(r"\bsee\b", sentence):
            continue
        who = m.group("who").split(";")[0]
        if len(who) > MAX_CLAUSE or not _ONLY.search(who):
            return frozenset()
        return scope_names(text)
    return frozenset()


def readers_words(doc: Document) -> frozenset[str]:
    """What names a document's readers: its exclusive scope's names and the qualifying words
    of the readers its title names ("Terms for Franchise Hotel Staff": franchise, hotel),
    generic people words left out."""
    return only_names(doc.text) | (title_readers(doc.title) - GENERIC_AUDIENCE)


def for_others_only(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> set[str]:
    """The doc ids of the hits whose document says its rule is for named readers only
    (`only_names`) when the asker (the question's words, their roles and departments) says
    none of those names nor a word of the readers its title names: by its own words it is
    someone else's rule."""
    said = asker_forms(question, principal)
    out = set()
    for h in hits:
        doc = docs.get(h.doc_id)
        if doc is None or not only_names(doc.text):
            continue
        if not readers_words(doc) & said:
            out.add(h.doc_id)
    return out


def drop_others_only(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> list[Hit]:
    """`hits` less those `for_others_only` names; all of them when every one would go
    (nothing retrieved speaks for this asker then, and the floor decides)."""
    out = for_others_only(hits, docs, question, principal)
    if not out:
        return hits
    return [h for h in hits if h.doc_id not in out] or hits
