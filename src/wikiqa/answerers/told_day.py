"""A day the question gives, read against the cut-off column a table's own rule names.

"I did overtime on the 12th of October. Will it be in October's pay?" gives its day itself
and asks which month's pay it falls in. The pay calendar answers it in two parts of one
document: a rule line before the table says what decides the month ("Overtime, enhancements
and timesheet changes must be approved on ShiftHub by the cut-off date to be paid that
month; anything later is paid the month after."), and the table keys each month to that
cut-off ("| October 2026 | Friday 9 October 2026 | Friday 23 October 2026 |" under "| Month
| Timesheet cut-off | Payday |"). No column is named by the question ("pay" is not
"Payday"); the rule line names it, and says the question's matter ("overtime"). One
sentence: *the table's own rule line ties the asker's matter to a column; the month the
question asks keys the row.*

The reading, tried where the other chains found nothing:
- **the question** gives one day of a month ("the 12th of October", "12 October", "October
  12th", a year optional) and, apart from that day, asks of a month: it names the month
  again ("October's pay") or says "month" ("which month's pay").
- **the table** is one keyed by months (`date_keyed.key_period`, at least
  `date_keyed.MIN_ROWS` rows), in a document of the first hop or of one search for the
  question's words with the month, readable by the asker (the reader's search and fetch).
- **the rule line** is a sentence of the same document before the table that says a content
  word of the question other than the month and the day, and names one column other than
  the key (every content word of its header, or of the header's last word when that has
  two: "cut-off" names "Timesheet cut-off"); that column holds a day in at least
  `date_keyed.MIN_ROWS` rows.
- **nothing left unsaid**: every content word of the asking clauses (those not telling the
  day; the whole question when it is one clause) other than months is said by the document's title, the table's heading, the rule line, the header
  or the row ("What rate is overtime on the 12th of October paid at that month?" asks a
  rate the calendar never gives).
- **the row** is the one row whose month is the month asked (the day's month when the
  question names no other), in the year of the day when the question gives one; a table
  that has no such row, or two, answers nothing (another year's calendar, a date outside
  its periods).

The answer cites the rule line and the row with its header. It never replaces a first
answer over the floor with a different line of the same document: it is tried in the
chain list only after the other chains found nothing.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.date_keyed import MIN_ROWS, key_period
from wikiqa.answerers.features import keys
from wikiqa.answerers.hops import PREFIX, search_hits, whole_hit
from wikiqa.answerers.neighbours import owned_by_asker
from wikiqa.text.months import MONTH_NAMES, MONTHS, month_number
from wikiqa.text.tables import cells
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate, Evidence
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document

TOLD_DAY = True  # switch: read a day the question gives against a table's rule line

# "the 12th of October", "12 October", "12th October 2026", "October 12th", "October 12, 2026"
_TOLD = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_NAMES})(?:,?\s+(\d{{4}}))?\b"
    rf"|\b({MONTH_NAMES})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?!\d)(?:,?\s+(\d{{4}}))?",
    re.I,
)
DAY_OF_MONTH = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{MONTH_NAMES})\b", re.I)
# "May I ...?" asks leave, it names no month ("May's pay", "in May" do)
_MAY_ASKING = re.compile(r"May\s+(?:I|we|you|he|she|they|it|my|our)\b")
_CLAUSE = re.compile(r"[.?!;:—–]|\s-\s")
_MONTH_WORD = re.compile(r"\bmonth(?:'s|’s|s)?\b", re.I)


def told_day(question: str) -> tuple[int, int, int | None, str, str] | None:
    """(day, month, year or None, the question without that day, its asking clauses) for a
    question giving one day of a month, else None. The asking clauses are those other than
    the one telling the day ("Will it be in October's pay?" after "I did overtime on the
    12th of October."), or the question without the day when it is one clause."""
    found = list(_TOLD.finditer(question))
    if len(found) != 1:
        return None
    m = found[0]
    if m.group(1):
        day, month, year = m.group(1), m.group(2), m.group(3)
    else:
        day, month, year = m.group(5), m.group(4), m.group(6)
    number = month_number(month)
    try:
        dt.date(int(year) if year else 2000, number, int(day))
    except ValueError:
        return None
    rest = question[: m.start()] + " " + question[m.end() :]
    clauses = [c for c in _CLAUSE.split(question) if c.strip()]
    asking = " ".join(c for c in clauses if not _TOLD.search(c)) if len(clauses) > 1 else rest
    return int(day), number, int(year) if year else None, rest, asking


def asked_month(rest: str, month: int) -> int | None:
    """The month the question asks of, apart from its day: a month it names again ("in
    October's pay"), or the day's own when it says "month" ("which month's pay"); None when
    it asks of no month."""
    named = {
        month_number(m.group(0))
        for m in re.finditer(MONTH_NAMES, rest, re.I)
        if m.group(0) != "May" or not _MAY_ASKING.match(rest, m.start())
    }
    if len(named) == 1:
        return named.pop()
    if not named and _MONTH_WORD.search(rest):
        return month
    return None


def _a_month(key: str) -> bool:
    """Is `key` a month's name, possessive or not ("may's", "october's")?"""
    return re.sub(r"['’]s$", "", key).lower() in {m.lower() for m in MONTHS}


def _names_column(line: Candidate, header: str) -> int | None:
    """The one column other than the key that the line names (on PREFIX letters): it says
    every content word of the header ("Cut-off for overtime and expenses"), or every key of
    a hyphenated word of it ("cut-off" names "Timesheet cut-off" and "Cut-off for claims");
    None when it names none or two."""
    said = {k[:PREFIX] for k in keys(line.span.text)}
    out = []
    for i, head in enumerate(cells(header)):
        if i == 0:
            continue
        words = {k[:PREFIX] for k in keys(head)}
        joined = [{k[:PREFIX] for k in keys(w)} for w in re.findall(r"\w+(?:-\w+)+", head)]
        if (words and words <= said) or any(len(j) > 1 and j <= said for j in joined):
            out.append(i)
    return out[0] if len(out) == 1 else None


def day_cells(rows: list[Candidate], column: int) -> int:
    """How many rows hold a day of a month in `column` ("9 October 2026", "10 April")."""
    return sum(
        1
        for r in rows
        if column < len(vs := cells(r.span.text)) and DAY_OF_MONTH.search(vs[column])
    )


async def told_day_hop(at: HopInput) -> list[Candidate] | None:
    """[the table's rule line, the row of the month asked] (module docstring), or None."""
    if not TOLD_DAY:
        return None
    told = told_day(at.q.text)
    if told is None:
        return None
    day, month, year, rest, asking = told
    asked = asked_month(rest, month)
    if asked is None:
        return None
    dates = {k[:PREFIX] for k in keys(f"{MONTHS[month - 1]} {MONTHS[asked - 1]} {day}th {day}")}
    question_words = {t[:PREFIX] for t in at.q.terms if not _a_month(t)} - dates
    asking_words = {k[:PREFIX] for k in keys(asking) if not _a_month(k)} - dates
    if not question_words:
        return None
    seen: set[str] = set()
    for source in ("first", "search"):
        for doc in await _documents(at, source, MONTHS[asked - 1]):
            if doc.doc_id in seen or owned_by_asker(doc, at.principal):
                continue
            seen.add(doc.doc_id)
            chain = await _ruled_row(at, doc, asked, year, question_words, asking_words)
            if chain is not None:
                return chain
    return None


async def _documents(at: HopInput, source: str, month: str) -> list[Document]:
    if source == "first":
        return list({c.doc.doc_id: c.doc for c in at.first.ranked if c.header is not None}.values())
    words = " ".join(w for w in re.findall(r"[\w'’-]+", at.q.text) if keys(w))
    hits = await search_hits(at, f"{words} {month}", set())
    return [at.docs[h.doc_id] for h in hits if h.doc_id in at.docs]


async def month_tables(
    at: HopInput, doc: Document
) -> tuple[Evidence, dict[str, list[Candidate]]] | None:
    """`doc` read whole for the question (its evidence) and its table rows by header row, when
    it names months enough for a table of them; else None."""
    if len(re.findall(MONTH_NAMES, doc.text)) < MIN_ROWS:
        return None
    read = await run_cpu(at.answerer.assess, at.q, [whole_hit(doc)], at.docs, at.skipped)
    if read is None:
        return None
    tables: dict[str, list[Candidate]] = {}
    for c in read.ranked:
        if c.header is not None and c.doc.doc_id == doc.doc_id:
            tables.setdefault(c.header.text, []).append(c)
    return read, tables


async def _ruled_row(
    at: HopInput,
    doc: Document,
    month: int,
    year: int | None,
    question_words: set[str],
    asking_words: set[str],
) -> list[Candidate] | None:
    """[rule line, row] from a table of months in `doc` whose rule line names a column."""
    found = await month_tables(at, doc)
    if found is None:
        return None
    read, tables = found
    prose = sorted(
        (c for c in read.ranked if c.header is None and c.doc.doc_id == doc.doc_id),
        key=lambda c: c.span.start,
    )
    for header, rows in tables.items():
        rows = sorted(rows, key=lambda r: r.span.start)
        periods = [(r, p) for r in rows if (p := key_period(r)) is not None and p[1] is not None]
        if len(periods) < MIN_ROWS:
            continue
        rules = []
        for line in prose:
            if line.span.start >= rows[0].span.start:
                break
            if not {k[:PREFIX] for k in keys(line.span.text)} & question_words:
                continue
            column = _names_column(line, header)
            if column is not None and day_cells(rows, column) >= MIN_ROWS:
                rules.append(line)
        if not rules:
            continue
        chosen = [
            r for r, p in periods if p[0].month == month and (year is None or p[0].year == year)
        ]
        if len(chosen) != 1:
            continue
        rule, row = rules[-1], chosen[0]  # the rule line nearest the table
        said = {
            k[:PREFIX]
            for k in keys(f"{doc.title} {row.context} {rule.span.text} {header} {row.span.text}")
        }
        if not asking_words <= said:
            continue  # the question asks something the rule and the row leave unsaid
        rule.part, row.part = "bridge", "answer"
        return [rule, row]
    return None
