"""A name ends where its sentence does (name_lookup.question_names, hops22). An asker who
says where they work before asking ("I'm a caretaker on Kettleby. On what day ...?") ends
the statement with the name; read as one capitalised run with the next sentence's first
word it was "Kettleby. On", which no document says, so the name was never looked up alone
and the first hop's row for another area answered. Main 9c14bc7 answered with the Central
area's row. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer

DOCS = {
    "a-depots": (
        "Repairs Depots",
        "# Repairs Depots\n\nEach area's repairs are sent from one depot. Operatives top up "
        "van stock at that depot's stores.\n\n"
        "| Area | Depot | Van stock top-up day |\n|---|---|---|\n"
        "| Central area | Millfield Depot | Wednesday |\n"
        "| North area | Millfield Depot | Monday |\n"
        "| East area | Harbour Road Depot | Tuesday |\n",
    ),
    "b-vans": (
        "Van Use",
        "# Van Use\n\nRepairs vans are parked at the depot overnight. Keep the van stock "
        "locked away at the end of each day.\n",
    ),
    "c-fire": (
        "Fire Safety at Depots",
        "# Fire Safety at Depots\n\nEvery depot tests its fire alarm once a week. Repairs "
        "staff leave by the van park exit.\n",
    ),
    "d-parking": (
        "Depot Parking",
        "# Depot Parking\n\nEach depot has yard parking for repairs vans and staff cars, free "
        "of charge, every day.\n",
    ),
    "d-stores": (
        "Depot Stores",
        "# Depot Stores\n\nStores at each depot open at 7:00. Materials not held in stock are "
        "ordered for repairs through the merchant account.\n",
    ),
    "e-estates": (
        "Areas and Estates",
        "# Areas and Estates\n\nOur homes are grouped into three areas.\n\n"
        "## North area\n\n- Ashby Moor\n- Carrow Fields\n\n"
        "## Central area\n\n- Denholme Park\n- Riverside\n\n"
        "## East area\n\n- Kettleby\n- Sandpiper Rise\n",
    ),
}


def test_question_names_end_at_the_sentence() -> None:
    from wikiqa.answerers.name_lookup import question_names

    assert question_names("I'm a caretaker on Kettleby. On what day is it?") == ["Kettleby"]
    assert question_names("I've just started at Saltmere. Who's my HR person?")[0] == "Saltmere"
    # an abbreviation's full stop ends no sentence
    assert "Dr. Jane Smith" in question_names("Where does Dr. Jane Smith work?")


async def test_the_askers_place_said_before_the_question_keys_the_row() -> None:
    question = (
        "I'm a caretaker on Kettleby. On what day does the depot that sends our repairs "
        "top up van stock?"
    )
    result = await ask_async(question, TermSource(DOCS), settings=Settings())  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "| East area | Harbour Road Depot | Tuesday |" in result.text, result.text
    assert "Central area" not in result.text
    assert {c.doc_id for c in result.citations} == {"e-estates", "a-depots"}
