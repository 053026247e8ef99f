"""A document kept for one value among its siblings, chosen by the bridge line that says the
value (hops.keyed_by, hops27). "If I'm off sick at the depot Rosa Vale runs, from which day do
I need a doctor's note?" finds the directory's row "| Cork depot | Ireland | Rosa Vale |";
the sick-pay rules are in one document per country, "Sick Pay: Ireland" and "Sick Pay: United
Kingdom", and only the title says which country each is for. Main 17dde83 refused
hb3-fresh5-01 so (the row scores under the floor and no step follows a value to a title);
on these documents it answers with the United Kingdom's line. Small documents written
here."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import own_source

from wikiqa.answerers import hops
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.hops import chosen_key, keyed_by, title_qualifier, title_stem
from wikiqa.pipeline import ask_async
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

DIRECTORY = (
    "---\ntitle: Depot Directory\naccess_scope: public\n---\n# Depot Directory\n\n"
    "| Depot | Country | Depot manager | Main number |\n|---|---|---|---|\n"
    "| Cork depot | Ireland | Rosa Vale | +353 21 555 0100 |\n"
    "| Leeds depot | United Kingdom | Tom Hardy | 0113 496 0100 |\n"
)
IRELAND = (
    "---\ntitle: 'Sick Pay: Ireland'\naccess_scope: public\n---\n# Sick Pay: Ireland\n\n"
    "This policy covers employees on Irish contracts.\n\n"
    "## Statutory sick pay\n\n"
    "Statutory sick pay is paid by the company at 70% of your daily wage for up to 5 days.\n\n"
    "## Evidence\n\n"
    "A medical certificate is required from the 3rd consecutive day of absence.\n"
)
UK = (
    "---\ntitle: 'Sick Pay: United Kingdom'\naccess_scope: public\n---\n"
    "# Sick Pay: United Kingdom\n\n"
    "This policy covers employees on UK contracts.\n\n"
    "## Statutory sick pay\n\n"
    "Statutory sick pay is paid from the 4th day of absence at the statutory weekly rate.\n\n"
    "## Evidence\n\n"
    "You may self-certify for the first 7 calendar days of absence.\n\n"
    "From the 8th calendar day you need a fit note from a GP or hospital doctor.\n"
)
QUESTION = "If I'm off sick at the depot Rosa Vale runs, from which day do I need a doctor's note?"
# Five small documents score lower than a policy collection does (hb3-fresh5-01's line scores
# over 0.35 there): 0.14 puts the first pass (the row, 0.08) under the floor, as there.
FLOOR = 0.14
ASKER = Principal(user_id="u-7", roles=["staff"], departments=["transport"])


async def ask_as(question: str, source: CollectionSource) -> object:
    answerer = ExtractiveAnswerer(floor=FLOOR, max_sentences=3)
    return await ask_async(question, source, answerer=answerer, principal=ASKER)


def test_title_qualifier_is_the_name_a_title_is_kept_for() -> None:
    assert title_qualifier("Sick Pay: Ireland") == "Ireland"
    assert title_qualifier("Public Holidays (Scotland)") == "Scotland"
    assert title_qualifier("Term Dates 2026 to 2027 (East Sussex schools)") == "East Sussex"
    assert title_qualifier("Relocation Letter: Imogen Hale") == "Imogen Hale"
    assert title_qualifier("Term Dates (Kent and Medway schools)") == "Kent and Medway"
    assert title_qualifier("Bank Holidays (England and Wales)") == "England and Wales"
    # not a name: a state of the document, its readers, a phrase of title words
    assert title_qualifier("Travel Policy 2023 (superseded)") == ""
    assert title_qualifier("Managing Sickness Absence (for managers)") == ""
    assert title_qualifier("Safeguarding: What Every Member of Staff Must Do") == ""
    assert title_qualifier("Kiss and Tell (1945 film)") == ""
    assert title_qualifier("Annual Leave") == ""


def test_keyed_by_is_the_whole_qualifier() -> None:
    assert keyed_by("Ireland", "Sick Pay: Ireland")
    assert not keyed_by("Ireland", "Sick Pay: Northern Ireland")
    assert not keyed_by("Sick Pay", "Sick Pay: Ireland")


def test_title_stem_is_what_siblings_share() -> None:
    assert title_stem("Sick Pay: Ireland") == title_stem("Sick Pay: United Kingdom")
    assert title_stem("Term Dates (East Sussex schools)") == "term dates"


def test_a_line_saying_several_siblings_values_chooses_none() -> None:
    titles = ["Sick Pay: Ireland", "Sick Pay: United Kingdom", "Grievances"]
    assert chosen_key(["Cork", "Ireland", "Rosa Vale"], titles) == "Ireland"
    assert chosen_key(["Unite", "United Kingdom", "SIPTU", "Ireland"], titles) is None
    assert chosen_key(["Poland"], titles) is None
    # a qualifier with no sibling among the titles tells nothing apart
    assert chosen_key(["Ireland"], ["Sick Pay: Ireland", "Grievances"]) is None
    assert chosen_key(["Ellie Goulding"], ["Army (Ellie Goulding song)", "Army"]) is None


async def test_the_value_a_row_gives_chooses_the_document_kept_for_it(tmp_path: Path) -> None:
    files = {"directory.md": DIRECTORY, "ireland.md": IRELAND, "uk.md": UK}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert isinstance(result, Answer), result
    assert "3rd consecutive day" in result.text, result.text
    assert "8th calendar day" not in result.text
    assert {c.doc_id for c in result.citations} == {"directory.md", "ireland.md"}


async def test_without_the_title_key_the_row_alone_does_not_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hops, "keyed_by", lambda name, title: False)
    files = {"directory.md": DIRECTORY, "ireland.md": IRELAND, "uk.md": UK}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert "3rd consecutive day" not in getattr(result, "text", "")


async def test_a_sibling_the_reader_may_not_see_is_never_followed(tmp_path: Path) -> None:
    closed = IRELAND.replace(
        "access_scope: public", "access_scope: department\nallowed_departments: [finance]"
    )
    files = {"directory.md": DIRECTORY, "ireland.md": closed, "uk.md": UK}
    result = await ask_as(QUESTION, own_source(tmp_path, files))
    assert "ireland.md" not in {c.doc_id for c in getattr(result, "citations", [])}
    assert "3rd consecutive day" not in getattr(result, "text", "")
