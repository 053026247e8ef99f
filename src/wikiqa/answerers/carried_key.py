"""The answer found first: a row the question names carries the key of the first-ranked line.

The value bridge (key_bridge.py) goes forward: a row the question names ("| Brindle Cross |
Superstore | Vale | ... |") carries a value ("Superstore") to a second retrieval, which must
find the line that value keys. Often the first retrieval has already put that line first,
because it says what is asked ("They reopen at 10:00 on Sunday 27 December 2026
(Superstores and Furniture and Electrical shops only) ..." for "Will the Brindle Cross shop
be open on Sunday 27 December?"; "| Furniture and Electrical | ... | 3, including a van driver
| ... |" for "How many people need to be in before the Harrowby Furniture shop can open?"),
and only what ties the question's own name to the line's key is missing. The line then
scores a little under the floor: it never says the name the question asks about.

One sentence: *the line that says what is asked came first; a row the question names, in
another document, says which key that line is keyed by.* Over the floor, when the first
answer is that first-ranked line alone, the row is cited before it (`carried_support`, read
where the answerer looks for another document's line supporting its answer): the answer
stands, and the row shows why it is the one the question's name is keyed by. Under the floor
by at most
`key_bridge.CHAIN_SLACK`, the first-ranked line of the first retrieval answers, cited after
that row, when

- the row is a table row of another document read for the question (among the first
  retrieval's BRIDGES best-ranked lines) whose key cell the question says whole, by a name
  of its own or a phrase of two words or more ("Brindle Cross", "Harrowby Furniture"; a
  possessive read as the name), and no other such row's key cell says more of the
  question ("Harrowby Furniture" over "Harrowby"); and one of its other cells, a short key
  the question does not say (`key_bridge.is_key`: "Superstore", "Furniture and
  Electrical"), keys the line: the line's key cell holds it and no other row of its
  table's does (`key_bridge.sole_key_row`), or a sentence says it (its words in order, in
  either number: "Superstores" for "Superstore");
- the line says a word of the question the row does not (`hops.residual`): it answers what
  the row leaves open.

The asker's own document says which row is theirs in the same way. For a first-person
question ("How much notice would I have to give if I resigned from my post?") whose
first-ranked line is a table row ("| Consultants | 3 months |") that no row the question
names carries, the row's key cell is searched alone; a private document of the asker's own
among the hits (`neighbours.owned_by_asker`) whose line says that key in either number
("Consultant in Respiratory Medicine, agreed for 2027/28.") is the bridge, under the same
floor and slack, the row keyed by it alone in its table and saying a word of the question
that line does not. The asker's plan names no policy word, so the question's own search
never finds it; the row's key does.

The lines of the first retrieval come from the reader's own search and fetch for the
question, and the one extra search (the key) from the same reader, so a line the reader may
not see is never cited; and the ranking between documents is the first retrieval's (the
answering line stays the one ranked first).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.directory_hop import question_keys
from wikiqa.answerers.features import key_set, keys
from wikiqa.answerers.hops import residual, whole_hit
from wikiqa.answerers.key_bridge import CHAIN_SLACK, is_key, sole_key_row
from wikiqa.answerers.neighbours import owned_by_asker
from wikiqa.answerers.optional import search_or_nothing
from wikiqa.answerers.own_hop import OWN_K, each_once, first_person
from wikiqa.text.tables import cells
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import DraftQuote

BRIDGES = 20  # best-ranked first-hop candidates looked at for a row the question names


def _run(inner: list[str], outer: list[str]) -> bool:
    """Does `outer` hold `inner` as a run of consecutive keys?"""
    n = len(inner)
    return n > 0 and any(outer[i : i + n] == inner for i in range(len(outer) - n + 1))


def keys_line(value: str, line: Candidate) -> bool:
    """Is `line` keyed by `value`: a table row whose key cell holds it, the only row of its
    table whose key cell does, or a sentence saying its words in order (keys are stems, so
    "Superstores" says "Superstore")?"""
    if line.header is not None:
        return sole_key_row(value, line)
    return _run(keys(value), keys(line.span.text))


def _key_cell(row: Candidate) -> frozenset[str]:
    """The keys of a row's key cell (its first), without a bracketed aside."""
    first = cells(row.span.text)[:1]
    return key_set(re.sub(r"\([^)]*\)", " ", first[0])) if first else frozenset()


