"""A role's record kept for one region among its siblings, asked of a place: the place's row
chooses the sibling (hop74).

"I've just been moved to work at the Rossay slipway. Who's my HR business partner now?"
ranks "HR business partner, North Sound routes: Morag Fettes, ..." first and over the floor:
the record says the role asked, but it is kept for North Sound, which the question never
says, and the same directory keeps a record of the role for each region ("HR business
partner, South Sound routes: Callum Breck, ..."). Which of them is the asker's is said by
another document: the place's row ("| Rossay Slipway | island slipway | South Sound |")
files the place the question names under a region. hops28 and hops61 read this for table
rows and under the floor; a directory written as a definition list, answering over the
floor, was left to the first-ranked sibling.

One sentence: *a who-question asking a role's holder, first answered by a record of that
role kept for a region the question does not say, among sibling records of the role kept
for other regions, is answered by the sibling kept for the region the row of the place the
question names carries, cited after that row.* The place's row must say every word of a name
the question gives (one the role's words do not hold) and carry a value that is exactly a sibling's region ("South
Sound" of "South Sound routes"); with no such row, or a value no sibling is kept for
(a place no region record covers), or rows of the place keyed to two regions' records,
the first answer stands as it was. The reading never
refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.hops import assess_search, bridge_entities
from wikiqa.answerers.key_bridge import carried_values
from wikiqa.answerers.other_role import asked_holder
from wikiqa.answerers.record_keys import ROLE_TERM, cited_record, kinded, line_bounds

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput

KEPT_SIBLING = True  # switch: the place's row chooses the role's sibling record (hop74)
NAMES = 2  # names of the question searched for the place's row (one search each)


def kept_record(role: str, c: Candidate) -> tuple[str, str] | None:
    """(region's name, its kind) when the line of `c` is a record of the whole role kept for
    a region ("HR business partner, South Sound routes: ..." -> ("South Sound", "routes")),
    else None."""
    if c.header is not None:
        return None
    m = ROLE_TERM.match(c.doc.text, line_bounds(c)[0])
    if m is None or m.end() > c.span.end:
        return None
    head, _, rest = m.group("term").rpartition(",")
    k = kinded(rest.strip())
    if k is None or key_set(head) != key_set(role):
        return None
    return k.group("name"), k.group("kind")


def _siblings(
    role: str, top: Candidate, ranked: list[Candidate]
) -> dict[frozenset[str], Candidate]:
    """The ranked records of `top`'s document keeping the role for a region, by the
    region's words (the first ranked of each line)."""
    out: dict[frozenset[str], Candidate] = {}
    for c in ranked:
        if c.doc.doc_id == top.doc.doc_id and (kept := kept_record(role, c)) is not None:
            out.setdefault(key_set(kept[0]), c)
    return out


async def kept_sibling_hop(at: HopInput) -> list[Candidate] | None:
    """[the place's row, the sibling record kept for its region] (see the module
    docstring), else None."""
    q, first = at.q, at.first
    role = asked_holder(q.text)
    if not KEPT_SIBLING or role is None or not first.ranked:
        return None
    top = first.ranked[0]
    kept = kept_record(role, top)
    if kept is None or key_set(kept[0]) & key_set(q.text):
        return None  # no region's record, or the question says its region
    siblings = _siblings(role, top, first.ranked)
    if len(siblings) < 2:
        return None
    names = [
        n for n in bridge_entities(q.text, set()) if key_set(n) and not key_set(n) <= key_set(role)
    ][:NAMES]
    pools = [first.ranked]
    for name in names:
        found = await assess_search(at, name, {top.doc.doc_id})
        if found is not None:
            pools.append(found.ranked)
    for pool in pools:
        chosen: dict[tuple[str, int], tuple[Candidate, str]] = {}
        for bridge in pool:
            if bridge.header is None or bridge.doc.doc_id == top.doc.doc_id:
                continue
            if not any(key_set(n) <= key_set(bridge.span.text) for n in names):
                continue  # not the row of the place the question names
            for _column, value in carried_values(q, bridge):
                record = siblings.get(key_set(value))
                if record is not None:
                    chosen.setdefault(record.at, (bridge, value))
        if len(chosen) == 1:  # the rows naming the place agree on one region's record
            (at_record, (bridge, value)), *_ = chosen.items()
            record = next(r for r in siblings.values() if r.at == at_record)
            bridge.part = bridge.part or "bridge"
            record.part = "answer"
            return [cited_record(bridge, value), record]
        if chosen:
            return None  # rows of the place keyed to two regions: no one record
    return None
