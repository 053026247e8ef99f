"""A chain's answer row whose header names the top or bottom of a range says what the
question asks for by "the most" or "the least" (key_bridge._left_open with rows.extreme_keys),
so the value bridge ends on it instead of stopping at the bridge row. Small documents."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.types import Question

JOBS = (
    "Job Grades",
    "# Job Grades\n\nEvery job is in one grade.\n\n| Job | Grade | Usual working pattern |\n"
    "|---|---|---|\n| Customer adviser | Grade B | Shifts between 08:00 and 20:00 |\n"
    "| Team leader | Grade D | Office hours |\n| Field technician | Grade C | Rota |\n",
)
PAY = (
    "Pay Grades 2026-27",
    "# Pay Grades 2026-27\n\nAnnual salary by grade from 1 April 2026.\n\n"
    "| Grade | Minimum | Maximum | Yearly step |\n|---|---|---|---|\n"
    "| Grade B | £24,310 | £27,480 | £790 |\n| Grade C | £27,900 | £31,200 | £820 |\n"
    "| Grade D | £31,600 | £35,900 | £900 |\n",
)
LEAVE = ("Annual Leave", "# Annual Leave\n\nYou get 25 days of annual leave a year.\n")


async def _quotes(question: str) -> list[str]:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    docs = {"jobs.md": JOBS, "pay.md": PAY, "leave.md": LEAVE}
    draft = await answerer.answer(Question(text=question), TermSource(docs))  # type: ignore[arg-type]
    assert draft.refusal is None, draft.reason
    return [q.quote for c in draft.claims for q in c.quotes]


async def test_the_most_i_can_earn_ends_on_the_pay_row_of_the_grade() -> None:
    # integ stopped at the job row (nothing of "most" or "earn" said by the pay row)
    quotes = await _quotes("As a customer adviser, what is the most I can earn on my grade?")
    assert "| Customer adviser | Grade B | Shifts between 08:00 and 20:00 |" in quotes
    assert "| Grade B | £24,310 | £27,480 | £790 |" in quotes


async def test_the_most_for_a_job_named_in_a_contracted_question() -> None:
    # integ refused: "I'm" and "what's" were keys no line says
    quotes = await _quotes("I'm a team leader, what's the most I can earn?")
    assert "| Grade D | £31,600 | £35,900 | £900 |" in quotes
