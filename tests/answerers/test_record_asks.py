"""A sentence of a record is read with the record's key (text/records.py): a definition
list's term, the label a `Key: ...` line opens with, the heading a list of bare entries sits
under. "Open to tenants 9:00 to 16:00." is every office's line at once; only its term says
whose it is. On a small housing association's handbook written here, each question names a
record's key and asks what the record says: the answer cites the key and the sentence,
both verbatim, as a table row's answer cites its header row."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.html import html_to_text
from wikiqa.types import Answer, Refusal

DIRECTORY = html_to_text(
    "<html><body><h1>Office Directory</h1><p>Each office belongs to an area.</p><dl>"
    "<dt>Wharf House</dt><dd>Head office, 2 Canal Wharf, Fellbrook. Central area. "
    "Open 8:30 to 17:00, Monday to Friday.</dd>"
    "<dt>Carrow office</dt><dd>14 Market Street, Carrow. North area. Open to tenants 9:00 "
    "to 16:30.</dd>"
    "<dt>Denholme office</dt><dd>The Old Library, Station Road, Denholme. Central area. "
    "Open to tenants 9:00 to 16:30.</dd>"
    "<dt>Saltmarsh office</dt><dd>Unit 3, Quayside, Saltmarsh. East area. Open to tenants "
    "9:00 to 16:00.</dd>"
    "</dl></body></html>"
).text

HOLIDAYS = (
    "Bank Holidays",
    "# Bank Holidays\n\nThe repairs service runs on bank holidays for emergencies only.\n\n"
    "Christmas Day: only emergency repairs are attended. Staff on the rota get a £60 shift "
    "bonus.\n"
    "Boxing Day: the contact centre opens 10:00 to 14:00. Staff on the rota get a £40 shift "
    "bonus.\n"
    "New Year's Day: the contact centre is closed. Staff on the rota get a £40 shift bonus "
    "and a day off in lieu.\n",
)

AREAS = (
    "Areas and Estates",
    "# Areas and Estates\n\nOur homes are grouped into three areas.\n\n"
    "## North area\n\n- Ashby Moor\n- Carrow Fields\n- Orchard Court (sheltered scheme)\n\n"
    "## Central area\n\n- Denholme Park\n- Riverside\n- Castle Mead\n\n"
    "## East area\n\n- Kettleby\n- Saltmarsh Quay\n- Sandpiper Rise\n",
)

HANDBOOK = {
    "directory": ("Office Directory", DIRECTORY),
    "holidays": HOLIDAYS,
    "areas": AREAS,
    "parking": (
        "Parking at Our Offices",
        "# Parking at Our Offices\n\nStaff parking at the Saltmarsh office is on the Quayside "
        "pay and display. Wharf House has 20 permit spaces.\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there)."""
    return await ask_async(question, TermSource(HANDBOOK), settings=Settings())  # type: ignore[arg-type]


def quotes(result: Answer) -> list[str]:
    return [c.quote for c in result.citations]


async def test_a_definition_lists_sentence_is_read_with_its_term() -> None:
    result = await ask("What time does the Saltmarsh office shut?")
    assert isinstance(result, Answer), result
    assert quotes(result)[:2] == ["Saltmarsh office:", "Open to tenants 9:00 to 16:00."]
    assert "Saltmarsh office: Open to tenants 9:00 to 16:00." in result.text
    assert "16:30" not in result.text


async def test_the_record_answers_with_the_sentence_that_gives_what_is_asked() -> None:
    # the record's first sentence says the name, its third the hours: the hours answer
    result = await ask("What are the opening hours at Wharf House?")
    assert isinstance(result, Answer), result
    assert "Open 8:30 to 17:00, Monday to Friday." in quotes(result)
    assert "Wharf House:" in quotes(result)


async def test_a_labelled_lines_later_sentence_is_read_with_its_label() -> None:
    result = await ask("What bonus do rota staff get for working on Christmas Day?")
    assert isinstance(result, Answer), result
    assert quotes(result)[:2] == ["Christmas Day:", "Staff on the rota get a £60 shift bonus."]
    assert "£40" not in result.text


async def test_a_bare_entry_is_read_with_the_heading_its_list_sits_under() -> None:
    result = await ask("Which area is Sandpiper Rise in?")
    assert isinstance(result, Answer), result
    assert quotes(result)[:2] == ["East area", "- Sandpiper Rise"]


async def test_a_records_sentence_that_says_nothing_asked_is_not_read_under_its_term() -> None:
    # the question names the office but asks what its record does not say: its opening
    # hours, read under its name, are no answer to when it closes for good
    result = await ask("When is the Saltmarsh office closing down?")
    assert isinstance(result, Refusal) or all("Open to tenants" not in q for q in quotes(result)), (
        result.text
    )
