"""Two ways a second document is keyed that a new organisation's handbook also writes, on
small documents written here: a letter names the month of a payment and a pay calendar
gives its day (answerers/dated.py); a directory names a place with its kind ("Alderbrook
Meadows visitor centre") while the sites table is keyed by the bare name
(key_bridge.keyed_by, `name_part`); a contacts list is keyed by region ("Vale region: ...")
and the question names a place another document files under a region
(key_bridge._record_kind_chain)."""

from __future__ import annotations

from chain_helpers import ask_staff, cited, table_row
from memsource import TermSource

from wikiqa.answerers.dated import asks_day, dates_period, named_period
from wikiqa.answerers.key_bridge import keyed_by, name_part
from wikiqa.answerers.record_keys import kinded_terms
from wikiqa.text.html import html_to_text
from wikiqa.types import Answer, Document, Refusal

LETTER = (
    "# Repayment Plan\n\nYou were overpaid £300 in June because of a timesheet error. You "
    "agreed to pay it back in 6 monthly deductions of £50. The first deduction will be "
    "made from your pay in October 2026.\n"
)
CALENDAR = (
    "# Pay Dates 2026-27\n\nPay goes into your account on the 25th of each month, or the "
    "working day before.\n\n| Month | Payday | Cut-off for claims |\n|---|---|---|\n"
    "| September 2026 | Friday 25 September 2026 | 10 September |\n"
    "| October 2026 | Friday 23 October 2026 | 9 October |\n"
    "| November 2026 | Wednesday 25 November 2026 | 10 November |\n"
)
FILLER = {
    "leave": ("Annual Leave", "# Annual Leave\n\nFull-time staff get 25 days a year.\n"),
    "sick": ("Sick Leave", "# Sick Leave\n\nRing your manager before 9:30 on your first day.\n"),
}
PAY = {
    "letter": ("Repayment Plan", LETTER),
    "calendar": ("Pay Dates 2026-27", CALENDAR),
    **FILLER,
}


def test_a_day_is_asked_and_a_month_names_no_day() -> None:
    assert asks_day("On what date will the first deduction come out of my pay?")
    assert asks_day("What's the actual date my first deduction comes out?")
    # a when-question asks a day too (hop67): the month names the pay, the calendar its day
    assert asks_day("When will the first deduction come out of my pay?")
    assert not asks_day("How much can I claim when I'm working away?")  # a condition's "when"
    assert named_period("made from your pay in October 2026 and the last in May 2027") == (
        "October 2026"
    )
    assert named_period("taken on the January 2027 payday") == "January 2027"
    assert named_period("paid on 23 October 2026") is None  # a day given already
    assert named_period("paid on October 23, 2026") is None


def test_a_calendar_row_is_the_month_itself_with_a_day_of_it() -> None:
    row = table_row("calendar", CALENDAR, "| October 2026 | Friday 23 October 2026 | 9 October |")
    assert dates_period(row, "October 2026")
    assert not dates_period(row, "November 2026")
    other = table_row(
        "calendar", CALENDAR, "| September 2026 | Friday 25 September 2026 | 10 September |"
    )
    assert not dates_period(other, "October 2026")  # "October" is no cell of it


async def test_the_month_a_letter_names_is_dated_by_the_pay_calendar() -> None:
    result = await ask_staff(
        "On what date will the first deduction actually come out of my pay?", TermSource(PAY)
    )
    assert cited(result) == {"letter", "calendar"}
    assert isinstance(result, Answer)
    assert "Friday 23 October 2026" in result.text and "November" not in result.text


async def test_a_when_question_takes_the_day_of_the_month_too() -> None:
    # round 28 answered "When will ...?" with the month alone; hop67: the calendar row for
    # that month is cited after it, as for "on what date"
    result = await ask_staff("When will the first deduction come out of my pay?", TermSource(PAY))
    assert cited(result) == {"letter", "calendar"}
    assert isinstance(result, Answer) and "Friday 23 October 2026" in result.text


STAFF = (
    "# Staff Directory\n\n| Name | Job title | Based at | Phone |\n|---|---|---|---|\n"
    "| Helen Marsh | Head of Reserves | Alderbrook Meadows visitor centre | 01632 960 250 |\n"
    "| Tom Rigg | Head of Retail | Heron House | 01632 960 170 |\n"
)
SITES = (
    "# Reserves and Sites\n\nWe look after five reserves.\n\n"
    "| Reserve | Region | Visitor centre | Staff parking |\n|---|---|---|---|\n"
    "| Saltings | Coast | Yes | Staff bays behind the centre |\n"
    "| Alderbrook Meadows | Vale | Yes | Overflow field beside the barn |\n"
    "| Hazel Wood | Vale | No | Public car park; show your badge |\n"
)
RESERVES = {
    "staff": ("Staff Directory", STAFF),
    "sites": ("Reserves and Sites", SITES),
    **FILLER,
}


