"""The asker's own date keying the row of a table of dates.

"When my trial hours finish, what's the next payday after that?" names no date: the asker's
flexible-working agreement does ("The trial runs until 15 January 2027."), and the pay
calendar gives the payday ("| January 2027 | Monday 25 January 2027 | 8 January |"). "Once
I'm back on full duties, on what date is that month's pay paid?": the return plan says "Full
duties, including nights, resume on 13 December 2027.", and the calendar's "| December | 17
December 2027 |" is that month's row. No word of the question names the row; a date of the
asker's does, once it is compared with the dates that key the table. One sentence: *the
asker's document gives the date, the table's dates choose the row.*

When a first-person question names no date of its own and the reader may see a document of
the asker's (`neighbours.owned_by_asker`):
- **the asker's date** is the day a line of that document gives (one day, "15 January 2027",
  "13 December 2027"), the line saying a word the question tells of its situation beyond
  what it asks ("trial", "full duties"), and, when the question tells which end of a stretch
  it means ("finish", "end", "until"; "start", "back", "resume"), saying that end too. One
  such line only: two dated lines of the asker's leave the date open.
- **the table** is one whose rows are keyed by months or days ("| January 2027 |", "|
  December |" with its year in the row or the title, "| From 1 April 2026 |"), in a document
  of the first hop or of a search for what is asked with the date's month, with a column
  other than the key that the question names ("Payday", "Pay date") and that holds days.
- **the row**: for a question asking what comes after ("next", "after", "following") the row
  whose day in that column is the first on or after the asker's date; otherwise the row whose
  month holds the date, or, keyed by the days rules start from, the last to start on or
  before it. The table must reach the date (a row's month holds it, or its days fall on both
  sides of it): a calendar of another year answers nothing.

The answer cites the asker's line and the row with its header. Over the floor it replaces the
first answer (which, keyed by no date, answers another month or the rule in general); every
document it reads comes through the reader's search and fetch.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING

from wikiqa.answerers.features import keys
from wikiqa.answerers.hops import PREFIX, asked_words, residual, search_hits, whole_hit
from wikiqa.answerers.neighbours import owned_by_asker
from wikiqa.answerers.own_hop import first_person, own_documents
from wikiqa.text.months import MONTH_NAMES, MONTHS, month_number
from wikiqa.text.tables import cells
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.hop_input import HopInput
    from wikiqa.types import Document

# "15 January 2027", "Monday 25 January 2027", "25th of January 2027", "January 25, 2027"
_DAY = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_NAMES})\s+(\d{{4}})\b"
    rf"|\b({MONTH_NAMES})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b",
    re.I,
)
# a cell that is a month, with or without its year ("January 2027", "December")
_MONTH_CELL = re.compile(rf"^\s*({MONTH_NAMES})(?:\s+(\d{{4}}))?\s*$", re.I)
# a cell that is the day a rule starts ("1 April 2026", "From 1 April 2026")
_START_CELL = re.compile(r"^\s*(?:from|since|starting|effective)?\s*(.+?)\s*$", re.I)
# a month or a year the question names itself: it needs no date of the asker's ("May" only
# beside a number: "May I ...?" names no month)
_QUESTION_DATE = re.compile(
    rf"\b(?:{'|'.join(m for m in MONTHS if m != 'May')})\b|\b\d{{1,2}}\s+May\b|\bMay\s+\d"
    r"|\b(?:19|20)\d\d\b"
)
# the question asks for what comes after the date
_AFTER = re.compile(r"\b(?:next|after|following|afterwards)\b", re.I)
# which end of a stretch a clause speaks of
_END = re.compile(
    r"\b(?:finish\w*|end|ends|ended|ending|expir\w*|until|till|over|stop\w*|last\s+day)\b", re.I
)
_START = re.compile(
    r"\b(?:start\w*|begin\w*|began|resum\w*|back|return\w*|join\w*|commenc\w*|from)\b", re.I
)
_YEAR = re.compile(r"\b(19\d\d|20\d\d)\b")
# what every day `_DAY` reads holds, searched anywhere in a text: a month's name, four digits
_MONTH = re.compile(MONTH_NAMES, re.I)
_FOUR_DIGITS = re.compile(r"\d{4}")

MIN_ROWS = 3  # rows of a table keyed by dates, for it to be a table of dates


def days_in(text: str) -> list[dt.date]:
    """The days `text` gives in full, day, month and year ("Monday 25 January 2027")."""
    out = []
    for m in _DAY.finditer(text):
        if m.group(1):
            day, month, year = m.group(1), m.group(2), m.group(3)
        else:
            day, month, year = m.group(5), m.group(4), m.group(6)
        try:
            out.append(dt.date(int(year), month_number(month), int(day)))
        except ValueError:
            continue
    return out


def _month_end(year: int, month: int) -> dt.date:
    nxt = dt.date(year + (month == 12), month % 12 + 1, 1)
    return nxt - dt.timedelta(days=1)


def names_date(question: str) -> bool:
    """Does the question name a month, a day or a year of its own?"""
    return _QUESTION_DATE.search(question) is not None


def key_period(row: Candidate) -> tuple[dt.date, dt.date | None] | None:
    """The stretch of days the row's key cell (its first) names: a month ("January 2027";
    "December" with its year from a day of that month in the row, else the one year its
    document's title names) as its first and last day, or a day a rule starts from ("From 1
    April 2026") as (that day, None); None for a key that is no date."""
    values = cells(row.span.text)
    if not values:
        return None
    key = values[0]
    m = _MONTH_CELL.match(key)
    if m:
        month = month_number(m.group(1))
        year = int(m.group(2)) if m.group(2) else _year_of(row, month)
        if year is None:
            return None
        return dt.date(year, month, 1), _month_end(year, month)
    start = _START_CELL.match(key)
    said = start.group(1) if start else ""
    days = days_in(said)
    return (days[0], None) if len(days) == 1 and _DAY.fullmatch(said) else None