def named_rows(q: QuestionInfo, ranked: list[Candidate], other_than: str) -> list[Candidate]:
    """Table rows among the best-ranked BRIDGES, of documents other than `other_than`,
    whose key cell the question says whole by a name of its own or a phrase of two words
    or more, the most specific where one's key cell holds another's, in rank order."""
    said = question_keys(q.text)
    rows = [
        c
        for c in ranked[:BRIDGES]
        if c.header is not None
        and c.doc.doc_id != other_than
        and (k := _key_cell(c))
        and k <= said
        and (k & q.entities or len(k) >= 2)
    ]
    return [c for c in rows if not any(_key_cell(c) < _key_cell(o) for o in rows)]


def _answers_rest(q: QuestionInfo, bridge: Candidate, line: Candidate) -> bool:
    """Does the line say a word of the question that the bridge row leaves unsaid?"""
    return bool(residual(q, bridge) & key_set(line.text))


async def carried_hop(at: HopInput) -> list[Candidate] | None:
    """[bridge, first-ranked line] when a row the question names, or a line of the asker's
    own document, says the line's key and the line scores at most CHAIN_SLACK under the
    floor (module docstring), else None."""
    answerer, q, first = at.answerer, at.q, at.first
    if not first.ranked or not (answerer.floor - CHAIN_SLACK <= first.score < answerer.floor):
        return None
    line = first.ranked[0]
    bridge = carried_bridge(q, first.ranked, line)
    if bridge is not None:
        bridge.part, line.part = "bridge", "answer"
        return [bridge, line]
    return await _own_bridge(at, line)


def carried_bridge(q: QuestionInfo, ranked: list[Candidate], line: Candidate) -> Candidate | None:
    """The best-ranked row of `ranked` the question names (`named_rows`) one of whose other
    cells, a key the question does not say, keys `line`, which says a word of the question
    the row leaves unsaid; else None."""
    qset = frozenset(q.terms)
    for bridge in named_rows(q, ranked, line.doc.doc_id):
        for value in cells(bridge.span.text)[1:]:
            if (
                is_key(value, qset)
                and keys_line(value.strip(), line)
                and _answers_rest(q, bridge, line)
            ):
                return bridge
    return None


def carried_support(
    q: QuestionInfo, ranked: list[Candidate], answer: Candidate
) -> Candidate | None:
    """Over the floor, the row that ties the question's name to the first answer's key,
    cited before it: the answer is the first-ranked line and it answers already, but only
    the row says it is the one the question's name is keyed by (module docstring)."""
    if not ranked or ranked[0].at != answer.at:
        return None
    bridge = carried_bridge(q, ranked, answer)
    if bridge is not None:
        bridge.part, answer.part = "bridge", "answer"
    return bridge


async def _own_bridge(at: HopInput, line: Candidate) -> list[Candidate] | None:
    """[the asker's line saying the row's key, the row] (module docstring), else None."""
    principal, q = at.principal, at.q
    if (
        principal is None
        or principal.user_id is None
        or line.header is None
        or not first_person(q.text)
    ):
        return None
    key = cells(line.span.text)[0].strip() if cells(line.span.text) else ""
    if not is_key(key, frozenset(q.terms)) or not keys_line(key, line):
        return None
    hits = await search_or_nothing(at.reader, key, OWN_K)
    docs = {**at.docs, **await at.fetch_new(hits)}
    own = [docs[h.doc_id] for h in hits if owned_by_asker(docs.get(h.doc_id), principal)]
    if not own:
        return None
    skipped: list[DraftQuote] = []
    mine = await run_cpu(
        at.answerer.assess,
        q,
        [whole_hit(d) for d in each_once(own)],
        docs,
        skipped,
    )
    wanted = keys(key)
    for bridge in mine.ranked if mine is not None else []:
        if (
            bridge.header is None
            and _run(wanted, keys(bridge.span.text))
            and _answers_rest(q, bridge, line)
        ):
            at.docs.update(docs)
            at.skipped.extend(skipped)
            bridge.part, line.part = "bridge", "answer"
            return [bridge, line]
    return None
