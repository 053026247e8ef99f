"""Disambiguation pages: pick the sense the question means, or say the question is ambiguous.

A disambiguation page ("Mercury may refer to: ...") lists senses; its lines are not facts
about any one of them, so they are never evidence. When the question names something that
tells the senses apart ("the *planet* Mercury"), the matching sense pages are read instead;
when nothing does, the honest answer is a refusal with the `ambiguous` code and the senses.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wikiqa.answerers.base import Reader
from wikiqa.answerers.optional import fetch_each
from wikiqa.text.terms import content_terms
from wikiqa.types import Ambiguity, Document, Draft, Hit, RefusalCode

MAX_SENSES_TO_READ = 2
MAX_SENSES_LISTED = 8
_PAREN = re.compile(r"\(([^)]*)\)")
# "What is X?", "Who was X?": a question that asks about nothing but a name.
_ASKS_NAME = re.compile(r"^\s*(?:what|who)\s+(?:is|was|are|were)\s+(.+?)[\s?.!]*$", re.I)
# What Wikipedia adds to a shared name to tell its pages apart: "(song)", ": Subtitle".
_QUALIFIER = re.compile(r"\s*(?:\([^)]*\)|:\s.*)$")
# Words a title leaves in lower case ("Hit the Road Jack", "Tribute to Uncle Ray").
_TITLE_SMALL = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "nor",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "as",
        "into",
        "over",
        "de",
        "la",
        "le",
        "von",
        "van",
    ]
)
_QUOTES = "\"'“”‘’"


def pick_senses(question: str, page: Document) -> list[str]:
    """Sense titles whose distinguishing words (beyond the page's own title) occur in the
    question, best first; empty when the question does not tell the senses apart."""
    asked = set(content_terms(question))
    base = set(content_terms(_PAREN.sub(" ", page.title)))
    scored: list[tuple[int, int, str]] = []
    for order, sense in enumerate(page.senses):
        distinguishing = set(content_terms(sense)) - base
        shared = len(distinguishing & asked)
        if shared:
            scored.append((-shared, order, sense))
    return [sense for _, _, sense in sorted(scored)[:MAX_SENSES_TO_READ]]


def names_only(question: str, page: Document) -> bool:
    """The question's content words are all in the page's title ("What is Mercury?")."""
    asked = set(content_terms(question))
    return bool(asked) and asked <= set(content_terms(_PAREN.sub(" ", page.title)))


def _plain(name: str) -> str:
    return " ".join(name.strip().strip(_QUOTES).split()).casefold()


def asked_name(question: str) -> str:
    """The bare name a question asks about ("What is Here We Go Again?" -> "Here We Go
    Again"), or "" when it asks anything more."""
    m = _ASKS_NAME.match(question)
    name = m.group(1).strip().strip(_QUOTES).strip() if m else ""
    words = name.split()
    if not words or question[:1].islower():  # typed all in lower case: no name to read
        return name if words and question.islower() else ""
    if not all(w[:1].isupper() or w[:1].isdigit() or w in _TITLE_SMALL for w in words[1:]):
        return ""  # "the capital of France", "Ray Charles's net worth": not a name
    return name if words[0][:1].isupper() or words[0][:1].isdigit() else ""


async def named_first(
    question: str, hits: list[Hit], docs: dict[str, Document], reader: Reader
) -> list[Hit]:
    """For a question about a bare name, the page titled by that name alone when there is
    one: the name's primary topic ("Who is Ray Charles?": the singer, not the album "Ray
    Charles (album)"), whose own page says what it is, or its disambiguation page ("What
    is Ray?"). When no hit has that title and the source addresses documents by title
    (every hit's id is its title, as on a wiki), the title is read (one optional request;
    added to `docs`) and put first."""
    name = asked_name(question)
    if not name or not hits:
        return hits
    exact = [h for h in hits if _plain(h.title) == _plain(name)]
    if exact:  # what the name refers to is what its own page says
        return exact
    if not all(h.doc_id == h.title for h in hits):
        return hits
    doc = (await fetch_each(reader, [name])).get(name)  # optional.py
    if doc is None:  # no such page (a redirect's target is the name's primary topic)
        return hits
    docs[doc.doc_id] = doc
    page = Hit(
        source=doc.source,
        doc_id=doc.doc_id,
        title=doc.title,
        url=doc.url,
        score=hits[0].score,
        is_disambiguation=doc.is_disambiguation,
    )
    return [page, *(h for h in hits if h.doc_id != doc.doc_id)]


def shared_name(question: str, titles: Sequence[str]) -> list[str]:
    """The titles that share the bare name a question asks about, when it is ambiguous
    without a disambiguation page: "What is Here We Go Again?" finding "Here We Go Again
    (Ray Charles song)" and "Here We Go Again: Celebrating the Genius of Ray Charles", but
    no page titled by the name alone. Wikipedia gives such pages a disambiguation page;
    when the search did not return it (or reading it failed), the titles say the same.
    Empty when the question asks more than a name, or one page is titled by it alone (the
    name's primary topic), or fewer than two titles share it."""
    name = _plain(asked_name(question))
    if not name or any(_plain(t) == name for t in titles):
        return []
    senses = [t for t in titles if _QUALIFIER.search(t) and _plain(_QUALIFIER.sub("", t)) == name]
    return senses if len(senses) >= 2 else []


def ambiguity_reason(page: Document) -> str:
    """A refusal reason that lists the senses, so the reader can ask again precisely."""
    return _reason(page.title, page.senses)


def _reason(title: str, all_senses: Sequence[str]) -> str:
    senses = all_senses[:MAX_SENSES_LISTED]
    more = f" and {len(all_senses) - len(senses)} more" if len(all_senses) > len(senses) else ""
    listed = "; ".join(senses) if senses else "several subjects"
    return f"{title!r} may refer to several things ({listed}{more}); ask about one of them by name"


def ambiguity(page: Document) -> Ambiguity:
    """The senses of a disambiguation page as a result field (the web page's choices)."""
    senses = page.senses[:MAX_SENSES_LISTED]
    return Ambiguity(title=page.title, senses=senses, unlisted=len(page.senses) - len(senses))


def ambiguous_draft(page: Document) -> Draft:
    """The refusal for a question `page` leaves ambiguous: its senses in prose and as data."""
    return Draft(
        refusal=RefusalCode.ambiguous, reason=ambiguity_reason(page), ambiguity=ambiguity(page)
    )


def shared_name_draft(question: str, senses: Sequence[str]) -> Draft:
    """The refusal for a bare name several found pages share (see `shared_name`)."""
    title = asked_name(question) or question
    listed = list(senses[:MAX_SENSES_LISTED])
    return Draft(
        refusal=RefusalCode.ambiguous,
        reason=_reason(title, senses),
        ambiguity=Ambiguity(title=title, senses=listed, unlisted=len(senses) - len(listed)),
    )
