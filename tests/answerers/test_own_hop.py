"""The asker's own document as the first hop: a first-person question whose key (the depot,
the mentor) only a private document of the asker's says is answered by that document's
sentence and the row it keys in another document; another reader never sees a word of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers.own_hop import first_person, own_keys
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

CANTEENS = (
    "---\ntitle: Canteens and Rest Rooms\n---\n# Canteens and Rest Rooms\n\n"
    "Every depot has a rest room with a kettle and lockers.\n\n"
    "| Depot | Canteen opening, weekdays | Canteen opening, weekends |\n|---|---|---|\n"
    "| Quayside | open 24 hours | open 24 hours |\n"
    "| Kingsmead | 04:30 to 23:30 | 05:30 to 22:00 |\n"
    "| Millbrook | 05:00 to 01:00 | 05:30 to 01:00 |\n"
)
DIRECTORY = (
    "---\ntitle: Staff Directory\n---\n# Staff Directory\n\n"
    "Call a colleague on the mobile number listed here.\n\n"
    "| Name | Job | Base | Mobile |\n|---|---|---|---|\n"
    "| Sam Whitlock | Apprentice mentor | Brigg Lane Yard | 07700 900 160 |\n"
    "| Ruth Okoye | Site manager | Millbrook | 07700 900 171 |\n"
    "| Dan Pike | Quantity surveyor | Head office | 07700 900 182 |\n"
)
LETTER = (
    "---\ntitle: 'Secondment Letter: Agnieszka Nowak'\naccess_scope: private\n"
    "owner_user_id: u-5102\n---\n# Secondment Letter: Agnieszka Nowak\n\n"
    "I am pleased to confirm your secondment as a trainer at Millbrook Tram Depot from "
    "1 February 2027 for 9 months.\n\n"
    "- You stay on your current grade and basic pay.\n"
    "- Your mentor is Sam Whitlock, who will meet you every 4 weeks.\n"
)
NOWAK = Principal(user_id="u-5102", roles=["staff"], departments=["trams"])
OTHER = Principal(user_id="u-5999", roles=["staff"], departments=["trams"])


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {"canteens.md": CANTEENS, "directory.md": DIRECTORY, "private/secondment-nowak.md": LETTER},
    )


async def test_the_place_my_letter_names_keys_the_row_answering(source: CollectionSource) -> None:
    result = await ask_as(
        "My letter says where I'll be based. What time does the canteen there close at weekends?",
        source,
        NOWAK,
    )
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} >= {"private/secondment-nowak.md", "canteens.md"}
    assert "05:30 to 01:00" in result.text and "Kingsmead" not in result.text
    await source.aclose()


async def test_the_person_my_document_names_keys_the_directory_row(
    source: CollectionSource,
) -> None:
    result = await ask_as("How do I get hold of my mentor? What's his mobile?", source, NOWAK)
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} >= {"private/secondment-nowak.md", "directory.md"}
    assert "07700 900 160" in result.text
    await source.aclose()


async def test_another_reader_gets_no_word_of_the_private_document(
    source: CollectionSource,
) -> None:
    result = await ask_as("How do I get hold of my mentor? What's his mobile?", source, OTHER)
    cited = {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()
    assert "private/secondment-nowak.md" not in cited
    text = result.text if isinstance(result, Answer) else result.reason
    assert "Whitlock" not in text and "Nowak" not in text
    await source.aclose()


def test_keys_a_sentence_of_my_own_document_carries() -> None:
    assert own_keys(
        "You are at Millbrook Tram Depot from 1 February 2027 for 9 months.", set()
    ) == ["Millbrook Tram Depot"]
    assert own_keys("You are now in year 2 of your apprenticeship.", set()) == ["year 2"]
    assert own_keys("Your mentor is Sam Whitlock, who meets you every 4 weeks.", set()) == [
        "Sam Whitlock"
    ]
    assert first_person("Where will I be based?") and not first_person("Where is Millbrook?")
