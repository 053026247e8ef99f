"""A line read with the key of its record bridges two documents (answerers/record_keys.py,
key_bridge.py). On a small housing association's handbook written here, an estate's area
is said only by the heading its list item is filed under, an office's area only by a
sentence of its directory entry that names no office, and the depots, HR partners and
managers are keyed by area."""

from __future__ import annotations

from chain_helpers import ask_staff, cited, table_row
from memsource import TermSource

from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.key_bridge import bridge_rows, carried_values, in_place, sole_named_row
from wikiqa.answerers.record_keys import cited_record, item_heading, recorded
from wikiqa.text.html import html_to_text
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document

ESTATES = (
    "# Estates by Area\n\nOur homes are grouped into areas. Use this list to find an "
    "estate's area.\n\n## Upland area\n\n- Gorse Hill\n- Kestrel Rise\n- Millbrook "
    "(sheltered scheme)\n\n## Coastal area\n\n- Heron Quay\n- Dune Court (sheltered "
    "scheme)\n- Pebble Row\n"
)
DEPOTS = (
    "# Repairs Depots\n\nEach area's repairs are sent from one depot.\n\n"
    "| Area | Depot | Repairs supervisor |\n|---|---|---|\n"
    "| Upland area | Quarry Lane Depot | Rhys Morgan |\n"
    "| Coastal area | Slipway Depot | Ines Duarte |\n"
)
OFFICES = html_to_text(
    "<html><body><h1>Office Directory</h1><p>Each office belongs to an area, which sets "
    "its HR partner.</p><dl>"
    "<dt>Brock office</dt><dd>3 Mill Street, Brock. Upland area. Open 9:00 to 16:30.</dd>"
    "<dt>Tidewell office</dt><dd>1 Harbour Walk, Tidewell. Coastal area. Open 9:00 to "
    "16:00.</dd></dl></body></html>"
).text
PARTNERS = (
    "# Your HR Partner\n\nEach area has its own HR partner, who advises on absence and "
    "conduct.\n\n| Area | HR partner | Email |\n|---|---|---|\n"
    "| Upland area | Marta Quill | marta.quill@example.org |\n"
    "| Coastal area | Owen Tarrant | owen.tarrant@example.org |\n"
)
FILLER = {
    f"note-{n}": (title, f"# {title}\n\n{text}\n")
    for n, (title, text) in enumerate(
        (
            ("Repairs Priorities", "Emergency repairs are attended within 24 hours."),
            ("Tenant Visits", "Show your ID card to a resident before you enter a home."),
            ("Absence", "Ring your manager before 9:30 on your first day off sick."),
        )
    )
}
HANDBOOK = {
    "estates": ("Estates by Area", ESTATES),
    "depots": ("Repairs Depots", DEPOTS),
    "offices": ("Office Directory", OFFICES),
    "partners": ("Your HR Partner", PARTNERS),
    **FILLER,
}


def _line(doc: Document, text: str) -> Candidate:
    start = doc.text.index(text)
    return Candidate(doc, Span(start, start + len(text), text), list(keys(text)), 0)


def test_a_list_item_is_filed_under_the_heading_right_above_its_list() -> None:
    doc = Document(source="mem", doc_id="estates", title="Estates by Area", text=ESTATES)
    start = ESTATES.index("- Heron Quay")
    heading = item_heading(doc, start, start + len("- Heron Quay"))
    assert heading is not None and heading.text == "Coastal area"
    assert ESTATES[heading.start : heading.end] == "Coastal area"  # cited verbatim
    lead = ESTATES.index("Our homes")  # a sentence under a heading is no list item
    assert item_heading(doc, lead, lead + 20) is None


def test_a_named_item_carries_its_heading_and_an_item_only_mentioning_a_word_does_not() -> None:
    doc = Document(source="mem", doc_id="estates", title="Estates by Area", text=ESTATES)
    q = analyse("A tenant at Dune Court needs a repair - which depot sends it?")
    item = _line(doc, "- Dune Court (sheltered scheme)")
    assert recorded(q, item) == ["Coastal area"]
    assert ("", "Coastal area") in carried_values(q, item)
    # "Court" alone names no item: a heading is what every item under it shares
    assert recorded(analyse("Which depot serves the court?"), item) == []


