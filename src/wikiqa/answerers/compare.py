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
from wikiqa.answerers.rows import NO, named_cells, row_fit
from wikiqa.answerers.says_more import said_keys
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


# "Which is longer: primary caregiver leave or secondary caregiver leave?": two things in
# common words, set off by a colon or comma, each of at most five words.
_PHRASE = r"[a-z][\w'’-]*(?:\s+[\w'’-]+){0,4}?"
_PHRASE_PAIR = re.compile(rf"[:,]\s*(?:the\s+|a\s+|an\s+)?(?P<a>{_PHRASE})\s+or\s+"
                          rf"(?:the\s+|a\s+|an\s+)?(?P<b>{_PHRASE})\s*\?\s*$")  # fmt: skip


def compared_phrases(question: str) -> tuple[str, str, str] | None:
    """(thing A, thing B, answer type) for a comparison of two things named in common words
    after a colon or comma ("Which is longer: primary caregiver leave or secondary caregiver
    leave?"), else None."""
    if not _ASKS.match(question):
        return None
    m = _PHRASE_PAIR.search(question.strip())
    if m is None:
        return None
    head = question[: m.start()]
    wh = "when" if _WHEN.search(head) else "number" if _NUMBER.search(head) else None
    if wh is None:
        return None
    return m.group("a").strip(), m.group("b").strip(), wh


def compared_in(
    q: QuestionInfo, a: str, b: str, wh: str, ranked: list[Candidate]
) -> list[Candidate] | None:
    """[candidate of A, candidate of B] from the first hop's top `ranked`: for each thing,
    the best-ranked sentence or row that says all its words (with its title and heading:
    "Secondary caregivers get 4 weeks." under "Parental Leave") and none of the words that
    set the other apart ("primary" / "secondary"), and holds the compared kind; else None."""
    picked: list[Candidate] = []
    for own, other in ((a, b), (b, a)):
        mine, theirs = set(keys(own)), set(keys(other)) - set(keys(own))
        best = next(
            (
                c
                for c in ranked[:ROW_POOL]
                if mine <= said_keys(c)
                and not theirs & set(c.terms)
                and answers_type(wh, c.text, set(q.terms) - mine)
                and all(c is not p for p in picked)
            ),
            None,
        )
        if best is None:
            return None
        best.part = own
        picked.append(best)
    return picked


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


ROW_POOL = 10  # top-ranked first-hop candidates searched for the two compared rows


def _row_answers(wh: str, qset: frozenset[str], c: Candidate) -> bool:
    """Is `c` a table row that can answer a question of type `wh` with keys `qset`?"""
    if c.header is None:
        return False
    args = (c.doc.text, c.doc.title, c.header.text, c.span.text, c.header.start)
    return row_fit(wh, qset, *args) != NO


def compared_rows(
    q: QuestionInfo, a: str, b: str, wh: str, ranked: list[Candidate]
) -> list[Candidate] | None:
    """[row of A, row of B] of one retrieved table, when the compared entities key two of its
    rows ("Which office gets more leave days, Lisbon or Berlin?" over a table by office) and
    each row holds the compared kind; else None. A table compares its rows itself: no
    entity has a document of its own."""
    picked: list[Candidate] = []
    for own, other in ((a, b), (b, a)):
        drop = set(keys(other)) - set(keys(own))
        qset = frozenset(t for t in q.terms if t not in drop)
        row = next(
            (
                c
                for c in ranked[:ROW_POOL]
                if named_cells(c.span.text, frozenset(keys(own)), ())
                and not named_cells(c.span.text, frozenset(keys(other)), ())
                and _row_answers(wh, qset, c)
            ),
            None,
        )
        if row is None:
            return None
        picked.append(row)
    first, second = picked
    same_table = (first.doc.doc_id, first.header) == (second.doc.doc_id, second.header)
    if not same_table or first is second:
        return None
    first.part, second.part = a, b
    return picked


async def compare(
    answerer: ExtractiveAnswerer,
    q: QuestionInfo,
    docs: dict[str, Document],
    reader: Reader,
    skipped: list[DraftQuote],
    ranked: list[Candidate] | None = None,
) -> list[Candidate] | None:
    """[sentence of A, sentence of B], each from the entity's own document and holding the
    compared attribute, or the two rows of a retrieved table the entities key (among the
    first hop's `ranked` candidates), or None (not a comparison, or either side
    unresolved)."""
    found = compared(q.text)
    if found is None:
        phrases = compared_phrases(q.text)
        return compared_in(q, *phrases, ranked or []) if phrases else None
    a, b, wh = found
    rows = compared_rows(q, a, b, wh, ranked or [])
    if rows is not None:
        return rows
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
