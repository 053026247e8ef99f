"""Table rows read with their caption (text/tables.py): a line ending in a colon across a
blank line above the table introduces it; other prose does not."""

from __future__ import annotations

from wikiqa.text.tables import table_rows

MATRIX = (
    "# Spending Approval Matrix\n\n"
    "Maximum amount each role may approve for a single purchase:\n\n"
    "| Approver | Limit |\n|---|---|\n| Manager | €10,000 |\n| Director | €50,000 |\n"
)


def test_a_lead_in_across_a_blank_line_is_the_tables_caption() -> None:
    rows = table_rows(MATRIX)
    assert rows[1].heading is not None and rows[1].heading.text == "# Spending Approval Matrix"
    assert rows[1].lead is not None
    assert rows[1].lead.text == "Maximum amount each role may approve for a single purchase:"
    assert rows[1].reading() == (
        "Spending Approval Matrix. Maximum amount each role may approve for a single purchase. "
        "Approver: Director; Limit: €50,000"
    )


def test_prose_across_a_blank_line_is_not_a_caption() -> None:
    text = MATRIX.replace("for a single purchase:", "for a single purchase.")
    rows = table_rows(text)
    assert rows[0].heading is not None and rows[0].heading.text == "# Spending Approval Matrix"
    assert rows[0].lead is None


def test_a_line_right_above_is_still_the_caption() -> None:
    text = "# Leave\n\nEntitlement per office\n| Office | Days |\n|---|---|\n| Lisbon | 25 |\n"
    assert table_rows(text)[0].heading.text == "Entitlement per office"  # type: ignore[union-attr]


def test_the_sentence_ending_in_the_colon_is_the_lead_in() -> None:
    lead = "The budget is set each year. Limits per role are:"
    text = MATRIX.replace("Maximum amount each role may approve for a single purchase:", lead)
    got = table_rows(text)[0].lead
    assert got is not None and got.text == "Limits per role are:"
    assert text[got.start : got.end] == got.text


def test_a_long_paragraph_ending_in_a_colon_is_no_caption() -> None:
    lead = "The budget for 2026 is 3.2% of base payroll and " * 3 + "increases follow the rating:"
    rows = table_rows(
        MATRIX.replace("Maximum amount each role may approve for a single purchase:", lead)
    )
    assert rows[0].heading is not None and rows[0].heading.text == "# Spending Approval Matrix"
    assert rows[0].lead is None


def test_an_html_row_with_an_empty_last_cell_stays_in_its_table() -> None:
    # html.py writes no empty cell: "| Team leader | £1,000 |" under a three-column header
    # is a row of that table (GFM pads it), not the header of a new one
    from wikiqa.text.html import html_to_text

    text = html_to_text(
        "<table><tr><th>Job</th><th>Single order limit</th><th>Notes</th></tr>"
        "<tr><td>Supervisor</td><td>£1,500</td><td>Materials only</td></tr>"
        "<tr><td>Team leader</td><td>£1,000</td><td></td></tr>"
        "<tr><td>Area manager</td><td>£2,500</td><td>Within budget</td></tr></table>"
    ).text
    rows = table_rows(text)
    assert [r.cells()[0] for r in rows] == ["Supervisor", "Team leader", "Area manager"]
    assert {r.header.text for r in rows} == {"Job | Single order limit | Notes"}
    assert (
        rows[2].reading() == "Job: Area manager; Single order limit: £2,500; Notes: Within budget"
    )


def test_a_narrower_markdown_header_with_its_separator_starts_a_new_table() -> None:
    text = "| A | B | C |\n|---|---|---|\n| 1 | 2 | 3 |\n| X | Y |\n|---|---|\n| 4 | 5 |\n"
    rows = table_rows(text)
    assert [(r.header.text, r.cells()[0]) for r in rows] == [
        ("| A | B | C |", "1"),
        ("| X | Y |", "4"),
    ]
