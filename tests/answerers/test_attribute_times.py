""" "Times" asked of a named day is stated by a clock time, as "hours" is (wrong64,
`attribute.states_attribute`).

"What are the visiting times on Christmas Day?" was answered with "Hours worked on Christmas
Day ... are paid at double time.": the attribute check read "times" as the thing asked, found
no such word in the visiting notice's "visiting from 10:30 to 12:00 and 14:30 to 19:30", and
took the runner-up that says "time". On small documents written here."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.attribute import asked_attribute, states_attribute
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.types import Principal, Refusal

FLOOR = 0.2  # fit to this small collection
CARER = Principal(user_id="u-1", roles=["staff"], departments=["care"])
DOCS = {
    "notices-visiting": (
        "christmas visiting 2026",
        "Christmas visiting 2026\n\n"
        "Christmas Day, Friday 25 December 2026: visiting from 10:30 to 12:00 and 14:30 to "
        "19:30 in every home.\n\n"
        "Boxing Day, Saturday 26 December 2026: visiting from 10:00 to 18:00 in every home.\n",
    ),
    "leave-rota": (
        "Christmas and New Year Rota Rules",
        "# Christmas and New Year Rota Rules\n\n"
        "Colleagues working Christmas Day get a free Christmas dinner in the home and double "
        "time.\n",
    ),
}


def test_a_clock_time_states_the_times_asked() -> None:
    assert asked_attribute("What are the visiting times on Christmas Day?") == "times"
    assert states_attribute("times", ["visiting from 10:30 to 12:00 and 14:30 to 19:30"])
    assert states_attribute("hours", ["Open 8:30 to 17:00"])
    assert not states_attribute("times", ["visiting in the afternoon only"])


async def test_a_day_no_line_gives_times_for_stays_refused() -> None:
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3)
    got = await ask_over(DOCS, "What are the visiting times on Easter Sunday?", who=CARER,
                         answerer=answerer)  # fmt: skip
    assert isinstance(got, Refusal), got