def _year_of(row: Candidate, month: int) -> int | None:
    """The year of a month named alone in a row's key: a day of that month in the row's
    other cells, else the one year its document's title names."""
    for value in cells(row.span.text)[1:]:
        for day in days_in(value):
            if day.month == month:
                return day.year
    years = set(_YEAR.findall(row.doc.title))
    return int(years.pop()) if len(years) == 1 else None


def asked_columns(question: str, header: str) -> list[int]:
    """The columns other than the key whose header the question names: every content word
    of the header cell said by the question (on its first PREFIX letters; "Payday" by "the
    next payday", "Pay date" by "on what date is that month's pay paid")."""
    said = {k[:PREFIX] for k in keys(question)}
    out = []
    for i, head in enumerate(cells(header)):
        words = {k[:PREFIX] for k in keys(head)}
        if i > 0 and words and words <= said:
            out.append(i)
    return out


def _day_cell(row: Candidate, column: int) -> dt.date | None:
    values = cells(row.span.text)
    days = days_in(values[column]) if column < len(values) else []
    return days[0] if len(days) == 1 else None


def row_for_date(rows: list[Candidate], column: int, day: dt.date, after: bool) -> Candidate | None:
    """The row of a table of dates (module docstring) that the day `day` keys, or None when
    the table does not reach it or no one row is keyed."""
    days = [(r, _day_cell(r, column)) for r in rows]
    dated = [(r, d) for r, d in days if d is not None]
    periods = [(r, p) for r in rows if (p := key_period(r)) is not None]
    reaches = any(p[0] <= day and (p[1] is None or day <= p[1]) for _, p in periods) or (
        any(d <= day for _, d in dated) and any(d >= day for _, d in dated)
    )
    if not reaches:
        return None
    if after:
        later = sorted((d, i) for i, (_, d) in enumerate(dated) if d >= day)
        return dated[later[0][1]][0] if later else None
    holding = [r for r, p in periods if p[1] is not None and p[0] <= day <= p[1]]
    if holding:
        return holding[0] if len(holding) == 1 else None
    started = [(p[0], i) for i, (_, p) in enumerate(periods) if p[1] is None and p[0] <= day]
    return periods[max(started)[1]][0] if started else None


def _tables(cands: list[Candidate]) -> dict[str, list[Candidate]]:
    """The rows of each table among `cands`, keyed by the table's document and header."""
    out: dict[str, list[Candidate]] = {}
    for c in cands:
        if c.header is not None:
            out.setdefault(f"{c.doc.doc_id}\n{c.header.text}", []).append(c)
    return out


def _situation_words(at: HopInput, asked: set[str]) -> set[str]:
    """What the question tells beyond what it asks: its content words, less the words of
    the column it asks for."""
    return {t[:PREFIX] for t in at.q.terms} - asked


