"""A directory entry is one record: a definition list's term and its sentences are about
each other, as a table row's cells are. On a small hotel group's handbook written here, the
directory (`<dt>Larkmoor Pier</dt><dd>Whitby, West Cliff. 60 rooms. North region.</dd>`)
is the only place that says which hotel is the one in Whitby; the fire assembly points are
keyed by hotel. (answerers/name_lookup.py `entry_values`)"""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.name_lookup import entry_values, unread_names
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.html import html_to_text
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document, Refusal

DIRECTORY = html_to_text(
    "<html><body><h1>Hotel Directory</h1><p>Larkmoor Hotels runs three hotels. Each hotel "
    "belongs to a region.</p><dl>"
    "<dt>Larkmoor Pier</dt><dd>Whitby, West Cliff. 60 rooms. North region.</dd>"
    "<dt>Larkmoor Castle</dt><dd>Ludlow, Castle Square. 40 rooms. Marches region.</dd>"
    "<dt>Larkmoor Strand</dt><dd>Brighton, Kings Road. 120 rooms. South region.</dd>"
    "</dl></body></html>"
).text

HANDBOOK = {
    "directory": ("Hotel Directory", DIRECTORY),
    "fire": (
        "Fire Safety",
        "# Fire Safety\n\nIf you discover a fire, raise the alarm at the nearest call point. "
        "Do not use the lifts. When the alarm sounds, leave by the nearest exit and go to "
        "your hotel's assembly point.\n\n| Hotel | Weekly alarm test | Assembly point |\n"
        "|---|---|---|\n| Larkmoor Pier | Mondays at 10:00 | Khyber Pass car park |\n"
        "| Larkmoor Castle | Tuesdays at 11:00 | Castle Square fountain |\n"
        "| Larkmoor Strand | Fridays at 09:30 | Old Steine gardens |\n",
    ),
    # a handbook says much more about fire alarms than the directory does: the first search
    # reads these, not the directory
    **{
        f"fire-{topic.lower()}": (
            f"Fire {topic}",
            f"# Fire {topic}\n\nIn every hotel the fire alarm is tested weekly. {text}\n",
        )
        for topic, text in (
            ("Wardens", "Fire wardens go off shift only after a handover."),
            ("Doors", "Fire doors must never be wedged open; the alarm releases them."),
            ("Training", "Everyone goes on fire training in their first week."),
            ("Alarms", "If the alarm goes off at night, the night manager calls the brigade."),
        )
    },
    "uniform": (
        "Uniform",
        "# Uniform\n\nEvery hotel issues two shirts a year. Name badges are worn at all times.\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there)."""
    return await ask_async(question, TermSource(HANDBOOK), settings=Settings())  # type: ignore[arg-type]


def _line(doc: Document, text: str) -> Candidate:
    start = doc.text.index(text)
    return Candidate(doc, Span(start, start + len(text), text), list(keys(text)), 0)


def test_an_entry_carries_its_term_and_short_sentences_for_a_name_it_says() -> None:
    directory = Document(source="mem", doc_id="d", title="Hotel Directory", text=DIRECTORY)
    q = analyse("Where do we go if the fire alarm goes off at the Whitby hotel?")
    sentence = next(s for s in ("Larkmoor Pier: Whitby, West Cliff.", "Whitby, West Cliff.")
                    if s in DIRECTORY)  # fmt: skip
    # the term, then the entry's short name-like sentences; none that says the name itself
    assert entry_values("Whitby", q, _line(directory, sentence)) == [
        ("", "Larkmoor Pier"),
        ("", "North region"),
    ]
    # another hotel's entry records nothing of Whitby
    assert entry_values("Whitby", q, _line(directory, "Marches region.")) == []
    # a term the question names is no value: the entry's other sentences are
    q = analyse("Do I get a location allowance at Castle?")
    assert ("", "Marches region") in entry_values("Castle", q, _line(directory, "40 rooms."))


def test_a_one_word_name_is_unread_only_when_nothing_read_says_it() -> None:
    q = analyse("Where do we go if the fire alarm goes off at the Whitby hotel?")
    fire = Document(source="mem", doc_id="f", title="Fire Safety", text=HANDBOOK["fire"][1])
    directory = Document(source="mem", doc_id="d", title="Hotel Directory", text=DIRECTORY)
    top = [_line(fire, "Do not use the lifts.")]
    assert unread_names(q, top, [fire]) == ["Whitby"]
    assert unread_names(q, top, [fire, directory]) == []


async def test_a_place_only_the_directory_names_is_looked_up_through_its_entry() -> None:
    result = await ask("Where do we go if the fire alarm goes off at the Whitby hotel?")
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"directory", "fire"}
    assert "Khyber Pass car park" in result.text


async def test_a_place_no_entry_records_gets_no_other_hotels_assembly_point() -> None:
    result = await ask("Where do we go if the fire alarm goes off at the Scarborough hotel?")
    assert not isinstance(result, Answer) or "directory" not in {c.doc_id for c in result.citations}
