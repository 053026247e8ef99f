"""The one row a carried value keys is chosen over lines no value keys (key_bridge.follow,
`_chosen_by_value`, hops20): "I'm based at the Denholme office" goes to the office's record,
which carries "Central area"; asked again with it, the question ranks two lines of the HR
partners' page that name no area above "| Central area | Callum Reid | ... |", the only row
keyed by it. Two retrievals agree on that row, so it answers on its own answerability within
the chain's slack under the floor; main e11327e looked only at the first-ranked line there
and refused. Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.types import Answer

DOCS = {
    "offices": (
        "Office Directory",
        "# Office Directory\n\nEach office belongs to an area, which sets its HR business "
        "partner.\n\n"
        "Denholme office: The Old Library, Station Road, Denholme. Central area.\n\n"
        "Harbour Road Depot: 4 Harbour Road, Fellbrook. East area.\n\n"
        "Ashby House: Market Street, Ashby. North area.\n\n"
        "Kirkby office: 2 Mill Street, Kirkby. West area.\n",
    ),
    "partners": (
        "Your HR Business Partner",
        "# Your HR Business Partner\n\nPayroll questions go to the payroll team, not to your "
        "HR business partner.\n\nYour manager is your first point of contact for any problem "
        "at work; if it is about your manager, go to HR.\n\n"
        "| Area | HR business partner | Email |\n|---|---|---|\n"
        "| East area | Bethan Lloyd | bethan.lloyd@example.org |\n"
        "| North area | Priya Sandhu | priya.sandhu@example.org |\n"
        "| Central area | Callum Reid | callum.reid@example.org |\n",
    ),
}


async def test_the_row_a_carried_value_keys_is_chosen() -> None:
    """In a collection this small the question asked again with "Central area" clears the
    default floor (0.41; among a real handbook's documents it scored 0.20): at 0.42 it is
    under it, as there, and the row, assessed alone, is within the slack."""
    settings = Settings(extractive_floor=0.42)
    question = (
        "Who do I go to in HR about a problem with my manager? I'm based at the Denholme office."
    )
    result = await ask_async(question, TermSource(DOCS), settings=settings)  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert "Callum Reid" in result.text, result.text
    assert "Bethan Lloyd" not in result.text and "Priya Sandhu" not in result.text
    assert {c.doc_id for c in result.citations} == {"offices", "partners"}
    # an area no row of the table is keyed by chooses no row
    other = "Who do I go to in HR about a problem with my manager? I'm based at the Kirkby office."
    refused = await ask_async(other, TermSource(DOCS), settings=settings)  # type: ignore[arg-type]
    said = refused.text if isinstance(refused, Answer) else ""
    assert not any(n in said for n in ("Callum", "Bethan", "Priya")), said
