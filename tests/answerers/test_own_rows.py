"""The asker's own document keys the row of the table the search chose (hops15): the row the
ranking put first, which the question does not name, gives way to the row keyed by what the
asker's letter says; the letter is found by the clause in which the asker tells their
situation; a move "from A to B" keys B. (hops16: the key's row is still looked for only
among the top three of the search for the key, as before hops15; the wider row search
answered a held-out unanswerable question.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.sources.collection import CollectionSource
from wikiqa.store.indexer import index_path
from wikiqa.store.sqlite import SqliteStore
from wikiqa.types import Answer, Principal, Refusal

LEAVE = (
    "---\ntitle: Annual Leave and Public Holidays\n---\n# Annual Leave and Public Holidays\n\n"
    "Your leave depends on the country whose contract you work under.\n\n"
    "| Country | Annual leave (working days) | Public holidays (days) |\n|---|---|---|\n"
    "| United Kingdom | 25 | 8 |\n"
    "| Ireland | 23 | 10 |\n"
    "| Poland | 26 | 13 |\n"
    "| Spain | 22 | 14 |\n"
    "| Netherlands | 25 | 7 |\n"
)
CANTEENS = (
    "---\ntitle: Staff Canteens\n---\n# Staff Canteens\n\n"
    "Hot meals are subsidised at every site.\n\n"
    "| Site | Canteen opening times |\n|---|---|\n"
    "| Dublin depot | 05:00 to 14:00, Monday to Saturday |\n"
    "| Venlo distribution centre | 06:00 to 23:30, Monday to Saturday |\n"
    "| Poznan depot | vending machines only |\n"
)
LETTER = (
    "---\ntitle: 'Secondment Letter: Sinead Carroll'\naccess_scope: private\n"
    "owner_user_id: u-3101\n---\n# Secondment Letter: Sinead Carroll\n\n"
    "You are seconded from the Dublin depot to the Venlo distribution centre as acting team "
    "leader.\n\n"
    "- The secondment runs for 6 months from 11 January 2027.\n"
    "- You receive a living allowance of 1,100 euro a month while in the Netherlands.\n"
)
CARROLL = Principal(user_id="u-3101", roles=["staff"], departments=["warehouse"])


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {"leave.md": LEAVE, "canteens.md": CANTEENS, "private/secondment-carroll.md": LETTER},
    )


async def test_a_move_keys_where_it_takes_me(source: CollectionSource) -> None:
    result = await ask_as(
        "Where I'm seconded to next year, what hours is the canteen open?", source, CARROLL
    )
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} >= {"private/secondment-carroll.md", "canteens.md"}
    assert "06:00 to 23:30" in result.text and "05:00 to 14:00" not in result.text
    await source.aclose()


def test_the_clauses_that_tell_the_askers_situation() -> None:
    from wikiqa.answerers.own_hop import own_clauses

    assert own_clauses("Now that I've moved, who do I ask at my new office?") == [
        "I've moved",
        "I ask at my new office",
    ]
    assert own_clauses(
        "Where's the defibrillator at the depot I'm going back to after my operation?"
    ) == ["I'm going back to after my operation"]
    assert own_clauses("Where can I leave my bike at the office I've just been moved to?") == [
        "I've just been moved to"
    ]
    assert own_clauses("How many days of leave do I get?") == []


POSTING = (
    "---\ntitle: 'Secondment Letter: Bram de Vries'\naccess_scope: private\n"
    "owner_user_id: u-3102\n---\n# Secondment Letter: Bram de Vries\n\n"
    "From 11 January 2027 you are sent to the Cork depot in Ireland.\n\n"
    "- You receive a living allowance of 1,100 euro a month.\n"
)
DE_VRIES = Principal(user_id="u-3102", roles=["staff"], departments=["warehouse"])


async def test_a_row_the_question_does_not_name_gives_way_over_the_floor(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    (root / "private").mkdir(parents=True)
    (root / "leave.md").write_text(LEAVE)
    (root / "private" / "secondment-de-vries.md").write_text(POSTING)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root)
    source = CollectionSource(store, "docs:t", mode="lexical")
    # a floor so low that the first hop answers with the row it ranks first, which names no
    # country the question says; the letter's country keys the same table's row instead
    answerer = ExtractiveAnswerer(floor=0.01, max_sentences=3)
    result = await ask_async(
        "How many public holidays a year are there in the country I've been sent to?",
        source,
        settings=Settings(),
        answerer=answerer,
        principal=DE_VRIES,
    )
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} >= {"private/secondment-de-vries.md", "leave.md"}
    assert "| Ireland | 23 | 10 |" in result.text and "United Kingdom" not in result.text
    await source.aclose()


BIKES = (
    "---\ntitle: Parking and Bicycles\n---\n# Parking and Bicycles\n\n"
    "| Office | Car parking | Bicycles |\n|---|---|---|\n"
    "| Lisbon | 20 spaces, allocated by monthly lottery | bike room, 30 places |\n"
    "| Berlin | no staff parking | bike cellar, 60 places, showers |\n"
    "| Toronto | 8 spaces with EV chargers | racks by the entrance |\n"
)
PLACE = (
    "---\ntitle: 'Contract Change: Ana Costa'\naccess_scope: private\n"
    "owner_user_id: u-3103\n---\n# Contract Change: Ana Costa\n\n"
    "From 1 March 2027 your place of work is the Berlin office.\n\n"
    "- Your salary and hours do not change.\n"
)
COSTA = Principal(user_id="u-3103", roles=["staff"], departments=["sales"])


async def test_the_rows_own_cell_says_what_its_header_names_in_other_words(
    tmp_path: Path,
) -> None:
    root = tmp_path / "docs"
    (root / "private").mkdir(parents=True)
    (root / "parking.md").write_text(BIKES)
    (root / "private" / "contract-costa.md").write_text(PLACE)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root)
    source = CollectionSource(store, "docs:t", mode="lexical")
    # "bike" is not the header's "Bicycles", but the Berlin row's cell under it says it
    result = await ask_as(
        "Where can I leave my bike at the office I've been moved to?", source, COSTA
    )
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} >= {"private/contract-costa.md", "parking.md"}
    assert "bike cellar, 60 places" in result.text and "Lisbon" not in result.text
    # a thing neither a header nor the row's cells say is not answered by the row
    other = await ask_as("Is there a gym at the office I've been moved to?", source, COSTA)
    assert isinstance(other, Refusal)
    await source.aclose()


POSTED_LAST = (
    "---\ntitle: 'Posting Letter: Joris Bakker'\naccess_scope: private\n"
    "owner_user_id: u-3104\n---\n# Posting Letter: Joris Bakker\n\n"
    "From 11 January 2027 you are posted to the Rotterdam depot in the Netherlands.\n\n"
    "- You receive a living allowance of 900 euro a month.\n"
)
BAKKER = Principal(user_id="u-3104", roles=["staff"], departments=["warehouse"])


async def test_the_key_search_is_ranked_with_the_key_so_a_last_row_is_reached(
    tmp_path: Path,
) -> None:
    # (hops17) the letter's country keys the last of five rows; ranked by the question
    # alone, which names no country, the rows tie and keep table order, and the
    # Netherlands row falls outside the top three looked at
    root = tmp_path / "docs"
    (root / "private").mkdir(parents=True)
    (root / "leave.md").write_text(LEAVE)
    (root / "private" / "posting-bakker.md").write_text(POSTED_LAST)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, root)
    source = CollectionSource(store, "docs:t", mode="lexical")
    # the tiny collection scores lower than a real one: a floor the keyed row clears here
    answerer = ExtractiveAnswerer(floor=0.2, max_sentences=3)
    result = await ask_async(
        "How many public holidays a year are there in the country I've been posted to?",
        source,
        settings=Settings(),
        answerer=answerer,
        principal=BAKKER,
    )
    assert isinstance(result, Answer)
    assert {c.doc_id for c in result.citations} >= {"private/posting-bakker.md", "leave.md"}
    assert "| Netherlands | 25 | 7 |" in result.text and "Ireland" not in result.text
    # ranked by the key, the row answers only when it clears the floor for the question
    # asked of the key
    strict = ExtractiveAnswerer(floor=0.3, max_sentences=3)
    refused = await ask_async(
        "How many public holidays a year are there in the country I've been posted to?",
        source,
        settings=Settings(),
        answerer=strict,
        principal=BAKKER,
    )
    assert isinstance(refused, Refusal)
    await source.aclose()
