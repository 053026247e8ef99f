"""The one row a bridge's value keys answers in its own words (key_bridge.follow,
`sole_key_row`, hops20): "What number do I ring before I turn up at our yard?" goes from the
site's row ("| Tanner Street Flats | Central | Stoneleigh Plant Yard |") to the yards table,
where "| Stoneleigh Plant Yard | 0121 496 0481 | ... |" is the only row keyed by the value
and is first for the question asked again with it, over the floor, yet says none of "number",
"ring" or "turn up": its column is "Phone". Main e11327e required a word of the question
still open and refused. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.key_bridge import sole_key_row
from wikiqa.pipeline import ask_async
from wikiqa.types import Answer, Refusal

DOCS = {
    "sites": (
        "Sites and Regions",
        "# Sites and Regions\n\nEvery live site belongs to a region and draws its materials "
        "from that region's yard.\n\n"
        "| Site | Building | Region | Nearest yard |\n|---|---|---|---|\n"
        "| Tanner Street Flats | 9-storey flats | Central | Stoneleigh Plant Yard |\n"
        "| Harbour View | Offices | South | Quarry Road Yard |\n"
        "| Mill Lane Homes | 40 houses | North | Brigg Lane Yard |\n",
    ),
    "yards": (
        "Yards and Opening Hours",
        "# Yards and Opening Hours\n\nCollect materials, small tools and PPE from your "
        "region's yard.\n\n"
        "| Yard | Phone | Monday to Friday | Saturday |\n|---|---|---|---|\n"
        "| Stoneleigh Plant Yard | 0121 496 0481 | 06:00 to 18:00 | 07:00 to 13:00 |\n"
        "| Quarry Road Yard | 0117 496 0482 | 06:30 to 16:30 | closed |\n"
        "| Brigg Lane Yard | 0113 496 0480 | 06:30 to 17:00 | 07:00 to 12:00 |\n",
    ),
    "vans": (
        "Company Vans",
        "# Company Vans\n\nVans are booked through your site supervisor. A van must be back "
        "at its yard by 18:00.\n",
    ),
}


async def test_the_row_a_value_keys_answers_in_its_own_words() -> None:
    question = (
        "We're putting up the flats on Tanner Street. What number do I ring before I turn up "
        "at our yard for a big load of materials?"
    )
    result = await ask_async(question, TermSource(DOCS))  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "0121 496 0481" in result.text, result.text
    assert "0117" not in result.text and "0113" not in result.text
    assert {c.doc_id for c in result.citations} == {"sites", "yards"}
    # a thing no column of the keyed row says is not answered by it
    asked = "We're putting up the flats on Tanner Street. Is there a gym at our yard?"
    refused = await ask_async(asked, TermSource(DOCS))  # type: ignore[arg-type]
    assert isinstance(refused, Refusal) or "0121 496 0481" not in refused.text


def test_a_value_keying_several_rows_keys_none_alone() -> None:
    """Only the row whose key cell holds the value, and only when no other row's does."""
    from wikiqa.answerers.extractive import ExtractiveAnswerer
    from wikiqa.answerers.features import analyse
    from wikiqa.types import Document, Hit

    text = (
        "# Yards\n\n| Yard | Phone |\n|---|---|\n| Stoneleigh Plant Yard | 0121 496 0481 |\n"
        "| Stoneleigh Plant Yard (annexe) | 0121 496 0499 |\n| Brigg Lane Yard | 0113 496 0480 |\n"
    )
    doc = Document(source="mem", doc_id="y", title="Yards", text=text)
    hit = Hit(source="mem", doc_id="y", title="Yards", score=1.0)
    answerer = ExtractiveAnswerer()
    q = analyse("What is the phone number of Brigg Lane Yard?")
    evidence = answerer.assess(q, [hit], {"y": doc}, [])
    assert evidence is not None
    rows = {c.span.text.split("|")[1].strip(): c for c in evidence.ranked if c.header}
    assert sole_key_row("Brigg Lane Yard", rows["Brigg Lane Yard"])
    assert not sole_key_row("Stoneleigh Plant Yard", rows["Stoneleigh Plant Yard"])
    assert not sole_key_row("Brigg Lane Yard", rows["Stoneleigh Plant Yard"])
