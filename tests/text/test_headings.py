"""text/headings.py: one reading of Markdown ATX headings, by CommonMark's rules, and the
modules that read it (a section's heading, a table's section, a list's heading key)."""

from __future__ import annotations

import pytest

from wikiqa.answerers.rows import table_section
from wikiqa.text.headings import (
    heading_at,
    heading_starting,
    headings,
    is_heading,
    parse_heading,
    section_bounds,
    title_at,
)
from wikiqa.text.records import record_key
from wikiqa.text.sentences import split_sentences
from wikiqa.text.tables import table_rows


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("# Leave", (1, "Leave")),
        ("###### Six", (6, "Six")),
        ("## Fees ##", (2, "Fees")),  # closing hashes are no part of the title
        ("## Fees ##   ", (2, "Fees")),
        ("## C#", (2, "C#")),  # a hash the title ends with, no space before it, stays
        ("## Fees#", (2, "Fees#")),
        ("##\tTabbed", (2, "Tabbed")),
        ("   ## Three spaces", (2, "Three spaces")),
        ("##", (2, "")),  # an empty heading is a heading
        ("## ", (2, "")),
        ("## ##", (2, "")),
        ("# #", (1, "")),
        ("#hashtag", None),  # no space after the hashes
        ("####### Seven", None),  # seven hashes
        ("    ## Four spaces", None),  # indented code
        ("Fees ## here", None),
    ],
)
def test_a_line_is_read_as_commonmark_reads_an_atx_heading(
    line: str, expected: tuple[int, str] | None
) -> None:
    assert parse_heading(line) == expected
    assert is_heading(line) is (expected is not None)


DOC = (
    "Intro line.\n"
    "# Leave policy\n"
    "Staff get 25 days.\n"
    "   ## Booking ##\n"
    "Book two weeks ahead.\n"
    "##\n"
    "Untitled section text.\n"
    "## C#\n"
    "Compiler notes.\n"
)


def test_a_documents_headings_carry_their_offsets_levels_and_verbatim_titles() -> None:
    found = headings(DOC)
    assert [(h.level, h.title) for h in found] == [
        (1, "Leave policy"),
        (2, "Booking"),
        (2, ""),
        (2, "C#"),
    ]
    for h in found:
        assert DOC[h.start : h.end].lstrip(" ").startswith("#")
        assert DOC[h.title_start : h.title_start + len(h.title)] == h.title


def test_the_heading_of_a_position_is_the_last_one_starting_at_or_before_it() -> None:
    assert heading_at(DOC, 0) is None
    assert title_at(DOC, DOC.index("Staff")) == "Leave policy"
    assert title_at(DOC, DOC.index("Book two")) == "Booking"  # an indented heading counts
    # an empty heading ends the section above it: its text is under no title
    assert title_at(DOC, DOC.index("Untitled")) == ""
    assert title_at(DOC, DOC.index("Compiler")) == "C#"
    assert heading_starting(DOC, DOC.index("   ## Booking")) is not None
    assert heading_starting(DOC, DOC.index("Staff")) is None


def test_a_section_runs_from_its_heading_to_the_next() -> None:
    start, end = section_bounds(DOC, DOC.index("Book two"))
    assert DOC[start:end] == "   ## Booking ##\nBook two weeks ahead.\n"
    assert section_bounds(DOC, 3) == (0, DOC.index("# Leave"))


def test_a_table_under_an_indented_heading_is_read_within_its_section() -> None:
    text = (
        "# Leave\n"
        "Give notice of leave four weeks ahead.\n"
        "  ## Entitlement\n"
        "| Grade | Days |\n"
        "| --- | --- |\n"
        "| A | 25 |\n"
    )
    header = table_rows(text)[0].header.start
    section = table_section(text, header)
    assert section.startswith("  ## Entitlement")
    assert "notice" not in section


def test_a_tables_heading_is_read_without_its_closing_hashes() -> None:
    text = "## Annual leave ##\n\n| Office | Days |\n| --- | --- |\n| Lisbon | 22 |\n"
    assert table_rows(text)[0].reading().startswith("Annual leave. ")


def test_a_lists_heading_key_keeps_a_hash_its_title_ends_with() -> None:
    text = "Teams.\n\n## Team C#\n\n- Ana Ruiz\n- Bo Lind\n"
    item = next(s for s in split_sentences(text) if s.text.endswith("Ana Ruiz"))
    key = record_key(text, item.start, item.end)
    assert key is not None and key.text == "Team C#"
    assert text[key.start : key.end] == key.text


def test_an_empty_heading_keys_no_list() -> None:
    text = "Teams.\n\n##\n\n- Ana Ruiz\n- Bo Lind\n"
    item = next(s for s in split_sentences(text) if s.text.endswith("Ana Ruiz"))
    assert record_key(text, item.start, item.end) is None
