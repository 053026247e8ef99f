"""A when-question naming a month takes the row of the one calendar whose day column is the
act asked (answerers/asked_month.py, wrong70): "When do we get paid in December?" is answered
by the pay calendar's "| December 2026 | ... | Friday 18 December 2026 |" under "| Month |
Cut-off for hours and claims | Payday |" ("paid" read as "pay", "Payday" as "pay day"), not
by a holiday rule that says "December" and dates. Must stay as they were: a thing the calendar
never names (a Christmas bonus, a staff party), a table whose day column is another act's, a
second calendar of the same months (a past edition), a month the calendar holds twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import asked_month
from wikiqa.answerers.asked_month import asked_month as asked
from wikiqa.types import Answer, Principal

CALENDAR = (
    '---\ntitle: "Pay Dates 2026-27"\naccess_scope: public\n---\n# Pay Dates 2026-27\n\n'
    "Everyone is paid monthly, on the last Friday of the month, into their bank account.\n\n"
    "| Month | Cut-off for hours and claims | Payday |\n|---|---|---|\n"
    "| October 2026 | Friday 16 October 2026 | Friday 30 October 2026 |\n"
    "| November 2026 | Friday 13 November 2026 | Friday 27 November 2026 |\n"
    "| December 2026 | Friday 4 December 2026 | Friday 18 December 2026 |\n"
    "| January 2027 | Friday 15 January 2027 | Friday 29 January 2027 |\n\n"
    "Payslips are on the app 3 days before payday.\n"
)
HOLIDAY = (
    '---\ntitle: "Christmas Holiday Requests"\naccess_scope: public\n---\n'
    "# Christmas Holiday Requests\n\n"
    "- Shop colleagues cannot take holiday from 14 December to 24 December.\n"
    "- Requests for 27 December to 31 December must be made by 31 October.\n"
)
FILES = {
    "pay-dates.md": CALENDAR,
    "christmas.md": HOLIDAY,
    "annual.md": "# Annual Leave\n\nFull-time staff get 25 days a year.\n",
}
ASKER = Principal(user_id="u-9", roles=["staff"])
QUESTION = "When do we get paid in December?"


def test_the_month_and_the_act_asked() -> None:
    found = asked(QUESTION)
    assert found is not None and found[:2] == (12, None) and found[2] == [{"paid", "pay"}]
    assert asked("When will I be paid in March 2027?") == (3, 2027, [{"paid", "pay"}])
    assert asked("What date is payday in January?") == (1, None, [{"payda", "pay"}])
    assert asked("How much can I claim when I'm away in May?") is None  # no "when" asked
    assert asked("I did overtime on the 12th of October. When is it paid?") is None  # a day
    assert asked("When is the next payday?") is None  # no month


async def test_the_calendar_row_of_the_month_asked(tmp_path: Path) -> None:
    result = await ask_as(QUESTION, own_source(tmp_path, FILES), ASKER)
    assert isinstance(result, Answer), result
    assert "Friday 18 December 2026" in result.text
    assert {c.doc_id.split("/")[-1] for c in result.citations} == {"pay-dates.md"}


async def test_switched_off_the_holiday_line_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(asked_month, "ASKED_MONTH", False)
    result = await ask_as(QUESTION, own_source(tmp_path, FILES), ASKER)
    assert not (isinstance(result, Answer) and "Friday 18 December 2026" in result.text)


@pytest.mark.parametrize(
    "question",
    [
        "When is the Christmas bonus paid in December?",  # a bonus the calendar never names
        "When is the staff Christmas party in December?",  # no act the table's days are of
    ],
)
async def test_what_the_calendar_never_names_is_not_its_row(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES), ASKER)
    assert not (isinstance(result, Answer) and "Friday 18 December 2026" in result.text)


async def test_two_calendars_of_the_month_leave_the_answer_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    past = CALENDAR.replace("2026-27", "2025-26").replace("2026", "2025").replace("2027", "2026")
    files = {**FILES, "pay-dates-2025-26.md": past}
    on = await ask_as(QUESTION, own_source(tmp_path / "on", files), ASKER)
    monkeypatch.setattr(asked_month, "ASKED_MONTH", False)
    off = await ask_as(QUESTION, own_source(tmp_path / "off", files), ASKER)
    assert type(on) is type(off) and getattr(on, "text", "") == getattr(off, "text", "")


async def test_a_past_years_edition_is_set_aside(tmp_path: Path) -> None:
    past = (
        CALENDAR.replace("2026-27", "2025-26 (past year)")
        .replace("2026", "2025")
        .replace("2027", "2026")
    )
    files = {**FILES, "pay-dates-2025-26.md": past}
    result = await ask_as(QUESTION, own_source(tmp_path, files), ASKER)
    assert isinstance(result, Answer) and "Friday 18 December 2026" in result.text, result
    assert {c.doc_id.split("/")[-1] for c in result.citations} == {"pay-dates.md"}
