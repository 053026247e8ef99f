"""The asker's own statement resolved by their job's row without losing what they ask, and the
told place looked up by its name (hop75: key_bridge.STATED_ASK, place_lookup.py,
job_over_prose.py).

"I'm a boat engineer thinking of handing my notice in. How much notice do I owe?" found the
job's row ("| Boat engineer | Band D |") and asked again "Band D. How much notice do I owe?",
but dropped "notice" from what it asked, the statement having said it: the notice row ("|
Bands C and D | 4 weeks |") then said nothing still asked. "I'm working at Evesby this
summer. What time do we open and close?" ranked the opening hours' row for day boat
stations first, under the floor; the sites table, which says Evesby is one, was never
retrieved.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import job_over_prose, key_bridge, place_lookup
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Candidate

BANDS = (
    '---\ntitle: "Job Bands"\naccess_scope: public\n---\n# Job Bands\n\n'
    "Every job sits in one of four bands. Your band sets your hourly rate.\n\n"
    "| Job | Band |\n|---|---|\n"
    "| Hire assistant | Band A |\n| Marina assistant | Band B |\n"
    "| Boatbuilder | Band C |\n| Boat engineer | Band D |\n"
)
NOTICE = (
    '---\ntitle: "Notice Periods"\naccess_scope: public\n---\n# Notice Periods\n\n'
    "Once you have passed probation, the notice you must give depends on your band:\n\n"
    "| Band | Notice you give |\n|---|---|\n"
    "| Bands A and B | 2 weeks |\n| Bands C and D | 4 weeks |\n\n"
    "Resignations are made in writing to your base manager.\n"
)
LEAVE = (
    '---\ntitle: "Annual Leave"\naccess_scope: public\n---\n# Annual Leave\n\n'
    "Book leave on the rota app.\n\n"
    "1. Give at least 4 weeks' notice for a week or more off, and 7 days' notice for a day.\n"
)
SITES = (
    "<html><head><title>Our Sites</title></head><body><h1>Our Sites</h1>"
    "<p>We run four sites of three types.</p>"
    "<table><thead><tr><th>Site</th><th>Town</th><th>Type</th><th>Region</th></tr></thead>"
    "<tbody>"
    "<tr><td>Skipley Wharf</td><td>Skipley</td><td>hire base</td><td>Pennine</td></tr>"
    "<tr><td>Sowden Day Boats</td><td>Sowden</td><td>day boat station</td><td>Pennine</td></tr>"
    "<tr><td>Evesby Day Boats</td><td>Evesby</td><td>day boat station</td><td>Severn</td></tr>"
    "<tr><td>Tewsbury Boatyard</td><td>Tewsbury</td><td>boatyard</td><td>Severn</td></tr>"
    "</tbody></table></body></html>"
)
HOURS = (
    '---\ntitle: "Opening Hours"\naccess_scope: public\n---\n# Opening Hours\n\n'
    "Regular opening hours of our sites. The season runs from 1 April to 31 October.\n\n"
    "| Type of site | Season | Winter |\n|---|---|---|\n"
    "| Hire base office | 08:30 to 17:30 every day | 09:00 to 16:00 Monday to Friday |\n"
    "| Day boat station | 09:00 to 17:00 every day | closed |\n"
)
TOPICS = ("uniform", "parking", "lockers", "breaks", "fire drills")
OTHERS = {
    f"notice{i}.md": (
        f"---\ntitle: Staff Notice {i}\n---\n# Staff Notice {i}\n\n"
        f"Our {topic} rules changed this year. Ask your base manager about {topic} before"
        f" your shift.\n"
    )
    for i, topic in enumerate(TOPICS, 1)
}
STAFF = Principal(user_id="u-7501", roles=["staff"], departments=["hire"])
QUIT = "I'm a boat engineer thinking of handing my notice in. How much notice do I owe?"
EVESBY = "I'm working at Evesby this summer. What time do we open and close?"


def _source(tmp_path: Path, leave_out: tuple[str, ...] = ()) -> CollectionSource:
    files = {
        "job-bands.md": BANDS,
        "notice-periods.md": NOTICE,
        "annual-leave.md": LEAVE,
        "sites.html": SITES,
        "opening-hours.md": HOURS,
        **OTHERS,
    }
    return own_source(tmp_path, {k: v for k, v in files.items() if k not in leave_out})


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return _source(tmp_path)


async def test_the_told_job_keys_the_notice_row(source: CollectionSource) -> None:
    result = await ask_as(QUIT, source, STAFF)
    assert isinstance(result, Answer)
    assert "| Bands C and D | 4 weeks |" in result.text
    assert {c.doc_id for c in result.citations} >= {"job-bands.md", "notice-periods.md"}
    await source.aclose()


def _bridge_row() -> Candidate:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import keys
    from wikiqa.text.sentences import Span
    from wikiqa.types import Document

    bands = Document(doc_id="b", title="Job Bands", text=BANDS, source="t", url="")
    row = "| Boat engineer | Band D |"
    header = "| Job | Band |"
    return Candidate(
        bands,
        Span(BANDS.index(row), BANDS.index(row) + len(row), row),
        list(keys(row)),
        0,
        header=Span(BANDS.index(header), BANDS.index(header) + len(header), header),
    )


def test_the_statements_word_stays_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from wikiqa.answerers.features import analyse

    bridge = _bridge_row()
    asked = key_bridge.in_place(analyse(QUIT), bridge, "Band D")
    assert asked.text == "Band D. How much notice do I owe?"
    assert "notic" in asked.terms and "engin" not in asked.terms and "hand" not in asked.terms
    monkeypatch.setattr(key_bridge, "STATED_ASK", False)
    dropped = key_bridge.in_place(analyse(QUIT), bridge, "Band D")
    assert "notic" not in dropped.terms  # the old reading: nothing of the asking kept


async def test_a_job_no_row_keeps_gets_no_bands_row(source: CollectionSource) -> None:
    q = "I'm a deckhand thinking of handing my notice in. How much notice do I owe?"
    result = await ask_as(q, source, STAFF)
    assert not isinstance(result, Answer) or "Bands C and D" not in result.text
    await source.aclose()


async def test_no_notice_table_no_chain(tmp_path: Path) -> None:
    source = _source(tmp_path, leave_out=("notice-periods.md",))
    result = await ask_as(QUIT, source, STAFF)
    assert not isinstance(result, Answer) or "job-bands.md" not in {
        c.doc_id for c in result.citations
    }
    await source.aclose()


async def test_the_told_place_is_looked_up_by_its_name(source: CollectionSource) -> None:
    result = await ask_as(EVESBY, source, STAFF)
    assert isinstance(result, Answer)
    assert "09:00 to 17:00 every day" in result.text
    assert {c.doc_id for c in result.citations} >= {"sites.html", "opening-hours.md"}
    await source.aclose()


def test_place_rows_are_keyed_by_the_whole_name() -> None:
    from wikiqa.types import Document

    doc = Document(doc_id="s", title="Our Sites", text=HOURS + "\n" + NOTICE, source="t", url="")
    assert place_lookup.place_rows("Evesby", doc) == []  # no row says the place
    sites = (
        "# Our Sites\n\n| Site | Town | Type |\n|---|---|---|\n"
        "| Evesby Day Boats | Evesby | day boat station |\n"
        "| Upton Reach | Evesby Marsh | hire base |\n"
    )
    doc = Document(doc_id="s", title="Our Sites", text=sites, source="t", url="")
    rows = place_lookup.place_rows("Evesby", doc)
    assert [r.span.text for r in rows] == ["| Evesby Day Boats | Evesby | day boat station |"]
    assert place_lookup.place_rows("Evesby Quay", doc) == []


async def test_a_place_of_a_kind_no_row_keeps_stays_refused(source: CollectionSource) -> None:
    q = "I'm working at Tewsbury this summer. What time do we open and close?"
    result = await ask_as(q, source, STAFF)
    assert not isinstance(result, Answer) or "09:00 to 17:00" not in result.text
    await source.aclose()


async def test_a_place_no_row_names_stays_refused(source: CollectionSource) -> None:
    q = "I'm working at Oxley this summer. What time do we open and close?"
    result = await ask_as(q, source, STAFF)
    assert not isinstance(result, Answer) or "sites.html" not in {
        c.doc_id for c in result.citations
    }
    await source.aclose()


async def test_without_the_sites_page_nothing_says_the_kind(tmp_path: Path) -> None:
    source = _source(tmp_path, leave_out=("sites.html",))
    result = await ask_as(EVESBY, source, STAFF)
    assert not isinstance(result, Answer) or "opening-hours.md" not in {
        c.doc_id for c in result.citations
    }
    await source.aclose()


async def test_a_private_sites_page_is_not_read(tmp_path: Path) -> None:
    private = (
        '---\ntitle: "Our Sites"\naccess_scope: department\nallowed_departments: [fleet]\n'
        "---\n# Our Sites\n\n| Site | Town | Type | Region |\n|---|---|---|---|\n"
        "| Skipley Wharf | Skipley | hire base | Pennine |\n"
        "| Evesby Day Boats | Evesby | day boat station | Severn |\n"
    )
    files = {"sites.md": private, "opening-hours.md": HOURS, **OTHERS}
    source = own_source(tmp_path, files)
    result = await ask_as(EVESBY, source, STAFF)
    assert not isinstance(result, Answer) or not {"sites.md", "opening-hours.md"} & {
        c.doc_id for c in result.citations
    }
    await source.aclose()


def test_job_over_prose() -> None:
    from wikiqa.answerers.extractive import Candidate
    from wikiqa.answerers.features import keys
    from wikiqa.text.sentences import Span
    from wikiqa.types import Document

    bands = Document(doc_id="b", title="Job Bands", text=BANDS, source="t", url="")
    leave = Document(doc_id="l", title="Annual Leave", text=LEAVE, source="t", url="")
    row = "| Boat engineer | Band D |"
    header = "| Job | Band |"
    bridge = Candidate(
        bands,
        Span(BANDS.index(row), BANDS.index(row) + len(row), row),
        list(keys(row)),
        0,
        header=Span(BANDS.index(header), BANDS.index(header) + len(header), header),
    )
    line = "Give at least 4 weeks' notice for a week or more off, and 7 days' notice for a day."
    top = Candidate(
        leave, Span(LEAVE.index(line), LEAVE.index(line) + len(line), line), list(keys(line)), 0
    )
    named = frozenset({"boat", "engin"})
    assert job_over_prose.job_over_prose(named, bridge, top)
    said = "Boat engineers give 4 weeks' notice."
    naming = Candidate(leave, Span(0, len(said), said), list(keys(said)), 0)
    assert not job_over_prose.job_over_prose(named, bridge, naming)
    assert not job_over_prose.job_over_prose(frozenset({"band"}), bridge, top)
