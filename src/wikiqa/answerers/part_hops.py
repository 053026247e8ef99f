"""Two-document steps for each part of a compound question.

A part of a compound question is as likely to need a second document as a whole question:
"I'm a staff nurse: how much notice must I give, and how many days of leave do I get?"
needs the band of a staff nurse (one table) to read the notice table; "Who signs off claims
above EUR 5,000, and how soon must claims be submitted?" is answered with a role whose holder
a directory names. Each part's evidence is offered to the description bridge (described.py),
the value bridge (key_bridge.py) and then to the role holder (role_holder.py), exactly as a
single question's is; a chain found takes the place of the part's one sentence, within the
answer's sentence limit.

A later part may also lean on what the first part's *answer* names: "Who do I tell if I
lose my badge, and what is their email address?" asks the email of the team the badge
policy names ("Report a lost badge to Workplace Services"), which a contacts table lists.
When the first part asks for a name (who, which, or what something is called) and a later
part refers back by a pronoun (their, its, them ...) or "that album", the later part is
asked again of each name or short cell the first part's answer adds ("what is Workplace
Services email address?"; "Ray Charles started his own record label in 1962. What was it
called, and which album was its first release?" -> "which album was Tangerine first
release?": the name's words the question already says are its kind), and an answer about
that name (saying it whole, or every word of it the question does not already say: "his
label Tangerine", or in the article so titled) replaces the part's own when its own does
not say it.

A later part that refers back to the first part's subject ("What grade is a Head of
Sales, and what daily allowance do they get?", "Which country is the Oslo office in, and
what is the hotel cap per night there?") is chained through what the first part's answer
carries, as the value bridge chains a single question (`keyed_back`): the first answer
("| Oslo | Norway |") is the bridge, its value (Norway) keys the part's search and the
row it may answer with, through a link when needed ("| Norway | Nordics |"), and the
part's own answer, when it does not speak of the first answer (the first hotel row, which
says nothing of Oslo or Norway), gives way to the chain.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.contact_hop import recorded_contact
from wikiqa.answerers.described import described_hop, description, holds_description, resolved_names
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.hop_input import HopInput
from wikiqa.answerers.hops import HOP_K, bridge_entities, residual, unsaid_clocks
from wikiqa.answerers.key_bridge import (
    VALUES_PER_ROW,
    carried_values,
    follow,
    is_key,
    keyed_by,
    value_hop,
)
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.role_holder import holder_hop
from wikiqa.answerers.rows import named_cells, question_numbers
from wikiqa.text.tables import cells
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.types import Document, DraftQuote


_BACK = re.compile(
    r"\b(they|them|their|theirs|he|him|his|she|her|hers|it|its|(?:that|this)\s+[a-z]+)\b",
    re.I,
)
# The first part asks for a name: who / which, or what something is called or named
# ("What was it called", "what is the name of ...").
_NAME_ASKED = re.compile(r"\b(who|whom|which)\b|\bwhat\b.*\b(called|named|name|title)\b", re.I)
# The first part's names extractive.part_subject appends to a part that names nothing
# ("... (Berlin)"): asked of the first answer's name, the part is about that name instead.
_SUBJECT = re.compile(r"\s+\([^()]*\)$")
# A later part that refers back to the first part's subject or place ("what daily allowance
# do they get?", "what is the hotel cap there?").
_BACK_OR_THERE = re.compile(rf"{_BACK.pattern}|\b(?:there|then)\b", re.I)
NAMED_VALUES = 2  # names of the first part's answer a later part is asked of
ANSWERS = 3  # top candidates of that retrieval looked at


def answer_names(question: QuestionInfo, answer: Candidate) -> list[str]:
    """Names or short cells the answer to `question` adds (what a later part may refer
    back to): a row's cells the question does not name, or a sentence's new names."""
    qset = frozenset(question.terms)
    if answer.header is None:
        found = bridge_entities(answer.span.text, set(question.terms))
    else:
        named = named_cells(answer.span.text, qset, question_numbers(question.text))
        found = [v.strip() for i, v in enumerate(cells(answer.span.text)) if i not in named]
    return [n for n in found if is_key(n, qset)][:NAMED_VALUES]


def own_words(name: str, asked: set[str]) -> str:
    """`name` as a later part asks of it: its words the question does not already say
    ("Tangerine" of "Tangerine Records" when the question asks about a record label: the
    rest is its kind, which the documents need not repeat), or all of it."""
    return " ".join(w for w in name.split() if not set(keys(w)) <= asked) or name


def says_name(name: str, c: Candidate, qset: set[str]) -> bool:
    """Is `c` about `name`: keyed by it (the whole name, or a row's cell), or a sentence
    saying every word of the name the question does not already say ("Harbour Records"
    asked about record labels is "the Harbour label"), or a sentence of the article whose
    title says them (the name's own article: "The album peaked at number 3")?"""
    if keyed_by(name, c):
        return True
    own = set(keys(name)) - qset
    return c.header is None and bool(own) and (own <= set(c.terms) or own <= set(keys(c.doc.title)))


async def referred_back(
    answerer: ExtractiveAnswerer,
    first: Evidence,
    part: Evidence,
    reader: Reader,
    skipped: list[DraftQuote],
) -> Candidate | None:
    """The answer to a later `part` that refers back (a pronoun) to what the answer of the
    `first` part (asking for a name: who, which, what ... called) names, asked of that
    name (a title line of the found document is no answer); None when the part
    does not refer back, or already answers about the name, or nothing keyed by it clears
    the floor."""
    if not _NAME_ASKED.search(first.question.text) or not _BACK.search(part.question.text):
        return None
    names = answer_names(first.question, first.ranked[0])
    own = part.ranked[0]
    if not names or (
        own.at != first.ranked[0].at and any(keyed_by(n, own) for n in names)
    ):  # the part's own answer is about the name already (not merely the first answer)
        return None
    asked = set(keys(first.question.text)) | set(keys(part.question.text))
    for name in names:
        said = own_words(name, asked)
        text = _BACK.sub(said, _SUBJECT.sub("", part.question.text), count=1)
        hits = await search_or_nothing(reader, text, HOP_K)
        if not hits:
            continue
        docs = await answerer._fetch(hits, reader)
        evidence = await run_cpu(answerer.assess, analyse(text), hits, docs, skipped)
        if evidence is not None and (held := recorded_contact(part.question.text, name, evidence)):
            held.part = text
            return held
        if evidence is None or evidence.score < answerer.floor:
            continue
        qset = set(keys(text))
        best = next(
            (
                c
                for c in evidence.ranked[:ANSWERS]
                if c.at != first.ranked[0].at
                and says_name(name, c, asked)
                and set(c.terms) - qset - set(keys(c.doc.title))
            ),
            None,
        )
        if best is not None:
            best.part = text
            return best
    return None


def first_values(q: QuestionInfo, top: Candidate) -> list[tuple[str, str]]:
    """(column, value) pairs the first part's answer `top` carries for a later part: what a
    row or sentence the part names carries (key_bridge.carried_values: "| Head of Sales |
    G7 |" -> G7), or, when the part describes what it asks about and `top` resolves the
    description ("Who runs the office with 60 bike places" and "| Berlin | ... | bike
    cellar, 60 places |"), the names it resolves to (described.resolved_names: Berlin)."""
    values = carried_values(q, top)
    if values:
        return values
    d = description(q.text)
    if d is not None and holds_description(d, top):
        return [("", n) for n, _ in resolved_names(d, top, frozenset(q.terms))][:VALUES_PER_ROW]
    if top.header is None or not q.entities:
        return []
    # a row the part picks by what it says ("Which office opens at 07:30" and "| Austin |
    # ... | 07:30–18:00 |": every name and number of the part, a clock time as one) is
    # named by its key cell
    key = cells(top.span.text)[0].strip()
    said = set(keys(top.span.text)) - unsaid_clocks(q.text, top.span.text)
    return [("", key)] if q.entities <= said and is_key(key, frozenset(q.terms)) else []


async def keyed_back(
    answerer: ExtractiveAnswerer,
    first: Evidence,
    part: Evidence,
    reader: Reader,
    skipped: list[DraftQuote],
) -> list[Candidate] | None:
    """The chain answering a later `part` that refers back to the first part's subject
    ("What grade is a Head of Sales, and what daily allowance do they get?"; "Which country
    is the Oslo office in, and what is the hotel cap per night there?"), keyed by what the
    first part's answer, a row or sentence the first part names, carries ("G7", "Norway"),
    as the value bridge keys a single question's second search and row (key_bridge.py):
    the links and the answer, without the first answer itself, which is cited for the
    first part. None when the part does not refer back, or its own answer clears the
    floor and is about the first answer already (keyed by one of its values, or saying a
    name of the first part), or no chain is found."""
    if not _BACK_OR_THERE.search(_SUBJECT.sub("", part.question.text)):
        return None
    top = first.ranked[0]
    values = first_values(first.question, top)
    if not values:
        return None
    own = part.ranked[0]
    if part.score >= answerer.floor and (
        own.at == top.at
        or any(keyed_by(v, own) for _, v in values)
        or set(own.terms) & first.question.entities
    ):
        return None
    q = analyse(_SUBJECT.sub("", part.question.text))
    rest = residual(q, top)
    if not rest:
        return None
    docs: dict[str, Document] = {}
    for column, value in values:
        chain = await follow(answerer, q, rest, [top], column, value, docs, reader, skipped)
        if chain is not None:
            return chain[1:]
    return None


async def with_part_chains(
    answerer: ExtractiveAnswerer,
    found: list[Evidence],
    chosen: list[Candidate],
    reader: Reader,
    skipped: list[DraftQuote],
) -> list[Candidate]:
    """`chosen` (one sentence per answered part) with each part's two-document chain in place
    of its sentence, or added in the part's order when the part alone was not answered; a
    chain is taken only while the answer stays within `answerer.max_sentences`."""
    if len(found) < 2:
        return chosen
    out = list(chosen)
    head = found[0]
    head_top = head.ranked[0].at
    done: set[int] = set()  # parts already answered through the first part's answer
    if head.score >= answerer.floor and any(c.at == head_top for c in out):
        for i, part in enumerate(found[1:], start=1):
            own = part.ranked[0].at
            if keyed := await keyed_back(answerer, head, part, reader, skipped):
                rest = [c for c in out if c.at != own or own == head_top]
                if len(rest) + len(keyed) <= answerer.max_sentences:
                    done.add(i)
                    for c in keyed:
                        c.part = f"{part.question.text} ({c.part})"
                    out = [*rest, *keyed]
                    continue
            better = await referred_back(answerer, head, part, reader, skipped)
            if better is None:
                continue
            done.add(i)
            if own != head_top and any(c.at == own for c in out):
                out = [better if c.at == own else c for c in out]
            elif len(out) < answerer.max_sentences:
                out.append(better)
    for i, evidence in enumerate(found):
        if i in done:
            continue
        docs: dict[str, Document] = {}
        q = evidence.question
        at = HopInput(answerer, q, evidence, docs, reader, skipped)
        chain = (
            await described_hop(at)
            or await value_hop(at)
            or await holder_hop(at)
            or (  # a description read through prose alone, when nothing else answers
                await described_hop(at, prose=True) if evidence.score < answerer.floor else None
            )
        )
        if not chain:
            continue
        top = evidence.ranked[0].at
        # the part's own sentence gives way to its chain, unless it answers another part too
        others = {e.ranked[0].at for e in found if e is not evidence}
        linked = {x.at for x in chain}
        rest = [c for c in out if (c.at != top or top in others) and c.at not in linked]
        if len(rest) + len(chain) > answerer.max_sentences:
            continue
        for c in chain:
            c.part = f"{q.text} ({c.part})"
        # keep the parts' order: the chain goes where its part's answer was, or after the
        # answers of the parts before it
        before = [c for c in rest if any(c.at == e.ranked[0].at for e in found[:i])]
        after = [c for c in rest if c not in before]
        out = [*before, *chain, *after]
    return out
