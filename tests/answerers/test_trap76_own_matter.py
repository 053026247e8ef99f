"""Round 76's trap readings, on small documents written here, read through the real answerer.

- own_matter.py: "volunteers have their own benefits in the Volunteer Guide." sets a
  volunteer outside the staff discount page: their "3 free cinema tickets a month" answers
  them, never the page's "up to 4 times a month"; another asker keeps the page.
- bare_part.py: the "how many?" of "Do I get free cinema tickets, and how many?" asks it of
  the tickets, not of any count in the guide (its mileage rate).
- site_place.py: "Colleagues at The Calpe Picturehouse in Gibraltar are paid at their own
  rates (see Working at Gibraltar)." sets a question naming Calpe outside the general pay
  rates; a question naming no place keeps them.
- counterpart.py: a directory's or a table's row never makes a guide's point.
"""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import bare_part, site_place
from wikiqa.answerers.bare_part import bare_subject
from wikiqa.answerers.counterpart import guide_line
from wikiqa.answerers.own_matter import handed_own, kind_guides
from wikiqa.answerers.scope import excluded_places
from wikiqa.types import Answer, Hit, Principal

DISCOUNT = (
    "Staff Discount",
    "# Staff Discount\n\n"
    "Every employed colleague gets these benefits from their first day:\n\n"
    "- free cinema tickets for you and one guest, for any standard screening, up to 4 "
    "times a month;\n"
    "- 50% off tickets for up to 6 more people when you come with family;\n"
    "- 25% off food and drink at our kiosks.\n\n"
    "Staff tickets are booked through the StaffRoom app. Concession and agency workers do "
    "not get the staff discount; volunteers have their own benefits in the Volunteer "
    "Guide.\n",
)
VOLUNTEER_GUIDE = (
    "Volunteer Guide",
    "# Volunteer Guide\n\n"
    "Our volunteers run the community screenings and help at the film festival.\n\n"
    "- Sessions are 3 hours, between 10:00 and 22:00, all year round.\n"
    "- Mileage for driving to your session is paid at £0.32 a mile, claimed monthly.\n"
    "- A meal allowance of £5 is paid for an evening session.\n"
    "- After 40 hours of volunteering you may have 3 free cinema tickets a month for any "
    "standard screening.\n"
    "- Volunteers under 16 work only with a parent or guardian.\n",
)
FIRE = (
    "Fire and Evacuation",
    "# Fire and Evacuation\n\nIf the alarm sounds, leave by the nearest exit and meet at "
    "the assembly point in the car park.\n",
)
PARKING = (
    "Parking",
    "# Parking\n\nStaff may park in the rear car park after 17:00. Permits are issued by "
    "the duty manager.\n",
)
DOCS = {"a-discount": DISCOUNT, "b-fire": FIRE, "c-parking": PARKING, "z-vol": VOLUNTEER_GUIDE}
VOLUNTEER = Principal(user_id="u-1", roles=["volunteer"], departments=[])
HOST = Principal(user_id="u-2", roles=["staff"], departments=["front_of_house"])
TICKETS = "Do I get free cinema tickets, and how many?"
THEIRS = "3 free cinema tickets a month"
GENERAL = "up to 4 times a month"


def _quotes(r: object) -> str:
    return " ".join(c.quote for c in r.citations) if isinstance(r, Answer) else ""


def test_a_kind_handed_its_own_matter_in_a_document_is_read() -> None:
    text = (
        "Uniform is free.\n\n- Wear your name badge at all times.\n"
        "- Students have their own uniform rules (see their guide).\n"
    )
    assert [w for w, _ in handed_own(text)] == ["Students"]
    said = handed_own(DISCOUNT[1])
    assert [w for w, _ in said] == ["volunteers"]
    assert "Volunteer Guide" in said[0][1]


def test_their_own_thing_handed_to_no_document_sets_no_one_out() -> None:
    assert handed_own("Managers have their own parking spaces behind the depot.\n") == ()
    assert handed_own("Residents have their own rooms, and their own furniture.\n") == ()


def test_their_guide_is_the_retrieved_guide_titled_for_the_asker() -> None:
    hits = [
        Hit(source="t", doc_id="g", title="Placement Students' Guide", score=1.0, snippet=""),
        Hit(
            source="t",
            doc_id="d",
            title="Staff Directory: Students and Contacts",
            score=1.0,
            snippet="",
        ),
        Hit(source="t", doc_id="u", title="Uniform and Appearance", score=1.0, snippet=""),
    ]
    said = ["students have their own uniform rules (see their guide)."]
    assert [h.doc_id for h in kind_guides(hits, said, frozenset({"student"}))] == ["g"]
    assert kind_guides(hits, ["see the apprentice handbook."], frozenset({"student"})) == []


async def test_the_volunteer_gets_their_own_tickets() -> None:
    r = await ask_over(DOCS, TICKETS, who=VOLUNTEER)
    assert isinstance(r, Answer), r
    assert THEIRS in _quotes(r), r.citations
    assert GENERAL not in _quotes(r) and "£0.32" not in _quotes(r), r.citations


