"""The asker's own date keys the row of a table of dates (hops19, answerers/date_keyed.py):
a question that names no date ("When my trial hours finish, what's the next payday after
that?") is answered by the line of the asker's document giving the day ("The trial runs
until 15 January 2027.") and the calendar row that day keys, compared as dates: the row
whose month holds it, or for "next ... after" the first payday on or after it. Small
documents written here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from own_helpers import ask_as, own_source

from wikiqa.types import Answer, Principal, Refusal

CALENDAR = (
    "---\ntitle: Pay Dates 2026-27\n{access}---\n# Pay Dates 2026-27\n\n"
    "Pay goes into your bank account on the 25th of each month. When the 25th falls on a "
    "weekend, you are paid on the working day before.\n\n"
    "| Month | Payday | Cut-off for claims |\n|---|---|---|\n"
    "| October 2026 | Friday 23 October 2026 | 9 October |\n"
    "| November 2026 | Wednesday 25 November 2026 | 10 November |\n"
    "| December 2026 | Friday 18 December 2026 | 4 December |\n"
    "| January 2027 | Monday 25 January 2027 | 8 January |\n"
    "| February 2027 | Thursday 25 February 2027 | 10 February |\n"
    "| March 2027 | Thursday 25 March 2027 | 10 March |\n"
)
EXCEPTIONS = (
    "---\ntitle: Pay Dates 2027\n---\n# Pay Dates 2027\n\n"
    "Salaries are paid by bank transfer on the 27th of each month.\n\n"
    "Exceptions in 2027:\n\n| Month | Pay date |\n|---|---|\n"
    "| February | 26 February 2027 |\n| March | 26 March 2027 |\n"
    "| November | 26 November 2027 |\n| December | 17 December 2027 |\n"
)
UNIFORM = (
    "---\ntitle: Uniform Policy\n---\n# Uniform Policy\n\n"
    "Wear your name badge on every shift. Shoes must be black.\n"
)


def _agreement(user: str, until: str) -> str:
    return (
        f"---\ntitle: 'Flexible Working Agreement'\naccess_scope: private\n"
        f"owner_user_id: {user}\n---\n# Flexible Working Agreement\n\n"
        "Following your request of 2 September 2026, we have agreed a trial of the following "
        "pattern at the Ambley shop:\n\n"
        "- Monday, Wednesday and Thursday, 9:00 to 17:00: 22.5 hours a week.\n"
        "- You will not be asked to work Saturdays during the trial, except in December.\n\n"
        f"The trial runs until {until}. Your manager will review it with you.\n"
    )


RETURN_PLAN = (
    "---\ntitle: 'Phased Return Plan'\naccess_scope: private\nowner_user_id: u-3\n---\n"
    "# Phased Return Plan\n\nAgreed with Occupational Health on 3 November 2027.\n\n"
    "- Weeks 1 and 2: three 6-hour day shifts a week, no nights.\n"
    "- Full duties, including nights, resume on 13 December 2027.\n"
)
PENHALE = Principal(user_id="u-1", roles=["staff"], departments=["shops"])
TREVOR = Principal(user_id="u-2", roles=["staff"], departments=["shops"])
OKAFOR = Principal(user_id="u-3", roles=["staff"], departments=["ward"])
OTHER = Principal(user_id="u-9", roles=["staff"], departments=["shops"])
NEXT_PAYDAY = "When my trial hours finish, what's the next payday after that?"


def _cited(result: Answer | Refusal) -> set[str]:
    return {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()


def _calendar(access: str = "") -> str:
    return CALENDAR.format(access=access)


async def test_the_day_my_trial_ends_keys_the_next_payday_for_me_alone(tmp_path: Path) -> None:
    source = own_source(
        tmp_path,
        {
            "pay-dates.md": _calendar(),
            "uniform.md": UNIFORM,
            "private/agreement-penhale.md": _agreement("u-1", "15 January 2027"),
        },
    )
    result = await ask_as(NEXT_PAYDAY, source, PENHALE)
    assert isinstance(result, Answer)
    assert _cited(result) == {"private/agreement-penhale.md", "pay-dates.md"}
    assert "15 January 2027" in result.text and "Monday 25 January 2027" in result.text
    assert "September" not in result.text  # the request's date is not when the trial ends
    # another reader asks: the agreement is not theirs, so no date keys a row and nothing
    # private is cited
    other = await ask_as(NEXT_PAYDAY, source, OTHER)
    assert all(not d.startswith("private/") for d in _cited(other))
    assert "25 January 2027" not in (other.text if isinstance(other, Answer) else "")
    await source.aclose()


async def test_a_payday_before_my_date_is_not_the_next_one(tmp_path: Path) -> None:
    # the trial ends after January's payday: the next payday is February's, not the row of
    # the month that holds the day
    source = own_source(
        tmp_path,
        {
            "pay-dates.md": _calendar(),
            "uniform.md": UNIFORM,
            "private/agreement-trevor.md": _agreement("u-2", "28 January 2027"),
        },
    )
    result = await ask_as(NEXT_PAYDAY, source, TREVOR)
    await source.aclose()
    assert isinstance(result, Answer)
    assert "Thursday 25 February 2027" in result.text
    assert "Monday 25 January 2027" not in result.text


async def test_the_month_of_my_date_keys_its_row(tmp_path: Path) -> None:
    source = own_source(
        tmp_path,
        {"pay-2027.md": EXCEPTIONS, "private/return-okafor.md": RETURN_PLAN},
    )
    result = await ask_as(
        "Once I'm back on full duties, on what date is that month's pay paid?", source, OKAFOR
    )
    await source.aclose()
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} == {"private/return-okafor.md", "pay-2027.md"}
    assert "13 December 2027" in result.text and "| December | 17 December 2027 |" in result.text


async def test_a_calendar_only_payroll_may_read(tmp_path: Path) -> None:
    source = own_source(
        tmp_path,
        {
            "pay-dates.md": _calendar("access_scope: role\nallowed_roles: [payroll]\n"),
            "uniform.md": UNIFORM,
            "private/agreement-penhale.md": _agreement("u-1", "15 January 2027"),
        },
    )
    hidden = await ask_as(NEXT_PAYDAY, source, PENHALE)
    assert "pay-dates.md" not in _cited(hidden)
    assert "25 January 2027" not in (hidden.text if isinstance(hidden, Answer) else "")
    payroll = Principal(user_id="u-1", roles=["staff", "payroll"], departments=["shops"])
    shown = await ask_as(NEXT_PAYDAY, source, payroll)
    assert isinstance(shown, Answer) and "Monday 25 January 2027" in shown.text
    await source.aclose()


def test_days_periods_and_the_row_a_day_keys(tmp_path: Path) -> None:
    from wikiqa.answerers.date_keyed import asker_dates, days_in, names_date, row_for_date
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.text.sentences import Span
    from wikiqa.types import Document

    assert days_in("Monday 25 January 2027, or January 26, 2027") == [
        dt.date(2027, 1, 25),
        dt.date(2027, 1, 26),
    ]
    assert days_in("the first week of January") == []
    assert names_date("What's the payday in March?") and not names_date("May I swap shifts?")

    def doc(title: str, text: str) -> Document:
        return Document(source="t", doc_id=title, title=title, url="", text=text)

    def row(d: Document, text: str, header: str) -> Candidate:
        return Candidate(d, Span(0, len(text), text), [], 0, header=Span(0, len(header), header))

    cal = doc("Pay Dates 2027", EXCEPTIONS)
    rows = [
        row(cal, t, "| Month | Pay date |")
        for t in ("| November | 26 November 2027 |", "| December | 17 December 2027 |")
    ]
    assert row_for_date(rows, 1, dt.date(2027, 12, 13), after=False) is rows[1]
    assert row_for_date(rows, 1, dt.date(2027, 7, 13), after=False) is None  # no July row
    # a rule's start days: the last to start on or before the day is in force
    rates = doc("Mileage Rates", "")
    starts = [
        row(rates, t, "| From | Rate |")
        for t in ("| From 1 April 2025 | 45p |", "| From 1 April 2026 | 50p |")
    ]
    assert row_for_date(starts, 1, dt.date(2026, 6, 1), after=False) is starts[1]
    assert row_for_date(starts, 1, dt.date(2025, 6, 1), after=False) is starts[0]

    letter = doc("Letter", "")
    lines = [
        Candidate(letter, Span(0, len(t), t), [], 0)
        for t in (
            "Following your request of 2 September 2026, we have agreed a trial.",
            "The trial runs until 15 January 2027.",
        )
    ]
    told = {"trial", "hours", "finis"}
    found = asker_dates("When my trial hours finish, what's the next payday?", lines, told)
    assert [d for _, d in found] == [dt.date(2027, 1, 15)]


APPRENTICE_HANDBOOK = (
    "---\ntitle: Apprentice Handbook\n---\n# Apprentice Handbook\n\n## Pay\n\n"
    "Apprentices are paid an hourly rate that rises with each year of the apprenticeship.\n\n"
    "| Year of apprenticeship | Hourly rate |\n|---|---|\n"
    "| Year 1 | £9.10 |\n| Year 2 | £10.45 |\n| Year 3 | £11.80 |\n"
)
APPRENTICESHIP = (
    "---\ntitle: 'Apprenticeship Agreement: Nadia Begum'\naccess_scope: private\n"
    "owner_user_id: u-4\n---\n# Apprenticeship Agreement: Nadia Begum\n\n"
    "This agreement is between the company and Nadia Begum for the Bricklayer apprenticeship.\n\n"
    "- Start date: 7 September 2025.\n"
    "- You are now in year 2 of your apprenticeship.\n"
    "- College: every Tuesday during term time, paid at your hourly rate.\n"
    "- Your mentor will meet you every 4 weeks to discuss your pay and progress.\n\n"
    "Your hourly pay, leave and probation are set out in the Apprentice Handbook.\n"
)
BEGUM = Principal(user_id="u-4", roles=["apprentice"], departments=["site"])


async def test_a_question_about_now_is_keyed_by_the_line_that_tells_now(tmp_path: Path) -> None:
    # the asker's line saying where they are now ranks under three lines about pay for the
    # question; asked "at the moment", it is tried as the bridge too (own_hop._bridges)
    source = own_source(
        tmp_path,
        {
            "apprentice-handbook.md": APPRENTICE_HANDBOOK,
            "uniform.md": UNIFORM,
            "private/apprenticeship-begum.md": APPRENTICESHIP,
        },
    )
    result = await ask_as("What's my hourly pay at the moment?", source, BEGUM)
    await source.aclose()
    assert isinstance(result, Answer)
    assert _cited(result) == {"private/apprenticeship-begum.md", "apprentice-handbook.md"}
    assert "year 2" in result.text and "| Year 2 | £10.45 |" in result.text


def test_the_lines_tried_as_the_bridge() -> None:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.own_hop import _bridges
    from wikiqa.text.sentences import Span
    from wikiqa.types import Document

    letter = Document(source="t", doc_id="l", title="Letter", url="", text="")
    lines = [
        Candidate(letter, Span(0, len(t), t), [], 0)
        for t in ("a", "b", "c", "d", "You are now in year 2.", "Currently based at Leeds.")
    ]
    assert _bridges("What's my pay?", lines) == lines[:3]
    assert _bridges("What's my pay at the moment?", lines) == [*lines[:3], *lines[4:]]
