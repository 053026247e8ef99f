"""A told place bridged to its region's record, and a role's holder asked with their number
(hop74: kept_sibling.py; holder_row.holder_contact_row; name_lookup's definition-list end).

"I've just been moved to work at the Rossay slipway. Who's my HR business partner now?"
ranked the North Sound partner's record first, over the floor: a record of the role asked,
kept for a region the question never says, among its siblings. The slipway's row says the
region (South Sound), and the sibling kept for it answers, cited after the row. "who's the
health and safety manager and what's her number" was answered by a line that only names the
role; the staff directory's one row for the role names her and gives her number.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers.kept_sibling import kept_record
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

HR = (
    "<html><head><title>HR Contacts</title></head><body><h1>HR Contacts</h1>"
    "<p>Talk to your line manager first. Each region has an HR business partner for"
    " sickness, discipline and grievances.</p><dl>"
    "<dt>HR business partner, North Sound routes</dt>"
    "<dd>Morag Fettes, 01470 552 210, based at Kelvane House</dd>"
    "<dt>HR business partner, South Sound routes</dt>"
    "<dd>Callum Breck, 01471 552 220, based at Portcullen Harbour</dd>"
    "<dt>Payroll helpdesk</dt><dd>01470 552 250, Monday to Friday 08:30 to 16:30</dd>"
    "</dl></body></html>"
)
ROUTES = (
    "<html><head><title>Routes and Terminals</title></head><body><h1>Routes and Terminals</h1>"
    "<table><thead><tr><th>Terminal</th><th>Type</th><th>Region</th></tr></thead><tbody>"
    "<tr><td>Kelvane Pier</td><td>mainland pier</td><td>North Sound</td></tr>"
    "<tr><td>Tollan Pier</td><td>island pier</td><td>North Sound</td></tr>"
    "<tr><td>Portcullen Harbour</td><td>mainland harbour</td><td>South Sound</td></tr>"
    "<tr><td>Rossay Slipway</td><td>island slipway</td><td>South Sound</td></tr>"
    "</tbody></table></body></html>"
)
DIRECTORY = (
    '---\ntitle: "Staff Directory"\naccess_scope: public\n---\n# Staff Directory\n\n'
    "| Name | Job | Base | Phone |\n|---|---|---|---|\n"
    "| Helen Marsh | Head of Operations | Kelvane House | 01470 552 101 |\n"
    "| Priya Desai | Health and Safety Manager | Kelvane House | 01470 552 125 |\n"
    "| Sian Hughes | Training Manager | Kelvane House | 01470 552 130 |\n"
)
ACCIDENTS = (
    '---\ntitle: "Accidents and First Aid"\naccess_scope: public\n---\n'
    "# Accidents and First Aid\n\n"
    "- Every accident is written in the accident book the same day.\n"
    "- Serious injuries are reported to the Health and Safety Manager by phone at once.\n"
    "- First aid boxes are checked every month.\n"
)
TOPICS = ("uniform", "parking", "lockers", "breaks", "fire drills")
OTHERS = {
    f"notice{i}.md": (
        f"---\ntitle: Staff Notice {i}\n---\n# Staff Notice {i}\n\n"
        f"Our {topic} rules changed this year. Ask your line manager about {topic} before"
        f" your shift at the terminal.\n"
    )
    for i, topic in enumerate(TOPICS, 1)
}
STAFF = Principal(user_id="u-7401", roles=["staff"], departments=["harbour"])


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    files = {
        "hr-contacts.html": HR,
        "routes.html": ROUTES,
        "directory.md": DIRECTORY,
        "accidents.md": ACCIDENTS,
    }
    return own_source(tmp_path, {**files, **OTHERS})


async def test_the_places_row_chooses_its_regions_record(source: CollectionSource) -> None:
    q = "I've just been moved to work at the Rossay slipway. Who's my HR business partner now?"
    result = await ask_as(q, source, STAFF)
    assert isinstance(result, Answer)
    assert "Callum Breck" in result.text and "Morag Fettes" not in result.text
    assert {c.doc_id for c in result.citations} >= {"routes.html", "hr-contacts.html"}
    await source.aclose()


async def test_another_place_gets_its_own_regions_record(source: CollectionSource) -> None:
    result = await ask_as("I work at Tollan Pier. Who's my HR business partner?", source, STAFF)
    assert isinstance(result, Answer)
    assert "Morag Fettes" in result.text and "Callum Breck" not in result.text
    await source.aclose()


async def test_who_holds_the_role_and_their_number(source: CollectionSource) -> None:
    q = "who's the health and safety manager and what's her number"
    result = await ask_as(q, source, STAFF)
    assert isinstance(result, Answer)
    assert "Priya Desai" in result.text and "01470 552 125" in result.text
    await source.aclose()


async def test_a_role_no_row_holds_is_not_answered_with_a_number(
    source: CollectionSource,
) -> None:
    result = await ask_as("who's the fire safety manager and what's his number", source, STAFF)
    assert not isinstance(result, Answer) or not any(
        n in result.text for n in ("01470 552 125", "01470 552 130", "01470 552 101")
    )
    await source.aclose()


def test_a_record_kept_for_a_region() -> None:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.text.sentences import Span
    from wikiqa.types import Document

    text = "HR business partner, South Sound routes: Callum Breck, 01471 552 220\n"
    doc = Document(doc_id="hr", title="HR Contacts", text=text, source="t", url="")
    c = Candidate(doc=doc, span=Span(0, len(text) - 1, text[:-1]), terms=[], passage_rank=0)
    assert kept_record("HR business partner", c) == ("South Sound", "routes")
    assert kept_record("pensions partner", c) is None
