"""A document keyed by a kind in its sections' headings (key_bridge.kind_hop, hops25).
"What is a ganger paid for extra hours on a Saturday?" finds the overtime policy, whose
sections are headed by band ("## Hourly-paid staff (Bands 1 to 3)", "## Supervisors (Band 4)")
and none of which says "ganger"; the job bands table puts "Supervisor (ganger)" in Band 4. The
bridge row's band picks the one section whose heading holds it. Main 4b1151b refused (its
kind bridge read only a table's key column). Small documents written here."""

from __future__ import annotations

from pathlib import Path

from own_helpers import ask_as, own_source

from wikiqa.answerers.key_bridge import keyed_sections
from wikiqa.types import Answer, Principal, Refusal

OVERTIME = (
    "---\ntitle: Overtime\naccess_scope: public\n---\n# Overtime\n\n"
    "Overtime must be agreed with your manager before you work it.\n\n"
    "## Hourly-paid staff (Bands 1 to 3)\n\n"
    "| When | Rate |\n|---|---|\n"
    "| Weekdays, after 39 hours | Time and a half |\n"
    "| Saturday | Time and a half |\n| Sunday | Double time |\n\n"
    "## Supervisors (Band 4)\n\n"
    "Band 4 staff are paid overtime at a flat rate of £21.00 an hour, whatever the day.\n\n"
    "## Salaried staff (Bands 5 to 7)\n\n"
    "There is no paid overtime in Bands 5 to 7; extra hours are taken back as time off.\n"
)
BANDS = (
    "---\ntitle: Job Bands\naccess_scope: {scope}\n---\n# Job Bands\n\n"
    "| Job | Band |\n|---|---|\n"
    "| Labourer | Band 1 |\n| Bricklayer | Band 3 |\n| Supervisor (ganger) | Band 4 |\n"
    "| Surveyor | Band 5 |\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
    "Book your leave at least 6 weeks ahead through the rota system.\n"
)
QUESTION = "What is a ganger paid for extra hours on a Saturday?"
ASKER = Principal(user_id="u-9", roles=["staff"], departments=["site"])


async def test_the_band_a_job_table_gives_picks_the_section_headed_by_it(tmp_path: Path) -> None:
    files = {"overtime.md": OVERTIME, "bands.md": BANDS.replace("{scope}", "public"), "l.md": LEAVE}
    result = await ask_as(QUESTION, own_source(tmp_path, files), ASKER)
    assert isinstance(result, Answer), result
    assert "£21.00 an hour" in result.text, result.text
    assert "| Supervisor (ganger) | Band 4 |" in result.text
    assert "Time and a half" not in result.text
    assert {c.doc_id for c in result.citations} == {"overtime.md", "bands.md"}


async def test_a_job_table_the_reader_may_not_see_is_never_cited(tmp_path: Path) -> None:
    closed = BANDS.replace("{scope}", "department\nallowed_departments: [finance]")
    files = {"overtime.md": OVERTIME, "bands.md": closed, "l.md": LEAVE}
    result = await ask_as(QUESTION, own_source(tmp_path, files), ASKER)
    assert "bands.md" not in {c.doc_id for c in getattr(result, "citations", [])}
    assert isinstance(result, Refusal), result


def test_keyed_sections_reads_a_heading_s_key_and_range() -> None:
    text = OVERTIME.split("---\n", 2)[2]
    ((start, end),) = keyed_sections(text, "Band 4")
    assert "£21.00" in text[start:end] and "Bands 5 to 7" not in text[start:end]
    ((start, end),) = keyed_sections(text, "Band 2")
    assert "Sunday" in text[start:end]
    assert keyed_sections(text, "Band 9") == []
    assert keyed_sections(text, "Ganger") == []


HOURS = (
    "---\ntitle: Working Hours\naccess_scope: public\n---\n# Working Hours\n\n"
    "Everyone must have at least 11 hours between one shift and the next.\n\n"
    "Nobody may work more than 12 hours in one shift, including travel between sites.\n\n"
    "Do not drive for more than 2 hours in a shift without a 15-minute break.\n"
)


async def test_a_sectioned_document_the_search_did_not_choose_answers_nothing(
    tmp_path: Path,
) -> None:
    """The seat time is in no readable document: the overtime policy, under the working
    hours' lines in the first hop, is no document the question's search chose, so its
    section for the ganger's band ("The basic week ...") is not taken (hb10-perm-08)."""
    overtime = OVERTIME.replace("Overtime must be", "The basic week is 39 hours. Overtime must be")
    files = {
        "overtime.md": overtime,
        "bands.md": BANDS.replace("{scope}", "public"),
        "hours.md": HOURS,
    }
    question = "What's the maximum seat time for a ganger in one shift?"
    result = await ask_as(question, own_source(tmp_path, files), ASKER)
    assert "overtime.md" not in {c.doc_id for c in getattr(result, "citations", [])}, result
