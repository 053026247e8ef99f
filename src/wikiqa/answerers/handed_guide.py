"""The guide a retrieved page hands the asker's kind to, fetched when the search missed it.

A general page often says that one kind of reader has their own rule on its matter in
another document, named by its title: "Apprentices have their own probation in the
Apprentice Handbook." (Probation, handbook23), "Apprentices have their own probation terms
in the Apprentice Handbook." (handbook21). scope.py reads such a sentence for the asker
(`_handing`, `handed_for_asker`): the guide it names answers for them, bounded by what its
line says. But that reading needs the guide among the hits, and a short question ("How
long's my probation?") may not retrieve it: the general page's band table then answers an
apprentice with another audience's figure. Here the named guide is looked up by its title
and added to the hits, only when

- a retrieved page's sentence hands the asker's own kind (their role, `scope._handing`) a
  rule on a matter the question names (a word of the question past the kind's and the
  words of having: "probation");
- the document the reader finds by that exact title names the asker's kind in its title
  ("Apprentice Handbook" for an apprentice: `neighbours.names_asker`).

Nothing else changes: whose guide answers, and whether its line says what was asked, is
scope.py's reading as before (a guide handed only "in" answers only with a line that says
a value of the kind asked, `restated.says_value_asked`). An asker of another kind is never
handed the guide (the sentence names the kind, and the asker must be of it).
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from wikiqa.answerers.base import Reader
from wikiqa.answerers.kinds import asked_row_kind, asks_duration
from wikiqa.answerers.neighbours import audience, names_asker
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.answerers.pointed import same_title
from wikiqa.answerers.restated import says_value_asked
from wikiqa.answerers.scope import _handing
from wikiqa.types import Document, Draft, Hit, Principal

HANDED_GUIDE = True  # fetch the guide a retrieved page hands the asker's kind to (wrong74)

# The ids of the guides fetched for the question being answered (reset by the answerer for
# each question): the answer is kept only when such a guide's line answers first and says a
# value of the kind asked (`handed_kept`); else the question is answered again with the
# reading off (`FETCH_OFF`), so the fetched guide changes nothing else.
FETCHED: ContextVar[frozenset[str]] = ContextVar("handed_guide_fetched", default=frozenset())
FETCH_OFF: ContextVar[bool] = ContextVar("handed_guide_off", default=False)  # the second reading

# the title a handing sentence names: after its last "in [the|their]", to its end
_IN_TITLE = re.compile(r".*\sin\s+(?:the\s+|their\s+)?(?P<t>[A-Z][^().;]{2,80}?)\s*[).;]?\s*$")


def handed_titles(
    hits: list[Hit], docs: dict[str, Document], question: str, principal: Principal | None
) -> list[str]:
    """The titles the retrieved pages hand the asker's kind to on a matter the question
    names (`scope._handing`), that no hit has and that name the asker's kind, in order."""
    mine = audience(principal)
    if not mine:
        return []
    out: list[str] = []
    for h in hits:
        for sentence in _handing(docs.get(h.doc_id), principal, question, "in"):
            m = _IN_TITLE.search(sentence)
            title = m.group("t").strip() if m else ""
            if (
                title
                and names_asker(title, mine)
                and not any(same_title(title, o.title) for o in hits)
                and title not in out
            ):
                out.append(title)
    return out


async def handed_hits(
    question: str,
    principal: Principal | None,
    hits: list[Hit],
    docs: dict[str, Document],
    reader: Reader,
    k: int,
) -> tuple[list[Hit], dict[str, Document]]:
    """The guides `handed_titles` names, found by their exact title (each passage found of
    it, scored as the top hit: the page that hands them says they are the asker's), and
    their documents; none when switched off or none is found."""
    if not HANDED_GUIDE or FETCH_OFF.get() or not hits:
        return [], {}
    top = max(h.score for h in hits)
    found: list[Hit] = []
    for title in handed_titles(hits, docs, question, principal):
        for h in await search_or_nothing(reader, title, k):
            if same_title(title, h.title) and h.doc_id not in {f.doc_id for f in found}:
                found.append(h.model_copy(update={"score": top}))
    if not found:
        return [], {}
    read = await fetch_each(reader, [h.doc_id for h in found])
    return [h for h in found if h.doc_id in read], read


def handed_kept(question: str, draft: Draft, fetched: frozenset[str]) -> bool:
    """Is `draft` one this reading may give: its first quote is of a guide fetched here,
    and a quote of its first claim from that guide says what was asked (below)? The
    question must ask a value of a kind (a duration, a sum, a count ...:
    `kinds.asked_row_kind`, `kinds.asks_duration`; the kind of question whose general row
    the guide's own value overrides: "How long's my probation?", not "What happens if I fail
    my probation?"), and the quote say it (`restated.says_value_asked`). Else the fetched
    guide changed nothing it may change (another line of the pool answered, or the guide
    answered a matter its line does not state) and the question is answered without it."""
    quotes = draft.claims[0].quotes if draft.claims else []
    if draft.refusal is not None or not quotes or quotes[0].doc_id not in fetched:
        return False
    if asked_row_kind(question) is None and not asks_duration(question):
        return False
    return any(q.doc_id in fetched and says_value_asked(question, q.quote) for q in quotes)
