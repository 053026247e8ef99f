"""A cited line's clause that sends what was asked about to another document by its title
("Our Orkney centres have their own hours (see Working in Orkney), and ...") is followed
there: the named document's best line, when it clears the floor for the question on its own
and says a word the clause shares with the question or the answer's other lines, is cited
first (pointed.py `clause_pointers`, `ExtractiveAnswerer._clause_pointed`). A clause handing a
kind of reader to their own guide is left to scope.py. Small documents written here: a
garden centre group's opening hours, its island supplement and its list of centres."""

from __future__ import annotations

import pytest
from memsource import quotes_over

from wikiqa.answerers import extractive
from wikiqa.answerers.features import key
from wikiqa.answerers.pointed import clause_names, clause_pointers, hands_on
from wikiqa.store.embed import OnnxEmbedder

HOURS = (
    "Opening Hours",
    "# Opening Hours\n\n"
    "These are the normal opening hours at our mainland garden centres. Our Orkney centres "
    "have their own hours (see Working in Orkney), and the festive period has its own times "
    "each year (see the Festive Opening notice).\n\n"
    "| Day | Opening hours |\n|---|---|\n| Monday to Friday | 09:00 to 18:00 |\n"
    "| Saturday | 09:00 to 17:30 |\n| Sunday | 10:00 to 16:30 |\n\n"
    "- Staff on the opening shift arrive 30 minutes before opening.\n",
)
ORKNEY = (
    "Working in Orkney",
    "# Working in Orkney\n\n"
    "This supplement applies to colleagues at our two Orkney centres, Kirkwall and Stromness."
    "\n\n## Opening hours in Orkney\n\n"
    "| Day | Kirkwall and Stromness |\n|---|---|\n| Monday to Saturday | 10:00 to 17:00 |\n"
    "| Sunday | 12:00 to 16:00 |\n\n"
    "## Ferry travel\n\nWe pay the ferry fare when we send you to the mainland for training.\n",
)
# the named page, saying nothing of the hours
FERRIES = (
    "Working in Orkney",
    "# Working in Orkney\n\n## Ferry travel\n\n"
    "We pay the ferry fare when we send you to the mainland for training.\n",
)
CENTRES = (
    "Our Centres",
    "# Our Centres\n\n| Centre | Town | Area |\n|---|---|---|\n"
    "| Kirkwall Garden Centre | Kirkwall | Orkney |\n| Perth Garden Centre | Perth | Mainland |\n",
)
ASKED = "We're at Kirkwall Garden Centre. What are our opening times on a Sunday?"


def test_each_clause_and_the_title_it_points_to() -> None:
    line = HOURS[1].split("\n\n")[1]
    assert clause_pointers(line) == [
        ("Our Orkney centres have their own hours", "Working in Orkney"),
        ("and the festive period has its own times each year", "Festive Opening notice"),
    ]
    assert clause_pointers("Pay is set by your band; see the table below.") == []


def test_a_kind_of_reader_handed_to_their_guide_is_not_this_reading() -> None:
    assert hands_on("Casual drivers are paid for holiday differently", "Casual Drivers' Guide")
    assert not hands_on("Our Orkney centres have their own hours", "Working in Orkney")


async def test_the_named_documents_line_is_cited_first(emb: OnnxEmbedder) -> None:
    docs = {"hours": HOURS, "orkney": ORKNEY, "centres": CENTRES}
    quotes = await quotes_over(emb, docs, ASKED)
    assert quotes is not None
    assert quotes[1] == "| Sunday | 12:00 to 16:00 |", quotes
    assert any("(see Working in Orkney)" in q for q in quotes), quotes


async def test_without_the_reading_only_the_pointer_is_cited(
    emb: OnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extractive, "POINTED_CLAUSE", False)
    quotes = await quotes_over(emb, {"hours": HOURS, "orkney": ORKNEY, "centres": CENTRES}, ASKED)
    assert quotes is not None
    assert not any("12:00" in q for q in quotes), quotes


async def test_a_named_page_that_does_not_answer_adds_nothing(emb: OnnxEmbedder) -> None:
    quotes = await quotes_over(emb, {"hours": HOURS, "orkney": FERRIES, "centres": CENTRES}, ASKED)
    assert not quotes or not any("ferry" in q for q in quotes), quotes


async def test_the_mainland_reader_keeps_the_mainland_line(emb: OnnxEmbedder) -> None:
    docs = {"hours": HOURS, "orkney": ORKNEY, "centres": CENTRES}
    quotes = await quotes_over(
        emb, docs, "What time does a mainland garden centre open on a Sunday?"
    )
    assert quotes is not None
    assert "| Sunday | 10:00 to 16:30 |" in quotes, quotes
    assert not any("12:00" in q for q in quotes), quotes


async def test_a_refused_question_stays_refused(emb: OnnxEmbedder) -> None:
    docs = {"hours": HOURS, "orkney": ORKNEY, "centres": CENTRES}
    for question in (
        "Is there a bonus for staff who refer a friend?",
        "Do we get a discount on plants at Kirkwall Garden Centre?",
    ):
        assert await quotes_over(emb, docs, question) is None, question


def test_a_clause_sends_on_a_named_place_not_a_kind_of_pay() -> None:
    assert clause_names("Our Orkney centres have their own hours") == {key("Orkney")}
    assert not clause_names("and working one is paid at double time")
    assert not clause_names("Bank holidays are part of your annual leave allowance")
