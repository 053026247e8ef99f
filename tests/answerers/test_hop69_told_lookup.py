"""The asker's told job looked up by its own words when the question's search read no job
table, and a page another page keeps for a named place set aside in the chain (hop69).

"As an HGV driver, what's my hourly rate this year?" pulls the drivers' pages, not the job
grades page that says "| HGV driver | Grade 4 |" and nothing else of the question; the told
job is searched alone and its row starts the value chain (`told_lookup.told_rows`). The
chain's second hop finds two tables keyed by "Grade 4", the general rates and one centre's
own ("Colleagues at Fernleigh Lisburn have their own rates (see Working at Fernleigh
Lisburn)."): the centre's page answers only an asker who names it (`placed_page.sent_away`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import placed_page, told_lookup
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

GRADES = (
    "---\ntitle: Job Grades\n---\n# Job Grades\n\n"
    "Every job sits in one of five grades. Your grade sets your pay (see Pay Rates).\n\n"
    "| Job | Grade |\n|---|---|\n"
    "| Till assistant | Grade 2 |\n| Yard operative | Grade 2 |\n| Nursery grower | Grade 3 |\n"
    "| HGV driver | Grade 4 |\n| Team leader | Grade 4 |\n| Centre manager | Grade 5 |\n"
)
RATES = (
    "---\ntitle: Pay Rates 2026-27\n---\n# Pay Rates 2026-27\n\n"
    "These rates apply from 1 April 2026 to every employed colleague. Colleagues at Fernleigh"
    " Lisburn have their own rates (see Working at Fernleigh Lisburn).\n\n"
    "| Grade | Hourly rate |\n|---|---|\n"
    "| Grade 2 | £12.90 |\n| Grade 3 | £13.55 |\n| Grade 4 | £14.35 |\n| Grade 5 | £15.90 |\n"
)
LISBURN = (
    "---\ntitle: Working at Fernleigh Lisburn\n---\n# Working at Fernleigh Lisburn\n\n"
    "Fernleigh Lisburn, our centre in Northern Ireland, has its own terms.\n\n"
    "## Hourly rates from 1 April 2026\n\n"
    "| Grade | Hourly rate at Lisburn |\n|---|---|\n"
    "| Grade 2 | £12.80 |\n| Grade 3 | £13.45 |\n| Grade 4 | £14.20 |\n| Grade 5 | £15.75 |\n"
)
DRIVERS = (
    "---\ntitle: Drivers' Hours and Vehicle Checks\n---\n# Drivers' Hours and Vehicle Checks\n\n"
    "For HGV drivers and van drivers at the yard.\n\n"
    "- HGV drivers may drive no more than 9 hours in a day.\n"
    "- HGV drivers take a break of 45 minutes after 4.5 hours of driving.\n"
    "- Record your hours on the tachograph every day this year.\n"
)
AGENCY = (
    "---\ntitle: Agency Drivers' Guide\n---\n# Agency Drivers' Guide\n\n"
    "For HGV drivers supplied by Roadline Recruitment.\n\n"
    "- Your hourly rate is set and paid by Roadline, not by us.\n"
    "- HGV drivers report to the gatehouse at 05:45.\n"
)
TRAINING = (
    "---\ntitle: Driver Training\n---\n# Driver Training\n\n"
    "Every HGV driver completes 35 hours of periodic training every five years.\n\n"
    "- HGV drivers book the course through the yard manager.\n"
    "- An HGV driver's licence check is done every year.\n"
)
UNIFORM = (
    "---\ntitle: Uniform\n---\n# Uniform\n\n"
    "HGV drivers get two hi-vis jackets a year. Yard operatives and HGV drivers wear safety"
    " boots.\n"
)
SAFETY = (
    "---\ntitle: Yard Safety\n---\n# Yard Safety\n\n"
    "HGV drivers stay in the cab while loading. An HGV driver reverses only with a banksman.\n"
)
EXTRA = {
    f"yard{i}.md": (
        f"---\ntitle: Yard Notice {i}\n---\n# Yard Notice {i}\n\n"
        f"HGV drivers: the yard's hourly {topic} checks change this year. Every HGV driver"
        f" reads this notice and the rate card for {topic} at the gatehouse.\n"
    )
    for i, topic in enumerate(("fuel", "tyres", "loading", "parking", "washing"), 1)
}
DRIVER = Principal(user_id="u-6901", roles=["staff"], departments=["transport"])
QUESTION = "As an HGV driver, what's my hourly rate this year?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {
            "grades.md": GRADES,
            "rates.md": RATES,
            "lisburn.md": LISBURN,
            "drivers.md": DRIVERS,
            "agency.md": AGENCY,
            "training.md": TRAINING,
            "uniform.md": UNIFORM,
            "safety.md": SAFETY,
            **EXTRA,
        },
    )


async def test_the_told_job_is_looked_up_and_the_general_rate_answers(
    source: CollectionSource,
) -> None:
    result = await ask_as(QUESTION, source, DRIVER)
    assert isinstance(result, Answer)
    assert "£14.35" in result.text
    # the centre's rate answers nobody here; it comes only after the rates page's own
    # sentence handing the centre to its page (site_pointer.py, trap77)
    if "£14.20" in result.text:
        handed = result.text.index("have their own rates (see Working at Fernleigh Lisburn)")
        assert result.text.index("£14.35") < handed < result.text.index("£14.20")
    assert {c.doc_id for c in result.citations} >= {"grades.md", "rates.md"}
    await source.aclose()


async def test_switched_off_the_told_job_is_not_looked_up(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(told_lookup, "TOLD_LOOKUP", False)
    result = await ask_as(QUESTION, source, DRIVER)
    assert "£14.35" not in getattr(result, "text", "")
    await source.aclose()


async def test_the_places_own_page_answers_without_the_setting_aside(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(placed_page, "SENT_AWAY", False)
    result = await ask_as(QUESTION, source, DRIVER)
    assert "£14.35" not in getattr(result, "text", "")
    await source.aclose()


async def test_a_job_no_table_holds_is_not_answered(source: CollectionSource) -> None:
    result = await ask_as("As a florist, what's my hourly rate this year?", source, DRIVER)
    assert not any(v in getattr(result, "text", "") for v in ("£14.35", "£12.90", "£13.55"))
    await source.aclose()


async def test_a_thing_the_grade_keys_nowhere_is_not_answered(source: CollectionSource) -> None:
    q = "As an HGV driver, how much is my company car allowance?"
    result = await ask_as(q, source, DRIVER)
    assert not any(v in getattr(result, "text", "") for v in ("£14.35", "£14.20"))
    await source.aclose()


OLD_RATES = (
    "---\ntitle: Pay Rates 2025-26 (superseded)\n---\n# Pay Rates 2025-26 (superseded)\n\n"
    "These rates applied to 31 March 2026 and were replaced by Pay Rates 2026-27.\n\n"
    "| Grade | Hourly rate |\n|---|---|\n"
    "| Grade 2 | £12.50 |\n| Grade 3 | £13.15 |\n| Grade 4 | £13.85 |\n| Grade 5 | £15.40 |\n"
)


async def test_a_superseded_editions_row_is_no_answer(tmp_path: Path) -> None:
    files = {
        "grades.md": GRADES,
        "rates-2025.md": OLD_RATES,
        "drivers.md": DRIVERS,
        "agency.md": AGENCY,
        "training.md": TRAINING,
        "uniform.md": UNIFORM,
        "safety.md": SAFETY,
        **EXTRA,
    }
    source = own_source(tmp_path, files)
    result = await ask_as(QUESTION, source, DRIVER)
    assert "£13.85" not in getattr(result, "text", "")
    await source.aclose()
