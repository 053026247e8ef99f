"""PDF, Word, Excel, CSV and PowerPoint files become cited text: each quote leads back to its
page, slide, cell range or heading path; tables keep each cell under its column header."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from format_files import samples

from wikiqa.grounding.validator import Ledger
from wikiqa.store.ingest import LoadedDocument, load_file
from wikiqa.store.loaders import FormatReader
from wikiqa.text.origins import location_of
from wikiqa.types import Answer, Citation, Claim, Document, Origin


@pytest.fixture(scope="module")
def reader() -> Iterator[FormatReader]:
    with FormatReader() as r:
        yield r


def _load(path: Path, reader: FormatReader) -> LoadedDocument:
    return load_file(path, path.parent, reader=reader)


def _where(doc: LoadedDocument, quote: str) -> str | None:
    start = doc.text.index(quote)
    return location_of(doc.origins, start, start + len(quote))


def test_pdf_fact_is_cited_to_its_page(tmp_path: Path, reader: FormatReader) -> None:
    doc = _load(samples.make_pdf(tmp_path / "report.pdf", pages=5), reader)
    for page in (1, 3, 5):
        assert _where(doc, samples.page_fact(page)) == f"p. {page}"
    assert doc.title == "Corvida annual report" and doc.metadata["author"] == "Finance team"


def test_pdf_quote_across_pages_names_both(tmp_path: Path, reader: FormatReader) -> None:
    doc = _load(samples.make_pdf(tmp_path / "report.pdf", pages=3), reader)
    start = doc.text.index(samples.page_fact(1))
    end = doc.text.index(samples.page_fact(2)) + 5
    assert location_of(doc.origins, start, end) == "pp. 1-2"


def test_pdf_fidelity_headers_hyphens_columns(tmp_path: Path, reader: FormatReader) -> None:
    doc = _load(samples.make_pdf(tmp_path / "report.pdf", pages=4), reader)
    assert samples.HEADER not in doc.text  # running header on every page: dropped
    assert "Page 2" not in doc.text  # footer page numbers: dropped
    assert f"# {samples.section_title(2)}\n" in doc.text  # headings (by font size): kept
    assert samples.section_title(2) in [s.title for s in doc.sections]
    assert "modern infrastructure that" in doc.text  # 'infra-' + 'structure' joined
    left = doc.text.index("Left column of page 2 begins here. The left column explains the plan.")
    right = doc.text.index("Right column of page 2 follows after.")
    assert left < right  # the whole left column before the right one, not interleaved
    assert "The left column explains the plan. Left column of page 2" in doc.text


def test_table_rows_keep_their_headers_in_every_format(
    tmp_path: Path, reader: FormatReader
) -> None:
    made = [
        samples.make_pdf(tmp_path / "r.pdf", pages=2, table_page=2),
        samples.make_docx(tmp_path / "h.docx"),
        samples.make_xlsx(tmp_path / "o.xlsx"),
        samples.make_pptx(tmp_path / "q.pptx"),
        samples.make_csv(tmp_path / "o.csv"),
    ]
    block = "| Office | Staff | Contractors |\n| --- | --- | --- |\n| Lisbon office | 22 | 13 |"
    for path in made:
        doc = _load(path, reader)
        assert block in doc.text, (path.name, doc.text)
        assert "| Faro office | 9 | 2 |" in doc.text


def test_pdf_table_follows_its_caption(tmp_path: Path, reader: FormatReader) -> None:
    doc = _load(samples.make_pdf(tmp_path / "r.pdf", pages=2, table_page=2), reader)
    caption = doc.text.index(samples.TABLE_CAPTION)
    assert doc.text[caption:].startswith(samples.TABLE_CAPTION + "\n\n| Office | Staff |")
    assert _where(doc, "| Porto office | 41 | 7 |") == "p. 2"


def test_docx_heading_path(tmp_path: Path, reader: FormatReader) -> None:
    doc = _load(samples.make_docx(tmp_path / "handbook.docx"), reader)
    assert _where(doc, "Employees receive 25 days of paid leave") == "Policies > Leave"
    assert _where(doc, "Expense claims are submitted") == "Policies > Expenses"
    assert _where(doc, "| Porto office | 41 | 7 |") == "Offices"
    assert doc.title == "Staff handbook"
    assert [s.title for s in doc.sections][:3] == ["Policies", "Leave", "Expenses"]


def test_xlsx_row_cited_to_its_cells(tmp_path: Path, reader: FormatReader) -> None:
    doc = _load(samples.make_xlsx(tmp_path / "figures.xlsx"), reader)
    assert _where(doc, "| Porto office | 41 | 7 |") == "Offices!A3:C3"
    assert _where(doc, "| Training | 8300.5 |") == "Budget!A3:B3"
    two_rows = "| Lisbon office | 22 | 13 |\n| Porto office | 41 | 7 |"
    assert _where(doc, two_rows) == "Offices!A2:C3"
    assert doc.title == "Office figures"


def test_pptx_slide(tmp_path: Path, reader: FormatReader) -> None:
    doc = _load(samples.make_pptx(tmp_path / "review.pptx", slides=3), reader)
    assert _where(doc, samples.page_fact(3)) == "slide 3"
    assert _where(doc, "| Lisbon office | 22 | 13 |") == "slide 2"
    assert "## Topic 2" in doc.text


def test_csv_rows(tmp_path: Path, reader: FormatReader) -> None:
    doc = _load(samples.make_csv(tmp_path / "offices.csv"), reader)
    assert _where(doc, "| Porto office | 41 | 7 |") == "row 3"


def test_validator_citation_carries_location(tmp_path: Path, reader: FormatReader) -> None:
    loaded = _load(samples.make_pdf(tmp_path / "annual-report.pdf", pages=3), reader)
    doc = Document(source="collection", doc_id=loaded.doc_id, title=loaded.title,
                   text=loaded.text, origins=loaded.origins)  # fmt: skip
    texts = Ledger()
    texts.add(doc)
    cit, why = texts.locate(samples.page_fact(2), doc.doc_id)
    assert cit is not None, why
    assert cit.location == "p. 2"
    answer = Answer(claims=[Claim(text=cit.quote, citations=[0])], citations=[cit])
    assert "annual-report.pdf, p. 2, chars" in answer.formatted()
    assert answer.to_dict()["citations"][0]["location"] == "p. 2"


def test_location_of_without_origins_is_none() -> None:
    assert location_of([], 0, 10) is None
    origins = [Origin(start=0, end=5, location="Sheet1!A1:B1"),
               Origin(start=6, end=9, location="Other!A2:B2")]  # fmt: skip
    assert location_of(origins, 0, 9) == "Sheet1!A1:B1"  # two sheets: the first
    plain = Citation(source="s", doc_id="d", title="t", start=0, end=1, quote="x")
    assert plain.location is None


def test_pdf_table_with_wrapped_cells_and_bullets(tmp_path: Path, reader: FormatReader) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.core_fonts_encoding = "windows-1252"  # has the bullet glyph
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 10, "Travel rules", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    for item in ("Book trains over flights under 500 km.", "Keep every receipt."):
        pdf.multi_cell(0, 6, "\u2022 " + item, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    long = "Economy class on every flight, premium economy above nine hours of flying time"
    with pdf.table(col_widths=(30, 60), width=90) as table:
        for row in (("Trip", "Class"), ("Long haul", long), ("Short haul", "Economy")):
            r = table.row()
            for cell in row:
                r.cell(cell)
    pdf.output(str(tmp_path / "travel.pdf"))
    doc = _load(tmp_path / "travel.pdf", reader)
    assert (
        "# Travel rules\n\n- Book trains over flights under 500 km.\n- Keep every receipt."
        in doc.text
    )
    assert f"| Long haul | {long} |" in doc.text  # the cell wrapped over lines: one row
    assert "| Short haul | Economy |" in doc.text


def test_location_ranges_for_slides_and_rows() -> None:
    def spans(*labels: str) -> list[Origin]:
        return [Origin(start=10 * i, end=10 * i + 9, location=x) for i, x in enumerate(labels)]

    assert location_of(spans("slide 2", "slide 3"), 5, 15) == "slides 2-3"
    assert location_of(spans("row 2", "row 3", "row 4"), 0, 25) == "rows 2-4"
    assert location_of(spans("p. 7", "p. 8"), 12, 15) == "p. 8"  # inside one origin
    assert location_of(spans("p. 7", "p. 8"), 9, 10) is None  # the gap between blocks
