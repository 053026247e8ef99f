"""Two-document questions where the asker tells their own job in one common word ("I'm a
cleaner", "as a driver"): the job table's row keyed by that word is the bridge, and the
answer is the row of another table keyed by the row's grade (answerers/told_role.py)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.told_role import told_cell, told_jobs
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

DOCS = {
    "grades": (
        "Job Grades",
        "# Job Grades\n\nEvery job at Redline Buses sits in one of four grades. Your grade "
        "sets your pay, your probation and your notice period.\n\n| Job | Grade |\n|---|---|\n"
        "| Cleaner | Grade A |\n| Cleaning supervisor | Grade B |\n| Driver | Grade B |\n"
        "| Driver trainer | Grade C |\n| Engineer | Grade C |\n| Depot manager | Grade D |\n",
    ),
    "notice": (
        "Notice Periods",
        "# Notice Periods\n\nOnce you have passed probation, these notice periods apply. "
        "Give notice in writing to your depot manager.\n\n| Grade | Notice you give | Notice "
        "Redline gives |\n|---|---|---|\n| Grade A | 1 week | 1 week |\n| Grade B and Grade C "
        "| 4 weeks | 4 weeks |\n| Grade D | 8 weeks | 8 weeks |\n",
    ),
    "cleaning": (
        "Cleaning the Fleet",
        "# Cleaning the Fleet\n\nCleaners wash every bus in the depot overnight. Report "
        "damage you find to the engineer on shift.\n",
    ),
    "sick": (
        "Sick Pay",
        "# Sick Pay\n\nCompany sick pay depends on your grade.\n\n| Grade | Full pay | Half pay "
        "|\n|---|---|---|\n| Grade A | 2 weeks | 2 weeks |\n| Grade D | 12 weeks | 12 weeks |\n",
    ),
    "uniform": (
        "Uniform",
        "# Uniform\n\nEvery driver is issued two shirts, a jacket and a tie. Replace a "
        "damaged item through the depot office.\n",
    ),
}


async def ask(question: str, docs: dict[str, tuple[str, str]] = DOCS) -> Answer | Refusal:
    return await ask_async(question, TermSource(docs), settings=Settings())  # type: ignore[arg-type]


def test_told_jobs_reads_the_askers_own_job_only() -> None:
    assert told_jobs("I'm a cleaner and thinking of leaving.")[0][:1] == ["cleaner"]
    assert told_jobs("How much notice do I give as a driver?") == [["driver"]]
    # another person's job is not the asker's
    assert told_jobs("Do I get anything for recommending a mate as a driver?") == []
    assert told_jobs("What does Anna Berg get as a trainer?") == []


def test_told_cell_is_the_key_cell_whole() -> None:
    assert told_cell("I'm a cleaner and thinking of leaving.", "Cleaner")
    assert told_cell("I'm a store manager at a Local.", "Store manager, Local or Fuel & Go")
    assert told_cell("As a customer assistant, what is my grade?", "Customer assistant (tills)")
    # a longer job that opens with the cell's word is another job
    assert not told_cell("I'm a cleaning supervisor.", "Cleaner")
    assert not told_cell("I'm a driver trainer and leaving.", "Driver")
    assert not told_cell("I'm a cleaner.", "Cleaning supervisor")


async def test_told_job_bridges_to_the_grade_row() -> None:
    # fails with told_role switched off: "engineer" names no row by a name of its own, and
    # the fleet-cleaning page says "engineer" too
    for question in (
        "I'm an engineer and thinking of leaving. How much notice do I have to give?",
        "How much notice do I have to give as an engineer?",
    ):
        r = await ask(question)
        assert isinstance(r, Answer), (question, r)
        said = " ".join(c.quote for c in r.citations)
        assert "| Engineer | Grade C |" in said and "| Grade B and Grade C | 4 weeks |" in said


async def test_a_job_a_table_names_whole_still_answers() -> None:
    r = await ask(
        "I'm a cleaner and thinking of handing my notice in. How much notice do I need to give?"
    )
    assert isinstance(r, Answer), r
    said = " ".join(c.quote for c in r.citations)
    assert "| Cleaner | Grade A |" in said and "| Grade A | 1 week |" in said


async def test_a_grade_the_answering_table_lacks_stays_refused() -> None:
    # the engineer's row carries Grade C; the sick pay table keys no row by it
    r = await ask(
        "I'm an engineer and I've been off ill. How many weeks of full sick pay do I get?"
    )
    assert isinstance(r, Refusal) or "Grade C" not in " ".join(c.quote for c in r.citations)


async def test_an_answer_the_grade_does_not_key_stays_refused() -> None:
    r = await ask("I'm a cleaner. How much is the yearly boot allowance for my grade?")
    assert isinstance(r, Refusal), r
