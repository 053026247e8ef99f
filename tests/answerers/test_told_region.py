"""A place the asker names is in the region a directory row keys it to: a neighbour that
sets that region's readers or sites out ("Drivers in Wales follow Welsh Duty Rules.") is no
hit for them, and no chain cites it (told_region.py). On small documents written here: a bus
company's depots and a call centre's sites."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.scope import excluded_places
from wikiqa.answerers.told_region import keyed_cells, told_names
from wikiqa.store.embed import OnnxEmbedder
from wikiqa.types import Answer, Document, Principal

DEPOTS = (
    "Depots and Areas",
    "# Depots and Areas\n\n"
    "We run buses from four depots in two areas.\n\n"
    "| Depot | Area | Garage code |\n"
    "|---|---|---|\n"
    "| Pontypridd | Wales | PP |\n"
    "| Caerphilly Road | Wales | CR |\n"
    "| Hereford | England | HF |\n"
    "| Ledbury | England | LB |\n",
)
ENGLAND = (
    "Duty Rules for Drivers",
    "# Duty Rules for Drivers\n\n"
    "These rules are for our depots in England. Drivers in Wales follow Welsh Duty Rules.\n\n"
    "The longest duty a driver can be given is 10 hours.\n\n"
    "Drivers may swap a duty with another driver through the depot office.\n",
)
WALES = (
    "Welsh Duty Rules",
    "# Welsh Duty Rules\n\n"
    "Our Welsh depots work under the Welsh traffic commissioner's conditions.\n\n"
    "The longest duty a driver can be given is 9 hours 30 minutes.\n",
)
DRIVER = Principal(user_id="u-1", roles=["staff", "driver"], departments=["operations"])


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(source="mem", doc_id=doc_id, title=title, text=text)


def test_the_names_a_question_gives_and_the_row_they_key() -> None:
    assert told_names("I drive out of Pontypridd. What's the longest duty?") == ["Pontypridd"]
    assert told_names("I've moved to the Falkirk Fuel & Go. Sunday hours?") == ["Falkirk Fuel"]
    assert told_names("What's the longest duty on Monday?") == []  # a day names no place
    depots = [_doc("depots", *DEPOTS)]
    assert {"wale", "pp"} <= keyed_cells("Pontypridd", depots)
    assert "wale" in keyed_cells("Caerphilly Road depot", depots)  # its first words key it
    assert keyed_cells("Cardiff", depots) == frozenset()  # no row keyed by it


def test_sites_of_a_place_are_set_out_as_its_readers_are() -> None:
    found = excluded_places("Stores in Scotland follow Trading Hours in Scotland.")
    assert [sorted(names) for names, _ in found] == [["scotland"]]
    assert excluded_places("Stores open at 07:00 and follow the rota.") == ()


async def _ask(question: str, docs: dict[str, tuple[str, str]], emb: OnnxEmbedder) -> object:
    answerer = ExtractiveAnswerer(max_sentences=3, embedder=emb)
    return await ask_over(docs, question, who=DRIVER, answerer=answerer)


async def test_a_driver_at_a_welsh_depot_is_answered_from_the_welsh_rules(
    emb: OnnxEmbedder,
) -> None:
    """Before, the depot's row and England's "Drivers in Wales follow Welsh Duty Rules."
    answered the Pontypridd driver: the question says no "Wales", only the depot."""
    docs = {"depots": DEPOTS, "england": ENGLAND, "wales": WALES}
    q = "I drive out of Pontypridd. What's the longest duty I can be given?"
    result = await _ask(q, docs, emb)
    assert isinstance(result, Answer), result
    assert "england" not in {c.doc_id for c in result.citations}, result.citations
    assert "9 hours 30 minutes" in result.text
    # a driver at an English depot keeps England's document
    own = await _ask("I'm a driver at Ledbury. What's the longest duty?", docs, emb)
    assert isinstance(own, Answer), own
    assert "wales" not in {c.doc_id for c in own.citations}, own.citations
    assert "england" in {c.doc_id for c in own.citations}, own.citations


async def test_the_neighbour_s_rule_does_not_answer_when_the_region_s_own_is_silent(
    emb: OnnxEmbedder,
) -> None:
    docs = {"depots": DEPOTS, "england": ENGLAND, "wales": WALES}
    result = await _ask("I'm on the buses at Caerphilly Road. Can I swap a duty?", docs, emb)
    cited = {c.doc_id for c in result.citations} if isinstance(result, Answer) else set()
    assert "england" not in cited, result


SITES = (
    "Contact Centre Sites",
    "# Contact Centre Sites\n\n"
    "| Site | Region | Seats |\n"
    "|---|---|---|\n"
    "| Clydebank | Scotland | 240 |\n"
    "| Sunderland | England | 310 |\n",
)
BREAKS = (
    "Adviser Breaks",
    "# Adviser Breaks\n\n"
    "How breaks work on the phones. Advisers in Scotland follow Adviser Breaks (Scotland).\n\n"
    "Every adviser gets a paid screen break of 10 minutes each hour.\n",
)
BREAKS_SCOTLAND = (
    "Adviser Breaks (Scotland)",
    "# Adviser Breaks (Scotland)\n\n"
    "Our Scottish advisers agreed their own pattern with the union.\n\n"
    "Every adviser gets a paid screen break of 15 minutes every 2 hours.\n",
)


async def test_a_call_centre_adviser_at_a_scottish_site_gets_the_scottish_breaks(
    emb: OnnxEmbedder,
) -> None:
    """Before, refused: the general breaks guide's line ranked first, under the floor."""
    docs = {"sites": SITES, "breaks": BREAKS, "scotland": BREAKS_SCOTLAND}
    result = await _ask("I take calls at Clydebank. How long is my screen break?", docs, emb)
    assert isinstance(result, Answer), result
    assert "breaks" not in {c.doc_id for c in result.citations}, result.citations
    assert "15 minutes" in result.text
