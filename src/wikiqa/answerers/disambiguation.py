"""Disambiguation pages: pick the sense the question means, or say the question is ambiguous.

A disambiguation page ("Mercury may refer to: ...") lists senses; its lines are not facts
about any one of them, so they are never evidence. When the question names something that
tells the senses apart ("the *planet* Mercury"), the matching sense pages are read instead;
when nothing does, the honest answer is a refusal with the `ambiguous` code and the senses.
"""

from __future__ import annotations

import re

from wikiqa.text.terms import content_terms
from wikiqa.types import Ambiguity, Document, Draft, RefusalCode

MAX_SENSES_TO_READ = 2
MAX_SENSES_LISTED = 8
_PAREN = re.compile(r"\(([^)]*)\)")


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


def ambiguity_reason(page: Document) -> str:
    """A refusal reason that lists the senses, so the reader can ask again precisely."""
    senses = page.senses[:MAX_SENSES_LISTED]
    more = f" and {len(page.senses) - len(senses)} more" if len(page.senses) > len(senses) else ""
    listed = "; ".join(senses) if senses else "several subjects"
    return (
        f"{page.title!r} may refer to several things ({listed}{more}); "
        "ask about one of them by name"
    )


def ambiguity(page: Document) -> Ambiguity:
    """The senses of a disambiguation page as a result field (the web page's choices)."""
    senses = page.senses[:MAX_SENSES_LISTED]
    return Ambiguity(title=page.title, senses=senses, unlisted=len(page.senses) - len(senses))


def ambiguous_draft(page: Document) -> Draft:
    """The refusal for a question `page` leaves ambiguous: its senses in prose and as data."""
    return Draft(
        refusal=RefusalCode.ambiguous, reason=ambiguity_reason(page), ambiguity=ambiguity(page)
    )