def test_an_entry_sentence_naming_the_office_carries_the_entry_sentence_with_the_area() -> None:
    doc = Document(source="mem", doc_id="offices", title="Office Directory", text=OFFICES)
    q = analyse("I've just moved to the Brock office. Who's my HR person now?")
    opening = next(s for s in ("Brock office: 3 Mill Street, Brock.",) if s in OFFICES)
    line = _line(doc, opening)
    # the address says the question's name: it is the office itself, not what it records
    assert recorded(q, line) == ["Upland area", "Open 9:00 to 16:30"]
    assert carried_values(q, line)[0] == ("", "Upland area")
    cited_line = cited_record(line, "Upland area")  # the sentence that says it is cited too
    assert [x.quote for x in cited_line.quotes()] == [opening, "Upland area."]


def test_the_value_takes_the_place_of_the_opening_statement_that_named_the_bridge() -> None:
    doc = Document(source="mem", doc_id="offices", title="Office Directory", text=OFFICES)
    q = analyse("I've just moved to the Brock office. Who's my HR person now?")
    line = _line(doc, "Brock office: 3 Mill Street, Brock.")
    assert in_place(q, line, "Upland area").text == "Upland area. Who's my HR person now?"


def test_a_row_whose_own_cell_is_named_bridges_before_one_named_by_a_listed_word() -> None:
    staff = (
        "| Name | Job | Team |\n|---|---|---|\n"
        "| Nadia Vance | Head of service | Income and money advice |\n"
    )
    jobs = "| Job | Grade |\n|---|---|\n| Income officer | HA4 |\n"
    q = analyse("I've been offered a job as an income officer, what would my starting pay be?")
    listed = table_row(
        "staff", staff, "| Nadia Vance | Head of service | Income and money advice |"
    )
    named = table_row("jobs", jobs, "| Income officer | HA4 |")
    assert carried_values(q, listed) and carried_values(q, named)  # both could bridge
    assert bridge_rows(q, [listed, named])[0] is named


async def test_an_estate_listed_under_its_area_keys_the_depot_table() -> None:
    result = await ask_staff(
        "A resident at Heron Quay needs a repair - which depot will send it?",
        TermSource(HANDBOOK),
    )
    assert cited(result) == {"estates", "depots"}
    assert isinstance(result, Answer)
    assert "Slipway Depot" in result.text and "Coastal area" in result.text


async def test_an_office_entry_keys_the_hr_partner_of_its_area() -> None:
    result = await ask_staff(
        "I've just moved to the Tidewell office. Who's my HR person now?", TermSource(HANDBOOK)
    )
    assert cited(result) == {"offices", "partners"}
    assert isinstance(result, Answer)
    assert "Owen Tarrant" in result.text and "Marta Quill" not in result.text


GRADES = (
    "# Jobs and Grades\n\nEvery job has a grade, which sets its pay, probation and notice.\n\n"
    "| Job | Grade |\n|---|---|\n| Estate caretaker | HA1 |\n| Housing officer | HA4 |\n"
    "| Team leader | HA5 |\n| Area manager | HA6 |\n| Head of service | HA7 |\n"
)
PROBATION = (
    "# Probation\n\nNew starters serve a probation period. Its length depends on the grade "
    "of the job.\n\n| Grade | Probation | Review meetings |\n|---|---|---|\n"
    "| HA1 to HA3 | 6 months | at 1, 3 and 5 months |\n"
    "| HA4 to HA6 | 6 months | at 2 and 5 months |\n"
    "| HA7 and HA8 | 9 months | at 3 and 8 months |\n\n"
    "Your manager can extend probation once, by up to 3 months.\n"
)
STAFF = (
    "# Staff Directory\n\n| Name | Job | Team | Phone |\n|---|---|---|---|\n"
    "| Ada Brennan | Area manager | Housing, Upland area | 01632 960 210 |\n"
    "| Leon Vickery | Team leader | Contact Centre | 01632 960 410 |\n"
)
LIMITS = html_to_text(
    "<html><body><h1>Purchasing Limits</h1><p>The most each job may approve on a single "
    "order, excluding VAT.</p><table><tr><th>Job</th><th>Single order limit</th>"
    "<th>Notes</th></tr><tr><td>Team leader</td><td>£1,000</td><td></td></tr>"
    "<tr><td>Area manager</td><td>£2,500</td><td>Within the area budget</td></tr>"
    "<tr><td>Head of service</td><td>£25,000</td><td></td></tr></table></body></html>"
).text
JOBS_HANDBOOK = {
    "grades": ("Jobs and Grades", GRADES),
    "probation": ("Probation", PROBATION),
    "staff": ("Staff Directory", STAFF),
    "limits": ("Purchasing Limits", LIMITS),
    **FILLER,
}


