"""A place the question calls by its role ("head office") read through the line a document
says names it ("The Harbour Works, our head office, ..."), and the labelled line of that
place's own page whose label the question says answers (place_field, place74): "Where do I
park when I'm working at head office?" by "Parking: 30 spaces ...". Must stay refused: a
question asking what no field of the page labels, a role the documents tie to no name, a
page the asker may not read, and the reading switched off."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import place_field
from wikiqa.answerers.place_field import role_phrases
from wikiqa.types import Answer, Principal, Refusal

SITES = (
    "---\ntitle: Our Sites\n---\n# Our Sites\n\n"
    "Brackwater Parks runs six parks in two regions, plus The Harbour Works, our head office, "
    "at Kelby.\n\n"
    "| Park | Town | Region |\n|---|---|---|\n"
    "| Kelby Gardens | Kelby | North |\n| Tarrow Woods | Tarrow | South |\n"
)
PAGE = (
    "---\ntitle: The Harbour Works\n{scope}---\n# The Harbour Works\n\n"
    "Building: The Harbour Works\n"
    "Address: 9 Quay Lane, Kelby KB3 7LT\n"
    "Opened: June 2015\n"
    "Reception hours: Monday to Friday 08:00 to 16:30\n"
    "Parking: 30 spaces in the yard behind the boat shed, first come first served\n"
    "Nearest bus: route 12, stop at the quay\n\n"
    "Visitors sign in at reception and wear a visitor badge.\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\n---\n# Annual Leave\n\n"
    "Full-time colleagues get 25 days of annual leave a year, plus bank holidays.\n"
)
STAFF = Principal(user_id="s-1", roles=["staff"], departments=[])


def _files(scope: str = "") -> dict[str, str]:
    return {
        "sites.md": SITES,
        "harbour-works.md": PAGE.format(scope=scope),
        "leave.md": LEAVE,
    }


def _said(result: Answer | Refusal) -> str:
    return " ".join(c.quote for c in result.citations) if isinstance(result, Answer) else ""


def test_role_phrases() -> None:
    assert role_phrases("Where do I park when I'm working at head office?")[0] == "head office"
    assert role_phrases("I need the full address of head office, with the postcode.")[0] == (
        "head office"
    )
    assert role_phrases("Where do I park at Kelby Gardens?") == []


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("Where do I park when I'm working at head office?", "Parking: 30 spaces"),
        ("I need the full address of head office, with the postcode.", "Address: 9 Quay Lane"),
    ],
)
async def test_the_field_of_the_role_place_answers(
    tmp_path: Path, question: str, line: str
) -> None:
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert isinstance(result, Answer)
    assert line in _said(result)
    assert "our head office" in _said(result)  # the line naming the place by its role


async def test_a_thing_no_field_labels_stays_refused(tmp_path: Path) -> None:
    question = "Is there anywhere to charge an electric car at head office?"
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert "Parking:" not in _said(result)


async def test_a_role_no_document_names_stays_refused(tmp_path: Path) -> None:
    question = "Where do I park when I'm working at the distribution centre?"
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert "Parking:" not in _said(result)


async def test_a_page_the_asker_may_not_read_never_answers(tmp_path: Path) -> None:
    files = _files("access_scope: role\nallowed_roles: [manager]\n")
    question = "Where do I park when I'm working at head office?"
    result = await ask_as(question, own_source(tmp_path, files), STAFF)
    assert "Parking:" not in _said(result)


async def test_switched_off_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(place_field, "PLACE_FIELD", False)
    question = "Where do I park when I'm working at head office?"
    result = await ask_as(question, own_source(tmp_path, _files()), STAFF)
    assert "Parking:" not in _said(result)
