"""The holder the asker calls "my <role>" is the one their own guide calls "your <role>"
(gap78: your_holder.py, read by guide_contact.py).

"I can't make Saturday's beach clean. What number do I ring my coordinator on?", asked by a
volunteer: the Volunteer Guide's session lines (beach cleans, Saturdays) rank above "Your
coordinator is Susan Kitto at Otterbrook.", so the line naming the coordinator was never
tried as the bridge to the directory's row giving her number.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import your_holder
from wikiqa.answerers.your_holder import my_holders
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

VOLUNTEER_GUIDE = (
    '---\ntitle: "Volunteer Guide"\naccess_scope: public\n---\n# Volunteer Guide\n\n'
    "Volunteers help with beach cleans, nature walks and litter picks at our parks.\n\n"
    "- Beach cleans run every Saturday from April to October, 09:00 to 12:00.\n"
    "- Saturday sessions meet at the beach car park; bring gloves and water.\n"
    "- Sessions are 3 hours, between 09:00 and 17:00, on Saturdays and Sundays.\n"
    "- Volunteers under 16 help at a beach clean only with a parent or guardian.\n"
    "- Mileage for driving to a Saturday session is paid at £0.28 a mile.\n"
    "- A lunch allowance of £5 is paid when you do two sessions in one day.\n"
    "- After 24 hours of volunteering you may have 20% off a holiday at any park.\n"
    "- Beach clean kit is kept in the store by the Saturday meeting point.\n"
    "- If it rains hard, a Saturday beach clean may be cancelled by text.\n\n"
    "Your coordinator is Susan Kitto at Otterbrook Touring Park. Tell her at least 48 hours"
    " ahead if you cannot make a session.\n"
)
DIRECTORY = (
    '---\ntitle: "Staff Directory"\naccess_scope: public\n---\n# Staff Directory\n\n'
    "| Name | Job | Based at | Phone |\n|---|---|---|---|\n"
    "| Susan Kitto | Volunteer Coordinator | Otterbrook Touring Park | 01395 278 405 |\n"
    "| Mark Penrose | Park Manager | Otterbrook Touring Park | 01395 278 400 |\n"
)
VOLUNTEER = Principal(user_id="u-7811", roles=["volunteer"], departments=[])
STAFF = Principal(user_id="u-7812", roles=["receptionist"], departments=["parks"])
ASKED = "I can't make Saturday's beach clean. What number do I ring my coordinator on?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(tmp_path, {"volunteer.md": VOLUNTEER_GUIDE, "directory.md": DIRECTORY})


def test_the_person_the_asker_calls_theirs() -> None:
    assert my_holders(ASKED) == ["coordinator"]
    assert my_holders("What's my mentor's phone number?") == ["mentor"]
    assert my_holders("My line manager is off. Who do I call?") == ["line manager"]
    # things of the asker's, no person
    assert my_holders("Who do I ring about my shift?") == []
    assert my_holders("Who do I ring about my timesheet or my pay?") == []
    assert my_holders("Who coordinates my placement?") == []


async def test_the_guide_line_calling_the_coordinator_yours(source: CollectionSource) -> None:
    result = await ask_as(ASKED, source, VOLUNTEER)
    assert isinstance(result, Answer)
    assert "Susan Kitto" in result.text and "01395 278 405" in result.text
    assert {c.doc_id for c in result.citations} >= {"volunteer.md", "directory.md"}
    await source.aclose()


async def test_switched_off_the_line_is_not_tried_first(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(your_holder, "YOUR_HOLDER", False)
    result = await ask_as(ASKED, source, VOLUNTEER)
    assert "01395 278 405" not in getattr(result, "text", "")
    await source.aclose()


async def test_must_refuse_neighbours(source: CollectionSource, tmp_path: Path) -> None:
    asked = [
        # another kind of asker: the volunteers' guide is not theirs
        (ASKED, STAFF),
        # a person the guide never calls the asker's
        ("I can't make Saturday's beach clean. What number do I ring my mentor on?", VOLUNTEER),
    ]
    for question, who in asked:
        result = await ask_as(question, source, who)
        assert "01395 278 405" not in getattr(result, "text", ""), question
    await source.aclose()
    # the directory withheld: no number to give
    alone = own_source(tmp_path / "alone", {"volunteer.md": VOLUNTEER_GUIDE})
    result = await ask_as(ASKED, alone, VOLUNTEER)
    assert "01395 278 405" not in getattr(result, "text", "")
    await alone.aclose()
