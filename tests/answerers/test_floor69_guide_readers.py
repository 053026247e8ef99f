"""A guide whose title names its readers ("Placement Students' Guide") and whose opening line
narrows them ("For horticulture and business students on a work placement ...") is read whole
as theirs (list_entry.guide_theirs, floor69): that line sets no list apart from the guide's
other readers, so "Is my placement paid?" from a placement student is answered by the guide's
item, when the item (with its lead-in and title) says every word the question asks. Must stay
refused: an asker neither the question nor the record places among the title's readers, a
thing the item does not say ("accommodation"), a list set apart further down the guide, and a
guide whose title names no kind of reader."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import list_entry
from wikiqa.answerers.list_entry import (
    guide_readers,
    guide_theirs,
    opens_document,
    says_every_asked,
)
from wikiqa.types import Answer, Principal, Refusal

GUIDE = (
    '---\ntitle: "Placement Students\' Guide"\naccess_scope: public\n---\n'
    "# Placement Students' Guide\n\n"
    "For horticulture and business students on a work placement at one of our centres. "
    "Your placements coordinator is Ada Lowe.\n\n"
    "- Placements of 6 weeks or more are paid at the Grade 1 rate. Shorter placements are "
    "unpaid, and we pay lunch of up to £6 a day.\n"
    "- You work 09:00 to 17:00, Monday to Friday; no weekends or evenings.\n"
    "- We lend you 1 green polo shirt and 1 fleece, which you hand back on your last day.\n"
    "- If you are ill, tell your placement supervisor and your university or college.\n"
)
FILES = {
    "placement-students-guide.md": GUIDE,
    "annual-leave.md": (
        "---\ntitle: Annual Leave\n---\n# Annual Leave\n\nFull-time colleagues get 28 days a "
        "year including bank holidays. Book leave on the RotaLeaf app at least 4 weeks ahead.\n"
    ),
    "uniform.md": (
        "---\ntitle: Uniform\n---\n# Uniform\n\nUniform is free. You get 3 tops when you "
        "start and 3 more each April.\n"
    ),
}
PAID = "Placements of 6 weeks or more are paid at the Grade 1 rate."
STUDENT = Principal(user_id="u-1", roles=["student"])
STAFF = Principal(user_id="u-2", roles=["staff"], departments=["plants"])


def _said(result: Answer | Refusal) -> str:
    assert isinstance(result, Answer), result
    return " ".join(c.quote for c in result.citations)


async def test_the_students_own_guide_answers(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as("Is my placement paid?", src, STUDENT)
    assert PAID in _said(result)


async def test_switched_off_the_item_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(list_entry, "GUIDE_READERS", False)
    src = own_source(tmp_path, FILES)
    result = await ask_as("Is my placement paid?", src, STUDENT)
    assert isinstance(result, Refusal)


async def test_an_asker_not_among_the_readers_is_refused(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as("Do I hand my fleece back on my last day?", src, STAFF)
    assert isinstance(result, Refusal) or "fleece" not in _said(result)


def test_the_title_names_its_readers() -> None:
    assert guide_readers("Placement Students' Guide") == ({"placement"}, {"student"})
    assert guide_readers("Agency Drivers' Guide") == ({"agency"}, {"driver"})
    assert guide_readers("Concession Staff Guide") == ({"concession"}, frozenset())
    assert guide_readers("Contact Centre Guide") is None  # a centre is no reader
    assert guide_readers("Expenses") is None


def test_only_the_opening_line_speaks_for_the_guide() -> None:
    assert opens_document(GUIDE, GUIDE.index("For horticulture"))
    later = GUIDE + "\n## Business students\n\nFor business students only:\n\n- Bring a laptop.\n"
    assert not opens_document(later, later.index("For business students only"))
    said = frozenset({"placement", "paid"})
    title = "Placement Students' Guide"
    assert guide_theirs(title, later, later.index("For horticulture"), said, frozenset())
    assert not guide_theirs(
        title, later, later.index("For business students only"), said, frozenset()
    )


def test_the_asker_must_be_placed_among_the_readers() -> None:
    title, at = "Placement Students' Guide", GUIDE.index("For horticulture")
    student = frozenset({"student"})
    assert guide_theirs(title, GUIDE, at, frozenset({"paid"}), student)  # the record says it
    assert guide_theirs(title, GUIDE, at, frozenset({"placement"}), frozenset())  # the question
    # the readers' noun said only by the question places nobody ("as a student ...")
    assert not guide_theirs(title, GUIDE, at, frozenset({"student", "paid"}), frozenset())
    assert not guide_theirs(title, GUIDE, at, frozenset({"paid"}), frozenset({"staff", "plant"}))
    assert not guide_theirs("Uniform", GUIDE, at, frozenset({"placement"}), student)


async def test_a_thing_the_item_does_not_say_is_refused(tmp_path: Path) -> None:
    src = own_source(tmp_path, FILES)
    result = await ask_as("Will you pay for my accommodation during my placement?", src, STUDENT)
    assert isinstance(result, Refusal)


def test_the_item_must_say_every_word_asked() -> None:
    item = "Placements of 6 weeks or more are paid at the Grade 1 rate."
    texts = (item, "For horticulture and business students.", "Placement Students' Guide")
    assert says_every_asked("I'm on an 8 week placement. Will I get paid?", texts)
    assert says_every_asked("How much are placement students paid?", texts)
    assert not says_every_asked("Will you pay for my accommodation during my placement?", texts)
