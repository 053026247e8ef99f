"""Two-document questions whose bridge row carries more values than a chain follows: the
column the question names ("the regional manager for X" and the row's Region cell) is
carried first, its word stays asked, and the question is asked again with "Who's" said whole;
under the floor the row the value keys that says all still asked answers, not another
role's row for the same region (answerers/key_bridge.py: asked_columns_first, said_whole)."""

from __future__ import annotations

from chain_helpers import titled_row
from memsource import TermSource

from wikiqa.answerers import key_bridge
from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import analyse
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

DOCS = {
    "sites": (
        "Our Cinemas",
        "# Our Cinemas\n\nEvery cinema belongs to one of three regions.\n\n"
        "| Cinema | Town | Format | Region |\n|---|---|---|---|\n"
        "| Castlegate | Hexham | Classic | Northumbria |\n"
        "| Riverside Picturehouse | Bideford | Classic | Devon Coast |\n"
        "| The Lyric | Penrith | Studio | Lakeland |\n",
    ),
    "directory": (
        "Staff Directory",
        "# Staff Directory\n\n| Name | Job | Base | Phone |\n|---|---|---|---|\n"
        "| Tomasz Lewicki | Regional manager, Northumbria | Castlegate | 07700 900 501 |\n"
        "| Fiona Rudd | Regional manager, Devon Coast | Riverside Picturehouse | 07700 900 502 |\n"
        "| Gwen Atherton | Regional manager, Lakeland | The Lyric | 07700 900 503 |\n"
        "| Bilal Qureshi | Chief executive | Head office | 07700 900 500 |\n",
    ),
    "firstaid": (
        "First Aid Leads",
        "# First Aid Leads\n\nEach region has a first aid lead who keeps the kits stocked.\n\n"
        "| Region | First aid lead | Phone |\n|---|---|---|\n"
        "| Northumbria | Carys Bell | 07700 900 611 |\n"
        "| Devon Coast | Anton Price | 07700 900 612 |\n",
    ),
    "projection": (
        "Projection",
        "# Projection\n\nProjectionists check every print before the first showing.\n",
    ),
}


async def ask(question: str, docs: dict[str, tuple[str, str]] = DOCS) -> Answer | Refusal:
    return await ask_async(question, TermSource(docs), settings=Settings())  # type: ignore[arg-type]


def _row(doc_id: str, row: str) -> Candidate:
    return titled_row(DOCS, doc_id, row)


def test_the_named_column_is_carried_first() -> None:
    carried = [("Town", "Hexham"), ("Format", "Classic"), ("Region", "Northumbria")]
    q = analyse("Who's the regional manager for Castlegate?")
    assert key_bridge.asked_columns_first(q, carried)[0] == ("Region", "Northumbria")
    # no column named: the row's order stands
    q = analyse("Who runs Castlegate?")
    assert key_bridge.asked_columns_first(q, carried) == carried


async def test_regional_manager_through_the_region_cell() -> None:
    # fails with the reading switched off: the chain follows the town and the format only
    docs = {k: v for k, v in DOCS.items() if k != "firstaid"}
    r = await ask("Who's the regional manager for Castlegate?", docs)
    assert isinstance(r, Answer), r
    said = " ".join(c.quote for c in r.citations)
    assert "Castlegate | Hexham | Classic | Northumbria" in said
    assert "Tomasz Lewicki" in said
    assert "Carys Bell" not in said


def test_the_row_saying_all_still_asked_answers_under_the_floor() -> None:
    q = analyse("Who is the regional manager for Northumbria?")
    rest = frozenset({"region", "manag"})
    lead = _row("firstaid", "| Northumbria | Carys Bell | 07700 900 611 |")
    holder = _row("directory", "| Tomasz Lewicki | Regional manager, Northumbria | Castlegate |")
    other = _row("directory", "| Fiona Rudd | Regional manager, Devon Coast |")
    # another role's row for the region, ranked first, gives way to the role asked
    assert key_bridge.said_whole(q, rest, "Northumbria", [lead, holder]) == [holder]
    # no row says the role: the first row the value keys, as before
    assert key_bridge.said_whole(q, rest, "Northumbria", [lead, other]) == [lead]
    assert key_bridge.said_whole(q, rest, "Northumbria", [other]) == []


async def test_another_roles_holder_is_not_the_answer() -> None:
    # the first aid lead for Lakeland is not written: no other role's row answers for it
    r = await ask("Who's the regional first aid lead for The Lyric?")
    assert not (isinstance(r, Answer) and "Gwen Atherton" in " ".join(c.quote for c in r.citations))
    r = await ask("Who's the regional finance manager for Castlegate?")
    assert not (isinstance(r, Answer) and "Carys Bell" in " ".join(c.quote for c in r.citations))