async def test_another_asker_keeps_the_staff_page() -> None:
    r = await ask_over(DOCS, TICKETS, who=HOST)
    assert THEIRS not in _quotes(r), r


async def test_the_volunteer_guide_withheld_gives_no_guide_answer() -> None:
    # Their guide withheld, nothing answers with its line; when every hit is out of scope
    # for the asker, scope.in_scope gives them all back and the floor decides, as before.
    docs = {k: v for k, v in DOCS.items() if k != "z-vol"}
    r = await ask_over(docs, TICKETS, who=VOLUNTEER)
    assert THEIRS not in _quotes(r) and "£0.32" not in _quotes(r), r


async def test_a_guide_not_handed_by_the_page_is_not_read_as_the_pages_matter() -> None:
    page = (
        "Staff Discount",
        DISCOUNT[1].replace("volunteers have their own benefits in the Volunteer Guide", "x"),
    )
    r = await ask_over({**DOCS, "a-discount": page}, TICKETS, who=HOST)
    assert THEIRS not in _quotes(r), r


async def test_a_topic_no_document_covers_is_refused_for_the_volunteer() -> None:
    r = await ask_over(DOCS, "How many days of paternity leave do I get?", who=VOLUNTEER)
    assert not isinstance(r, Answer), r


def test_a_bare_part_asks_it_of_the_first_part() -> None:
    parts = ("Do I get free cinema tickets", "how many? (as a volunteer)")
    assert (
        bare_subject(parts[1], parts) == "how many? (as a volunteer) Do I get free cinema tickets"
    )
    assert bare_subject(parts[0], parts) is None
    assert (
        bare_subject("who must be told?", ("How long is the notice", "who must be told?")) is None
    )


def test_a_part_referring_back_keeps_its_referent_reading() -> None:
    parts = ("Is there a staff Christmas party this year", "when is it?")
    assert bare_subject(parts[1], parts) is None


def test_the_bare_part_reading_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bare_part, "BARE_PART", False)
    assert bare_subject("how many?", ("Do I get free tickets", "how many?")) is None


PAY_RATES = (
    "Pay Rates 2026-27",
    "# Pay Rates 2026-27\n\n"
    "These rates apply from 1 April 2026 to every employed colleague at our multiplexes in "
    "the Trent region. Colleagues at The Calpe Picturehouse in Gibraltar are paid at their "
    "own rates (see Working at Gibraltar).\n\n"
    "| Band | Hourly rate |\n|---|---|\n| Band A | £12.80 |\n| Band B | £13.40 |\n",
)
GIBRALTAR = (
    "Working at Gibraltar",
    "# Working at Gibraltar\n\n"
    "This supplement sets out the terms that differ for colleagues at The Calpe "
    "Picturehouse, our cinema on Main Street, Gibraltar.\n\n"
    "## Pay\n\nCalpe colleagues are paid in Gibraltar pounds, monthly.\n\n"
    "| Band | Hourly rate from 1 April 2026 |\n|---|---|\n| Band A | £11.40 |\n"
    "| Band B | £11.95 |\n",
)
PAY_DOCS = {"a-pay": PAY_RATES, "b-fire": FIRE, "z-gib": GIBRALTAR}


def test_colleagues_at_a_site_in_a_town_are_a_places_readers() -> None:
    places = excluded_places(PAY_RATES[1])
    assert [sorted(n) for n, _ in places] == [["calpe", "gibraltar", "picturehouse"]]


def test_a_kind_of_site_the_page_writes_in_lower_case_is_no_name_of_the_place() -> None:
    text = PAY_RATES[1].replace("our multiplexes", "our multiplexes and picturehouses")
    places = excluded_places(text)
    assert [sorted(n) for n, _ in places] == [["calpe", "gibraltar"]]


def test_no_place_is_read_without_the_places_own_page() -> None:
    text = (
        "Enhancements are paid on top of your rate. They do not apply to salaried "
        "colleagues in Bands E and F, who get time off in lieu instead.\n"
    )
    assert excluded_places(text) == ()


def test_the_site_reading_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site_place, "SITE_PLACE", False)
    text = PAY_RATES[1].replace("Pay Rates", "Pay Rates ")  # a text the memo has not seen
    assert excluded_places(text) == ()


async def test_a_calpe_asker_never_gets_the_general_rate() -> None:
    r = await ask_over(PAY_DOCS, "I'm Band A here at Calpe. What's my hourly rate?", who=HOST)
    assert "£12.80" not in _quotes(r), r


async def test_a_question_naming_no_place_keeps_the_general_rate() -> None:
    r = await ask_over(
        PAY_DOCS, "I'm Band A at the Trent multiplex. What's my hourly rate?", who=HOST
    )
    assert "£11.40" not in _quotes(r), r


def test_a_directory_or_table_row_makes_no_guides_point() -> None:
    assert guide_line("Volunteers' Guide", "Volunteers must not accept any gift.")
    assert not guide_line(
        "Staff Directory: Managers and Key Contacts",
        "Kofi Mensah is the depot manager at Gullhaven.",
    )
    assert not guide_line("Volunteers' Guide", "| Gifts | none, however small |")
