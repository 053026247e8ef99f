"""A lower-case cell a directory repeats down one column sorts its rows into kinds, and the
kind keys another page's table by its key cell (hop70).

"What time does the Elmbridge shop open on a Sunday?": the shops directory says
"Marlow Elmbridge | Fordham | kiosk | North", and the opening hours are kept by type of shop,
"| Kiosks | ... | 08:00 to 16:00 |". The value bridge carried only names and codes (a
capital: "Fordham", "North"); the lower-case "kiosk", which three shops share, is the kind
the hours table is keyed by (`kind_column.kind_cell`). A kind keys only a row whose key cell
it is (`kind_column.kind_keyed`), and a cell said once ("lifeguards") stays a description.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from own_helpers import ask_as, own_source

from wikiqa.answerers import key_bridge, kind_column
from wikiqa.sources.collection import CollectionSource
from wikiqa.types import Answer, Principal

SHOPS = (
    "<html><head><title>Our Shops</title></head><body><h1>Our Shops</h1>\n"
    "<p>Marlow Bakers has seven shops of three types, each in a region with its own area"
    " manager.</p>\n<table><caption>Shops by town, type and region</caption>\n"
    "<thead><tr><th>Shop</th><th>Town</th><th>Type</th><th>Region</th></tr></thead><tbody>\n"
    "<tr><td>Marlow Elmbridge</td><td>Fordham</td><td>kiosk</td><td>North</td></tr>\n"
    "<tr><td>Marlow Castle Mews</td><td>Fordham</td><td>café shop</td><td>North</td></tr>\n"
    "<tr><td>Marlow Harbour Road</td><td>Penmore</td><td>high street shop</td><td>South</td></tr>\n"
    "<tr><td>Marlow Quayside</td><td>Penmore</td><td>kiosk</td><td>South</td></tr>\n"
    "<tr><td>Marlow Abbeygate</td><td>Wenlow</td><td>café shop</td><td>South</td></tr>\n"
    "<tr><td>Marlow Mill Lane</td><td>Wenlow</td><td>high street shop</td><td>North</td></tr>\n"
    "<tr><td>Marlow Station Arcade</td><td>Dunmere</td><td>kiosk</td><td>Islands</td></tr>\n"
    "</tbody></table></body></html>\n"
)
HOURS = (
    "---\ntitle: Shop Opening Hours\n---\n# Shop Opening Hours\n\n"
    "Our usual opening hours by type of shop.\n\n"
    "| Type of shop | Monday to Friday | Saturday | Sunday |\n|---|---|---|---|\n"
    "| Café shops | 07:00 to 17:30 | 07:30 to 17:30 | 09:00 to 16:00 |\n"
    "| High street shops | 07:30 to 17:00 | 07:30 to 17:00 | closed |\n"
    "| Kiosks | 06:00 to 19:00 | 07:00 to 18:00 | 08:00 to 16:00 |\n\n"
    "A shop may close early only with the area manager's agreement.\n"
)
HOLIDAYS = (
    "---\ntitle: Bank Holidays\n---\n# Bank Holidays\n\n"
    "What is open on each bank holiday.\n\n"
    "| Holiday | Date | Shops | Bakery |\n|---|---|---|---|\n"
    "| Christmas Day | Friday 25 December | closed | closed |\n"
    "| Boxing Day | Saturday 26 December | kiosks open | closed |\n"
    "| New Year's Day | Friday 1 January | closed | open |\n"
)
DEPOT = (
    "---\ntitle: The Depot\n---\n# The Depot\n\n"
    "The depot is open 24 hours from Sunday 20:00 to Saturday 16:00. Vans leave the depot"
    " for the shops from 04:30.\n"
)
TOPICS = (
    "uniform",
    "parking",
    "training",
    "breaks",
    "payslips",
    "holidays",
    "sickness",
    "pensions",
    "lockers",
    "discounts",
    "allergens",
    "hygiene",
    "cash handling",
    "first aid",
    "fire drills",
)
OTHERS = {
    f"notice{i}.md": (
        f"---\ntitle: Staff Notice {i}\n---\n# Staff Notice {i}\n\n"
        f"Our {topic} rules changed this year. Ask your area manager about {topic} before your"
        f" shift, and read the {topic} guide in the staff room.\n"
    )
    for i, topic in enumerate(TOPICS, 1)
}
ANYONE = Principal(user_id="u-7001", roles=["staff"], departments=["shops"])


@pytest.fixture
def source(tmp_path: Path) -> CollectionSource:
    return own_source(
        tmp_path,
        {"shops.html": SHOPS, "hours.md": HOURS, **OTHERS},
    )


async def test_the_shops_kind_keys_the_hours_by_type(source: CollectionSource) -> None:
    result = await ask_as("What time does the Elmbridge shop open on a Sunday?", source, ANYONE)
    assert isinstance(result, Answer)
    assert "08:00 to 16:00" in result.text and "| Kiosks |" in result.text
    assert {c.doc_id for c in result.citations} >= {"shops.html", "hours.md"}
    await source.aclose()


async def test_another_kind_takes_its_own_row(source: CollectionSource) -> None:
    result = await ask_as("Is the Harbour Road shop open on Sundays?", source, ANYONE)
    assert isinstance(result, Answer)
    assert "High street shops" in result.text and "Kiosks" not in result.text
    await source.aclose()


async def test_switched_off_the_kind_is_not_carried(
    source: CollectionSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kind_column, "KIND_CELLS", False)
    result = await ask_as("What time does the Elmbridge shop open on a Sunday?", source, ANYONE)
    assert "| Kiosks |" not in getattr(result, "text", "")
    await source.aclose()


async def test_a_value_repeated_down_a_column_keys_no_row_by_a_later_cell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "closed" repeats down the holidays' Shops column, and the high street row says
    # "closed" under Sunday: a value of that row, not what it is keyed by
    files = {"shops.html": SHOPS, "hours.md": HOURS, "holidays.md": HOLIDAYS, "depot.md": DEPOT}
    files.update(OTHERS)
    source = own_source(tmp_path, files)
    q = "What time do the shops open on Christmas Day?"
    result = await ask_as(q, source, ANYONE)
    assert "High street shops" not in getattr(result, "text", "")
    monkeypatch.setattr(key_bridge, "kind_keyed", lambda value, row: True)
    result = await ask_as(q, source, ANYONE)  # without the check, a later cell keys the row
    assert "High street shops" in getattr(result, "text", "")
    await source.aclose()


async def test_a_thing_the_hours_do_not_say_is_not_answered(source: CollectionSource) -> None:
    result = await ask_as("How many staff work at the Elmbridge shop?", source, ANYONE)
    assert "Kiosks" not in getattr(result, "text", "")
    await source.aclose()


def test_a_kind_is_plain_lower_case_words() -> None:
    assert kind_column.is_kind("café shop") and kind_column.is_kind("kiosk")
    assert not kind_column.is_kind("Grade 4") and not kind_column.is_kind("08:00 to 16:00")