async def test_a_job_the_question_names_replaces_a_row_it_does_not_name_over_the_floor() -> None:
    # the first search ranks a probation row the question names in no word ("HA1 to HA3");
    # the job row it names ("| Team leader | HA5 |") keys the row that answers
    result = await ask_staff(
        "just started as a team leader - when are my probation reviews?",
        TermSource(JOBS_HANDBOOK),
    )
    assert cited(result) == {"grades", "probation"}
    assert isinstance(result, Answer)
    assert "at 2 and 5 months" in result.text and "HA1 to HA3" not in result.text


def test_a_row_named_in_common_words_names_what_an_unnamed_answer_row_lacks() -> None:
    from wikiqa.answerers.key_bridge import _names_what_top_lacks

    q = analyse("just started as a team leader - when are my probation reviews?")
    bridge = table_row("grades", GRADES, "| Team leader | HA5 |")
    guessed = table_row("probation", PROBATION, "| HA1 to HA3 | 6 months | at 1, 3 and 5 months |")
    assert _names_what_top_lacks(q, bridge, guessed)
    # an answer row the question names itself ("| Team leader | £1,000 |") is no guess
    asked = analyse("How much can a team leader approve on a single order?")
    limits = "| Job | Single order limit |\n|---|---|\n| Team leader | £1,000 |\n"
    limit = table_row("limits", limits, "| Team leader | £1,000 |")
    assert not _names_what_top_lacks(asked, bridge, limit)


async def test_a_person_keys_the_limit_of_their_job_through_an_html_table() -> None:
    # the directory gives Ada Brennan's job; the limits table (HTML, a row with an empty
    # last cell above hers) gives the job's limit
    result = await ask_staff(
        "Can Ada Brennan sign off a £2,000 order herself?", TermSource(JOBS_HANDBOOK)
    )
    assert cited(result) == {"staff", "limits"}
    assert isinstance(result, Answer)
    assert "£2,500" in result.text


def test_a_row_holding_the_value_in_any_cell_is_keyed_by_it() -> None:
    from wikiqa.answerers.key_bridge import _keys_row

    row = table_row(
        "staff", STAFF, "| Ada Brennan | Area manager | Housing, Upland area | 01632 960 210 |"
    )
    assert _keys_row("Upland area", row)  # "Housing, Upland area" lists it
    assert _keys_row("Area manager", row)
    assert not _keys_row("Coastal area", row)


def test_an_html_heading_over_a_list_files_its_items_though_it_reads_as_their_lead_in() -> None:
    text = html_to_text(
        "<html><body><h1>Estates</h1><p>Use this list.</p><h2>Upland area</h2><ul>"
        "<li>Gorse Hill</li><li>Kestrel Rise</li></ul><h2>Coastal area</h2><ul>"
        "<li>Heron Quay</li></ul></body></html>"
    )
    doc = Document(
        source="mem", doc_id="e", title="Estates", text=text.text, sections=text.sections
    )
    start = doc.text.index("- Heron Quay")
    heading = item_heading(doc, start, start + len("- Heron Quay"))
    assert heading is not None and heading.text == "Coastal area"
    lead = doc.text.index("Use this list.")  # a paragraph is no list's heading
    assert item_heading(doc, lead, lead + 5) is None


STAFF_LIST = (
    "# Staff Directory\n\n| Name | Job | Office |\n|---|---|---|\n"
    "| Rhian Bell | Area manager | Brock office |\n"
    "| Tomas Reyes | Area manager | Tidewell office |\n"
    "| Ada Finch | Finance director | Brock office |\n"
)


def test_a_row_the_question_names_alike_with_others_is_no_sole_bridge() -> None:
    """A value carried by one of several rows the question names alike (every area manager's
    row, when the question asks about area managers) is one of several: the row it keys is
    no corroborated answer. A row the question names by what only it holds is."""
    managers = analyse("Do area managers get a company car?")
    first = table_row("staff", STAFF_LIST, "| Rhian Bell | Area manager | Brock office |")
    assert not sole_named_row(managers, first)
    director = analyse("Does the finance director get a company car?")
    only = table_row("staff", STAFF_LIST, "| Ada Finch | Finance director | Brock office |")
    assert sole_named_row(director, only)
    rhian = analyse("Does Rhian Bell get a company car?")
    assert sole_named_row(rhian, first)
