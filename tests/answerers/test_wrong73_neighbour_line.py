"""A line sharing the question's words but answering another thing gives way to the line
answering what was asked (wrong73): a row of a table saying nothing of the thing asked to
another table's row holding the same cell and saying it (other_table.py), today's value to
the line stating the asked change (change_line.py), and an answer silent on a told death to
the bereavement rule (told_event.py). Must not move: a question asking the first table's own
thing, today's value asked, a change asked the other way, a death told with no bereavement
page, and a past edition's row."""

from __future__ import annotations

from pathlib import Path

import pytest

from wikiqa.answerers import other_table, told_event
from wikiqa.answerers.other_table import asked_words
from wikiqa.pipeline import ask_async, extractive_answerer
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Answer

PAGES = {
    "notice": (
        "Notice Periods",
        "# Notice Periods\n\nAfter probation, the notice you must give depends on your grade.\n\n"
        "| Grade | Notice you give |\n|---|---|\n| Grades 1 and 2 | 1 week |\n"
        "| Grade 3 | 4 weeks |\n| Grades 4 and 5 | 3 months |\n\n"
        "Give notice in writing to your manager.\n",
    ),
    "probation": (
        "Probation",
        "# Probation\n\nEvery new colleague has a probation period.\n\n"
        "| Grade | Probation |\n|---|---|\n| Grades 1 and 2 | 3 months |\n"
        "| Grade 3 | 4 months |\n| Grades 4 and 5 | 6 months |\n\n"
        "- Your manager meets you at the halfway point and at the end.\n",
    ),
    "jobs": (
        "Jobs and Grades",
        "# Jobs and Grades\n\nEvery job at Harrow Mills sits in one of five grades.\n\n"
        "| Job | Grade |\n|---|---|\n| Packer | Grade 1 |\n| Driver | Grade 2 |\n"
        "| Team leader | Grade 3 |\n| Site manager | Grade 5 |\n| Area manager | Grade 5 |\n",
    ),
    "rates": (
        "Pay Rates 2026-27",
        "# Pay Rates 2026-27\n\n## Hourly rates and salaries from 1 April 2026\n\n"
        "| Grade | Hourly rate | Annual salary (full-time) |\n|---|---|---|\n"
        "| Grade 1 | £12.70 | hourly paid |\n| Grade 2 | £13.20 | hourly paid |\n"
        "| Grade 3 | £14.10 | hourly paid |\n| Grade 4 | salaried | £31,000 to £35,000 |\n"
        "| Grade 5 | salaried | £38,000 to £44,000 |\n",
    ),
    "island": (
        "Working on the Island",
        "# Working on the Island\n\nThis island supplement applies to colleagues based at the "
        "Sark Point mill on the island. Where it differs from the main policies, it applies to "
        "you.\n\n## Island hourly rates from 1 April 2026\n\n"
        "| Grade | Island hourly rate |\n|---|---|\n| Grade 1 | £13.20 |\n| Grade 2 | £13.75 |\n"
        "| Grade 3 | £14.70 |\n\n## Island allowance\n\nSalaried colleagues in Grades 4 and 5 "
        "based on the island get an island allowance of £2,100 a year on top of their salary."
        "\n\n## Travel\n\nYou get 3 free return sailings a year between the island and the "
        "mainland.\n",
    ),
    "award": (
        "April 2027 Pay Award",
        "# April 2027 Pay Award\n\n- Grades 1 to 3: an increase of 4.2% from 1 April 2027.\n"
        "- Grades 4 and 5: an increase of 3.0% from 1 April 2027.\n"
        "- Island rates rise by the same percentages, and the island allowance rises to "
        "£2,300 a year.\n",
    ),
    "bereavement": (
        "Bereavement Leave",
        "# Bereavement Leave\n\nIf someone close to you dies, tell your manager as soon as you "
        "can.\n\n| Relationship | Paid bereavement leave |\n|---|---|\n"
        "| Partner, child or parent | up to 10 working days |\n"
        "| Brother, sister or grandparent | up to 4 working days |\n"
        "| Other relative or close friend | 1 day for the funeral |\n",
    ),
    "holidays": (
        "Bank Holidays 2026-27",
        "# Bank Holidays 2026-27\n\n| Bank holiday | Date |\n|---|---|\n"
        "| Christmas Day | Friday 25 December 2026 |\n| Boxing Day | Monday 28 December 2026 |\n\n"
        "If you are rostered to work on a bank holiday you are paid time and a half for the "
        "hours worked and you also get a day off in lieu, to be taken within 3 months.\n",
    ),
    "enhancements": (
        "Enhancements and Overtime",
        "# Enhancements and Overtime\n\n| When you work | Enhancement |\n|---|---|\n"
        "| Sunday | £1.20 an hour |\n| Bank holiday | time and a half |\n\n"
        "- You may take time off in lieu instead of overtime pay, within 2 months.\n",
    ),
    "expenses": (
        "Expenses",
        "# Expenses\n\nClaim in the People app with a photo of the receipt, within 2 months.\n"
        "- Claims over £250 need your manager's approval before you spend the money.\n",
    ),
}


