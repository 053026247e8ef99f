"""A when-question answered by a line that names a month of pay, and the pay calendar's row
for exactly that month (answerers/dated.py, `asks_day`, hop67): "When will my promotion pay
rise actually land in my bank?" is answered by the letter's "your new rate is first paid in
your September 2026 pay", and "| September 2026 | 10 September 2026 | Friday 25 September
2026 |" is cited after it. Must stay alone: a month the calendar has no row for, a line
whose month is not of pay (a review), a "when" of a condition, another asker's
letter."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import dated
from wikiqa.answerers.dated import asks_day
from wikiqa.types import Answer, Principal, Refusal

LETTER = (
    '---\ntitle: "Promotion Letter: Megan Hale"\naccess_scope: private\n'
    "owner_user_id: u-7\n---\n# Promotion Letter: Megan Hale\n\nDear Megan,\n\n"
    "I am delighted to confirm your promotion from receptionist to senior receptionist.\n\n"
    "- Your new hourly rate is £13.60, from 1 September 2026.\n"
    "- Because the change was made before the cut-off, your new rate is first paid in your "
    "September 2026 pay.\n"
    "- Your first review in the new job is in October 2026.\n"
)
CALENDAR = (
    "# Pay Dates 2026-27\n\nEveryone is paid monthly. Changes must reach payroll by the "
    "cut-off date to be paid that month.\n\n| Month | Cut-off for changes | Payday |\n"
    "|---|---|---|\n"
    "| August 2026 | 10 August 2026 | Wednesday 26 August 2026 |\n"
    "| September 2026 | 10 September 2026 | Friday 25 September 2026 |\n"
    "| October 2026 | 12 October 2026 | Monday 26 October 2026 |\n"
    "| November 2026 | 10 November 2026 | Thursday 26 November 2026 |\n"
)
TRAINING = (
    "# Training Calendar 2026-27\n\n| Month | Course date |\n|---|---|\n"
    "| January 2027 | Tuesday 12 January 2027 |\n"
    "| February 2027 | Tuesday 9 February 2027 |\n"
    "| March 2027 | Tuesday 16 March 2027 |\n"
)
FILES = {
    "private/promotion-hale.md": LETTER,
    "pay-dates.md": CALENDAR,
    "training.md": TRAINING,
    "leave.md": "# Annual Leave\n\nFull-time staff get 25 days a year.\n",
}
HALE = Principal(user_id="u-7", roles=["staff"])
OTHER = Principal(user_id="u-8", roles=["staff"])


def _docs(result: Answer | Refusal) -> set[str]:
    assert isinstance(result, Answer), result
    return {c.doc_id.split("/")[-1] for c in result.citations}


def test_when_asks_a_day_and_a_conditions_when_does_not() -> None:
    assert asks_day("When will my promotion pay rise actually land in my bank?")
    assert asks_day("I was paid £40 short. When's it put right?")
    assert not asks_day("Do I still get my tronc when I'm off sick?")
    assert not asks_day("When my trial hours finish, where do I work?")


async def test_the_month_of_pay_a_letter_names_takes_the_calendar_row(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as("When will my new rate first be paid?", src, HALE)
    assert _docs(result) == {"promotion-hale.md", "pay-dates.md"}
    assert isinstance(result, Answer)
    assert "Friday 25 September 2026" in result.text and "October" not in result.text


async def test_without_the_when_reading_the_letter_stands_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dated, "_ASKS_WHEN", dated.re.compile(r"(?!x)x"))
    src = own_source(tmp_path, FILES)
    result = await ask_as("When will my new rate first be paid?", src, HALE)
    assert _docs(result) == {"promotion-hale.md"}


async def test_a_month_not_of_pay_takes_no_calendar_row(tmp_path: Path) -> None:
    # the pay calendar has an October 2026 row, but neither the question nor the line says
    # a word of its table ("Pay Dates", "Payday"): a review is not paid
    src = own_source(tmp_path, FILES)
    result = await ask_as("When is my first review in the new job?", src, HALE)
    assert _docs(result) == {"promotion-hale.md"}
    assert isinstance(result, Answer) and "October 2026" in result.text
    assert "Monday 26 October" not in result.text


async def test_another_askers_letter_is_not_read(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as("When will my new rate first be paid?", src, OTHER)
    assert not isinstance(result, Answer) or "September 2026 pay" not in result.text
