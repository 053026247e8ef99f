"""The asker's own document keys a directory's record as it keys a table row (own_hop.py):
over the floor, a record filed under a place the question does not say ("HR business
partner, South region: ...") gives way to the chain from the asker's letter that says that
place, which is then cited beside it; a letter naming another region keys that region's
record, and a reader with no letter keeps the first answer. Small documents written here,
indexed as a collection so the letter is private to its owner."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

CONTACTS = (
    "---\ntitle: HR Contacts\n---\n# HR Contacts\n\n"
    "Each region has its own HR business partner for absence, grievances and flexible "
    "working.\n\n"
    "HR business partner, South region: Sophie Lang, 0117 496 0430, based at the Fernhill office\n\n"
    "HR business partner, Central region: Marcus Bell, 0121 496 0420, based at Ashby House\n\n"
    "HR business partner, North region: Helen Baxter, 0113 496 0410, based at Halsworth\n"
)
LETTER = (
    "---\ntitle: 'Relocation Letter: Imogen Hale'\naccess_scope: private\n"
    "owner_user_id: u-1104\n---\n# Relocation Letter: Imogen Hale\n\n"
    "Further to your move to the Ashby office as quantity surveyor for the Central region "
    "from 1 August 2026, we confirm the following.\n\n"
    "- A relocation payment of £3,000, paid with your salary in September 2026.\n"
)
HALE = Principal(user_id="u-1104", roles=["staff"])
OTHER = Principal(user_id="u-9999", roles=["staff"])
QUESTION = "Who is the HR business partner for the region I moved to?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(tmp_path, {"hr-contacts.md": CONTACTS, "private/relocation-hale.md": LETTER})


async def test_the_asker_s_letter_keys_the_record_of_the_region_it_names(
    source: CollectionSource,
) -> None:
    """Main ee2156a answers with the South region's record, ranked first over the floor,
    and cites no letter."""
    result = await ask_as(QUESTION, source, HALE)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"private/relocation-hale.md", "hr-contacts.md"}
    assert "Marcus Bell" in result.text and "Sophie Lang" not in result.text
    other = await ask_as(QUESTION, source, OTHER)  # no letter of theirs: nothing replaced
    assert "private/relocation-hale.md" not in {c.doc_id for c in getattr(other, "citations", [])}
    assert "Marcus Bell" not in getattr(other, "text", "")
    await source.aclose()
