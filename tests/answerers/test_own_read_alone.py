"""Which document is for this asker: the guide written for their kind of engagement, read as
theirs from its title, and read alone when its own line ranks first under the floor
(neighbours.title_readers, ExtractiveAnswerer._assess_for). On small documents written here,
adapted from the battery's agency guides."""

from __future__ import annotations

import re

from memsource import ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.neighbours import names_asker, title_readers
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

AGENCY = Principal(user_id="u-1", roles=["agency"], departments=["site"])
STAFF = Principal(user_id="u-2", roles=["staff"], departments=["site"])


def test_an_ive_noun_names_the_readers_when_the_asker_s_role_qualifies_it() -> None:
    """Before, "Operatives" was no person noun (its suffixes left "-ive" out), so the agency
    operatives' page was not the agency asker's own. An "-ive" word is a person noun only
    when the asker's own role word runs into it: "Executive Remuneration" and "Protective
    Clothing" name no readers, and without the asker's roles neither does "Agency
    Operatives"."""
    assert names_asker("Agency Operatives", frozenset({"agency"})) == {"agency"}
    assert names_asker("Agency Operatives: Pay and Holiday", frozenset({"agency"})) == {"agency"}
    assert title_readers("Agency Operatives") == frozenset()
    assert names_asker("Executive Remuneration 2027", frozenset({"executive"})) == frozenset()
    assert names_asker("Protective Clothing", frozenset({"protective"})) == frozenset()
    assert names_asker("Repairs Operative Handbook", frozenset({"agency"})) == frozenset()
    # the person nouns read as before
    assert names_asker("Agency Workers' Guide", frozenset({"agency"})) == {"agency"}


OPERATIVES = (
    "Agency Operatives",
    "# Agency Operatives\n\n"
    "We use agency operatives from Brickforce Recruitment to cover busy periods. Agency "
    "operatives are employed by Brickforce, not by Dunmore Build.\n\n"
    "## Pay and timesheets\n\n"
    "Brickforce pays you weekly. Your timesheet is signed by our site supervisor each "
    "Friday.\n\n"
    "## Sickness\n\n"
    "If you are ill, ring Brickforce before 06:30 and text our site supervisor.\n",
)
PAY_DATES = (
    "Pay Dates 2026-27",
    "# Pay Dates 2026-27\n\n"
    "Salaried staff are paid monthly on the 28th. Hourly-paid staff are paid weekly, every "
    "Friday, one week in hand.\n\n"
    "| Month | Pay date |\n|---|---|\n| April 2026 | 28 April |\n| May 2026 | 28 May |\n",
)
DEPENDANTS = (
    "Time Off for Dependants",
    "# Time Off for Dependants\n\n"
    "If a dependant is ill, tell your supervisor as soon as you can, before 07:00 if you work "
    "on site.\n",
)
SITE = {"pay-dates": PAY_DATES, "agency-ops": OPERATIVES, "leave-dependants": DEPENDANTS}


async def _ask(
    question: str, who: Principal, docs: dict[str, tuple[str, str]], floor: float
) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=floor, max_sentences=3)
    return await ask_over(docs, question, who=who, answerer=answerer)


