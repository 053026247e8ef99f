"""A document the store gives only to a group of the asker's, asked alone.

A board paper ("Shops Review 2027 (board only)", granted to the executive role) or a team's
procedure ("Payroll Corrections (payroll and finance only)", granted to the payroll and
finance departments) is written for the few who may read it, about their own work; its
readers ask about that work in their own words ("Which of our shops is closing next year,
and why?", "A baker was underpaid £80 last month. How quickly do we have to put it right?").
Among the general pages everyone reads (the bank holidays, the pay dates), its line scores
under the floor (hb19-fact-14, hb19-fact-27, hb18-fact-14, hb7-fact-72): the general pages
take the first places of the search, or the first line, and the comparison with them holds
the line down. Read alone, the same line clears the floor and answers.

The store says which documents these are: `Document.granted_groups` holds the reader's own
departments and roles a department- or role-scoped document is granted to, and is empty for a
public document and for a private one (`owned_by_asker` reads those). `granted_ids` keeps the
documents of the question's own search, read `GRANTED_K` deep (a team's page may rank under
the general ones the answerer reads), that are so granted; `GrantedOnly` is a reader whose
searches return only their hits, so the whole answerer runs again over them alone, as it runs
over the asker's own guides (`neighbours.written_for_asker`). It is asked only when the
question as asked is refused for want of evidence, so it takes no answer the question gets as
asked, and reads nothing the asker may not read: the store gives a scoped document to its
groups only, and a private document of another asker never.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wikiqa.answerers.ask_named import content_stems, said_like
from wikiqa.answerers.base import Reader
from wikiqa.answerers.features import asked_clause, question_type
from wikiqa.answerers.kinds import asks_duration, says_duration
from wikiqa.answerers.optional import fetch_each
from wikiqa.answerers.restated import says_value_asked
from wikiqa.answerers.told_amount import _THRESHOLD, told_sum
from wikiqa.types import Document, Draft, Hit, Principal

GRANTED_K = 10  # hits of the question's own search read for a document granted to the asker
WIDE = 50  # hits each search over the granted documents reads before keeping theirs
GRANTED_SUM = True  # a told sum read against the threshold a granted line sets on the told act
SUM_K = 20  # hits of the question's own search read for a granted line stating a told sum's rule
_NO_ACT = frozenset({"every", "ani", "all", "each", "singl", "individu", "one"})


async def granted_ids(
    reader: Reader, question: str, read: int, depth: int = GRANTED_K
) -> frozenset[str]:
    """The documents of the question's own search (`depth` hits) that the store grants
    to a role of the asker's, or to a department of theirs when the first `read` hits (those
    the question as asked was answered from) do not hold them (`unread_granted`)."""
    hits = await reader.search(question, k=depth)
    found = await fetch_each(reader, [h.doc_id for h in hits])
    first = {h.doc_id for h in hits[:read]}
    return frozenset(i for i, doc in found.items() if unread_granted(doc, i in first))


def unread_granted(doc: Document | None, read: bool) -> bool:
    """Is the document scoped to a group of its reader's that the question as asked has not
    already read as theirs? A role's paper (the board's, the managers') is never read as the
    asker's (`neighbours.declared_for_asker` leaves roles out); a department's guide is, when
    the question's first hits hold it and its line ranks first, and is read here only when
    those hits do not hold it: one they hold whose line lost to a general page's ("When do we
    stop doing hot food in the café?": the café team's hot-holding line, under the opening
    hours' "stop serving hot food 30 minutes before closing") is not asked again alone."""
    if doc is None:
        return False
    groups = doc.granted_groups
    return any(g.startswith("role:") for g in groups) or (bool(groups) and not read)


def granted_said(question: str, draft: Draft, titles: Iterable[str]) -> bool:
    """Does the answer read alone over the granted documents say what was asked, as a line
    another page sends the asker to must (`restated.says_value_asked`, trap65)? A value of the
    kind asked (any figure when none is), no yes/no question, and the cited lines with their
    documents' titles saying at least half the question's words past the asking ones: read
    alone, a board paper's nearest line clears the floor for any question its subject draws
    ("How many guests complained about the Bankside rooms last year?" and "Refurbish floors 3
    to 7 of Ravensholt Bankside in two phases, closing 60 rooms at a time ...")."""
    if draft.refusal is not None:
        return False
    lines = " ".join(q.quote for c in draft.claims for q in c.quotes)
    return says_value_asked(question, lines, " ".join(titles))


def tells_case(question: str) -> bool:
    """Does the question tell one sum and ask how long or how soon ("We underpaid a barman
    £80 last month. How quickly does he get it?"): the case `sum_covered` reads?"""
    return told_sum(question) is not None and asks_when(question)


def asks_when(question: str) -> bool:
    """Does the question ask how long, how soon or when ("How quickly does he get it?",
    "When will she get it?")?"""
    return asks_duration(question) or question_type(asked_clause(question)) == "when"


def sum_covered(draft: Draft, question: str) -> bool:
    """Does a cited line state the rule for the sum the question tells? A team's procedure
    sets a lower threshold on an act and says how soon it is done ("An underpayment of more
    than £50 is paid by bank transfer within 3 working days; smaller sums are added to the
    next payday."); its reader tells one case ("We underpaid a barman £80 last month. How
    quickly does he get it?"), in words the line never uses (the person, the month, the sum),
    so the half-the-words bound of `granted_said` fails. The line answers it when the question
    tells exactly one sum and asks how long, how soon or when, the word the line's threshold
    qualifies (its act's last content word) is one the question says, whole or as its noun
    ("underpayment" for "underpaid"), the told sum passes the threshold (£80 over "more than
    £50"; £30 does not, and is the "smaller sums" clause: no answer of this kind), and the
    line says a stretch of time after the threshold."""
    told = told_sum(question)
    if draft.refusal is not None or told is None or not asks_when(question):
        return False
    said = set(content_stems(question))
    for line in (q.quote for c in draft.claims for q in c.quotes):
        m = _THRESHOLD.search(line)
        if m is None or not says_duration(line[m.end() :]):
            continue
        act = [w for w in content_stems(m.group("act")) if w not in _NO_ACT]
        if not act or not said_like(act[-1], said):
            continue
        whole, pence = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5))
        bound = float(whole.replace(",", "")) + (int(pence) / 100 if pence else 0.0)
        if told > bound or (m.group(2) is None and told >= bound):
            return True
    return False


def has_groups(principal: Principal | None) -> bool:
    """Has the asker a department or a role a document could be granted to? (An anonymous
    asker, or another source's, has none: nothing is searched for them.)"""
    return principal is not None and bool(principal.roles or principal.departments)


class GrantedOnly:
    """A reader whose searches return only the hits of `keep` (each searched `WIDE` deep);
    fetches and everything else are the wrapped reader's."""

    def __init__(self, reader: Reader, keep: frozenset[str]) -> None:
        self._reader = reader
        self._keep = keep

    async def search(self, query: str, k: int = 5) -> list[Hit]:
        hits = await self._reader.search(query, k=max(k, WIDE))
        return [h for h in hits if h.doc_id in self._keep][:k]

    async def fetch(self, doc_id: str, *, full: bool = False, **kwargs: Any) -> Document:
        return await self._reader.fetch(doc_id, full=full, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)
