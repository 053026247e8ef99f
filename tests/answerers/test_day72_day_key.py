"""A weekday's name is capitalised by English, not because it names one thing: "working a
Sunday" keys the "| Sunday call | ... |" row of an enhancements table as a lower-case word
would (rows.own_named, DAY_KEYS, day72). A day no row keys, a row another row's word keys
and a month (a payday table's "| April 2026 |") stay as before. Small documents written here."""

from __future__ import annotations

import pytest

from wikiqa.answerers import rows
from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Principal, Question

from memsource import TermSource  # isort: skip

ENHANCEMENTS = (
    "Enhancements and Overtime",
    "# Enhancements and Overtime\n\n"
    "Enhancements are paid on top of your basic hourly rate.\n\n"
    "| Enhancement | Payment |\n|---|---|\n"
    "| Overtime over 40 hours in a week | time and a half |\n"
    "| Sunday call | an extra £1.50 an hour |\n"
    "| Bank holiday call | time and a half, plus a day off in lieu |\n"
    "| Split call (two calls in one day with a gap of 3 hours or more) | £10 a day |\n"
    "| Pantomime double-show day | £15 a day |\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nYou get 25 days of annual leave a year. Book holiday through your "
    "manager at least two weeks ahead.\n",
)
SICK = (
    "Sickness Absence",
    "# Sickness Absence\n\nRing your manager before your call starts if you are too ill to "
    "work. After 7 days you need a fit note from your doctor.\n",
)
DOCS = {"e": ENHANCEMENTS, "l": LEAVE, "s": SICK}
USHER = Principal(user_id="u-1", roles=["usher"], departments=["front_of_house"])
SUNDAY = "What extra do I get for working a Sunday?"


async def _quotes(emb: OnnxEmbedder, question: str) -> list[str] | None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3, embedder=emb)
    draft = await answerer.answer(Question(text=question, principal=USHER), TermSource(DOCS))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


def _own(question: str, row: str) -> bool:
    text = ENHANCEMENTS[1]
    start = text.index("| Enhancement |")
    qset = rows.key_set(question)
    return rows.own_named(text, start, row, qset, question)


def test_a_capitalised_weekday_is_a_rows_own_word() -> None:
    assert _own(SUNDAY, "| Sunday call | an extra £1.50 an hour |")
    assert _own("Do I get more on Sundays?", "| Sunday call | an extra £1.50 an hour |")
    assert not _own(SUNDAY, "| Bank holiday call | time and a half, plus a day off in lieu |")
    assert not _own(
        "What extra do I get for working a Saturday?", "| Sunday call | an extra £1.50 an hour |"
    )


def test_a_month_is_still_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (
        "# Paydays\n\n| Month | Payday |\n|---|---|\n"
        "| April 2026 | 24 April |\n| May 2026 | 22 May |\n| June 2026 | 26 June |\n"
    )
    q = "When do I get paid next April?"
    assert not rows.own_named(
        text, text.index("| Month"), "| April 2026 | 24 April |", rows.key_set(q), q
    )


def test_switched_off_the_day_is_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows, "DAY_KEYS", False)
    assert not _own(SUNDAY, "| Sunday call | an extra £1.50 an hour |")


async def test_the_days_row_answers(emb: OnnxEmbedder) -> None:
    quotes = await _quotes(emb, SUNDAY)
    assert quotes is not None and any("Sunday call" in q for q in quotes), quotes


async def test_a_day_no_row_keys_stays_refused(emb: OnnxEmbedder) -> None:
    assert await _quotes(emb, "What extra do I get for working a Saturday?") is None
    assert await _quotes(emb, "What extra do I get for working a Wednesday night?") is None
