"""A month the answer names, turned into the day a calendar gives for it.

"On what date will the first overpayment deduction come out of my pay?" is answered by the
asker's letter ("The first deduction will be made from your pay in October 2026"): it names
the month, and the question asks for a day. The day is in another document, a calendar
keyed by month ("| October 2026 | Friday 23 October 2026 | 9 October |"). When a question
asks for a date or a day, and the answer's line names a month of a year but no day of it,
the month is searched with what the line leaves unsaid, and the best-ranked table row of
another document whose own cell is that month and another cell of which gives a day of it
is cited after the answer. It only extends an answer that already cleared the floor: it
never turns a refusal into an answer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import key_set
from wikiqa.answerers.hops import asked_words, assess_search, residual
from wikiqa.text.months import MONTH_NAMES as _MONTHS
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput

# "October 2026", not the "October 2026" of "23 October 2026" or "October 23, 2026"
_PERIOD = re.compile(rf"(?<!\d\s)(?<!\d)\b({_MONTHS})\s+(\d{{4}})\b")
# a day of a month: "23 October", "23rd October", "October 23"
_DAY = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTHS})\b|\b({_MONTHS})\s+\d{{1,2}}\b(?!\d)"
)
# the question asks for a day: "on what date", "the actual date", "which day"
_ASKS_DAY = re.compile(r"\b(?:date|day)\b", re.I)


# the question asks when: "When will ...?", "When's ...?", "... last month. When do I ...?"
# ("when" asking, not the "when" of a condition: "How much can I claim when I'm away?")
_ASKS_WHEN = re.compile(
    r"\bwhen(?:'s|’s|\s+(?:will|is|are|do|does|did|can|could|should|would|was|were|shall))\b",
    re.I,
)


def asks_day(question: str) -> bool:
    """Does the question ask for a date or a day (it says "date" or "day": "on what date
    will ...", "what's the actual date ...") or ask when ("When will my pay rise land in my
    bank?")? A month names the pay a thing comes in; the calendar's row for that month
    gives the day it lands (hop67)."""
    if _ASKS_WHEN.search(question):
        return True
    return (
        _ASKS_DAY.search(question) is not None
        and re.search(r"\b(?:what|which|when)\b", question, re.I) is not None
    )


def named_period(text: str) -> str | None:
    """The first month of a year `text` names without a day of it ("October 2026" in "...
    from your pay in October 2026"), or None when it names none or gives a day already
    ("paid on 23 October 2026")."""
    if _DAY.search(text):
        return None
    m = _PERIOD.search(text)
    return f"{m.group(1)} {m.group(2)}" if m else None


def dates_period(row: Candidate, period: str) -> bool:
    """Is `row` a table row one of whose cells is the month `period` itself ("| October 2026
    |") and another a day of that month ("Friday 23 October 2026")?"""
    if row.header is None:
        return False
    values = [v.strip() for v in cells(row.span.text)]
    month = period.split()[0]
    own = [i for i, v in enumerate(values) if v.lower() == period.lower()]
    return bool(own) and any(
        i not in own and any(month in g for g in (m.group(1), m.group(2)) if g)
        for i, v in enumerate(values)
        for m in _DAY.finditer(v)
    )


async def dated_hop(at: HopInput, answer: Candidate) -> Candidate | None:
    """The calendar row giving the day of the month `answer` names, for a question asking
    for a day (module docstring), or None. The row must sit in another document than the
    answer's, and its table (with its document's title) must say a word of the question or
    of the answer's line other than the month: a pay calendar for a deduction "from your
    pay" or "on the January 2027 payday", not any table keyed by months."""
    q = at.q
    if not asks_day(q.text) or answer.header is not None:
        return None
    period = named_period(answer.span.text)
    if period is None:
        return None
    asks = asked_words(q, residual(q, answer))
    found = await assess_search(at, f"{period} {asks}", {answer.doc.doc_id})
    if found is None:
        return None
    # what the question or the answer's line says of the month ("pay", "payday")
    wanted = (set(q.terms) | set(answer.terms)) - key_set(period)
    for c in found.ranked:
        if c.doc.doc_id == answer.doc.doc_id or not dates_period(c, period):
            continue
        table = key_set(f"{c.doc.title} {c.header.text if c.header else ''}")
        if not table & wanted:
            return None  # the best calendar row is of a table about something else
        c.part = "date"
        return c
    return None
