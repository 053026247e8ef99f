"""A told job no job table holds is a missing bridge: the chain stops, and no row of another
job, nor a row keyed by the grade the job table maps to, answers for it
(answerers/told_role.py, `unmapped_job`, hops58)."""

from __future__ import annotations

import pytest
from memsource import TermSource

from wikiqa.answerers import extractive
from wikiqa.answerers.told_role import job_tables, told_heads, unmapped_job
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

GRADES = (
    "Job Grades",
    "# Job Grades\n\nEvery job at Redline Buses sits in one of four grades. Your grade sets "
    "your pay, your probation and your notice period.\n\n| Job | Grade |\n|---|---|\n"
    "| Cleaner | Grade A |\n| Bus driver | Grade B |\n| Engineer | Grade C |\n"
    "| Depot manager | Grade D |\n",
)
DOCS = {
    "grades": GRADES,
    "probation": (
        "Probation",
        "# Probation\n\nEvery new starter serves a probation period set by their grade.\n\n"
        "| Grade | Probation |\n|---|---|\n| Grade A | 3 months |\n| Grade B | 4 months |\n"
        "| Grade C | 6 months |\n| Grade D | 6 months |\n",
    ),
    "duties": (
        "Public Duties",
        "# Public Duties\n\nWe give paid time off for these public duties each year.\n\n"
        "| Duty | Paid time off each year |\n|---|---|\n| Magistrate | 12 days |\n"
        "| Retained firefighter | 10 days |\n| School governor | 4 days |\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


def test_told_heads_stop_at_a_function_word() -> None:
    assert told_heads("I'm a florist at the Leeds depot. How long is my probation?") == [
        ["florist"]
    ]
    assert told_heads("As a bus driver, how long is my probation?") == [["bus", "driver"]]
    assert told_heads("How long is probation?") == []


def test_job_tables_are_keyed_by_jobs_or_duties() -> None:
    assert job_tables(GRADES[1]) == ((frozenset({"grade"}), ("Cleaner", "Bus driver",
                                      "Engineer", "Depot manager")),)  # fmt: skip
    assert job_tables(DOCS["duties"][1])[0][0] == frozenset()
    assert job_tables(DOCS["probation"][1]) == ()  # keyed by the grade itself


def test_unmapped_job_needs_a_missing_job_and_a_guessed_row() -> None:
    texts = [t for _, t in DOCS.values()]
    row = ["| Grade | Probation |", "| Grade B | 4 months |"]
    assert unmapped_job("I'm a florist. How long is my probation?", texts, row) == "florist"
    # a job the table holds, in its words or sharing one ("driver" of "Bus driver")
    assert unmapped_job("I'm an engineer. How long is my probation?", texts, row) is None
    assert unmapped_job("I'm a driver. How long is my probation?", texts, row) is None
    # the sentence telling the job says a word of a key cell after it ("engineers")
    told = "I'm a part-timer with the engineers. How long is my probation?"
    assert unmapped_job(told, texts, row) is None
    # the question names its own key, or a cited line says the job
    assert unmapped_job("I'm a florist on Grade B. How long is my probation?", texts, row) is None
    said = [*row, "Florists serve four months."]
    assert unmapped_job("I'm a florist. How long is my probation?", texts, said) is None
    # a prose answer, or no job told
    assert unmapped_job("I'm a florist. Probation?", texts, ["Probation is short."]) is None
    assert unmapped_job("How long is probation for Grade B?", texts, row) is None
    duty = ["| Duty | Paid time off each year |", "| Retained firefighter | 10 days |"]
    assert unmapped_job("I'm a special constable. Time off?", texts, duty) == "special constable"
    assert unmapped_job("I'm a retained firefighter. Time off?", texts, duty) is None


@pytest.mark.parametrize(
    "question",
    [
        "I'm a florist. How long is my probation?",
        "I'm a special constable. How much paid time off do I get each year for it?",
    ],
)
async def test_a_missing_bridge_is_refused(question: str) -> None:
    r = await ask(question)
    assert isinstance(r, Refusal), (question, r)


@pytest.mark.parametrize(
    "question",
    [
        "I'm a florist. How long is my probation?",
        "I'm a special constable. How much paid time off do I get each year for it?",
    ],
)
async def test_switched_off_the_guess_answers(question: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(extractive, "unmapped_job", lambda *a: None)
    r = await ask(question)
    assert isinstance(r, Answer), (question, r)


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("I'm an engineer. How long is my probation?", "| Grade C | 6 months |"),
        ("I'm a magistrate. How much paid time off do I get each year for it?", "12 days"),
    ],
)
async def test_a_held_job_still_answers(question: str, says: str) -> None:
    r = await ask(question)
    assert isinstance(r, Answer), (question, r)
    assert says in " ".join(c.quote for c in r.citations)
