"""An answer citing a guide for another kind of engagement than the asker's is asked again
with such guides set aside (others_guide.py): a care assistant asking how early to ring in
sick gets the Sickness Absence page's line, not the agency nurses' "ring before 14:00"; an
agency nurse, or a question naming agency nurses, still gets the guide's line; with only the
guide to answer, a staff asker is refused. Small documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import others_guide
from wikiqa.answerers.others_guide import others_guides
from wikiqa.types import Answer, Principal

GUIDE = (
    "Agency Nurses Guide",
    "# Agency Nurses Guide\n\nThis guide is for agency nurses working shifts in our homes.\n\n"
    "## If you are ill\n\n"
    "If you are ill and cannot work your shift, ring the home early. For an early shift, "
    "ring the home before 05:00. For a night shift, ring before 14:00.\n",
)
SICKNESS = (
    "Sickness Absence",
    "# Sickness Absence\n\n## Telling us\n\n"
    "Phone the home's manager at least 2 hours before your shift starts if you are ill. "
    "Do not text.\n\n## Sick pay\n\nCompany sick pay depends on your length of service.\n",
)
UNIFORM = (
    "Uniform",
    "# Uniform\n\nWear your tunic on every shift. Tunics are washed in the home's laundry.\n",
)
WITH_PAGE = {"a-guide": GUIDE, "b-sickness": SICKNESS, "c-uniform": UNIFORM}
GUIDE_ONLY = {"a-guide": GUIDE, "c-uniform": UNIFORM}
CARER = Principal(user_id="u-1", roles=["staff"], departments=["care_home"])
AGENCY = Principal(user_id="u-2", roles=["agency"], departments=[])
ASKED = "I'm ill. How early do I have to ring the home before my early shift?"


def _cites(r: object, title: str) -> bool:
    return isinstance(r, Answer) and any(c.title == title for c in r.citations)


def test_the_guides_set_aside() -> None:
    titles = ["Agency Nurses Guide", "Sickness Absence"]
    assert others_guides(titles, ASKED, CARER) == ["Agency Nurses Guide"]
    assert others_guides(titles, ASKED, AGENCY) == []  # the asker's own kind
    named = "How early do agency nurses ring the home before an early shift?"
    assert others_guides(titles, named, CARER) == []  # the question names the kind
    assert others_guides(["Sickness Absence"], ASKED, CARER) == []


async def test_the_staff_asker_is_answered_from_the_general_page() -> None:
    r = await ask_over(WITH_PAGE, ASKED, who=CARER)
    assert isinstance(r, Answer), r
    assert not _cites(r, "Agency Nurses Guide"), r.citations
    assert any("2 hours before" in c.quote for c in r.citations), r.citations


async def test_the_agency_nurse_keeps_their_guide() -> None:
    r = await ask_over(WITH_PAGE, ASKED, who=AGENCY)
    assert _cites(r, "Agency Nurses Guide"), r


async def test_a_question_naming_the_kind_keeps_the_guide() -> None:
    asked = "How early do agency nurses have to ring the home before an early shift?"
    r = await ask_over(WITH_PAGE, asked, who=CARER)
    assert _cites(r, "Agency Nurses Guide"), r


async def test_the_guide_alone_never_answers_another_kind() -> None:
    r = await ask_over(GUIDE_ONLY, ASKED, who=CARER)
    assert not _cites(r, "Agency Nurses Guide"), r


async def test_without_the_reading_the_guide_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(others_guide, "OTHERS_GUIDE", False)
    r = await ask_over(GUIDE_ONLY, ASKED, who=CARER)
    assert _cites(r, "Agency Nurses Guide"), r


async def test_without_the_reading_the_staff_asker_gets_the_guide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(others_guide, "OTHERS_GUIDE", False)  # main's behaviour
    r = await ask_over(WITH_PAGE, ASKED, who=CARER)
    assert _cites(r, "Agency Nurses Guide"), r
