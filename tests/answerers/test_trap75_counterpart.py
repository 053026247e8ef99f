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
from wikiqa.answerers.counterpart import counterpart_line, opens_guide, shared_point
from wikiqa.types import Answer, Principal


@pytest.fixture(autouse=True)
def _counterpart_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switched off at round 75's gate (an open permission task it answered from a directory
    row), on again since round 76 with `guide_line`'s bound; its tests read it switched on
    whatever it ships as."""
    monkeypatch.setattr(extractive, "COUNTERPART", True)


GIFTS = (
    "Gifts from Residents, Clients and Families",
    (
        "# Gifts from Residents, Clients and Families\n"
        "\n"
        "Residents, clients and their families often want to say thank you. Most "
        "gifts are kindly meant, but people we care for can be vulnerable to "
        "pressure, so we follow these rules.\n"
        "\n"
        "## What you may accept\n"
        "\n"
        "- Small gifts for the whole team, such as chocolates, biscuits or flowers, "
        "which are shared with everyone on shift.\n"
        "- A personal gift worth £20 or less, such as a card with a small present, "
        "once it is recorded.\n"
        "\n"
        "## What you must not accept\n"
        "\n"
        "- Cash, vouchers or gift cards of any value, even at Christmas. Politely say"
        " no; if the family insists, it can go to the home's residents' amenity fund "
        "instead.\n"
        "- Any personal gift worth more than £20.\n"
        "- Anything from a resident or client who may not have the capacity to "
        "understand the gift.\n"
        "- Being named in a resident's or client's will, or acting as their executor "
        "or attorney. Tell your manager straight away if you find out you have been "
        "named.\n"
        "- Loans, or buying or selling anything with a resident, client or family.\n"
        "\n"
        "## Recording gifts\n"
        "\n"
        "Record every gift offered, accepted or refused, in the home's gifts "
        "register, or for Hollinwood at Home on the CareRota gifts form, on the same "
        "shift.\n"
        "\n"
        "Breaking these rules may be treated as financial abuse under the "
        "Safeguarding policy.\n"
    ),
)
VOLUNTEERS = (
    "Volunteers' Guide",
    (
        "# Volunteers' Guide\n"
        "\n"
        "Thank you for giving your time. Volunteers help with activities, chat with "
        "residents, help in the garden, run the tuck shop and go out with residents. "
        "You are not an employee and are not paid, but we pay back your expenses.\n"
        "\n"
        "## Before you start\n"
        "\n"
        "- You need an enhanced DBS check, which we pay for, before you volunteer "
        "with residents.\n"
        "- You complete a half-day volunteer induction at your home, covering "
        "safeguarding, fire safety and infection control.\n"
        "\n"
        "## What volunteers do not do\n"
        "\n"
        "- Personal care, helping a resident to eat, or moving a resident.\n"
        "- Giving any medication or food from outside the home's kitchen.\n"
        "- Being alone with a resident in their bedroom.\n"
        "\n"
        "## Expenses\n"
        "\n"
        "- Travel to and from the home is paid back at £0.30 a mile, or your bus fare"
        " with a ticket.\n"
        "- If you volunteer for more than 4 hours in a day, you can have a free meal "
        "from the home's kitchen.\n"
        "- Claim expenses on the volunteer expenses form, given to the activities "
        "coordinator by the end of each month.\n"
        "\n"
        "## Gifts\n"
        "\n"
        "Volunteers must not accept any gift from a resident or family, however "
        "small. Say thank you and suggest the residents' amenity fund.\n"
        "\n"
        "## If you cannot come\n"
        "\n"
        "Let the activities coordinator know as soon as you can. If you have had "
        "sickness or diarrhoea, do not come in until you have been free of symptoms "
        "for 48 hours.\n"
    ),
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


async def test_without_the_reading_the_contractor_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(extractive, "COUNTERPART", False)
    r = await ask_over(CONTRACTOR_DOCS, FOOD, who=CONTRACTOR)
    assert not isinstance(r, Answer) or not any(
        "no meal per diem" in c.quote for c in r.citations
    ), r


async def test_the_contractors_guide_withheld_gives_no_answer_from_it() -> None:
    r = await ask_over({"a-travel": TRAVEL}, FOOD, who=CONTRACTOR)
    assert not isinstance(r, Answer) or not any(
        "no meal per diem" in c.quote for c in r.citations
    ), r


def test_the_guides_opening_sentence_is_no_point_of_its_own() -> None:
    text = (
        "---\ntitle: Guide for Hourly-Paid Tutors\n---\n# Guide for Hourly-Paid Tutors\n\n"
        "This guide is for staff paid by the hour for teaching or invigilation.\n\n"
        "- **Holiday**: holiday pay of 12.07% is added to every hour you claim.\n"
    )
    assert opens_guide(
        text, "This guide is for staff paid by the hour for teaching or invigilation."
    )
    assert not opens_guide(
        text, "- **Holiday**: holiday pay of 12.07% is added to every hour you claim."
    )
    assert opens_guide(VOLUNTEERS[1], "Thank you for giving your time.")
    assert not opens_guide(
        VOLUNTEERS[1],
        "Volunteers must not accept any gift from a resident or family, however small.",
    )