def test_a_value_named_with_its_kind_keys_the_row_of_its_bare_name() -> None:
    assert name_part("Alderbrook Meadows visitor centre") == "Alderbrook Meadows"
    assert name_part("Kestwick High Street shop") == "Kestwick High Street"
    assert name_part("Head of Reserves") == "Head of Reserves"  # nothing after the name
    assert name_part("Band 2") == "Band 2"
    row = table_row(
        "sites", SITES, "| Alderbrook Meadows | Vale | Yes | Overflow field beside the barn |"
    )
    assert keyed_by("Alderbrook Meadows visitor centre", row)
    # a cell saying less than a name's own words is another key, as before
    assert not keyed_by("Meadows Lodge visitor centre", row)
    jobs = "| Team | Budget |\n|---|---|\n| Customer Success | £5,000 |\n"
    assert not keyed_by(
        "Director of Customer Success", table_row("jobs", jobs, "| Customer Success | £5,000 |")
    )


async def test_a_person_keys_the_parking_of_the_site_they_are_based_at() -> None:
    result = await ask_staff(
        "I've got a meeting with Helen Marsh at her office, where can I park?",
        TermSource(RESERVES),
    )
    assert cited(result) == {"staff", "sites"}
    assert isinstance(result, Answer)
    assert "Overflow field" in result.text


CONTACTS = html_to_text(
    "<html><body><h1>HR Contacts</h1><p>Each region has its own HR adviser. Speak to your "
    "manager first.</p><dl><dt>Coast region</dt><dd>Priya Kaur, HR adviser. Phone 01632 "
    "960 221.</dd><dt>Vale region</dt><dd>Ben Tolley, HR adviser. Phone 01632 960 222.</dd>"
    "<dt>Moors region</dt><dd>Anwen Hughes, HR adviser. Phone 01632 960 223.</dd></dl>"
    "</body></html>"
).text
OTHER_SITES = (
    "# Other Sites\n\nBesides the shops, we work from two sites.\n\n"
    "- Heron House, Kestwick: head office, in the Coast region.\n"
    "- Eastgate Sorting Hub, Millbury: where donated bags are sorted, in the Vale region.\n"
)
HR = {
    "contacts": ("HR Contacts", CONTACTS),
    "sites": ("Other Sites", OTHER_SITES),
    **FILLER,
}


def test_records_keyed_by_a_kind_of_place_give_their_terms() -> None:
    doc = Document(source="mem", doc_id="contacts", title="HR Contacts", text=CONTACTS)
    assert kinded_terms(doc) == {"region": ["Coast region", "Vale region", "Moors region"]}
    one = Document(source="mem", doc_id="x", title="x", text="Vale region: Ben Tolley.\n")
    assert kinded_terms(one) == {}  # one record is no directory keyed by a kind


async def test_a_place_is_filed_under_the_region_that_keys_the_hr_adviser() -> None:
    result = await ask_staff("Who's the HR adviser for us lot at Eastgate?", TermSource(HR))
    assert cited(result) == {"sites", "contacts"}
    assert isinstance(result, Answer)
    assert "Ben Tolley" in result.text and "Priya Kaur" not in result.text


async def test_a_place_no_document_files_under_a_region_is_refused() -> None:
    result = await ask_staff("Who's the HR adviser for us lot at Westgate?", TermSource(HR))
    assert isinstance(result, Refusal)


def test_a_value_named_with_its_kind_keys_no_row_by_a_cell_other_rows_share() -> None:
    shops = (
        "| Shop | Format | Region |\n|---|---|---|\n| Portlow | Boutique | Coast |\n"
        "| Seaford Bay | Standard | Coast |\n"
    )
    row = table_row("shops", shops, "| Portlow | Boutique | Coast |")
    assert not keyed_by("Coast region", row)  # a region's shops all hold "Coast"
    assert keyed_by("Portlow shop", row)


CONTACTS_BY_HEADING = (
    "# HR Contacts\n\nEach region has its own HR adviser. Speak to your manager first.\n\n"
    "## Coast region\n\n- HR adviser: Priya Kaur, 01632 960 221\n\n"
    "## Vale region\n\n- HR adviser: Ben Tolley, 01632 960 222\n\n"
    "## Moors region\n\n- HR adviser: Anwen Hughes, 01632 960 223\n"
)
HR_BY_HEADING = {
    "contacts": ("HR Contacts", CONTACTS_BY_HEADING),
    "sites": ("Other Sites", OTHER_SITES),
    **FILLER,
}


def test_headings_a_list_is_filed_under_are_the_terms_of_its_records() -> None:
    doc = Document(source="mem", doc_id="contacts", title="HR Contacts", text=CONTACTS_BY_HEADING)
    assert kinded_terms(doc) == {"region": ["Coast region", "Vale region", "Moors region"]}


async def test_a_place_is_filed_under_the_region_heading_of_the_hr_advisers_list() -> None:
    result = await ask_staff(
        "Who's the HR adviser for us lot at Eastgate?", TermSource(HR_BY_HEADING)
    )
    assert cited(result) == {"sites", "contacts"}
    assert isinstance(result, Answer)
    assert "Ben Tolley" in result.text and "Priya Kaur" not in result.text
    assert "Vale region" in result.text  # the heading the adviser's line is filed under
