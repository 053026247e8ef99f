"""The asker's own guide saying its readers are not in a thing a neighbour is about ("Agency
staff are not in the Norland Pension Plan (Quickhire enrols you in its own scheme)"): for
that asker the neighbour's rule is someone else's, and the guide's sentence answers what
they ask of themselves (scope.disowned). On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.scope import disowned, in_scope, says_disowning
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

GUIDE = (
    "Agency Staff",
    "# Agency Staff\n\n"
    "Agency staff at Norland Foods are employed and paid by Quickhire Recruitment, not by "
    "us. This page explains how our policies apply to you.\n\n"
    "## Pay and holiday\n\n"
    "You are paid weekly by Quickhire Recruitment. After 12 weeks in the same job with us, "
    "you get the same basic pay, overtime rates and annual leave as an employee doing that "
    "job.\n\n"
    "## What does not apply to you\n\n"
    "Agency staff are not in the Norland Pension Plan (Quickhire Recruitment enrols you in "
    "its own scheme), do not get the staff travel discount, and are not on the standby "
    "rota.\n\n"
    "You must follow all our safety rules, and the Code of Conduct, in the same way as "
    "employees.\n",
)
PENSION = (
    "Pension",
    "# Pension\n\n"
    "All employees are enrolled in the Norland Pension Plan, a defined contribution scheme "
    "run by Brightline Pensions, from their first day. You can choose how much to pay in, "
    "and we pay double what you pay, up to a limit.\n\n"
    "| You pay | We pay |\n|---|---|\n| 4% | 8% |\n| 5% | 10% |\n| 6% | 12% |\n\n"
    "Contributions are made through salary exchange, which lowers your National Insurance. "
    "You can change your rate once a year in March.\n\n"
    "If you die while employed by us, the scheme pays a lump sum of 4 times your annual "
    "salary to the people you name on your expression of wish form.\n\n"
    "You can opt out within one month of joining and get back what you paid in.\n",
)
DISCOUNT = (
    "Staff Travel Discount",
    "# Staff Travel Discount\n\nEmployees get 30% off rail season tickets bought through the "
    "staff travel desk.\n",
)
STANDBY = (
    "Standby and Callout Pay",
    "# Standby and Callout Pay\n\nThe weekly standby payment is £250 on every grade.\n",
)
CONTACTS = (
    "HR Contacts",
    "# HR Contacts\n\n"
    "Your first contact is always your line manager.\n\n"
    "- Payroll Helpdesk: 01632 960 250, Monday to Friday 09:00 to 16:00\n"
    "- Occupational Health: Norland OH, Mill House, 01632 960 270\n"
    "- Pensions: Brightline Pensions, 0345 600 1212, quoting scheme number NF-4471\n",
)
AGENCY = Principal(user_id="u-1", roles=["agency"], departments=["packing"])
EMPLOYEE = Principal(user_id="u-2", roles=["staff"], departments=["packing"])
# the search ranks documents saying as many of the question's words by id: the pension policy
# before the guide, as the battery's search ranked them
DOCS = {
    "pay-pension": PENSION,
    "staff-agency": GUIDE,
    "pay-discount": DISCOUNT,
    "pay-standby": STANDBY,
    "people-contacts": CONTACTS,
}


def _doc(doc_id: str) -> Document:
    title, text = DOCS[doc_id]
    return Document(source="mem", doc_id=doc_id, title=title, text=text)


def _hits(*ids: str) -> list[Hit]:
    return [
        Hit(source="mem", doc_id=i, title=DOCS[i][0], snippet="", score=1.0 - n / 10)
        for n, i in enumerate(ids)
    ]


def test_the_neighbours_the_asker_s_own_guide_says_are_not_theirs() -> None:
    ids = ("pay-pension", "staff-agency", "pay-discount", "pay-standby")
    hits, docs = _hits(*ids), {i: _doc(i) for i in ids}
    guides, out = disowned(hits, docs, "Which pension scheme am I in?", AGENCY)
    assert out == {"pay-pension"}
    assert list(guides) == ["staff-agency"]
    assert says_disowning(
        "Agency staff are not in the Norland Pension Plan (Quickhire Recruitment enrols you in "
        "its own scheme), do not get the staff travel discount, and are not on the standby "
        "rota.",
        guides["staff-agency"],
    )
    assert not says_disowning(
        "You are paid weekly by Quickhire Recruitment.", guides["staff-agency"]
    )
    # the whole subject of the title must be said: "not on the standby rota" says nothing of
    # callout pay, so "Standby and Callout Pay" is still the asker's to read
    assert disowned(hits, docs, "What's my standby and callout pay?", AGENCY)[1] == set()
    assert disowned(hits, docs, "Do I get the staff travel discount?", AGENCY)[1] == {
        "pay-discount"
    }
    # an employee's guide is not "Agency Staff"; a question not about the asker names nothing
    assert disowned(hits, docs, "Which pension scheme am I in?", EMPLOYEE) == ({}, set())
    assert disowned(hits, docs, "Which company runs the pension scheme?", AGENCY) == ({}, set())
    # the guide not retrieved: nothing says the neighbour is not theirs
    alone = _hits("pay-pension", "pay-discount")
    assert disowned(alone, docs, "Which pension scheme am I in?", AGENCY) == ({}, set())
    # in_scope drops the disowned neighbour for the agency asker only
    kept = {h.doc_id for h in in_scope(hits, docs, "Which pension scheme am I in?", AGENCY)}
    assert kept == {"staff-agency", "pay-discount", "pay-standby"}
    kept = {h.doc_id for h in in_scope(hits, docs, "Which pension scheme am I in?", EMPLOYEE)}
    assert kept == set(ids)


async def _ask(
    question: str, who: Principal, docs: dict[str, tuple[str, str]] = DOCS, floor: float = 0.35
) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=floor, max_sentences=3)
    return await ask_over(docs, question, who=who, answerer=answerer)


def _guide_score(question: str) -> float:
    """What the guide scores read alone, as `_assess_for` reads the asker's own documents."""
    alone = _hits("staff-agency")
    evidence = ExtractiveAnswerer().assess(
        analyse(question), alone, {"staff-agency": _doc("staff-agency")}
    )
    assert evidence is not None
    return evidence.score


