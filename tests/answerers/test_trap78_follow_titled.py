"""own_matter.py's second form (trap78): "Agency night security officers follow the breaks
in the Agency Night Security Guide." hands that kind of reader their breaks in their guide,
so an agency worker's "What break do I get?" is answered from the guide, never from the
general page's row; the page stays a staff asker's (`excludes`); with the guide withheld
the agency asker gets no general row; "follow the rules in this policy" hands nothing over."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import own_matter
from wikiqa.answerers.own_matter import followed_title, handed_own
from wikiqa.answerers.scope import excludes
from wikiqa.types import Answer, Document, Principal

BREAKS = (
    "Rotas and Breaks",
    "# Rotas and Breaks\n\n"
    "Rotas are published 3 weeks ahead.\n\n"
    "| Shift length | Break |\n|---|---|\n"
    "| More than 6 and up to 9 hours | a 15-minute paid break and a 30-minute unpaid break |\n"
    "| More than 9 hours | a 15-minute paid break and a 45-minute unpaid break |\n\n"
    "Agency night security officers follow the breaks in the Agency Night Security Guide.\n",
)
GUIDE = (
    "Agency Night Security Guide",
    "# Agency Night Security Guide\n\n"
    "Our parks are patrolled at night by agency security officers. This guide is for them.\n\n"
    "- Shifts are 10 hours, from 21:00 to 07:00.\n"
    "- Breaks: a 30-minute unpaid break after 5 hours, taken in the reception back office.\n",
)
FIRE = (
    "Fire and Evacuation",
    "# Fire and Evacuation\n\nIf the alarm sounds, leave by the nearest exit and meet at "
    "the assembly point in the car park.\n",
)
DOCS = {"a-breaks": BREAKS, "b-fire": FIRE, "z-guide": GUIDE}
AGENCY = Principal(user_id="u-1", roles=["agency"], departments=[])
STAFF = Principal(user_id="u-2", roles=["staff"], departments=["reception"])
ASKED = "I'm on a 10-hour shift tonight. What break do I get?"
THEIRS = "30-minute unpaid break after 5 hours"
GENERAL = "45-minute unpaid break"


def _quotes(r: object) -> str:
    return " ".join(c.quote for c in r.citations) if isinstance(r, Answer) else ""


def _doc(title: str, text: str) -> Document:
    return Document(source="mem", doc_id=title, title=title, text=text)


def test_following_the_matter_in_a_titled_guide_hands_it_over() -> None:
    (said,) = handed_own(BREAKS[1])
    assert said[0] == "Agency night security officers"
    assert followed_title(said[1]) == "Agency Night Security Guide"


def test_following_rules_in_an_untitled_or_unguided_document_hands_nothing() -> None:
    assert handed_own("Staff follow the rules in this policy.\n") == ()
    assert handed_own("Managers follow the steps in the Absence Toolkit.\n") == ()


def test_the_page_is_set_aside_for_the_guide_s_readers_only() -> None:
    page = _doc(*BREAKS)
    assert excludes(page, ASKED, AGENCY)
    assert not excludes(page, ASKED, STAFF)
    volunteer = Principal(user_id="u-3", roles=["volunteer"], departments=[])
    assert not excludes(page, ASKED, volunteer)
    # the page hands over the breaks alone: a question of another matter keeps it
    assert not excludes(page, "How far ahead are rotas published?", AGENCY)


async def test_the_agency_worker_is_answered_from_their_guide() -> None:
    r = await ask_over(DOCS, ASKED, who=AGENCY)
    assert isinstance(r, Answer), r
    assert THEIRS in _quotes(r) and GENERAL not in _quotes(r), r.citations


async def test_the_guide_withheld_the_agency_worker_is_refused() -> None:
    # another page is retrieved too (with every hit out of scope, `in_scope` keeps them all
    # and the floor decides)
    swaps = (
        "Shift Swaps",
        "# Shift Swaps\n\nYou can swap a shift with a colleague on the same team if your "
        "manager agrees by 18:00 the night before.\n",
    )
    docs = {k: v for k, v in DOCS.items() if k != "z-guide"} | {"c-swaps": swaps}
    r = await ask_over(docs, ASKED, who=AGENCY)
    assert GENERAL not in _quotes(r), r


async def test_a_topic_no_document_covers_is_still_refused() -> None:
    r = await ask_over(DOCS, "How many days of paternity leave do I get?", who=AGENCY)
    assert not isinstance(r, Answer), r


def test_switched_off_the_page_stays_the_agency_worker_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(own_matter, "FOLLOW_TITLED", False)
    assert not excludes(_doc(BREAKS[0], BREAKS[1] + "\n"), ASKED, AGENCY)
