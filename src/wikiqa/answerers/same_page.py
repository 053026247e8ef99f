"""The bridge inside one article: a sentence resolves the question's description to the
subject of its own document, and another line of that document answers.

Why: "Where was Ray Charles's musical director born?" finds "Crawford was musical director
for Ray Charles ..." in the article *Hank Crawford*: the sentence says who is described,
and the article's infobox line "Born: December 21, 1934, Memphis, Tennessee" says what is
asked. The two-document hop (hops.py) looks for the described entity's document elsewhere
and skips the bridge's own article; this step asks that article itself.

It extends only an answer the first hop gives over the floor, and only when that answer's
sentence (the bridge) sits in a document the question does not name (so its subject is the
entity the question describes, not one it names), resolves the description (`hops.holds_question`) and leaves part of the question unsaid
(the residual). The article is then asked the substituted question (residual terms plus
its title), which must clear the floor with a line that says a residual term. No request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.features import keys
from wikiqa.answerers.hops import holds_question, residual, substituted, title_base, whole_hit
from wikiqa.types import Hit
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.types import Document, DraftQuote

ANSWER_LINES = 3  # top-ranked lines of the article tried as the answer


def unnamed_subject(q: QuestionInfo, doc: Document) -> bool:
    """Is `doc` about something the question does not name? (None of its title's words,
    less a qualifier such as "(film)", is a question term.)"""
    title = set(keys(title_base(doc.title)))
    return bool(title) and not title & set(q.terms)


async def same_page_hop(
    answerer: ExtractiveAnswerer,
    q: QuestionInfo,
    first: Evidence,
    docs: dict[str, Document],
    skipped: list[DraftQuote],
    hits: list[Hit] | None = None,
) -> list[Candidate] | None:
    """[bridge sentence, answer line] from one document, or None (see the module doc).
    Only an answer the first hop already gives over the floor is extended, from its best
    sentence (the bridge), which is never dropped: this step never turns a refusal into an
    answer (SQuAD 2.0's unanswerable questions read on-topic articles with no named subject
    and would be answered). The article is read as retrieved: the passages of `hits` from
    it when they carry offsets (a chunked collection: reading a long document whole would
    embed all of it for the injection check), else the whole page (an infobox comes last)."""
    if first.score < answerer.floor:
        return None
    bridge = first.ranked[0]
    doc = docs.get(bridge.doc.doc_id, bridge.doc)
    rest = residual(q, bridge)
    if not rest or not unnamed_subject(q, doc) or not holds_question(q, bridge):
        return None
    q2 = substituted(q, bridge, doc.title.split(" (")[0])  # the title, less a qualifier
    passages = [h for h in hits or [] if h.doc_id == doc.doc_id and h.start is not None]
    whole = whole_hit(doc)
    read = passages or [whole]
    evidence = await run_cpu(answerer.assess, q2, read, {doc.doc_id: doc}, skipped)
    if evidence is None or evidence.score < answerer.floor:
        return None
    best = next(
        (
            c
            for c in evidence.ranked[:ANSWER_LINES]
            if c.span.start != bridge.span.start and rest - residual(q2, c)
        ),
        None,
    )
    if best is None:
        return None
    bridge.part, best.part = "bridge", "answer"
    return [bridge, best]
