"""A day the question gives, read against the column a table's own rule line names
(answerers/told_day.py, wrong68): "I did overtime on the 12th of October. Will it be in
October's pay?" is answered by the pay calendar's rule line ("... must be approved by the
cut-off date to be paid that month ...") and its October row. Must stay refused: a day of a
year the calendar does not reach, a question asking what the calendar never says (a meal
allowance), another asker's private letter, a table with no rule line naming a column."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import told_day
from wikiqa.answerers.told_day import asked_month
from wikiqa.answerers.told_day import told_day as told
from wikiqa.types import Answer, Principal, Refusal

CALENDAR = (
    '---\ntitle: "Pay Dates 2026-27"\naccess_scope: public\n---\n# Pay Dates 2026-27\n\n'
    "Staff are paid monthly, on the 25th of the month. Overtime and expense claims must be "
    "approved by the cut-off date to be paid that month; anything later is paid the month "
    "after.\n\n| Month | Claims cut-off | Payday |\n|---|---|---|\n"
    "| August 2026 | Monday 10 August 2026 | Tuesday 25 August 2026 |\n"
    "| September 2026 | Thursday 10 September 2026 | Friday 25 September 2026 |\n"
    "| October 2026 | Friday 9 October 2026 | Friday 23 October 2026 |\n"
    "| November 2026 | Tuesday 10 November 2026 | Wednesday 25 November 2026 |\n\n"
    "Payslips are online three days before payday.\n"
)
COURSES = (
    '---\ntitle: "Course Dates 2026-27"\naccess_scope: public\n---\n# Course Dates\n\n'
    "First aid courses run once a month at the head office.\n\n"
    "| Month | Course day | Booking closes |\n|---|---|---|\n"
    "| August 2026 | Tuesday 18 August 2026 | Tuesday 4 August 2026 |\n"
    "| September 2026 | Tuesday 15 September 2026 | Tuesday 1 September 2026 |\n"
    "| October 2026 | Tuesday 20 October 2026 | Tuesday 6 October 2026 |\n"
)
LETTER = (
    '---\ntitle: "Relocation Letter: Sam Reed"\naccess_scope: private\nowner_user_id: u-7\n'
    "---\n# Relocation Letter: Sam Reed\n\nDear Sam,\n\nYour relocation payment of £2,000 "
    "was agreed on 14 September 2026 and is paid in your October 2026 pay.\n"
)
FILES = {
    "pay-dates.md": CALENDAR,
    "private/relocation-reed.md": LETTER,
    "leave.md": "# Annual Leave\n\nFull-time staff get 25 days a year.\n",
}
ASKER = Principal(user_id="u-9", roles=["staff"])
QUESTION = "I did overtime on the 12th of October. Will it be in October's pay?"


def test_the_day_the_question_gives_and_the_month_it_asks() -> None:
    found = told(QUESTION)
    assert found is not None and found[:3] == (12, 10, None)
    assert asked_month(found[3], found[1]) == 10
    assert asked_month("I claimed on the . Which month's pay will it be in?", 11) == 11
    assert asked_month("I worked on the . May I claim it?", 6) is None
    assert asked_month("My changes went in on the . Will they be in May's pay?", 5) == 5
    assert told("Is 20 May 2027 a day off?") is not None
    assert told("When is the next payday?") is None


async def test_the_rule_line_and_the_row_of_the_month_asked(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as(QUESTION, src, ASKER)
    assert isinstance(result, Answer), result
    assert "Friday 9 October 2026" in result.text and "cut-off date" in result.text
    assert {c.doc_id.split("/")[-1] for c in result.citations} == {"pay-dates.md"}


async def test_switched_off_the_question_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(told_day, "TOLD_DAY", False)
    src = own_source(tmp_path, FILES)
    result = await ask_as(QUESTION, src, ASKER)
    assert not (isinstance(result, Answer) and "Friday 9 October 2026" in result.text)


@pytest.mark.parametrize(
    "question",
    [
        # a year the calendar does not reach
        "I did overtime on the 12th of October 2028. Will it be in October's pay?",
        # what the calendar never says
        "I did overtime on the 12th of October. Will October's pay include a meal allowance?",
        # another asker's private letter
        "Reed's relocation was agreed on the 14th of September. Will Reed's relocation "
        "payment be in October's pay?",
    ],
)
async def test_must_stay_refused(tmp_path: Path, question: str) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as(question, src, ASKER)
    assert isinstance(result, Refusal) or "Friday 9 October 2026" not in result.text


async def test_a_table_with_no_rule_line_naming_a_column_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {**FILES, "courses.md": COURSES}
    question = "I did first aid on the 3rd of October. Will it count in October's course?"
    on = await ask_as(question, own_source(tmp_path / "on", files), ASKER)
    monkeypatch.setattr(told_day, "TOLD_DAY", False)
    off = await ask_as(question, own_source(tmp_path / "off", files), ASKER)
    assert type(on) is type(off) and getattr(on, "text", "") == getattr(off, "text", "")