async def quotes_over(
    emb: OnnxEmbedder, docs: dict[str, tuple[str, str]], question: str, tmp: Path
) -> list[str] | None:
    """The quotes the shipped pipeline answers `question` with over `docs` (hybrid search
    with the bundled MiniLM, as the batteries index), or None when it refuses."""
    root = tmp / "docs"
    root.mkdir(parents=True, exist_ok=True)
    for key, (title, body) in docs.items():
        (root / f"{key}.md").write_text(f'---\ntitle: "{title}"\n---\n{body}')
    store = SqliteStore.create(tmp / "c.sqlite")
    index_path(store, root, embedder=emb)
    source = CollectionSource(store, "docs:t", mode="hybrid", embedder=emb)
    settings = Settings()
    result = await ask_async(
        question, source, settings=settings, answerer=extractive_answerer(settings)
    )
    if not isinstance(result, Answer):
        return None
    return [c.quote for c in result.citations]


def _says(quotes: list[str] | None, line: str) -> bool:
    return quotes is not None and any(line in q for q in quotes)


TRIAL = "I'm starting a Grade 4 job next month. How long is the trial period?"
SALARY = "What's the salary range for a job on Grade 5?"
CHANGE = "What will the island allowance go up to?"
DEATH = "My grandad passed away last night. How much paid time off can I have?"


async def test_trial_period_takes_the_probation_row(emb: OnnxEmbedder, tmp_path: Path) -> None:
    quotes = await quotes_over(emb, PAGES, TRIAL, tmp_path)
    assert _says(quotes, "| Grades 4 and 5 | 6 months |")
    assert not _says(quotes, "| Grades 4 and 5 | 3 months |")


async def test_salary_range_takes_the_pay_row(emb: OnnxEmbedder, tmp_path: Path) -> None:
    quotes = await quotes_over(emb, PAGES, SALARY, tmp_path)
    assert _says(quotes, "£38,000 to £44,000")


async def test_switched_off_the_notice_row_answers(
    emb: OnnxEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(other_table, "OTHER_TABLE", False)
    monkeypatch.setattr(told_event, "EVENT_OVER_ANSWER", False)
    assert not _says(await quotes_over(emb, PAGES, TRIAL, tmp_path), "6 months")


async def test_the_first_tables_own_thing_stays(emb: OnnxEmbedder, tmp_path: Path) -> None:
    asked = "How long is the notice period for Grade 4?"
    quotes = await quotes_over(emb, PAGES, asked, tmp_path)
    assert not _says(quotes, "| Grades 4 and 5 | 6 months |")


async def test_a_past_editions_row_is_never_taken(emb: OnnxEmbedder, tmp_path: Path) -> None:
    old = (
        "Probation (2024 edition, withdrawn)",
        "# Probation (2024 edition, withdrawn)\n\nThis edition was withdrawn on 1 April 2025.\n\n"
        "| Grade | Probation |\n|---|---|\n| Grades 4 and 5 | 9 months |\n",
    )
    docs = {k: v for k, v in PAGES.items() if k != "probation"} | {"probation": old}
    quotes = await quotes_over(emb, docs, TRIAL, tmp_path)
    # a hop may append the withdrawn row after the answer (as main does); it never answers
    assert quotes is None or not _says(quotes[:2], "9 months")


async def test_the_change_asked_takes_the_award_line(emb: OnnxEmbedder, tmp_path: Path) -> None:
    quotes = await quotes_over(emb, PAGES, CHANGE, tmp_path)
    assert _says(quotes, "the island allowance rises to £2,300 a year")
    assert not _says(quotes, "£2,100")


async def test_todays_value_asked_stays(emb: OnnxEmbedder, tmp_path: Path) -> None:
    quotes = await quotes_over(emb, PAGES, "How much is the island allowance?", tmp_path)
    assert not _says(quotes, "£2,300")


async def test_a_change_the_other_way_is_not_the_rise(emb: OnnxEmbedder, tmp_path: Path) -> None:
    asked = "What will the island allowance go down to?"
    assert not _says(await quotes_over(emb, PAGES, asked, tmp_path), "£2,300")


async def test_a_told_death_takes_the_bereavement_row(emb: OnnxEmbedder, tmp_path: Path) -> None:
    quotes = await quotes_over(emb, PAGES, DEATH, tmp_path)
    assert _says(quotes, "| Brother, sister or grandparent | up to 4 working days |")


async def test_no_bereavement_page_no_bereavement_answer(emb: OnnxEmbedder, tmp_path: Path) -> None:
    docs = {k: v for k, v in PAGES.items() if k != "bereavement"}
    quotes = await quotes_over(emb, docs, DEATH, tmp_path)
    assert not _says(quotes, "grandparent")


def test_the_asked_thing_read() -> None:
    assert asked_words(TRIAL) == frozenset({"trial", "probat"})  # as asked and as documented
    assert asked_words(SALARY) == frozenset({"salari", "rang"})
    assert asked_words("What is the hourly rate for Grade 1?") == frozenset({"hour"})
    assert asked_words("How many days off do I get?") == frozenset()
