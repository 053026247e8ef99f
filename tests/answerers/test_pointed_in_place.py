"""A line that sends the reader to another document by its title ("see Shift Pay") restates
that document's rule: when the evidence ranks a line of the named document, that line is read
in its place and cited for a yes/no question asking whether the asker gets a thing
(answerers/pointed.py, pointed_evidence, read by ExtractiveAnswerer.clearing). Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers import extractive
from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
from wikiqa.answerers.features import analyse
from wikiqa.answerers.pointed import pointed_titles
from wikiqa.pipeline import extractive_answerer
from wikiqa.settings import Settings

HEALTH = (
    "Health at Work",
    "# Health at Work\n\n- Staff on nights get an annual health check (see Shift Premiums).\n"
    "- Staff on the sewer network are offered hepatitis vaccinations.\n"
    "- Everyone may book a flu jab in October.\n",
)
PREMIUMS = (
    "Shift Premiums",
    "# Shift Premiums\n\nA night shift is any shift with at least 3 hours between 23:00 and "
    "06:00.\n\nStaff on nights can have a free health check each year through Occupational "
    "Health.\n\nWeekend shifts are paid at time and a quarter.\n",
)
DOCS = {"health": HEALTH, "premiums": PREMIUMS}
QUESTION = "I've gone onto nights. Do I get a yearly medical?"


async def evidence() -> tuple[ExtractiveAnswerer, Evidence]:
    """The whole question's evidence as the answerer assesses it over both documents."""
    source = TermSource(DOCS)
    answerer = extractive_answerer(Settings())
    assert isinstance(answerer, ExtractiveAnswerer)
    hits = await source.search(QUESTION, k=5)
    docs = {h.doc_id: await source.fetch(h.doc_id) for h in hits}
    found = answerer.assess(analyse(QUESTION), hits, docs)
    assert found is not None
    return answerer, found


def test_a_pointer_names_the_title_it_sends_its_reader_to() -> None:
    assert pointed_titles("Night workers get a check (see Shift Premiums).") == ["shift premiums"]
    assert pointed_titles("See the Staff Directory for numbers.") == ["staff directory for numbers"]
    assert pointed_titles("Night workers get a yearly health check.") == []
    # a line excluding readers points to their own guide, not to the rule it restates
    assert pointed_titles("This does not apply to agency staff (see the Agency Guide).") == []


async def test_the_named_documents_line_answers_in_place_of_the_pointer() -> None:
    """The pointer ranks first a little under the floor and grants the thing in other words
    ("medical" / "health"); the line of the document it names is read and answers."""
    answerer, found = await evidence()
    assert found.ranked[0].doc.title == "Health at Work"
    assert answerer.floor - 0.15 <= found.score < answerer.floor
    cleared = answerer.clearing([found], found)
    assert [e.ranked[0].doc.title for e in cleared] == ["Shift Premiums"]
    assert "free health check each year" in cleared[0].ranked[0].text


async def test_without_the_rule_the_pointer_itself_answers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """What the rule changes: the same evidence, the pointer read as it ranked."""
    monkeypatch.setattr(extractive, "pointed_evidence", lambda e: None)
    answerer, found = await evidence()
    cleared = answerer.clearing([found], found)
    assert [e.ranked[0].doc.title for e in cleared] == ["Health at Work"]
