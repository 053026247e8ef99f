"""Comparison questions for the extractive answerer: "Who is older, A or B?".

Such a question names two entities and asks which of them has more (or less) of one
attribute. Neither entity's document can answer it alone, and a sentence that happens to
mention both rarely holds the attribute of either. Each named entity is retrieved on its
own; from its own document the sentence holding the compared attribute (a date for older /
younger / first / earlier, a number for more / larger / taller ...) is cited, so the answer
shows both values side by side. It answers only when both entities have their own document
and each yields a sentence of the compared kind; otherwise the question goes the ordinary
way.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import QuestionInfo, answers_type, keys
from wikiqa.answerers.hops import HOP_K, names_document, title_base
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate, ExtractiveAnswerer
    from wikiqa.types import Document, DraftQuote, Hit

_RUN = r"(?:the\s+)?[A-Z][\w.'’&-]*(?:\s+(?:of\s+|the\s+|de\s+|da\s+)?[A-Z0-9][\w.'’&-]*)*"
_PAIR = re.compile(rf"(?P<a>{_RUN})\s*,?\s+or\s+(?P<b>{_RUN})\s*\??\s*$")
# The compared attribute, by the comparative the question uses, as an answer type.
_WHEN = re.compile(r"\b(older|oldest|younger|youngest|first|earlier|earliest|later|latest|"
                   r"sooner|before|after|born|founded|established|released|formed)\b", re.I)  # fmt: skip
_NUMBER = re.compile(r"\b(more|most|fewer|less|larger|largest|bigger|biggest|smaller|"
                     r"taller|higher|longer|shorter|heavier|greater|population|many|much)\b",
                     re.I)  # fmt: skip
# Age is compared through birth dates ("older" is answered by "born 8 October 1970").
_AGE = re.compile(r"\b(older|oldest|younger|youngest|born)\b", re.I)
_ASKS = re.compile(r"^\s*(who|which|what)\b", re.I)


def compared(question: str) -> tuple[str, str, str] | None:
    """(entity A, entity B, answer type of the compared attribute) for a comparison
    question ("Who was born first, Erika Jayne or Marco Da Silva"), else None."""
    if not _ASKS.match(question):
        return None
    m = _PAIR.search(question.strip())
    if m is None:
        return None
    a, b = (re.sub(r"^the\s+", "", m.group(g)).strip() for g in ("a", "b"))
    head = question[: m.start()]
    if _WHEN.search(head):
        return a, b, "when"
    if _NUMBER.search(head):
        return a, b, "number"
    return None


def _side(q: QuestionInfo, own: str, other: str, wh: str) -> QuestionInfo:
    """The question asked of one entity: the other's name left out, its type the attribute."""
    drop = set(keys(other)) - set(keys(own))
    text = q.text.replace(other, "").replace(" or ", " ")
    age = ("born",) if _AGE.search(q.text) and "born" not in q.terms else ()
    return dataclasses.replace(
        q,
        text=text,
        wh=wh,
        terms=tuple(t for t in q.terms if t not in drop) + age,
        entities=q.entities - drop,
        parts=(text,),
    )


async def _own_documents(
    answerer: ExtractiveAnswerer, name: str, docs: dict[str, Document], reader: Reader
) -> list[Hit]:
    """The entity's own documents: titled with its name if any is, else named by it."""
    hits = await search_or_nothing(reader, name, HOP_K)
    docs.update(await answerer._fetch([h for h in hits if h.doc_id not in docs], reader))
    named = [h for h in hits if h.doc_id in docs and names_document(name, h, docs[h.doc_id])]
    exact = [h for h in named if title_base(h.title) == name.lower()]
    return exact or named


async def compare(
    answerer: ExtractiveAnswerer,
    q: QuestionInfo,
    docs: dict[str, Document],
    reader: Reader,
    skipped: list[DraftQuote],
) -> list[Candidate] | None:
    """[sentence of A, sentence of B], each from the entity's own document and holding the
    compared attribute, or None (not a comparison, or either side unresolved)."""
    found = compared(q.text)
    if found is None:
        return None
    a, b, wh = found
    chosen: list[Candidate] = []
    for own, other in ((a, b), (b, a)):
        hits = await _own_documents(answerer, own, docs, reader)
        if not hits:
            return None
        side = _side(q, own, other, wh)
        evidence = await run_cpu(answerer.assess, side, hits, docs, skipped)
        if evidence is None:
            return None
        qset = set(side.terms)
        best = next(
            (c for c in evidence.ranked if answers_type(wh, c.text, qset - set(keys(own)))),
            None,
        )
        if best is None or any(c.doc.doc_id == best.doc.doc_id for c in chosen):
            return None
        best.part = own
        chosen.append(best)
    return chosen
