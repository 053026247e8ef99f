"""Bridges said in a definition list, in a prose range, or by a person's name only a
directory records, on a small bus company handbook written here. The directory is an HTML
definition list (`<dt>Kingsmead Depot</dt><dd>... Runs routes 20 to 39 ...</dd>`), read as
one line "Kingsmead Depot: ..." per depot (text/html.py): its sentences say which routes a
depot runs and who manages it, but not the depot's name, which is the line's term.
(answerers/described.py `line_term`, answerers/ranges.py, answerers/name_lookup.py)"""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.described import description
from wikiqa.answerers.extractive import Candidate
from wikiqa.answerers.features import keys
from wikiqa.answerers.name_lookup import unread_names
from wikiqa.answerers.ranges import holds_numbers, ranges_in
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.html import html_to_text
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document, Refusal

DIRECTORY = html_to_text(
    "<html><body><h1>Depot Directory</h1><p>Ferncombe Buses runs its buses from two depots "
    "and one outstation. Each depot has an office open whenever services run.</p><dl>"
    "<dt>Harbour Depot</dt><dd>Quay Road, Ferncombe. Runs city routes 1 to 19 and the night "
    "buses N1 to N9. Depot manager: Lena Marsh.</dd>"
    "<dt>Kingsmead Depot</dt><dd>Kingsmead Way, Ferncombe. Runs routes 20 to 39 and the "
    "airport express. Depot manager: Tom Asquith.</dd>"
    "<dt>Fellside Outstation</dt><dd>Station Yard, Fellside. Runs the rural routes 70 to 79. "
    "It is supervised from Harbour Depot.</dd></dl></body></html>"
).text

HANDBOOK = {
    "directory": ("Depot Directory", DIRECTORY),
    "canteens": (
        "Canteens",
        "# Canteens\n\nEvery depot has a rest room with a kettle and lockers. Canteens serve hot "
        "food.\n\n| Depot | Canteen open, weekdays | Hot food |\n|---|---|---|\n"
        "| Harbour | 05:00 to 23:00 | yes |\n| Kingsmead | 04:30 to 23:30 | yes |\n"
        "| Fellside | no canteen | vending machines only |\n",
    ),
    "purchasing": (
        "Purchasing Limits",
        "# Purchasing Limits\n\nEvery order needs a purchase order before the goods are "
        "ordered.\n\n| Approver | Up to | Quotes needed |\n|---|---|---|\n"
        "| Depot manager | £5,000 | 1 written quote |\n| Finance Director | £150,000 | 3 "
        "written quotes |\n| Board | above £150,000 | formal tender |\n",
    ),
    "uniform": (
        "Uniform",
        "# Uniform\n\nDrivers get two shirts a year. Depot staff collect uniform from the "
        "depot office.\n",
    ),
}


async def ask(question: str) -> Answer | Refusal:
    """As shipped: the default answerer (with the bundled embedder when it is there)."""
    return await ask_async(question, TermSource(HANDBOOK), settings=Settings())  # type: ignore[arg-type]


def cited(result: Answer | Refusal) -> set[str]:
    assert isinstance(result, Answer), result
    return {c.doc_id for c in result.citations}


def test_a_range_in_prose_holds_a_number_but_codes_and_times_do_not() -> None:
    assert ranges_in("Runs the rural routes 70 to 79.") == [(70.0, 79.0)]
    assert holds_numbers({72.0}, "Runs the rural routes 70 to 79.")
    assert not holds_numbers({72.0}, "Runs routes 20 to 39 and the airport express.")
    # "N1 to N9" names night buses: its numbers are parts of codes, not a range of routes
    assert not holds_numbers({5.0}, "Runs the night buses N1 to N9.")
    assert not holds_numbers({9.0}, "The canteen is open 08:00 to 20:00.")
    assert holds_numbers({20.0}, "Runs routes 20 to 39.")


def test_the_main_verb_after_an_auxiliary_ends_the_description() -> None:
    d = description("Does the depot that runs the 72 have a canteen?")
    assert d is not None and d.clause == "runs the 72"
    # one closing verb is still the main verb's
    d = description("How much notice does the person who signs contracts need?")
    assert d is not None and d.clause == "signs contracts"


async def test_a_definitions_term_resolves_a_description_said_by_a_range() -> None:
    result = await ask("Does the depot that runs the 72 have a canteen?")
    assert cited(result) == {"directory", "canteens"}
    assert "vending machines only" in result.text
    # the term's sentence is cited before the range that resolves the description
    assert "Fellside Outstation: Station Yard, Fellside." in result.text
    assert "Runs the rural routes 70 to 79." in result.text


async def test_a_definitions_term_holding_the_noun_resolves_a_contact_clause() -> None:
    result = await ask("What time does the canteen open on weekdays at the depot the airport "
                       "express runs from?")  # fmt: skip
    assert cited(result) == {"directory", "canteens"}
    assert "04:30 to 23:30" in result.text and "05:00 to 23:00" not in result.text


def test_only_names_the_best_lines_do_not_say_are_looked_up() -> None:
    from wikiqa.answerers.features import analyse

    q = analyse("How much can Tom Asquith approve on a purchase order?")
    purchasing = Document(source="mem", doc_id="p", title="Purchasing Limits",
                          text=HANDBOOK["purchasing"][1])  # fmt: skip
    directory = Document(source="mem", doc_id="d", title="Depot Directory", text=DIRECTORY)
    row = "| Depot manager | £5,000 | 1 written quote |"
    line = "Depot manager: Tom Asquith."
    assert unread_names(q, [_line(purchasing, row)]) == ["Tom Asquith"]
    assert unread_names(q, [_line(directory, line)]) == []


def _line(doc: Document, text: str) -> Candidate:
    start = doc.text.index(text)
    return Candidate(doc, Span(start, start + len(text), text), list(keys(text)), 0)


async def test_a_person_is_looked_up_and_their_role_keys_the_table() -> None:
    result = await ask("How much can Tom Asquith approve on a purchase order?")
    assert cited(result) == {"directory", "purchasing"}
    assert "Depot manager: Tom Asquith." in result.text and "£5,000" in result.text


async def test_a_person_no_document_records_is_not_given_someone_elses_limit() -> None:
    result = await ask("How much can Ruth Okoye approve on a purchase order?")
    assert not isinstance(result, Answer) or "directory" not in cited(result)


def test_a_labelled_line_carries_its_label_for_the_name_the_question_gives() -> None:
    from wikiqa.answerers.features import analyse
    from wikiqa.answerers.key_bridge import carried_values

    q = analyse("How much can Tom Asquith approve on a purchase order?")
    directory = Document(source="mem", doc_id="d", title="Depot Directory", text=DIRECTORY)
    # the label first; then what the definition the line sits in records (its term: the
    # depot he manages, record_keys.recorded)
    assert carried_values(q, _line(directory, "Depot manager: Tom Asquith.")) == [
        ("", "Depot manager"),
        ("", "Kingsmead Depot"),
    ]
    # another person's line carries nothing for him
    assert carried_values(q, _line(directory, "Depot manager: Lena Marsh.")) == []
