"""A who-question asking the holder of a role kept per region ("I work at the Ashby Fields
centre. Who's our area manager?") over a centre directory keyed by centre with its region,
and a staff directory whose job cells keep the role for a region ("Area manager, Pennine")
beside the people based at each centre (answerers/key_bridge.py: _place_hop, _kept_for,
_role_row; answerers/other_role.py: holds_other, role_for). The centre's own manager's row
says the place the question names, but its job cell says another role: it is no answer.
The centre's row says where the role is kept; the one row keeping the role asked for that
region answers, cited after the centre's row."""

from __future__ import annotations

from chain_helpers import quoted, titled_row
from memsource import TermSource

from wikiqa.answerers import other_role
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

DOCS = {
    "centres": (
        "Garden Centres and Regions",
        "# Garden Centres and Regions\n\n"
        "| Centre | Format | Region |\n|---|---|---|\n"
        "| Ashby Fields | Large | Pennine |\n"
        "| Brook Lane | Small | Pennine |\n"
        "| Corran Mill | Small | Borders |\n"
        "| Dunholme Quay | Small | Coast |\n"
        "| Eskdale Road | Large | Borders |\n",
    ),
    "directory": (
        "Staff Directory",
        "# Staff Directory\n\n| Name | Job | Based at | Phone |\n|---|---|---|---|\n"
        "| Jo Bell | Area manager, Pennine | Head office | 07700 900 601 |\n"
        "| Ravi Shah | Area manager, Borders | Eskdale Road centre | 07700 900 602 |\n"
        "| Kim Ford | Centre manager | Ashby Fields centre | 07700 900 611 |\n"
        "| Lee Marsh | Centre manager | Dunholme Quay centre | 07700 900 612 |\n"
        "| Ann Pryor | Chief executive | Head office | 07700 900 600 |\n",
    ),
    # pages that speak of an area manager and a centre, as a handbook's many pages do
    **{
        f"page-{i}": (
            title,
            f"# {title}\n\nAt work in a centre, {line} Your area manager reviews this each "
            "year with the centre manager.\n",
        )
        for i, (title, line) in enumerate(
            [
                ("Stock Counts", "stock is counted on the last Sunday of each quarter."),
                ("Plant Care", "plants on the benches are watered before opening."),
                ("Cafe Hygiene", "the cafe fridges are checked twice a day."),
            ]
        )
    },
}


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


def test_another_roles_row_and_the_row_keeping_the_role() -> None:
    q = "I work at the Ashby Fields centre. Who's our area manager?"
    assert other_role.asked_holder(q) == "area manager"
    mine = titled_row(DOCS, "directory", "| Kim Ford | Centre manager | Ashby Fields centre |")
    kept = titled_row(DOCS, "directory", "| Jo Bell | Area manager, Pennine | Head office |")
    assert other_role.holds_other(q, mine) and not other_role.holds_other(q, kept)
    assert other_role.role_for(q, "Pennine", kept)
    assert not other_role.role_for(q, "Borders", kept)


def test_a_region_is_no_part_of_a_longer_regions_name() -> None:
    q = "Who's our regional manager?"
    row = titled_row(DOCS, "directory", "| Jo Bell | Area manager, Pennine | Head office |")
    assert not other_role.role_for(q, "Pennine", row)  # another role
    west = titled_row(
        {"d": ("Staff", "| Name | Job |\n|---|---|\n| Al Roe | Regional manager, North West |\n")},
        "d",
        "| Al Roe | Regional manager, North West |",
    )
    assert other_role.role_for(q, "North West", west)
    assert not other_role.role_for(q, "North", west)


async def test_the_role_asked_not_the_holder_of_another_role_at_the_place() -> None:
    # the centre manager's row names the centre and says "manager" (fails with the reading
    # switched off: it answered "Kim Ford | Centre manager")
    r = await ask("I work at the Ashby Fields centre. Who's our area manager?")
    assert isinstance(r, Answer), r
    said = quoted(r)
    assert "Jo Bell" in said and "Ashby Fields" in said and "Kim Ford" not in said


async def test_the_places_own_row_points_to_the_role_kept_for_its_region() -> None:
    r = await ask("I work at Corran Mill. Who's our area manager?")
    assert isinstance(r, Answer), r
    said = quoted(r)
    assert "Ravi Shah" in said and "Corran Mill" in said


async def test_a_region_whose_role_nobody_holds_gets_no_other_regions_holder() -> None:
    # Dunholme Quay is in the Coast region, which no area manager's row keeps
    r = await ask("I work at the Dunholme Quay centre. Who's our area manager?")
    assert "Jo Bell" not in quoted(r) and "Ravi Shah" not in quoted(r)


async def test_a_role_nobody_holds_is_not_answered_with_a_kept_role() -> None:
    r = await ask("I work at the Ashby Fields centre. Who's our regional finance manager?")
    assert "Jo Bell" not in quoted(r) and "Ravi Shah" not in quoted(r)


def test_the_places_own_row_is_a_bridge_to_the_role_not_its_holder() -> None:
    # the centre's row names no one's job: for a who-question asking a role it says where the
    # role is kept (key_bridge._place_row); a person's row, or a question asking no role, not
    from wikiqa.answerers import key_bridge
    from wikiqa.answerers.features import analyse

    place = titled_row(DOCS, "centres", "| Corran Mill | Small | Borders |")
    person = titled_row(DOCS, "directory", "| Kim Ford | Centre manager | Ashby Fields centre |")
    assert key_bridge._place_row(analyse("I work at Corran Mill. Who's our area manager?"), place)
    assert not key_bridge._place_row(analyse("Which region is Corran Mill in?"), place)
    assert not key_bridge._place_row(
        analyse("I work at the Ashby Fields centre. Who's our area manager?"), person
    )
