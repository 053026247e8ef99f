"""A general page that hands one site to its own page: the answer carries that site's line
(site_pointer.py, trap77). The asker's site cannot be read from the principal, so the answer
gives the general figure and, as the page itself directs, the site's own figure on the same
point; never when the question names another place, when the site's page cannot be read, or
when the page hands nothing over."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import site_pointer
from wikiqa.answerers.site_pointer import (
    applies,
    asks_own,
    matter_keys,
    pointed_lines,
    pointers,
    unnamed_by_lines,
)
from wikiqa.types import Answer, Principal

PAY_RATES = (
    "Pay Rates 2026-27",
    "# Pay Rates 2026-27\n\n"
    "These rates apply from 1 April 2026 to every employed colleague at our theatres in the "
    "Pennine region. Colleagues at the Promenade Pavilion in Douglas have their own rates "
    "(see Working in Douglas).\n\n"
    "| Band | Hourly rate |\n|---|---|\n| Band A | £12.60 |\n| Band B | £13.10 |\n",
)
DOUGLAS = (
    "Working in Douglas",
    "# Working in Douglas\n\n"
    "This supplement applies to colleagues based at the Promenade Pavilion in Douglas, on "
    "the Isle of Man.\n\n"
    "## Douglas hourly rates from 1 April 2026\n\n"
    "| Band | Douglas hourly rate |\n|---|---|\n| Band A | £13.05 |\n| Band B | £13.55 |\n\n"
    "## Office hours\n\n"
    "The Pavilion office is open 09:30 to 15:30 Monday to Friday in the winter.\n",
)
HOURS = (
    "Opening Hours",
    "# Opening Hours\n\n"
    "Regular opening hours of our theatres. The Promenade Pavilion has its own hours (see "
    "Working in Douglas), and festive dates are announced each year in a notice.\n\n"
    "| Type of site | Winter |\n|---|---|\n| Theatre office | 09:00 to 16:00 Monday to "
    "Friday |\n\n## Parking\n\nStaff park behind the stage door after 17:00.\n",
)
FIRE = (
    "Fire and Evacuation",
    "# Fire and Evacuation\n\nIf the alarm sounds, leave by the nearest exit and meet at "
    "the assembly point in the car park.\n",
)
DOCS = {"a-pay": PAY_RATES, "b-hours": HOURS, "c-fire": FIRE, "z-douglas": DOUGLAS}
USHER = Principal(user_id="u-1", roles=["staff"], departments=["front_of_house"])
RATE = "I'm Band A. What's my hourly rate?"


def _quotes(r: object) -> str:
    return " ".join(c.quote for c in r.citations) if isinstance(r, Answer) else ""


def test_a_sentence_saying_a_site_has_its_own_terms_hands_it_over() -> None:
    (p,) = pointers(PAY_RATES[1])
    assert p.title == "Working in Douglas"
    assert p.sentence.endswith("have their own rates (see Working in Douglas)")
    assert matter_keys(p, PAY_RATES[0]) == frozenset({"rate"})
    (h,) = pointers(HOURS[1])
    assert h.sentence == "The Promenade Pavilion has its own hours (see Working in Douglas)"
    colleagues = "Intro.\n\nDouglas colleagues: see Working in Douglas.\n"
    assert [q.title for q in pointers(colleagues)] == ["Working in Douglas"]


def test_a_mention_in_passing_or_of_an_unplaced_page_hands_nothing_over() -> None:
    passing = "Flights to training are booked by head office (see Working in Douglas).\n"
    assert pointers(passing) == []
    unplaced = "Sunday payments are on top of your own rate (see Enhancements and Overtime).\n"
    assert pointers(unplaced) == []


def test_the_opening_section_speaks_for_the_page_another_section_for_itself() -> None:
    text = HOURS[1]
    (p,) = pointers(text)
    assert applies(text, p, "| Theatre office | 09:00 to 16:00 Monday to Friday |")
    later = "# Travel\n\nIntro.\n\n## Rail\n\nDouglas colleagues: see Working in Douglas.\n\n"
    later += "## Mileage\n\nMileage is paid at £0.45 a mile.\n"
    (q,) = pointers(later)
    assert not applies(later, q, "Mileage is paid at £0.45 a mile.")


def test_the_site_s_row_keyed_as_the_cited_row_or_its_line_on_the_point() -> None:
    (p,) = pointers(PAY_RATES[1])
    got = pointed_lines(*PAY_RATES[::-1], ["| Band A | £12.60 |"], RATE, *DOUGLAS, p)
    assert got == ["| Band | Douglas hourly rate |", "| Band A | £13.05 |"]
    (h,) = pointers(HOURS[1])
    q = "What hours is our office open in the winter?"
    row = "| Theatre office | 09:00 to 16:00 Monday to Friday |"
    got = pointed_lines(*HOURS[::-1], [row], q, *DOUGLAS, h)
    assert got == ["The Pavilion office is open 09:30 to 15:30 Monday to Friday in the winter."]
    # the site's page says nothing on the point: nothing is added
    assert pointed_lines(*HOURS[::-1], [row], "Where do staff park?", *DOUGLAS, h) == []


def test_a_question_naming_a_place_the_lines_do_not_say_is_not_handed_over() -> None:
    assert unnamed_by_lines(RATE, ["| Band A | £12.60 |"])
    assert not unnamed_by_lines("I'm Band A at Hollins Cross. What's my rate?", ["| Band A |"])


async def test_the_general_rate_comes_with_the_site_s_own_rate() -> None:
    r = await ask_over(DOCS, RATE, who=USHER)
    assert isinstance(r, Answer), r
    quotes = _quotes(r)
    assert "£12.60" in quotes and "| Band A | £13.05 |" in quotes, r.citations
    assert "have their own rates (see Working in Douglas)" in quotes, r.citations
    assert "£13.55" not in quotes and "£13.10" not in quotes, r.citations


async def test_a_question_naming_another_place_gets_no_site_line() -> None:
    r = await ask_over(DOCS, "I'm Band A at the Pennine Playhouse. What's my hourly rate?")
    assert "£13.05" not in _quotes(r), r


async def test_the_site_page_withheld_adds_nothing() -> None:
    docs = {k: v for k, v in DOCS.items() if k != "z-douglas"}
    r = await ask_over(docs, RATE, who=USHER)
    assert isinstance(r, Answer), r
    assert "£12.60" in _quotes(r) and "£13.05" not in _quotes(r), r.citations
    assert "Working in Douglas" not in _quotes(r), r.citations


async def test_a_page_handing_nothing_over_gets_no_site_line() -> None:
    page = (PAY_RATES[0], PAY_RATES[1].replace("have their own rates", "are welcome"))
    r = await ask_over({**DOCS, "a-pay": page}, RATE, who=USHER)
    assert "£13.05" not in _quotes(r), r


async def test_a_topic_no_document_covers_is_still_refused() -> None:
    r = await ask_over(DOCS, "How many days of paternity leave do I get?", who=USHER)
    assert not isinstance(r, Answer), r


async def test_switched_off_the_general_answer_stands_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(site_pointer, "SITE_POINTER", False)
    r = await ask_over(DOCS, RATE, who=USHER)
    assert "£13.05" not in _quotes(r), r


def test_only_a_question_of_the_asker_s_own_terms_is_handed_over() -> None:
    assert asks_own(RATE) and asks_own("What hours is our office open in the winter?")
    assert asks_own("When do we open on a Sunday?")
    assert not asks_own("What time does a mainland theatre office open in the winter?")


async def test_a_question_of_a_described_place_keeps_the_general_line_alone() -> None:
    q = "What is the Band A hourly rate at a Pennine theatre?"
    r = await ask_over(DOCS, q, who=USHER)
    assert "£13.05" not in _quotes(r), r
