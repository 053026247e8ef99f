"""The directory bridge (answerers/directory_hop.py), on small documents written here: the
question names a job or a site in everyday words ("a ranger", "Bankside", "Priya Desai's
site"), a directory or job-band table keys a row by it, and a value of that row (a band, a
region, a base) keys the answer in another document. Both documents are cited; a bridge
reaches only what the reader may read; a possessive name is the name (kind_keys.py); a
row saying only the job it is named by gives way to the job's band chain (key_bridge.py)."""

from __future__ import annotations

from chain_helpers import ask_staff, cited, table_row
from memsource import TermSource
from test_key_chains import GuardedSource

from wikiqa.answerers.directory_hop import names_row, question_keys, shared_words
from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import analyse, key_set, keys
from wikiqa.answerers.key_bridge import _says_only_its_key, unmapped_place
from wikiqa.answerers.kind_keys import asked_names
from wikiqa.answerers.rows import extremes_said
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document, Refusal

JOBS = (
    "Jobs and Pay Bands",
    "# Jobs and Pay Bands\n\nEvery job is placed in one of five pay bands. The salary for "
    "each band is in Pay Bands 2026-27.\n\n"
    "| Job | What the job involves | Pay band |\n|---|---|---|\n"
    "| Retail assistant | Shop floor, tills and stock | Band 1 |\n"
    "| Van driver | Furniture collections and deliveries | Band 2 |\n"
    "| Ranger | Reserve management, fencing, surveys, guided walks | Band 3 |\n"
    "| Senior ranger | Leads the ranger team on a reserve | Band 4 |\n"
    "| Director | Member of the senior leadership team | Band 5 |\n",
)
PAY = (
    "Pay Bands 2026-27",
    "# Pay Bands 2026-27\n\nEveryone joins at the minimum of their band and moves up one "
    "point each April until they reach the maximum.\n\n"
    "| Pay band | Minimum | Maximum |\n|---|---|---|\n| Band 1 | £23,790 | £24,570 |\n"
    "| Band 2 | £24,960 | £26,520 |\n| Band 3 | £27,100 | £29,640 |\n"
    "| Band 4 | £30,420 | £34,320 |\n| Band 5 | £55,000 | £66,500 |\n",
)
FILLER = {
    "leave": (
        "Annual Leave",
        "# Annual Leave\n\nFull-time staff get 25 days of annual leave each year. Up to 5 "
        "unused days may be carried over into the next year.\n",
    ),
}
HOTELS = (
    "Hotel Directory",
    "# Hotel Directory\n\nEach hotel belongs to an operating region.\n\n"
    "| Hotel | City | Region |\n|---|---|---|\n"
    "| Ravensholt Quay | Liverpool | North region |\n"
    "| Ravensholt Minster | York | North region |\n"
    "| Ravensholt Bankside | London | London region |\n"
    "| Ravensholt Harbour | Falmouth | South West region |\n",
)


def test_a_directory_row_is_named_by_its_key_cell_less_the_words_every_key_shares() -> None:
    text = HOTELS[1]
    bankside = table_row("hotels", text, "| Ravensholt Bankside | London | London region |")
    keys_ = ["Ravensholt Quay", "Ravensholt Minster", "Ravensholt Bankside"]
    assert shared_words(keys_) == key_set("Ravensholt")
    assert names_row(question_keys("I've just started at Bankside - any extra pay?"), bankside)
    assert not names_row(question_keys("Do Ravensholt hotels pay extra?"), bankside)
    ranger = table_row("jobs", JOBS[1], "| Ranger | Reserve management, fencing, surveys, guided "
                       "walks | Band 3 |")  # fmt: skip
    assert names_row(question_keys("I'm a ranger, what's the most I can earn?"), ranger)
    # "a senior ranger" names the Senior ranger row whole, and the Ranger row too: not sole
    assert not names_row(question_keys("What does a senior ranger earn?"), ranger)


def test_a_possessive_name_keys_as_the_name() -> None:
    assert key_set("Priya Desai") <= question_keys("Going to Priya Desai's site, where can I park?")
    assert asked_names("Going to Priya Desai's site tomorrow?") == (
        (key_set("Priya Desai"), "site"),
    )
    directory = "| Name | Job | Base |\n|---|---|---|\n| Priya Desai | Site manager | Elmfield |\n"
    sites = "| Site | Where to park |\n|---|---|\n| Elmfield | Overflow car park |\n"
    question = "Going to Priya Desai's site tomorrow, where can I park?"
    assert (
        unmapped_place(question, ["| Elmfield | Overflow car park |"], [directory, sites]) is None
    )


