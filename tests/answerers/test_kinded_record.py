"""A record a directory keeps for one place of a kind is keyed as a table row is
(kinded_record.py, hops29). "I've just started on the Ashgrove Retail Park site. Who's my HR
business partner?" over HR Contacts, which keeps one record per region ("HR business
partner, North region: ..."), and a sites table keyed by site that names no Ashgrove: main
b59fdfd answered with whichever region's record ranked first; the place is filed under no
region, so the answer is a guess and is refused. A site the table files under a region is
answered as before. Small documents written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import own_source

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal, Refusal

CONTACTS = (
    "<!DOCTYPE html>\n<html><head><title>HR Contacts</title></head>\n<body>\n"
    "<h1>HR Contacts</h1>\n"
    "<p>Your HR business partner depends on the region your site is in.</p>\n<ul>\n"
    "<li>HR business partner, North region: Helen Baxter, 0113 496 0410, based at the "
    "Halsworth office</li>\n"
    "<li>HR business partner, South region: Sophie Lang, 0117 496 0430, based at the "
    "Fernhill office</li>\n"
    "<li>HR business partner, Central region: Marcus Bell, 0121 496 0420, based at the "
    "Stoneleigh office</li>\n</ul>\n"
    "<p>Payroll Helpdesk: 0121 496 0499.</p>\n</body></html>\n"
)
SITES = (
    "---\ntitle: Sites and Regions\naccess_scope: public\n---\n# Sites and Regions\n\n"
    "| Site | Type of work | Region |\n|---|---|---|\n"
    "| Kelby Road Depot | Plant depot | North |\n"
    "| Harbourside Flats | Student flats | South |\n"
    "| Kingsmead Hospital Wing | Hospital extension | Central |\n"
)
LEAVE = (
    "---\ntitle: Annual Leave\naccess_scope: public\n---\n# Annual Leave\n\n"
    "Book your leave at least 6 weeks ahead through the rota system.\n"
)
FILES = {"contacts.html": CONTACTS, "sites.md": SITES, "leave.md": LEAVE}
ASKER = Principal(user_id="u-9", roles=["staff"], departments=["site"])
FLOOR = 0.1  # small documents score lower than a policy collection (the record at 0.13)
UNKNOWN = "I've just started on the Ashgrove Retail Park site. Who's my HR business partner?"


async def ask_as(question: str, source: CollectionSource) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3)
    return await ask_async(question, source, answerer=answerer, principal=ASKER)


async def test_a_site_no_document_names_is_refused(tmp_path: Path) -> None:
    result = await ask_as(UNKNOWN, own_source(tmp_path, FILES))
    assert isinstance(result, Refusal), result.text


async def test_switched_off_some_regions_record_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "kinded_record", lambda c: c.header is not None)
    result = await ask_as(UNKNOWN, own_source(tmp_path, FILES))
    assert isinstance(result, Answer)
    assert "region" in result.text


@pytest.mark.parametrize(
    "question",
    [
        "I've just been moved to the Marlcombe site. Who is my HR business partner?",
        "Who's the HR business partner for the Ottery Lane site?",
    ],
)
async def test_other_unnamed_sites_stay_refused(tmp_path: Path, question: str) -> None:
    result = await ask_as(question, own_source(tmp_path, FILES))
    assert isinstance(result, Refusal), result.text


async def test_a_site_filed_under_a_region_is_answered(tmp_path: Path) -> None:
    question = "I work at the Kelby Road Depot. Who is my HR business partner?"
    result = await ask_as(question, own_source(tmp_path, FILES))
    assert isinstance(result, Answer), result
    assert "Helen Baxter" in result.text
    assert "Kelby Road Depot" in result.text
