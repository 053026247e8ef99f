"""Two-document steps for each part of a compound question.

A part of a compound question is as likely to need a second document as a whole question:
"I'm a staff nurse: how much notice must I give, and how many days of leave do I get?"
needs the band of a staff nurse (one table) to read the notice table; "Who signs off claims
above EUR 5,000, and how soon must claims be submitted?" is answered with a role whose holder
a directory names. Each part's evidence is offered to the value bridge (key_bridge.py) and
then to the role holder (role_holder.py), exactly as a single question's is; a chain found
takes the place of the part's one sentence, within the answer's sentence limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.key_bridge import value_hop
from wikiqa.answerers.role_holder import holder_hop

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Candidate, Evidence, ExtractiveAnswerer
    from wikiqa.types import Document, DraftQuote


def _at(c: Candidate) -> tuple[str, int]:
    return c.doc.doc_id, c.span.start


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
    for i, evidence in enumerate(found):
        docs: dict[str, Document] = {}
        q = evidence.question
        chain = await value_hop(answerer, q, evidence, docs, reader, skipped) or await holder_hop(
            answerer, q, evidence, docs, reader, skipped
        )
        if not chain:
            continue
        top = _at(evidence.ranked[0])
        rest = [c for c in out if _at(c) != top and _at(c) not in {_at(x) for x in chain}]
        if len(rest) + len(chain) > answerer.max_sentences:
            continue
        for c in chain:
            c.part = f"{q.text} ({c.part})"
        # keep the parts' order: the chain goes where its part's answer was, or after the
        # answers of the parts before it
        before = [c for c in rest if any(_at(c) == _at(e.ranked[0]) for e in found[:i])]
        after = [c for c in rest if c not in before]
        out = [*before, *chain, *after]
    return out
