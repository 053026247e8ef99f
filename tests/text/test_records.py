"""text/records.py: the key of the record a sentence sits in, as a span of the text."""

from __future__ import annotations

from wikiqa.text.html import html_to_text
from wikiqa.text.records import keyed_reading, record_key
from wikiqa.text.sentences import split_sentences


def keys_of(text: str) -> dict[str, str | None]:
    """Each sentence of `text` -> the text of its record's key (None when it has none)."""
    out: dict[str, str | None] = {}
    for s in split_sentences(text):
        key = record_key(text, s.start, s.end)
        if key is not None:
            assert text[key.start : key.end] == key.text  # verbatim, citable
        out[s.text] = key.text if key else None
    return out


def test_a_definition_lists_later_sentences_are_keyed_by_its_term() -> None:
    text = html_to_text(
        "<dl><dt>Saltmarsh office</dt><dd>Unit 3, Quayside. East area. Open to tenants 9:00 "
        "to 16:00.</dd><dt>Carrow office</dt><dd>14 Market Street. Open to tenants 9:00 to "
        "16:30.</dd></dl>"
    ).text
    keys = keys_of(text)
    assert keys["Saltmarsh office: Unit 3, Quayside."] is None  # says its term itself
    assert keys["Open to tenants 9:00 to 16:00."] == "Saltmarsh office:"
    assert keys["Open to tenants 9:00 to 16:30."] == "Carrow office:"


def test_a_labelled_lines_key_is_its_name_without_the_markup() -> None:
    text = (
        "Hotels:\n\n- **Larkmoor Pier**: Whitby, West Cliff. 60 rooms.\n"
        "Boxing Day: Sunday timetable. Staff are paid the bank holiday rate.\n"
        "Saltmarsh office: Unit 3, Quayside. Open to tenants 9:00 to 16:00.\n"
    )
    keys = keys_of(text)
    assert keys["60 rooms."] == "Larkmoor Pier"
    assert keys["Staff are paid the bank holiday rate."] == "Boxing Day:"
    assert keys["Open to tenants 9:00 to 16:00."] == "Saltmarsh office:"
    assert keys["Hotels:"] is None


def test_bare_entries_are_keyed_by_the_heading_their_list_sits_under() -> None:
    text = (
        "# Areas\n\n## North area\n\n- Ashby Moor\n- Orchard Court (sheltered scheme)\n\n"
        "## East area\n\n- Sandpiper Rise\n\n## Booking leave\n\n"
        "- Book leave in the HR portal; your manager approves it there.\n\n"
        "## Estates\n\nEach estate belongs to one area:\n\n- Kettleby\n"
    )
    keys = keys_of(text)
    assert keys["- Ashby Moor"] == "North area"
    assert keys["- Orchard Court (sheltered scheme)"] == "North area"
    assert keys["- Sandpiper Rise"] == "East area"
    # an item that is a sentence says what it is: its heading is only the section's topic
    assert keys["- Book leave in the HR portal; your manager approves it there."] is None
    # a list with a lead-in line is read under it (text/lists.py), not under the heading
    assert keys["- Kettleby"] is None


def test_a_keyed_reading_is_the_key_then_the_sentence() -> None:
    text = "## East area\n\n- Sandpiper Rise\n"
    s = split_sentences(text)[-1]
    key = record_key(text, s.start, s.end)
    assert key is not None
    assert keyed_reading(key, s.text) == "East area: Sandpiper Rise"
