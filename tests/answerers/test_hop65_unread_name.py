"""A name the question tells in a sentence of its own ("... her dad at Fernlea. What do I tell
her?") is a name, not "Fernlea. What" (`name_lookup._within_sentences`), and it is looked up
where it is recorded even when the table it keys ranks below the prose saying the
question's words: the question's search read the document holding that table, and only a
row of such a document may end the chain (`name_lookup.name_hop`, hop65). A name no
document records, or a thing the keyed row's table does not say, stays refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import name_lookup
from wikiqa.answerers.features import analyse
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

HOMES = (
    "---\ntitle: Our Homes\n---\n# Our Homes\n\n"
    "Brookfield Care runs 21 homes. Each home is residential or nursing.\n\n"
    "| Home | Town | Type | Region |\n|---|---|---|---|\n"
    "| Ashgrove House | Preston | Residential | North |\n"
    "| Beechcroft | Chorley | Nursing | North |\n"
    "| Brookside Lodge | Lancaster | Residential | North |\n"
    "| Cedar Court | Blackburn | Nursing | North |\n"
    "| Hawthorn View | Kendal | Residential | North |\n"
    "| Fernlea | Lytham | Nursing | North |\n"
    "| Larchfield | Garstang | Nursing | North |\n"
    "| Meadowbank | Blackpool | Residential | North |\n"
    "| Oakwood Grange | Burnley | Nursing | North |\n"
    "| Primrose House | Ulverston | Residential | North |\n"
    "| Ribble View | Longridge | Nursing | North |\n"
    "| Willow Bank | Carlisle | Residential | Yorkshire |\n"
    "| Aire Lodge | Keighley | Nursing | Yorkshire |\n"
    "| Calder House | Halifax | Residential | Yorkshire |\n"
    "| Elmfield | Harrogate | Nursing | Yorkshire |\n"
    "| Holly Court | Skipton | Residential | Yorkshire |\n"
    "| Kirkstall Grange | Leeds | Nursing | Yorkshire |\n"
    "| Moorside | Huddersfield | Residential | Yorkshire |\n"
    "| Nidd House | Wakefield | Nursing | Yorkshire |\n"
    "| Rosewood | York | Residential | Yorkshire |\n"
    "| Wharfe Lodge | Otley | Nursing | Yorkshire |\n"
)
VISITING = (
    "---\ntitle: Visiting Our Homes\n---\n# Visiting Our Homes\n\n"
    "Families and friends are welcome. A resident can always choose who they see.\n\n"
    "## Visiting hours\n\n"
    "| Type of home | Visiting hours |\n|---|---|\n"
    "| Residential | 09:00 to 21:00 |\n| Nursing | 10:00 to 20:00 |\n\n"
    "Visitors can come outside these hours at the end of a resident's life.\n\n"
    "Sign in and out in the visitors' book every time you come.\n"
)
HOME_CARE = (
    "---\ntitle: 'Home Carers: Visits'\n---\n# Home Carers: Visits\n\n"
    "Arrive within 30 minutes either side of the planned time.\n\n"
    "If you will be later than that, ring the branch so they can tell the client.\n\n"
    "Visits are 30, 45 or 60 minutes, as the client's care plan says.\n\n"
    "The app records the time and place of each visit.\n\n"
    "If the client's family ring to ask when you will come, tell them the planned time.\n"
)
FILLERS = {
    f"notes-{i}.md": (
        f"---\ntitle: 'Calls from Families {i}'\n---\n# Calls from Families {i}\n\n"
        "When a daughter or son rings about their mum or dad, tell them the manager's hours.\n\n"
        "A daughter may ask what the visiting hours are; tell her the hours are on the website.\n\n"
        "Tell the caller the time you will ring back, and ring back on time.\n"
    )
    for i in range(1, 7)
}
CARER = Principal(user_id="u-7001", roles=["care_assistant"], departments=["care"])
QUESTION = "A daughter rang about her dad at Fernlea. What are the visiting hours there?"


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {"homes.md": HOMES, "visiting.md": VISITING, "home-care.md": HOME_CARE, **FILLERS},
    )


def test_a_name_ends_at_its_sentences_end() -> None:
    assert name_lookup._within_sentences(["Fernlea. What"]) == ["Fernlea"]
    assert name_lookup._within_sentences(["Fernlea. Tom Price"]) == ["Fernlea", "Tom Price"]
    assert name_lookup._within_sentences(["St. Helens"]) == ["St. Helens"]


async def test_the_told_name_keys_the_row_of_the_table_it_names(source: CollectionSource) -> None:
    result = await ask_as(QUESTION, source, CARER)
    assert isinstance(result, Answer)
    assert "10:00 to 20:00" in result.text and "09:00 to 21:00" not in result.text
    assert {c.doc_id for c in result.citations} >= {"homes.md", "visiting.md"}
    await source.aclose()


def test_the_told_name_is_the_name_looked_up() -> None:
    told = "A daughter rang asking what time she can come and see her dad at Fernlea. What do I tell her?"
    assert name_lookup.unread_names(analyse(told), [], []) == ["Fernlea"]


def test_switched_off_the_name_runs_into_the_next_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(name_lookup, "_within_sentences", lambda names: names)
    told = "A daughter rang asking what time she can come and see her dad at Fernlea. What do I tell her?"
    assert name_lookup.unread_names(analyse(told), [], []) == ["Fernlea. What"]


async def test_a_name_no_document_records_stays_refused(source: CollectionSource) -> None:
    q = "A daughter rang asking what time she can come and see her dad at Oakhurst. What do I tell her?"
    result = await ask_as(q, source, CARER)
    assert not isinstance(result, Answer)
    await source.aclose()


async def test_a_thing_the_keyed_table_does_not_say_stays_refused(
    source: CollectionSource,
) -> None:
    q = "A son rang asking about parking for his mum at Fernlea. What do I tell him?"
    result = await ask_as(q, source, CARER)
    assert not isinstance(result, Answer)
    await source.aclose()
