"""A place's supplement answers only a question that names its place (gap76; measured,
switched off).

Each handbook from the sixteenth on keeps one page for an outlying site: "Working at
Gibraltar" ("This supplement sets out the terms that differ for colleagues at The Calpe
Picturehouse, ... Everything not covered here follows the main handbook."), "Working on
Skerrin Island", "London Practices Supplement". Its lines restate the general rules with the
site's own figures, in more of a question's words than the general table's row: "What extra
do I get paid for working a Sunday?" from a cinema host is answered with Calpe's "Sunday work
is paid at time and a quarter, ..." over "| Sunday | time and a fifth |" (hb25-fact-14).

The reading (`site_pages`, `WithoutPages`): when an answer cites a page whose title places it
at, in or on a named place ("Working at X", "X Supplement") and whose opening sentence names
whom it is for, and the question says no word of those names, the question is asked again
with such pages set aside; the new answer replaces the first only when it answers from
other documents (a refusal keeps the first: the supplement may be the only page on its
matter, as its own site's staff cottages or minibus are).

Why switched off: the asker's site cannot be read from the principal (a user id, "staff" and
a department shared with every other site), so an outlying-site asker who does not name the
site ("What are our opening hours on a Sunday?" at Lisburn, hb18-trap-08) loses the
supplement's right line to the general page's; and the case it was built for stays as it was
(with Calpe's page aside, hb25-fact-14's general row "| Sunday | time and a fifth |" scores
0.28, so the first answer stands). Measured by probing every open dev task whose answer cites a
supplement (handbook16-25): hb18-trap-08 lost, hb20-hop-08 answered from the routes pages
instead, nothing else changed in outcome; see docs/extractive.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from wikiqa.answerers.named_title import NOT_NAMES
from wikiqa.answerers.scope import opening_text

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.types import Document, Hit

SITE_SUPPLEMENT = False  # switch: a place's supplement set aside when its place is unnamed
WIDE = 20  # hits searched so that the pages set aside leave the asked number

# "Working at Gibraltar", "Working on Skerrin Island", "Care Worker Pay in Wales", "London
# Practices Supplement": a title placing its page at one named place
TITLE_PLACED = re.compile(
    r"^Working\s+(?:at|in|on)\s+[A-Z]|\b[Ss]upplement\b|\b(?:in|at|on)\s+[A-Z][\w'-]*$"
)
# the opening sentence saying whom the page is for ("... for colleagues at ...", "applies to
# colleagues based at ...", "has its own terms")
_FOR_COLLEAGUES = re.compile(
    r"\b(?:for|to)\s+(?:[A-Z][\w-]*\s+)?(?:colleagues|staff|people|everyone)\b"
    r"|\bhas\s+its\s+own\s+terms\b",
    re.I,
)
_TITLE_PLACE = re.compile(r"\b(?:at|in|on)\s+((?:[A-Z][\w'\u2019-]*\s*)+)$")
_RUN = re.compile(r"[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*")
_WORD = re.compile(r"[a-z0-9]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_LOWER = re.compile(r"\b[A-Z][\w'\u2019-]*")  # capitalised words blanked: the rest is lower case
OPENING_SENTENCES = 2  # the opening sentences read for whom the page is for


def site_names(doc: Document) -> frozenset[str]:
    """The words of the names a place's supplement is for: its title's and its opening
    sentences' capitalised runs (each sentence's first word left out), lower-cased, without
    a word the page also writes in lower case ("pay", "pool", "the": a common word, not a
    name); empty when `doc` is no place's supplement."""
    if not TITLE_PLACED.search(doc.title):
        return frozenset()
    opening = _SENTENCE_END.split(opening_text(doc.text).strip())[:OPENING_SENTENCES]
    if not any(_FOR_COLLEAGUES.search(s) for s in opening):
        return frozenset()
    runs = _RUN.findall(doc.title) + [r for s in opening for r in _RUN.findall(s.partition(" ")[2])]
    words = {w for run in runs for w in _WORD.findall(run.lower())}
    common = set(_WORD.findall(_LOWER.sub(" ", doc.text)))
    placed = _TITLE_PLACE.search(doc.title)  # "Skerrin Island" of "Working on Skerrin Island"
    titled = set(_WORD.findall(placed.group(1).lower())) if placed else set()
    return frozenset(((words - common) | titled) - NOT_NAMES - {"working", "supplement"})


def site_pages(docs: Iterable[Document], question: str) -> frozenset[str]:
    """The ids of `docs` that are a place's supplement whose names the question says no
    word of: pages for another site than any the question names."""
    said = set(_WORD.findall(question.lower()))
    return frozenset(d.doc_id for d in docs if (names := site_names(d)) and not (names & said))


class WithoutPages:
    """A reader whose searches leave out the hits of `aside` (searched `WIDE` deep so that
    `k` remain); fetches and everything else are the wrapped reader's."""

    def __init__(self, reader: Reader, aside: frozenset[str]) -> None:
        self._reader = reader
        self._aside = aside

    async def search(self, query: str, k: int = 5) -> list[Hit]:
        hits = await self._reader.search(query, k=max(k, WIDE))
        return [h for h in hits if h.doc_id not in self._aside][:k]

    async def fetch(self, doc_id: str, *, full: bool = False, **kwargs: Any) -> Document:
        return await self._reader.fetch(doc_id, full=full, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)