def _sense(text: str) -> str | None:
    end, start = _END.search(text) is not None, _START.search(text) is not None
    return "end" if end and not start else "start" if start and not end else None


def asker_dates(
    question: str, lines: list[Candidate], told: set[str]
) -> list[tuple[Candidate, dt.date]]:
    """The lines of the asker's documents giving one day, that say a word the question
    tells of its situation (`told`, on PREFIX letters) and, when the question tells which
    end of a stretch it means, that end (module docstring), each with its day."""
    sense = _sense(question)
    out = []
    for line in lines:
        days = days_in(line.span.text)
        if len(set(days)) != 1 or line.header is not None:
            continue
        if not {k[:PREFIX] for k in keys(line.span.text)} & told:
            continue
        if sense is not None and _sense(line.span.text) != sense:
            continue
        out.append((line, days[0]))
    return out


async def date_hop(at: HopInput) -> list[Candidate] | None:
    """[the asker's dated line, the row its day keys] (module docstring), or None."""
    answerer, q, principal = at.answerer, at.q, at.principal
    if principal is None or principal.user_id is None or not first_person(q.text):
        return None
    if names_date(q.text):
        return None
    own = await own_documents(at, principal)
    if not any(_MONTH.search(d.text) and _FOUR_DIGITS.search(d.text) for d in own):
        return None  # no line of theirs can give a day (a month and a year): nothing to read
    mine = await run_cpu(answerer.assess, q, [whole_hit(d) for d in own], at.docs, at.skipped)
    if mine is None or not any(len(set(days_in(c.span.text))) == 1 for c in mine.ranked):
        return None  # no line of the asker's gives one day: none keys a row, none is searched
    # the tables of the first hop, then those a search for what is asked with the month finds
    seen: set[str] = set()
    for source in ("first", "search"):
        docs = await _table_documents(at, own, mine.ranked, source)
        for doc in docs:
            if doc.doc_id in seen or owned_by_asker(doc, principal):
                continue
            seen.add(doc.doc_id)
            chain = await _keyed_in(at, doc, mine.ranked)
            if chain is not None:
                return chain
    return None


async def _table_documents(
    at: HopInput, own: list[Document], mine: list[Candidate], source: str
) -> list[Document]:
    if source == "first":
        return list({c.doc.doc_id: c.doc for c in at.first.ranked if c.header is not None}.values())
    out: dict[str, Document] = {}
    for line in mine:
        days = days_in(line.span.text)
        if len(set(days)) != 1:
            continue
        month = f"{MONTHS[days[0].month - 1]} {days[0].year}"
        query = f"{asked_words(at.q, residual(at.q, line))} {month}"
        for h in await search_hits(at, query, {d.doc_id for d in own}):
            if h.doc_id in at.docs:
                out.setdefault(h.doc_id, at.docs[h.doc_id])
    return list(out.values())


async def _keyed_in(at: HopInput, doc: Document, mine: list[Candidate]) -> list[Candidate] | None:
    """[the asker's line, the row] from a table of dates in `doc`, or None."""
    from wikiqa.answerers.extractive import fits_question  # (imports this module)

    if len(_MONTH.findall(doc.text)) < MIN_ROWS:
        return None  # every row a date keys names a month: too few for a table of dates
    read = await run_cpu(at.answerer.assess, at.q, [whole_hit(doc)], at.docs, at.skipped)
    if read is None:
        return None
    after = _AFTER.search(at.q.text) is not None
    for rows in _tables(read.ranked).values():
        rows = sorted(rows, key=lambda r: r.span.start)
        if sum(key_period(r) is not None for r in rows) < MIN_ROWS:
            continue
        header = rows[0].header
        assert header is not None
        for column in asked_columns(at.q.text, header.text):
            if sum(_day_cell(r, column) is not None for r in rows) < MIN_ROWS:
                continue
            asked = {k[:PREFIX] for k in keys(cells(header.text)[column])}
            found = asker_dates(at.q.text, mine, _situation_words(at, asked))
            if len({d for _, d in found}) != 1:
                continue  # no date of the asker's, or two
            line, day = found[0]
            row = row_for_date(rows, column, day, after)
            if row is None or not fits_question(at.q, set(at.q.terms), row):
                continue
            line.part, row.part = "bridge", "answer"
            return [line, row]
    return None
