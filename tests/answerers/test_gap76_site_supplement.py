"""A place's supplement set aside when the question does not name its place (site_supplement.py,
gap76; measured and switched off): which pages are a place's supplement and by which words a
question names their place, and that switched off the answer from such a page stands."""

from __future__ import annotations

from wikiqa.answerers import site_supplement
from wikiqa.answerers.site_supplement import site_names, site_pages
from wikiqa.types import Document

GIBRALTAR = Document(
    source="docs:t",
    doc_id="pay/working-at-gibraltar.md",
    title="Working at Gibraltar",
    text=(
        "---\ntitle: Working at Gibraltar\n---\n# Working at Gibraltar\n\nThis supplement sets "
        "out the terms that differ for colleagues at The Calpe Picturehouse, our two-screen "
        "cinema on Main Street, Gibraltar. Everything not covered here follows the main "
        "handbook.\n\n## Pay\n\nSunday work is paid at time and a quarter, and public holidays "
        "at double time.\n"
    ),
)
ENHANCEMENTS = Document(
    source="docs:t",
    doc_id="pay/enhancements.md",
    title="Enhancements and Overtime",
    text=(
        "---\ntitle: Enhancements and Overtime\n---\n# Enhancements and Overtime\n\nThese "
        "payments are for colleagues in Bands A to D.\n\n| Enhancement | Rate |\n|---|---|\n"
        "| Sunday | time and a fifth |\n"
    ),
)
ISLAND = Document(
    source="docs:t",
    doc_id="pay/working-on-skerrin-island.md",
    title="Working on Skerrin Island",
    text=(
        "# Working on Skerrin Island\n\nThis supplement applies to colleagues based at our two "
        "island centres, Skerrin Leisure Centre and Port Ellan Pool.\n"
    ),
)


def test_a_place_s_supplement_names_its_place() -> None:
    names = site_names(GIBRALTAR)
    assert {"calpe", "gibraltar"} <= names
    assert "sunday" not in names and "the" not in names
    assert {"skerrin", "island"} <= site_names(ISLAND)  # the title's place, lower case or not
    assert site_names(ENHANCEMENTS) == frozenset()  # a general page places itself nowhere


def test_a_question_naming_the_place_keeps_its_page() -> None:
    assert site_pages([GIBRALTAR], "What extra do I get paid for working a Sunday?") == {
        GIBRALTAR.doc_id
    }
    assert site_pages([GIBRALTAR], "By how much are the Calpe rates going up?") == frozenset()
    assert site_pages([ISLAND], "Who do I talk to in HR out here on the island?") == frozenset()
    assert site_pages([ENHANCEMENTS], "What extra do I get for a Sunday?") == frozenset()


def test_switched_off() -> None:
    assert site_supplement.SITE_SUPPLEMENT is False  # measured: it traded an open task away
