"""The asker's guide's line making the point of the general line the question found answers
for them under the floor (counterpart.py): a volunteer's "Can I keep the chocolates?" finds
the gifts policy's "Small gifts ... such as chocolates" and answers from the Volunteers'
Guide's "Volunteers must not accept any gift ..., however small."; a contractor's "daily food
allowance" from the contractors' "no meal per diem" line, not the travel policy's. Another
asker, a guide with no line on the point, and the guide withheld are not answered from it.
Small documents written here, read through the real answerer."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import extractive
from wikiqa.answerers.counterpart import counterpart_line, shared_point
from wikiqa.types import Answer, Principal

GIFTS = (
    "Gifts from Residents and Families",
    "# Gifts from Residents and Families\n\nResidents and their families often want to say "
    "thank you.\n\n## What you may accept\n\n"
    "- Small gifts for the whole team, such as chocolates, biscuits or flowers, which are "
    "shared with everyone on shift.\n"
    "- A personal gift worth £20 or less, once it is recorded.\n\n"
    "## What you must not accept\n\n- Cash, vouchers or gift cards of any value.\n",
)
VOLUNTEERS = (
    "Volunteers' Guide",
    "# Volunteers' Guide\n\nThank you for giving your time. Volunteers help with activities "
    "and chat with residents. You are not an employee and are not paid.\n\n"
    "## Expenses\n\n- Travel to and from the home is paid back at £0.30 a mile.\n\n"
    "## Gifts\n\nVolunteers must not accept any gift from a resident or family, however "
    "small. Say thank you and suggest the residents' amenity fund.\n",
)
LEAVE = (
    "Family Leave",
    "# Family Leave\n\nA daughter or son's birth gives two weeks of paternity leave.\n",
)
MILEAGE = (
    "Mileage and Expenses",
    "# Mileage and Expenses\n\nBusiness mileage is paid at £0.45 a mile. Claim it monthly.\n",
)
DOCS = {
    "a-gifts": GIFTS,
    "b-leave": LEAVE,
    "c-mileage": MILEAGE,
    "z-volunteers": VOLUNTEERS,
}
VOLUNTEER = Principal(user_id="u-1", roles=["volunteer"], departments=["activities"])
CARER = Principal(user_id="u-2", roles=["staff"], departments=["care"])
CHOCOLATES = "A lady's daughter gave me a little box of chocolates just for me. Can I keep it?"
GUIDE_LINE = "Volunteers must not accept any gift"

TRAVEL = (
    "Travel Policy",
    "# Travel Policy\n\nBook travel through TripDesk.\n\n"
    "- Meal per diem: $60 a day in the US, $45 elsewhere.\n"
    "- Economy class for flights under 6 hours.\n",
)
CONTRACTOR_EXPENSES = (
    "Contractor Expenses",
    "# Contractor Expenses\n\nContractors do not use Ledgerly. Expenses are recovered "
    "through your invoice.\n\n"
    "- Every expense must be approved in writing by your project lead before you incur it.\n"
    "- Contractors receive no meal per diem; meals are paid only when approved in advance.\n"
    "- Travel for contractors is booked by the project lead through TripDesk.\n",
)
CONTRACTOR_DOCS = {"a-travel": TRAVEL, "z-contractor-expenses": CONTRACTOR_EXPENSES}
CONTRACTOR = Principal(user_id="u-3", roles=["contractor"], departments=["engineering"])
FOOD = "Do I get a daily food allowance when travelling for work?"


def test_the_shared_point_leaves_out_the_askers_kind() -> None:
    general = "Small gifts for the whole team, such as chocolates, which staff share."
    line = "Volunteers must not accept any gift from a resident or family, however small."
    assert shared_point(general, line, frozenset({"volunteer"})) >= {"gift", "small"}
    lines = ["Thank you for giving your time, volunteers.", line]
    assert counterpart_line(CHOCOLATES, general, lines, frozenset({"volunteer"})) == 1
    # one shared word is a topic, not the point
    assert counterpart_line(CHOCOLATES, general, [lines[0]], frozenset({"volunteer"})) is None
    # a value asked that the line does not say
    assert counterpart_line("What is the mileage rate?", general, [line], frozenset()) is None


async def test_the_volunteer_gets_their_guides_gift_rule() -> None:
    r = await ask_over(DOCS, CHOCOLATES, who=VOLUNTEER)
    assert isinstance(r, Answer), r
    assert any(GUIDE_LINE in c.quote for c in r.citations), r.citations


async def test_without_the_reading_the_volunteer_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(extractive, "COUNTERPART", False)
    r = await ask_over(DOCS, CHOCOLATES, who=VOLUNTEER)
    assert not isinstance(r, Answer) or not any(GUIDE_LINE in c.quote for c in r.citations), r


async def test_another_asker_never_gets_the_volunteers_rule() -> None:
    r = await ask_over(DOCS, CHOCOLATES, who=CARER)
    assert not isinstance(r, Answer) or not any(GUIDE_LINE in c.quote for c in r.citations), r


async def test_the_guide_withheld_gives_no_guide_answer() -> None:
    docs = {k: v for k, v in DOCS.items() if k != "z-volunteers"}
    r = await ask_over(docs, CHOCOLATES, who=VOLUNTEER)
    assert not isinstance(r, Answer) or not any(GUIDE_LINE in c.quote for c in r.citations), r


async def test_a_point_the_guide_does_not_make_is_not_answered_from_it() -> None:
    r = await ask_over(DOCS, "Can I bring my dog in with me when I visit?", who=VOLUNTEER)
    assert not isinstance(r, Answer) or not any(
        c.title == "Volunteers' Guide" for c in r.citations
    ), r


async def test_the_contractor_gets_no_per_diem_from_their_guide() -> None:
    r = await ask_over(CONTRACTOR_DOCS, FOOD, who=CONTRACTOR)
    assert isinstance(r, Answer), r
    assert any("no meal per diem" in c.quote for c in r.citations), r.citations
    assert not any("$60" in c.quote for c in r.citations), r.citations


async def test_an_employee_never_gets_the_contractors_line() -> None:
    employee = Principal(user_id="u-4", roles=["employee"], departments=["engineering"])
    r = await ask_over(CONTRACTOR_DOCS, FOOD, who=employee)
    assert not isinstance(r, Answer) or not any(
        "no meal per diem" in c.quote for c in r.citations
    ), r