async def test_a_job_named_by_one_common_noun_bridges_to_its_band_s_pay() -> None:
    source = TermSource({**FILLER, "jobs": JOBS, "pay": PAY})
    result = await ask_staff("I'm a ranger, what's the most I can earn in my band?", source)
    assert cited(result) == {"jobs", "pay"}
    assert isinstance(result, Answer)
    assert "| Ranger |" in result.text and "£29,640" in result.text
    assert "£34,320" not in result.text  # not the Senior ranger's band


async def test_the_bridge_reaches_no_document_the_reader_may_not_see() -> None:
    source = GuardedSource({**FILLER, "jobs": JOBS, "pay": PAY}, {"pay": "payroll"})
    result = await ask_staff("I'm a ranger, what's the most I can earn in my band?", source)
    assert "pay" not in source.fetched
    assert isinstance(result, Refusal) or cited(result) == {"jobs"}
    assert "£29,640" not in getattr(result, "text", "")


TRADES = (
    "Job Bands",
    "# Job Bands\n\nEvery job sits in one of four pay bands. Pay for each band is in Site Pay "
    "Rates.\n\n| Job | Band | Paid |\n|---|---|---|\n| General operative | Band 1 | Hourly |\n"
    "| Groundworker | Band 2 | Hourly |\n| Joiner, bricklayer or steel fixer | Band 3 | Hourly |\n"
    "| Site manager | Band 4 | Salary |\n",
)
RATES = (
    "Site Pay Rates",
    "# Site Pay Rates\n\nThese rates apply from 1 April.\n\n"
    "| Band | Hourly rate (hourly-paid staff) | Salary minimum |\n|---|---|---|\n"
    "| Band 1 | £12.85 | £24,100 |\n| Band 2 | £14.10 | £26,400 |\n| Band 3 | £16.40 | £30,200 |\n"
    "| Band 4 | not hourly | £42,000 |\n",
)
TOOLS = (
    "Tool Allowance",
    "# Tool Allowance\n\nTrades who bring their own tools get a yearly allowance.\n\n"
    "| Trade | Tool allowance per year |\n|---|---|\n| Joiner | £250 |\n| Bricklayer | £200 |\n"
    "| Steel fixer | £180 |\n| Groundworker | £100 |\n",
)


async def test_a_row_saying_only_the_named_job_gives_way_to_the_job_s_band_chain() -> None:
    """ "| Steel fixer | £180 |" names the job but answers a tool allowance, not the hourly
    rate asked; the job's band row ("Hourly" under Paid names a cell, not the job) keys the
    rate. The value takes the place of "steel fixer", not of "hourly rate for a steel fixer"."""
    source = TermSource({**FILLER, "jobs": TRADES, "rates": RATES, "tools": TOOLS})
    result = await ask_staff("What's the hourly rate for a steel fixer?", source)
    assert cited(result) == {"jobs", "rates"}
    assert isinstance(result, Answer)
    assert "£16.40" in result.text and "£180" not in result.text


def test_a_maximum_column_says_the_most_and_a_minimum_column_the_least() -> None:
    most = extremes_said("| Pay band | Minimum | Maximum |")
    assert key_set("most top highest") <= most and key_set("least starting") <= most
    assert not extremes_said("| Pay band | Hourly rate |")


def test_only_a_row_of_another_table_naming_the_same_thing_replaces_a_keyed_row() -> None:
    q = analyse("What's the hourly rate for a steel fixer?")
    top = table_row("tools", TOOLS[1], "| Steel fixer | £180 |")
    band = table_row("jobs", TRADES[1], "| Joiner, bricklayer or steel fixer | Band 3 | Hourly |")
    assert _says_only_its_key(q, top, band)
    # a sentence is no bridge to replace it with, nor a row naming another thing
    said = "Steel fixers are paid the Band 3 rate."
    line = Candidate(
        Document(source="mem", doc_id="memo", title="Memo", text=said),
        Span(0, len(said), said), list(keys(said)), 0,
    )  # fmt: skip
    assert not _says_only_its_key(q, top, line)
    other = table_row("jobs", TRADES[1], "| Groundworker | Band 2 | Hourly |")
    assert not _says_only_its_key(q, top, other)
    # a row saying what is asked ("hourly rate") keeps its place
    rate = table_row("rates", RATES[1], "| Band 3 | £16.40 | £30,200 |")
    assert rate.header is not None
    rate.terms = list(keys(f"{rate.header.text} {rate.span.text}"))  # read with its header
    assert not _says_only_its_key(analyse("What's the hourly rate for Band 3?"), rate, band)
