"""A chain built on a first pass under the floor, for a question that names nothing (no
capitalised word, no number), must answer: its answer line says a word of what the bridge
left open, or is clearly closer in meaning to it than the bridge is (hops._answers_what_is_open).
Small documents written here; the floor is set where the tiny collection's first pass is under
it and the substituted question is over it, as the handbook's were."""

from __future__ import annotations

from memsource import ask_over

from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.types import Answer, Refusal

DOCS = {
    "hotels/location-allowances.md": (
        "Location Allowances",
        "Staff at hotels in London and the South East get a location allowance.\n\n"
        "Your region is the region of the hotel you work at (see the Hotel Directory).\n\n"
        "The allowance is paid monthly with your salary.",
    ),
    "hotels/hotel-directory.md": (
        "Hotel Directory",
        "Each hotel belongs to an operating region, which sets its location allowance, its "
        "bank holidays and its regional director.\n\n"
        "The Minster hotel is in York, on Petergate.",
    ),
    "people/conduct.md": (
        "Code of Conduct",
        "Treat guests and colleagues with respect.\n\nDo not accept gifts worth more than £25.",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=0.2, max_sentences=3)
    return await ask_over(DOCS, question, answerer=answerer)


async def test_a_chain_for_a_question_naming_nothing_must_say_what_is_still_asked() -> None:
    # main answered "Your region is ... (see the Hotel Directory). Each hotel belongs to an
    # operating region, ...": the bridge holds "hotel" and "work", the directory's line says
    # nothing of a second job
    r = await ask("Am I allowed to have a second job at another hotel?")
    assert isinstance(r, Refusal), r.text
    # the same documents still answer what they say, through both of them
    r = await ask("Who sets the bank holidays at the hotel I work at?")
    assert isinstance(r, Answer)
    assert "bank holidays" in r.text
    assert {c.doc_id for c in r.citations} == set(list(DOCS)[:2])
