"""A guide titled by a kind of engagement and its people ("Agency Drivers' Mates Guide",
"Casual Bar Staff Guide", "Christmas Temporary Colleagues' Guide") is written for that kind:
its kind word names its readers, as "Bank Staff Guide" does (gap73). A packaging operative
asking "I'm doing a 7-hour shift. How long is my paid break?" read the mates' "30-minute
unpaid break" first and refused under the floor (hb22-trap-05); with the guide set aside the
general page's own line answers. An asker of the kind, or a question naming it, still reads
the guide; a matter only the guide speaks of stays refused for everyone else. Small
documents written here."""

from __future__ import annotations

import pytest
from memsource import ask_over

from wikiqa.answerers import neighbours
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.neighbours import kind_guide_for_others, written_for_others
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Principal

ROTAS = (
    "Rotas and Breaks",
    "# Rotas and Breaks\n\n"
    "- Rotas for the pubs are published in the staff app at least 14 days ahead.\n"
    "- You get a 20-minute paid break in any shift over 6 hours, and a 45-minute unpaid "
    "meal break in any shift over 8 hours.\n"
    "- There must be at least 11 hours between the end of one shift and the start of the "
    "next.\n",
)
MATES = (
    "Agency Drivers' Mates Guide",
    "# Agency Drivers' Mates Guide\n\n"
    "This guide is for drivers' mates supplied to the depot by an agency.\n\n"
    "- Report to the depot office by 05:15 for a 05:30 start.\n"
    "- Breaks: you get a 30-minute unpaid break once you have worked 6 hours, taken "
    "between drops.\n"
    "- Timesheets are signed by the driver at the end of each day and sent to your agency.\n",
)
SICK = (
    "Sickness Absence",
    "# Sickness Absence\n\n- Ring your manager before your shift if you are ill.\n"
    "- Sick pay starts after 3 waiting days.\n",
)
DOCS = {"rotas": ROTAS, "mates": MATES, "sick": SICK}
OPERATIVE = Principal(user_id="u-1", roles=["staff"], departments=["packaging"])
MATE = Principal(user_id="u-2", roles=["agency"], departments=[])


@pytest.fixture
def answerer(emb: OnnxEmbedder) -> ExtractiveAnswerer:
    return ExtractiveAnswerer(floor=0.35, max_sentences=3, embedder=emb)


def _quotes(r: object) -> list[str]:
    assert isinstance(r, Answer), r
    return [c.quote for c in r.citations]


def test_the_kind_word_names_the_readers() -> None:
    none: frozenset[str] = frozenset()
    assert kind_guide_for_others("Agency Drivers' Mates Guide", "my paid break?", none)
    assert kind_guide_for_others("Casual Bar Staff Guide", "my paid break?", none)
    assert kind_guide_for_others("Christmas Temporary Colleagues' Guide", "x", none)
    # the kind named by the question or the asker's role; "temp" for "temporary"
    assert not kind_guide_for_others("Agency Drivers' Mates Guide", "the agency's rule", none)
    assert not kind_guide_for_others("Agency Drivers' Mates Guide", "x", frozenset({"agency"}))
    temp = frozenset({"temp"})
    assert not kind_guide_for_others("Christmas Temporary Colleagues' Guide", "x", temp)
    bank = frozenset({"bank"})
    assert not kind_guide_for_others("Casual and Bank Colleagues Guide", "x", bank)
    concession = frozenset({"concession"})
    assert not kind_guide_for_others("Concession Staff Guide", "x", concession)
    # an asker whose role names its people reads it
    assert not kind_guide_for_others("Agency Drivers' Mates Guide", "x", frozenset({"mate"}))
    # its people alone do not say whose it is: employed drivers are drivers too
    assert kind_guide_for_others("Agency Drivers' Mates Guide", "I'm a driver.", none)
    # no kind word, no guide of a kind
    assert not kind_guide_for_others("Rotas and Breaks", "x", none)
    assert not kind_guide_for_others("Placement Students' Guide", "x", none)
    # set aside only in the second asking after a refusal
    assert not written_for_others("Agency Drivers' Mates Guide", "How long is my break?", none)
    aside = neighbours.KIND_GUIDES_ASIDE.set(True)
    try:
        assert written_for_others("Agency Drivers' Mates Guide", "How long is my break?", none)
    finally:
        neighbours.KIND_GUIDES_ASIDE.reset(aside)


async def test_the_general_line_answers_the_employee(answerer: ExtractiveAnswerer) -> None:
    q = "I'm doing a 7-hour shift. How long is my paid break?"
    quotes = _quotes(await ask_over(DOCS, q, who=OPERATIVE, answerer=answerer))
    assert any("20-minute paid break" in x for x in quotes), quotes
    assert not any("30-minute" in x for x in quotes), quotes


async def test_the_kind_still_reads_its_guide(answerer: ExtractiveAnswerer) -> None:
    q = "How long is my break once I've worked 6 hours?"
    quotes = _quotes(await ask_over(DOCS, q, who=MATE, answerer=answerer))
    assert any("30-minute unpaid break" in x for x in quotes), quotes
    q = "Do agency drivers' mates get a paid break?"
    quotes = _quotes(await ask_over(DOCS, q, who=OPERATIVE, answerer=answerer))
    assert any("30-minute unpaid break" in x for x in quotes), quotes


async def test_the_guides_own_matter_stays_refused(answerer: ExtractiveAnswerer) -> None:
    r = await ask_over(DOCS, "Who signs my timesheet?", who=OPERATIVE, answerer=answerer)
    assert not isinstance(r, Answer), r


async def test_switched_off_the_mates_line_leads(
    answerer: ExtractiveAnswerer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(neighbours, "KIND_GUIDE", False)
    q = "I'm doing a 7-hour shift. How long is my paid break?"
    r = await ask_over(DOCS, q, who=OPERATIVE, answerer=answerer)
    assert not (isinstance(r, Answer) and any("20-minute" in c.quote for c in r.citations))
