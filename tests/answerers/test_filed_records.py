"""A directory's record filed under a key (the line "Coast region: Priya Kaur, HR adviser.
Phone 01632 960 221.", "HR business partner, Central region: Marcus Bell, ...") is keyed by that key as a table
row holding it in a cell is (key_bridge.py, hops14): a chain's value that is the record's
key reaches the record, and a record ranked first for the question asked again with the
value may answer a little under the floor, as such a row may. Small documents written here,
worded like the fresh two-document questions (evals/*/fresh-hops.jsonl)."""

from __future__ import annotations

from chain_helpers import ask_staff, cited
from memsource import TermSource

from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import keys
from wikiqa.answerers.key_bridge import _keys_row
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document

RESERVES = (
    "Nature Reserves",
    "# Nature Reserves\n\nThe Trust looks after six reserves in two regions.\n\n"
    "| Reserve | Region | Staff parking |\n|---|---|---|\n"
    "| Heron Marsh | Coast | Staff bays behind the hide |\n"
    "| Shingle Spit | Coast | Public car park; show your badge |\n"
    "| Oakhanger Wood | Vale | Farm track gate |\n"
    "| Millstream Meadows | Vale | Overflow field |\n",
)
HR = (
    "HR Contacts",
    "# HR Contacts\n\nEach region has its own HR adviser. Speak to your manager first.\n\n"
    "Coast region: Amira Bashir, HR adviser. Phone 01632 960 521. Works Monday to Thursday.\n"
    "Vale region: Owen Tolley, HR adviser. Phone 01632 960 522. Works Monday to Friday.\n"
    "Payroll queries: payroll@example.org, answered within 2 working days.\n",
)
FILLER = {
    "leave": (
        "Annual Leave",
        "# Annual Leave\n\nFull-time staff get 25 days of annual leave each year. Up to 5 "
        "unused days may be carried over into the next year.\n",
    ),
    "grievance": (
        "Raising a Grievance",
        "# Raising a Grievance\n\nTalk to your manager first. If that does not settle it, "
        "write to the next manager up within 14 days.\n",
    ),
}


def _record(doc_id: str, text: str, line: str) -> Candidate:
    doc = Document(source="mem", doc_id=doc_id, title=doc_id, text=text)
    start = text.index(line)
    return Candidate(doc, Span(start, start + len(line), line), list(keys(line)), 0)


def test_a_record_is_keyed_by_the_key_it_is_filed_under() -> None:
    text = (
        "# HR Contacts\n\nCoast region: Amira Bashir, HR adviser. Phone 01632 960 521.\n"
        "Vale region: Owen Tolley, HR adviser. Phone 01632 960 522.\n"
    )
    coast = _record("hr", text, "Phone 01632 960 521.")
    assert _keys_row("Coast region", coast)
    assert not _keys_row("Vale region", coast)
    line = "HR business partner, Central region: Marcus Bell, 0121 496 0420."
    partner = _record("hr", f"# HR Contacts\n\n{line}\n", line)
    assert _keys_row("Central region", partner)
    assert not _keys_row("North region", partner)
    prose = "Marcus Bell moved from the Central region last year."
    assert not _keys_row("Central region", _record("news", f"# News\n\n{prose}\n", prose))


async def test_a_site_s_region_reaches_the_contact_filed_under_that_region() -> None:
    source = TermSource({**FILLER, "reserves": RESERVES, "hr": HR})
    result = await ask_staff(
        "I work on the Shingle Spit reserve. What's the phone number for our HR adviser?", source
    )
    assert isinstance(result, Answer), result
    assert cited(result) == {"reserves", "hr"}
    assert "01632 960 521" in result.text and "01632 960 522" not in result.text


SITES = (
    "Sites and Regions",
    "# Sites and Regions\n\nEach region has an office, a yard and its own HR business "
    "partner.\n\n## Live sites\n\n| Site | Type of work | Region |\n|---|---|---|\n"
    "| Ashgrove Primary School | New build school | North |\n"
    "| Kingsmead Hospital Wing | Hospital extension | Central |\n"
    "| Tanner Street Flats | 9-storey flats | Central |\n"
    "| Harbourside Offices | Office fit-out | South |\n",
)
PARTNERS = (
    "HR Contacts",
    "# HR Contacts\n\nTalk to your supervisor first. Each region has its own HR business "
    "partner for absence, discipline, grievances, flexible working and family leave.\n\n"
    "HR business partner, North region: Helen Baxter, 0113 496 0410, based at Halsworth\n"
    "HR business partner, Central region: Marcus Bell, 0121 496 0420, based at Ashby House\n"
    "HR business partner, South region: Sophie Lang, 0117 496 0430, based at Fernhill\n",
)
FLEXIBLE = (
    "Flexible Working",
    "# Flexible Working\n\nEveryone can ask for flexible working from their first day: "
    "part-time hours, compressed hours or a change of start time. Your manager replies "
    "within 4 weeks.\n",
)


async def test_a_site_s_region_reaches_the_partner_whose_line_names_that_region() -> None:
    source = TermSource({**FILLER, "sites": SITES, "hr": PARTNERS, "flex": FLEXIBLE})
    result = await ask_staff(
        "Who do I talk to in HR about going part time? I'm on the hospital extension at Kingsmead.",
        source,
    )
    assert isinstance(result, Answer), result
    assert cited(result) == {"sites", "hr"}
    assert "Marcus Bell" in result.text and "Helen Baxter" not in result.text
