"""A record the question names by its key, held by a value the asker's own line gives.

Why: a contacts page is often a definition list, one record a line, each opened by what
the record is for and then who holds it: "Occupational Health: Brightwell Health, 0113 496
0260; referrals come from your manager". The asker's own plan names the holder among other
people in one sentence: "Agreed on 9 November 2026 with Dawn Ellison, shift manager
(nights), following advice from Brightwell Health." Asked "What's the phone number for the
occupational health people who advised on my return?", the bridge is not the first name of
the sentence (the shift manager, whose staff-list row has a phone number too) but the value
a record *the question names by its key* ("occupational health") is held by. So the key of
the record says which value of the asker's line the question asks of, and the record's line
is the keyed row the bridge follows (`held_record`):

- the record is a line of a document the asker does not own that opens with a term and a
  colon (`text/records.py`'s term: a definition list's pair, a labelled line), the term
  said whole by the question (every key of it) and the words after the colon opening with
  the value whole ("Brightwell Health, ...");
- exactly one such record is found for the value, and the question asks a value of a kind
  (`kinds.asked_kind`: a phone number, an email, a time, a day, a sum);
- the record's sentence giving that kind answers, cited after the asker's line; when the
  record gives no value of the kind ("the email address of the occupational health
  people"), the chain stops there (`UNSAID`): the question has said which value it asks
  of, and the line's other values (the shift manager) are not that value.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.hops import whole_hit
from wikiqa.answerers.kinds import asked_kind, says_kind
from wikiqa.answerers.neighbours import owned_by_asker
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document, Hit

# the chain stops: the record the question names gives no value of the kind asked
UNSAID: list[Candidate] = []

# a term of at most six words opening a line, then a colon (text/records.py's terms)
_TERM = r"^[ \t]*(?:[-*+\u2022][ \t]+)?(?:\*\*)?(?P<term>[A-Z][\w'’&/() -]{0,60}?)(?:\*\*)?:(?:\*\*)?[ \t]+"
_MAX_TERM_WORDS = 6


def _held_by(value: str) -> re.Pattern[str]:
    """A line opening with a term and a colon and then with `value` whole."""
    return re.compile(_TERM + re.escape(value.strip()) + r"(?![\w-])", re.M)


def _records(doc: Document, pattern: re.Pattern[str]) -> list[tuple[str, int, int]]:
    """(term, start, end) of each line of `doc` that `pattern` (`_held_by`) opens."""
    out = []
    for m in pattern.finditer(doc.text):
        term = m.group("term").strip()
        if len(term.split()) > _MAX_TERM_WORDS:
            continue
        end = doc.text.find("\n", m.start())
        out.append((term, m.start(), len(doc.text) if end < 0 else end))
    return out


async def held_record(
    at: HopInput, bridge: Candidate, value: str, hits: list[Hit]
) -> list[Candidate] | None:
    """[the asker's line, the record's line giving the kind asked] when a record the
    question names by its term is held by `value` (see the module docstring); UNSAID when
    that record gives no value of the kind asked; else None (the value is read as before)."""
    answerer, q, principal = at.answerer, at.q, at.principal
    kind = asked_kind(q.text)
    if kind is None or principal is None:
        return None
    qkeys = set(q.terms)
    found: dict[tuple[str, str], tuple[Document, int, int]] = {}
    seen = dict.fromkeys([h.doc_id for h in hits] + list(at.docs))
    pattern = _held_by(value)  # compiled once, not once per document
    for doc_id in seen:
        doc = at.docs.get(doc_id)
        if doc is None or owned_by_asker(doc, principal):
            continue
        for term, start, end in _records(doc, pattern):
            terms = key_set(term)
            if terms and terms <= qkeys:
                found.setdefault((doc.doc_id, term.lower()), (doc, start, end))
    if len(found) != 1:
        return None
    doc, start, end = next(iter(found.values()))
    read = await run_cpu(answerer.assess, q, [whole_hit(doc)], at.docs, at.skipped)
    lines = [
        c
        for c in (read.ranked if read else [])
        if c.doc.doc_id == doc.doc_id
        and c.header is None
        and start <= c.span.start < end
        and says_kind(kind, c.span.text)
    ]
    if len({c.span.start for c in lines}) != 1:
        return UNSAID if not lines else None
    bridge, line = dataclasses.replace(bridge), dataclasses.replace(lines[0])
    bridge.part, line.part = "bridge", "answer"
    return [bridge, line]
