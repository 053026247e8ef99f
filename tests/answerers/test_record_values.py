"""A value a directory's record carries keys a sentence saying it, as a row's value does
(key_bridge.follow): "Ravensholt Canongate: Edinburgh, Royal Mile. Scotland region." carries
Scotland region, and "Staff in the Scotland region get 9 public holidays" answers how many
bank holidays Canongate staff get, not the Scotland row of another table that says nothing
of holidays. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer

DOCS = {
    "directory": (
        "Hotel Directory",
        "# Hotel Directory\n\n"
        "Ravensholt Minster: York, Petergate. 96 rooms. North region. Switchboard 01904 496 200.\n\n"
        "Ravensholt Canongate: Edinburgh, Royal Mile. 142 rooms. Scotland region. Switchboard "
        "0131 496 0300.\n\n"
        "Ravensholt Bankside: London, Southwark. 210 rooms. London region. Switchboard 020 7946 "
        "0400.\n",
    ),
    "holidays": (
        "Bank Holidays by Region",
        "# Bank Holidays by Region\n\nThe public holidays you get depend on the region of your "
        "hotel.\n\n## North region\n\nStaff in the North region get 8 public holidays: New "
        "Year's Day, Good Friday, Easter Monday, the early May bank holiday, the spring bank "
        "holiday, the summer bank holiday, Christmas Day and Boxing Day.\n\n## Scotland region"
        "\n\nStaff in the Scotland region get 9 public holidays: New Year's Day, 2 January, "
        "Good Friday, the early May bank holiday, the spring bank holiday, the first Monday in "
        "August, St Andrew's Day, Christmas Day and Boxing Day.\n\n## London region\n\n"
        "Staff in the London region get 8 public holidays: New Year's Day, Good Friday, Easter "
        "Monday, the early May bank holiday, the spring bank holiday, the summer bank holiday, "
        "Christmas Day and Boxing Day.\n",
    ),
    "allowances": (
        "Location Allowances",
        "# Location Allowances\n\nSome regions pay a location allowance each year.\n\n"
        "| Region | Allowance |\n|---|---|\n| London region | £2,600 a year |\n"
        "| Scotland region | £900 a year |\n| North region | none |\n",
    ),
    "leave": (
        "Annual Leave",
        "# Annual Leave\n\nYou get 25 days of annual leave a year as well as bank holidays.\n\n"
        "| Service | Days a year |\n|---|---|\n| Under 2 years | 25 |\n| 2 to 4 years | 26 |\n",
    ),
}


async def test_a_record_s_value_keys_the_sentence_that_says_it() -> None:
    """The first hop ranks the North region's line first, just over the default floor in a
    collection this small (0.36; among a real handbook's documents it is under it): with
    the floor at 0.4 the first hop is under it, as there. Main ee2156a refuses: it required
    a row of a chain from a record, and the Scotland row of the allowances says no
    holidays."""
    question = "How many bank holidays a year do staff at the Canongate get?"
    settings = Settings(extractive_floor=0.4)
    result = await ask_async(question, TermSource(DOCS), settings=settings)  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "Staff in the Scotland region get 9 public holidays" in result.text, result.text
    assert "£900" not in result.text
    assert {c.doc_id for c in result.citations} == {"directory", "holidays"}
