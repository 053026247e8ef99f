"""The pieces of hop74's readings on candidates built by hand: a role's record kept for a
region gives way to the sibling the named place's row keys (kept_sibling.py); a read job
table's row for the told job, ranked nowhere, is offered as the bridge (told_lookup.py); a
"who's the <role> and what's her number" compound takes the one directory row of the role
when it gives the number (holder_row.holder_contact_row); a definition list's record opens
with its term (record_keys.opens_record). Each fails on main 7436fdff, where the readings
do not exist or the read row is not offered."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from chain_helpers import table_row

from wikiqa.answerers import kept_sibling, told_lookup
from wikiqa.answerers.extractive import Candidate, Evidence
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.holder_row import holder_contact_row
from wikiqa.answerers.record_keys import opens_record
from wikiqa.text.sentences import Span
from wikiqa.types import Document

HR = (
    "HR Contacts\n\nTalk to your line manager first.\n"
    "HR business partner, North Sound routes: Morag Fettes, 01470 552 210, based at Kelvane\n"
    "HR business partner, South Sound routes: Callum Breck, 01471 552 220, based at Portcullen\n"
    "Payroll helpdesk: 01470 552 250, Monday to Friday\n"
)
ROUTES = (
    "| Terminal | Type | Region |\n|---|---|---|\n"
    "| Tollan Pier | island pier | North Sound |\n"
    "| Rossay Slipway | island slipway | South Sound |\n"
)
BANDS = (
    "| Job | Pay band |\n|---|---|\n| Keeper | Band C |\n| Aquarist | Band C |\n| Cook | Band B |\n"
)
DIRECTORY = (
    "| Name | Job | Base | Phone |\n|---|---|---|---|\n"
    "| Helen Marsh | Head of Operations | The Orangery | 01892 770 101 |\n"
    "| Priya Desai | Health and Safety Manager | The Orangery | 01892 770 125 |\n"
)


def line(doc: Document, start_words: str) -> Candidate:
    start = doc.text.index(start_words)
    end = doc.text.index("\n", start)
    text = doc.text[start:end]
    return Candidate(doc, Span(start, end, text), list(keys(text)), 0)


def evidence(q: str, ranked: list[Candidate], score: float) -> Evidence:
    return Evidence(question=analyse(q), ranked=ranked, features=[], score=score)


async def test_the_place_row_keys_the_sibling_record(monkeypatch: pytest.MonkeyPatch) -> None:
    async def nothing(*_: Any) -> None:
        return None

    monkeypatch.setattr(kept_sibling, "assess_search", nothing)
    hr = Document(source="m", doc_id="hr", title="HR Contacts", text=HR)
    north, south = line(hr, "HR business partner, North"), line(hr, "HR business partner, South")
    rossay = table_row("routes", ROUTES, "| Rossay Slipway | island slipway | South Sound |")
    q = "I've just been moved to work at the Rossay slipway. Who's my HR business partner now?"
    at = SimpleNamespace(q=analyse(q), first=evidence(q, [north, south, rossay], 0.6))
    chain = await kept_sibling.kept_sibling_hop(at)  # type: ignore[arg-type]
    assert chain is not None and chain[-1].at == south.at
    assert "Rossay Slipway" in chain[0].span.text
    # the question saying the region itself: the record it names stands
    q2 = "Who's my HR business partner for North Sound at Rossay?"
    at2 = SimpleNamespace(q=analyse(q2), first=evidence(q2, [north, south, rossay], 0.6))
    assert await kept_sibling.kept_sibling_hop(at2) is None  # type: ignore[arg-type]
    # a place no row names: nothing
    q3 = "I work at Brighton. Who's my HR business partner?"
    at3 = SimpleNamespace(q=analyse(q3), first=evidence(q3, [north, south, rossay], 0.6))
    assert await kept_sibling.kept_sibling_hop(at3) is None  # type: ignore[arg-type]


def test_a_definition_record_opens_with_its_term() -> None:
    hr = Document(source="m", doc_id="hr", title="HR Contacts", text=HR)
    assert opens_record(line(hr, "HR business partner, South"))
    assert opens_record(line(hr, "Payroll helpdesk"))
    assert not opens_record(line(hr, "Talk to your"))


async def test_a_read_job_row_ranked_nowhere_is_offered() -> None:
    bands = Document(source="m", doc_id="bands", title="Job Bands", text=BANDS)
    sites = Document(source="m", doc_id="sites", title="Our Sites", text=ROUTES)
    other = table_row("sites", ROUTES, "| Tollan Pier | island pier | North Sound |")
    q = "I'm an aquarist at Tollan. What should I be earning an hour?"
    at = SimpleNamespace(
        q=analyse(q),
        first=evidence(q, [other], 0.05),
        answerer=SimpleNamespace(floor=0.35),
        docs={"bands": bands, "sites": sites},
    )
    rows, read = await told_lookup.told_rows(at)  # type: ignore[arg-type]
    assert [r.span.text for r in rows] == ["| Aquarist | Band C |"] and read == {}
    # a job no row names: nothing offered

    async def no_docs(*_: Any) -> dict[str, Document]:
        return {}

    q2 = "I'm a giraffe trainer at Tollan. What should I be earning an hour?"
    at2 = SimpleNamespace(
        q=analyse(q2),
        first=evidence(q2, [other], 0.05),
        answerer=SimpleNamespace(floor=0.35),
        docs={"bands": bands, "sites": sites},
        reader=SimpleNamespace(),
        fetch_new=no_docs,
    )
    monkey = told_lookup.search_or_nothing

    async def no_hits(*_: Any) -> list[Any]:
        return []

    told_lookup.search_or_nothing = no_hits  # type: ignore[assignment]
    try:
        assert (await told_lookup.told_rows(at2))[0] == []  # type: ignore[arg-type]
    finally:
        told_lookup.search_or_nothing = monkey  # type: ignore[assignment]


async def test_who_holds_the_role_and_her_number() -> None:
    prose = Document(
        source="m",
        doc_id="accidents",
        title="Accidents",
        text="Accidents\n- Serious injuries are reported to the Health and Safety Manager at once.\n",
    )
    said = line(prose, "- Serious")
    directory = Document(source="m", doc_id="dir", title="Staff Directory", text=DIRECTORY)
    q = analyse("who's the health and safety manager and what's her number")
    row = await holder_contact_row(q, [said], [said], {"dir": directory}, None, 5)  # type: ignore[arg-type]
    assert row is not None and "Priya Desai" in row.span.text
    # a role no row holds: nothing
    q2 = analyse("who's the fire safety manager and what's her number")
    assert await holder_contact_row(q2, [said], [said], {"dir": directory}, None, 5) is None  # type: ignore[arg-type]