def _cited(result: Answer | Refusal) -> set[str]:
    return {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()


async def test_the_employees_pay_dates_do_not_answer_the_agency_operative() -> None:
    """Before, at a floor of 0.20 the agency operative asking how often they are paid was
    answered from the employees' pay dates ("Hourly-paid staff are paid weekly ..."), the
    neighbour: the operatives' page was no document of theirs. Now it is their own and the
    pay dates go to the back; an employee asking the same is still answered from the pay
    dates."""
    question = "How often do I get paid?"
    agency = await _ask(question, AGENCY, SITE, floor=0.20)
    assert "pay-dates" not in _cited(agency), agency
    staff = await _ask(question, STAFF, SITE, floor=0.20)
    assert isinstance(staff, Answer), staff
    assert _cited(staff) == {"pay-dates"}, staff.citations


GUIDE = (
    "Agency Workers' Guide",
    "# Agency Workers' Guide\n\n"
    "Agency workers at Harbour Homes are employed and paid by Stafflink, not by us.\n\n"
    "## How things work for you\n\n"
    "- Pay: Stafflink pays you every Friday for the week before.\n"
    "- Timesheets: approved by your Harbour manager in the Stafflink portal by 12:00 on "
    "Monday.\n"
    "- Expenses: claim through Stafflink, at the agency's rates.\n"
    "- Sickness: tell your Harbour manager and Stafflink before your shift.\n",
)
EXPENSES = (
    "Business Expenses",
    "# Business Expenses\n\n"
    "We pay back the reasonable costs of travelling for work.\n\n"
    "## Travel\n\n"
    "- Mileage in your own car is paid at 45 pence a mile.\n"
    "- Train travel is standard class; book through the travel desk.\n"
    "- Send receipts to the finance team within 2 months.\n\n"
    "## Meals\n\n"
    "Lunch is paid up to £7.50 when you work more than 5 hours away from your base.\n",
)
HOURS = ("Working Hours", "# Working Hours\n\nThe working week is 37 hours, Monday to Friday.\n")
OFFICE = {"pay-expenses": EXPENSES, "agency-guide": GUIDE, "people-hours": HOURS}


def _alone(question: str) -> float:
    """What the guide scores read alone, as `_assess_for` reads the asker's own documents."""
    hit = Hit(source="mem", doc_id="agency-guide", title=GUIDE[0], snippet="", score=1.0)
    doc = Document(source="mem", doc_id="agency-guide", title=GUIDE[0], text=GUIDE[1])
    evidence = ExtractiveAnswerer().assess(analyse(question), [hit], {"agency-guide": doc})
    assert evidence is not None
    return evidence.score


async def _pooled(question: str, who: Principal) -> tuple[str, float]:
    """The title and score of the best evidence of the whole pool, read off the refusal at a
    floor nothing clears."""
    refusal = await _ask(question, who, OFFICE, floor=0.99)
    assert isinstance(refusal, Refusal), refusal
    m = re.search(r"best evidence \((.+?)\) scores (\d\.\d+)", refusal.reason)
    assert m is not None, refusal.reason
    return m.group(1).strip("'\""), float(m.group(2))


async def test_the_asker_s_guide_is_read_alone_when_its_line_ranks_first_under_the_floor() -> None:
    """Before, when the agency guide's own line ranked first in the whole pool but under the
    floor, that pooled score stood, though the guide read alone clears it: the employees'
    expenses lines beside it lowered its score, and the agency worker was refused. Now the
    asker's own documents are read alone then too, and the guide's line answers. A question
    that tells a situation first (the key of a chain another document answers) is not read
    alone, and the employee asking the same is not answered from the agency guide."""
    question = "Where do I claim expenses?"
    title, pooled = await _pooled(question, AGENCY)
    assert title == GUIDE[0]  # the guide's own line ranks first in the pool
    alone = _alone(question)
    assert alone > pooled + 0.04, (pooled, alone)
    floor = (pooled + alone) / 2
    answer = await _ask(question, AGENCY, OFFICE, floor=floor)
    assert isinstance(answer, Answer), answer
    assert _cited(answer) == {"agency-guide"}, answer.citations
    assert "claim through Stafflink" in answer.text
    told = await _ask("I drove to a site today. Where do I claim expenses?", AGENCY, OFFICE, floor)
    assert isinstance(told, Refusal), told
    staff = await _ask(question, STAFF, OFFICE, floor=floor)
    assert "agency-guide" not in _cited(staff), staff
    # a question nothing answers stays refused for the agency asker
    nothing = await _ask("Which car lease scheme am I on?", AGENCY, OFFICE, floor=0.35)
    assert isinstance(nothing, Refusal), nothing
