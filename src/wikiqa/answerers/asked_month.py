"""A when-question naming a month asks the day-column its act names, in that month's row.

"When do we get paid in December?" names a month and asks when an act happens ("paid"). The
pay calendar answers it by one row, "| December 2026 | Friday 4 December 2026 | Friday 18
December 2026 |" under "| Month | Cut-off for hours and claims | Payday |": the header
"Payday" is the day of the act the question names, in the noun the table uses ("pay" of
"paid", "Pay" of "Payday"). No word of the question is the header's as written ("paid" is not
"Payday"), so a line of another document that says "December" and a date ("Shop colleagues
cannot take holiday from 14 December to 24 December.") ranked first. One sentence: *a "when"
asks a day; the column whose header is the day of the act asked, in the month's row, gives
it.*

The reading, tried in the chain list after the other date readings found nothing:
- **the question** asks when (`dated.asks_day`'s "When do ...", "When's ...") and names one
  month, with no day of it (a day given is `told_day`'s), its year optional.
- **the column** is the one header cell other than the key that is a day or date of the act
  asked: its words, a compound ending in "day" or "date" read as its two words ("Payday" as
  "pay day"), less "day" and "date", are all said by the question's words read as their
  verbs ("paid" as "pay"); it holds a day of a month in at least `date_keyed.MIN_ROWS` rows.
- **the table** is keyed by months (`date_keyed.key_period`, at least `MIN_ROWS` rows), in a
  document of the first hop or of one search for the question's words, those of them read
  as their verbs ("pay" for "paid": the words a calendar's title uses) and the month,
  readable by the asker (the reader's search and fetch) and not their own.
- **nothing left unsaid**: every content word of the question other than the month and light
  verbs ("get", "do", "be") is said, read as its verb, by the document's title, the table's
  heading, the header or the row ("When is the Christmas bonus paid in December?" asks a
  bonus the calendar never names).
- **the row** is the table's one row of the month asked (of the year asked when the question
  gives one); two rows of that month (a calendar of two years, the question naming none) or
  none answer nothing.
- **one calendar**: exactly one document read and in force (`neighbours.read_out_of_force`:
  not a past year's, superseded or withdrawn edition) holds such a row; two (two groups'
  calendars) leave the first answer as it is.

The calendar's own line naming the month asked, already first ("December pay is early, before
Christmas."), is left as it is; another line of it ("December pay is paid early." for March)
or another document's gives way to the row. The chain cites the row
with its header.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wikiqa.answerers.consequence import VERB_OF
from wikiqa.answerers.date_keyed import MIN_ROWS, key_period
from wikiqa.answerers.dated import asks_day
from wikiqa.answerers.features import key, keys
from wikiqa.answerers.hops import PREFIX, search_hits
from wikiqa.answerers.neighbours import owned_by_asker, read_out_of_force
from wikiqa.answerers.told_day import DAY_OF_MONTH, day_cells, month_tables, told_day
from wikiqa.text.months import MONTH_NAMES, MONTHS, month_number
from wikiqa.text.tables import cells

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document

ASKED_MONTH = True  # switch: a when-question's month keys the row of its act's day column

# "May I ...?" asks leave, it names no month ("in May", "May's pay" do)
_MAY_ASKING = re.compile(r"May\s+(?:I|we|you|he|she|they|it|my|our)\b")
_YEAR = re.compile(r"\b(20\d\d)\b")
# words of asking that name no act: "When do we get paid", "When will it be", "When's"
_LIGHT = frozenset(
    key(w)
    for w in (
        *("get", "gets", "got", "getting", "do", "does", "did", "doing", "be", "is", "are"),
        *("was", "were", "been", "being", "will", "would", "can", "could", "shall", "should"),
        *("when", "when's", "when’s"),
    )
)
_DAY_WORDS = ("days", "dates", "day", "date")


def _verb_key(word: str) -> str:
    """The key of `word` read as its verb ("paid" as "pay"), on PREFIX letters."""
    return key(VERB_OF.get(word.lower(), word))[:PREFIX]


def _said(text: str) -> set[str]:
    """`text`'s content keys, each also read as its verb and with a compound's first part
    ("Payday" says "pay" and "payday"), on PREFIX letters."""
    out: set[str] = set()
    for w in re.findall(r"[\w'’]+", text):
        if not keys(w):
            continue
        out |= {k[:PREFIX] for k in keys(w)} | {_verb_key(w)}
        low = w.lower()
        for suffix in _DAY_WORDS:
            if low.endswith(suffix) and len(low) > len(suffix) + 2:
                out.add(key(low[: -len(suffix)])[:PREFIX])
                break
    return out


def asked_month(question: str) -> tuple[int, int | None, list[frozenset[str]]] | None:
    """(month, year or None, the question's act words) for a when-question naming one month
    and no day of it, else None. The act words are the question's content keys other than
    the month, its year, light verbs and "day" or "date", each as the forms it is said in:
    its key, its verb ("paid": "pay") and a compound's first part ("payday": "pay")."""
    if not asks_day(question) or told_day(question) or DAY_OF_MONTH.search(question):
        return None
    named = {
        month_number(m.group(0))
        for m in re.finditer(rf"\b(?:{MONTH_NAMES})\b", question, re.I)
        if m.group(0) != "May" or not _MAY_ASKING.match(question, m.start())
    }
    years = set(_YEAR.findall(question))
    if len(named) != 1 or len(years) > 1:
        return None
    month = named.pop()
    skip = {key(MONTHS[month - 1])[:PREFIX], *(y[:PREFIX] for y in years)}
    words = [
        w
        for w in re.findall(r"[\w'’]+", question)
        if keys(w)
        and key(w) not in _LIGHT
        and key(w)[:PREFIX] not in skip
        and w.lower() not in _DAY_WORDS  # "what date", "which day": the asking, not the act
    ]
    act = [frozenset(_said(w)) for w in words]
    if not act:
        return None
    return month, int(years.pop()) if years else None, act


def _act_column(header: str, act: list[frozenset[str]]) -> int | None:
    """The one column other than the key whose header is a day or date of the act asked
    ("Payday", "Pay date" for "paid"), or None."""
    out = []
    for i, head in enumerate(cells(header)):
        if i == 0:
            continue
        words = [w.lower() for w in re.findall(r"[\w'’]+", head) if keys(w)]
        if not words or not any(w.endswith(_DAY_WORDS) for w in words):
            continue
        rest: set[str] = set()
        for w in words:
            if w in _DAY_WORDS:
                continue
            base = next((w[: -len(s)] for s in _DAY_WORDS if w.endswith(s)), w)
            if base and keys(base):
                rest.add(_verb_key(base))
        if rest and rest <= frozenset().union(*act):
            out.append(i)
    return out[0] if len(out) == 1 else None


async def asked_month_hop(at: HopInput) -> list[Candidate] | None:
    """[the month's row] of the one calendar whose day column is the act asked (module
    docstring), or None."""
    if not ASKED_MONTH or not at.first.ranked:
        return None
    asked = asked_month(at.q.text)
    if asked is None:
        return None
    month, year, act = asked
    found: dict[str, Candidate] = {}
    seen: set[str] = set()
    for source in ("first", "search"):
        for doc in await _documents(at, source, MONTHS[month - 1]):
            if doc.doc_id in seen or owned_by_asker(doc, at.principal) or read_out_of_force(doc):
                continue  # the asker's own; a past edition, superseded or withdrawn
            seen.add(doc.doc_id)
            row = await _month_row(at, doc, month, year, act)
            if row is not None:
                found[doc.doc_id] = row
    if len(found) != 1:
        return None  # none, or two calendars (an edition, another group's): left as it is
    ((doc_id, row),) = found.items()
    top = at.first.ranked[0]
    if top.doc.doc_id == doc_id and re.search(rf"\b{MONTHS[month - 1]}\b", top.span.text, re.I):
        return None  # the calendar's own line of that month already answers first
    row.part = "answer"
    return [row]


async def _documents(at: HopInput, source: str, month: str) -> list[Document]:
    if source == "first":
        return list({c.doc.doc_id: c.doc for c in at.first.ranked if c.header is not None}.values())
    found = [w for w in re.findall(r"[\w'’-]+", at.q.text) if keys(w)]
    verbs = [v for w in found if (v := VERB_OF.get(w.lower())) is not None]  # "paid": "pay"
    hits = await search_hits(at, " ".join([*found, *verbs, month]), set())
    return [at.docs[h.doc_id] for h in hits if h.doc_id in at.docs]


async def _month_row(
    at: HopInput, doc: Document, month: int, year: int | None, act: list[frozenset[str]]
) -> Candidate | None:
    """The row of `month` in a table of months of `doc` whose day column is the act asked."""
    found = await month_tables(at, doc)
    if found is None:
        return None
    _, tables = found
    chosen: list[Candidate] = []
    for header, rows in tables.items():
        periods = [(r, p) for r in rows if (p := key_period(r)) is not None and p[1] is not None]
        if len(periods) < MIN_ROWS:
            continue
        column = _act_column(header, act)
        if column is None or day_cells(rows, column) < MIN_ROWS:
            continue
        for r, p in periods:
            if p[0].month != month or (year is not None and p[0].year != year):
                continue
            said = _said(f"{doc.title} {r.context} {header} {r.span.text}")
            if not all(forms & said for forms in act):
                continue  # the question asks something the row and its table leave unsaid
            chosen.append(r)
    return chosen[0] if len(chosen) == 1 else None
