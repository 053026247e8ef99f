"""The answer keyed by a value the question does not say, on small documents written here:
a contacts list keys each record by a role and, after a comma, a region ("HR business
partner, Coastal region: ..."), and a sites table files the place the question names under
a region (record_keys.kinded, key_bridge._record_kind_chain); the first search ranks a row
of the probation table first, in other words than the question's, and a job-grades table
maps the job the question names to a grade, so the probation row keyed by that grade
answers, not the row a search for the grade ranks first in the notice table
(key_bridge.first_row)."""

from __future__ import annotations

from chain_helpers import ask_staff, cited, table_row
from memsource import TermSource

from wikiqa.answerers.features import analyse
from wikiqa.answerers.key_bridge import first_row
from wikiqa.answerers.record_keys import kinded, kinded_terms
from wikiqa.text.html import html_to_text
from wikiqa.types import Answer, Document

FILLER = {
    "leave": ("Annual Leave", "# Annual Leave\n\nFull-time staff get 25 days a year.\n"),
    "sick": ("Sick Leave", "# Sick Leave\n\nRing your manager before 9:30 on your first day.\n"),
}

CONTACTS = html_to_text(
    "<html><body><h1>HR Contacts</h1><p>Your first contact is your line manager. Each region "
    "has its own HR business partner.</p><dl>"
    "<dt>HR business partner, Upland region</dt><dd>Rhian Ellis, 01632 960 211, based at "
    "Fellgate Depot</dd>"
    "<dt>HR business partner, Coastal region</dt><dd>Mari Cole, 01632 960 217, based at "
    "Gullhaven Depot</dd>"
    "<dt>Payroll Helpdesk</dt><dd>01632 960 250, Monday to Friday</dd></dl></body></html>"
).text
SITES = (
    "# Sites and Regions\n\nUse this table to find the region of any site.\n\n"
    "| Site | What it is | Region |\n|---|---|---|\n"
    "| Harrowby | Water treatment works | Upland |\n"
    "| Saltmere | Wastewater treatment works | Coastal |\n"
    "| Porthcurn | Pumping station | Coastal |\n"
)
HR = {"contacts": ("HR Contacts", CONTACTS), "sites": ("Sites and Regions", SITES), **FILLER}


def test_a_role_term_for_a_place_is_keyed_by_the_place() -> None:
    match = kinded("HR business partner, Coastal region")
    assert match is not None and match.group(0) == "Coastal region"
    assert kinded("Payroll Helpdesk") is None  # no kind of place after a comma
    doc = Document(source="mem", doc_id="contacts", title="HR Contacts", text=CONTACTS)
    assert kinded_terms(doc) == {"region": ["Upland region", "Coastal region"]}


async def test_a_site_is_filed_under_the_region_of_the_hr_partner_keyed_by_role_and_region() -> (
    None
):
    result = await ask_staff("I've just started at Saltmere. Who's my HR person?", TermSource(HR))
    assert cited(result) == {"sites", "contacts"}
    assert isinstance(result, Answer)
    assert "Mari Cole" in result.text and "Rhian Ellis" not in result.text


GRADES = (
    "# Job Grades\n\nThis table shows the grade of each standard job.\n\n"
    "| Job | Grade | Usual working pattern |\n|---|---|---|\n"
    "| Customer adviser | Grade B | Shifts between 08:00 and 20:00 |\n"
    "| Process operator | Grade C | 12-hour continuous shifts |\n"
    "| Laboratory analyst | Grade D | Days, with weekend sampling |\n"
)
PROBATION = (
    "# Probation\n\nEvery new employee starting with us serves a probation period. How long "
    "it lasts depends on the grade of the job.\n\n| Grade | Probation period | Mid-point review |\n|---|---|---|\n"
    "| Grade B | 3 months | after 6 weeks |\n"
    "| Grade C | 6 months | after 3 months |\n"
    "| Grade D | 9 months | after 4 months |\n"
)
NOTICE = (
    "# Notice Periods\n\nStarting from the end of your trial period, how long a notice "
    "period you must give when you resign depends on your grade.\n\n"
    "How long the notice period is after the trial period:\n\n| Grade | Notice period |\n|---|---|\n"
    "| Grade B | 2 weeks |\n| Grade C | 4 weeks |\n| Grade D | 8 weeks |\n\n"
    "The notice period we give you is one week for each year of service.\n"
)
# documents that share more of the question's words than the job grades do, so the first
# search does not read the job grades (the kind's search does); the probation and notice
# documents share as many, and the in-memory source breaks the tie by doc id: probation first
STARTING = {
    f"start{i}": (
        f"Starting {topic}",
        f"# Starting {topic}\n\nStarting next month, the {topic} trial runs for a long period.\n",
    )
    for i, topic in enumerate(["Rota", "Canteen", "Parking", "Uniform"])
}
JOBS = {
    "grades": ("Job Grades", GRADES),
    "probation": ("Probation", PROBATION),
    "resign-notice": ("Notice Periods", NOTICE),
    **STARTING,
    **FILLER,
}


async def test_the_first_tables_row_keyed_by_the_named_jobs_grade_answers() -> None:
    result = await ask_staff(
        "Starting as a process operator next month. How long's the trial period?",
        TermSource(JOBS),
    )
    assert cited(result) == {"grades", "probation"}
    assert isinstance(result, Answer)
    assert "6 months" in result.text and "4 weeks" not in result.text


def test_the_first_tables_row_is_read_only_when_the_table_ranks_among_the_top_three() -> None:
    q = analyse("Starting as a process operator next month. How long's the trial period?")
    grade_b = table_row("probation", PROBATION, "| Grade B | 3 months | after 6 weeks |")
    grade_c = table_row("probation", PROBATION, "| Grade C | 6 months | after 3 months |")
    others = [table_row("resign-notice", NOTICE, "| Grade B | 2 weeks |") for _ in range(3)]
    found = first_row(q, [grade_b, *others], grade_b, "Grade C")
    assert found is not None and found.span.text == grade_c.span.text
    assert first_row(q, [*others, grade_b], grade_b, "Grade C") is None  # ranked fourth
    assert first_row(q, [grade_b, *others], grade_b, "Grade H") is None  # no row keyed by it
