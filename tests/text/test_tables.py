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