async def test_the_guide_s_disowning_sentence_answers_a_little_under_the_floor() -> None:
    """Before, with the guide's own reading a little under the floor, the agency worker was
    refused (or answered by the pension contacts' line, a neighbour): the employees' scheme
    read as if it might be theirs. Now the guide's sentence saying they are not in it
    answers, within PART_SLACK, and the pension policy is no hit for them."""
    question = "Which pension scheme am I in?"
    score = _guide_score(question)
    assert score > 0.2
    just_over = await _ask(question, AGENCY, floor=score + 0.05)
    assert isinstance(just_over, Answer), just_over
    assert {c.doc_id for c in just_over.citations} == {"staff-agency"}, just_over.citations
    assert "not in the Norland Pension Plan" in just_over.text
    far_over = await _ask(question, AGENCY, floor=score + 0.15)
    assert isinstance(far_over, Refusal), far_over
    # the employee asking the same at the same floor is not answered by the agency guide
    employee = await _ask(question, EMPLOYEE, floor=score + 0.05)
    cited = {c.doc_id for c in employee.citations} if isinstance(employee, Answer) else set()
    assert "staff-agency" not in cited, employee
    # at the shipped floor the employee is answered from the scheme, not the agency guide
    own = await _ask("Which pension scheme am I in?", EMPLOYEE)
    assert isinstance(own, Answer), own
    assert "staff-agency" not in {c.doc_id for c in own.citations}, own.citations
    # a question on a matter no document answers stays refused for the agency asker
    nothing = await _ask("Which car lease scheme am I on?", AGENCY)
    assert isinstance(nothing, Refusal), nothing
    # with the guide withheld, nothing says the scheme is not theirs, and nothing of the
    # guide is cited
    withheld = {k: v for k, v in DOCS.items() if k != "staff-agency"}
    result = await _ask("Which pension scheme am I in?", AGENCY, withheld)
    cited = {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()
    assert "staff-agency" not in cited
