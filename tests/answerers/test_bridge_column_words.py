"""Which of the question's words naming the bridge's column a chain keeps when it asks again
(answerers/key_bridge.py: column_words). Kept: a word standing before the bridge's key, in
the role asked ("the regional manager for Castlegate"). Not kept: a word after the key,
saying how the bridge holds the value ("the cinema Fiona Rudd is based at"), and a word
naming the row's key column ("a Lakeland cinema" carries the row's Cinema cell): the bridge
row answers both, and asked again of the value no line of its own table says them."""

from __future__ import annotations

from chain_helpers import quoted, titled_row
from memsource import TermSource

from wikiqa.answerers import key_bridge
from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import analyse
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer, Refusal

DOCS = {
    "cinemas": (
        "Cinema Directory",
        "# Cinema Directory\n\nWe run seven cinemas in three regions.\n\n"
        "| Cinema | Format | Region | Address |\n|---|---|---|---|\n"
        "| Castlegate | Classic | Northumbria | 4 Castle Street, Hexham |\n"
        "| Riverside Picturehouse | Studio | Devon Coast | 12 Quay Road, Bideford |\n"
        "| The Lyric | Studio | Lakeland | 9 Market Square, Penrith |\n"
        "| Tower Screens | Multiplex | Northumbria | Unit 3, Tower Retail Park, Blyth |\n",
    ),
    "directory": (
        "Staff Directory",
        "# Staff Directory\n\n| Name | Job title | Based at | Phone |\n|---|---|---|---|\n"
        "| Tomasz Lewicki | Regional manager, Northumbria | Castlegate cinema | 07700 900 501 |\n"
        "| Fiona Rudd | Cinema manager | Riverside Picturehouse cinema | 07700 900 502 |\n"
        "| Gwen Atherton | Projectionist | The Lyric cinema | 07700 900 503 |\n"
        "| Bilal Qureshi | Chief executive | Head office | 07700 900 500 |\n",
    ),
    "formats": (
        "Cinema Formats",
        "# Cinema Formats\n\n| Format | Screens | Staff needed to open |\n|---|---|---|\n"
        "| Classic | 1 | 2 |\n| Studio | 2 to 3 | 3 |\n| Multiplex | 8 or more | 6 |\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    return await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]


def _row(doc_id: str, row: str) -> Candidate:
    return titled_row(DOCS, doc_id, row)


def test_a_column_word_before_the_key_is_kept() -> None:
    row = _row("cinemas", "| Castlegate | Classic | Northumbria | 4 Castle Street, Hexham |")
    q = analyse("Who's the regional manager for Castlegate?")
    assert key_bridge.column_words(q, row, "Region") == frozenset({"region"})


def test_a_column_word_after_the_key_is_not_kept() -> None:
    # "based" names the directory's Based at column, but says how Fiona Rudd's row holds
    # the cinema: the cinema's own row never says it (fails with the narrowing switched off)
    row = _row("directory", "| Fiona Rudd | Cinema manager | Riverside Picturehouse cinema |")
    q = analyse("Which region is the cinema Fiona Rudd is based at in?")
    assert key_bridge.column_words(q, row, "Based at") == frozenset()


def test_the_key_columns_word_is_not_kept() -> None:
    # "cinema" names the Cinema column, the kind every row is: the value's name says it
    row = _row("cinemas", "| The Lyric | Studio | Lakeland | 9 Market Square, Penrith |")
    q = analyse("Which projectionist is based in a Lakeland cinema?")
    assert key_bridge.column_words(q, row, "Cinema") == frozenset()


async def test_region_of_the_cinema_a_person_is_based_at() -> None:
    r = await ask("Which region is the cinema Fiona Rudd is based at in?")
    assert isinstance(r, Answer), r
    said = quoted(r)
    assert "Fiona Rudd" in said and "Devon Coast" in said


async def test_the_person_at_a_cinema_of_a_region() -> None:
    r = await ask("Which projectionist is based in a Lakeland cinema?")
    assert isinstance(r, Answer), r
    said = quoted(r)
    assert "The Lyric" in said and "Gwen Atherton" in said


async def test_a_bridge_no_row_holds_is_refused() -> None:
    # no cinema of that name, and no region's role nobody holds: no chain's answer
    r = await ask("Which region is the cinema Omar Haddad is based at in?")
    assert not any(region in quoted(r) for region in ("Northumbria", "Devon Coast", "Lakeland"))
    r = await ask("Who's the regional finance manager for The Lyric?")
    assert "Gwen Atherton" not in quoted(r) and "Tomasz Lewicki" not in quoted(r)
