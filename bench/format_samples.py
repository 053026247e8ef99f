"""Generate real PDF, DOCX, XLSX, PPTX and CSV files for the format tests and benchmarks.

Each file carries known facts at known places (a sentence on page N, a table row under a
header, a cell in a sheet), so a test can check that a citation leads back to the right page,
slide or cell. PDFs have what real reports have: a running header and footer on every page,
two-column text, a hyphenated line break and a ruled table.
"""

from __future__ import annotations

from pathlib import Path

HEADER = "Corvida Annual Report 2025"
TABLE_CAPTION = "Office headcount"
TABLE_HEADER = ("Office", "Staff", "Contractors")
TABLE_ROWS = (("Lisbon office", "22", "13"), ("Porto office", "41", "7"), ("Faro office", "9", "2"))
FILLER = (
    "The company reviews its operations every quarter and publishes a summary for staff. "
    "Budgets are approved by the finance committee before the start of each fiscal year. "
)


def page_fact(page: int) -> str:
    """The one sentence that appears only on `page` (1-based)."""
    return f"Project marker {page:04d} was delivered by team number {page * 7}."


TOPICS = ("Operations", "Offices", "Finance", "People", "Technology", "Customers", "Risks")


def section_title(page: int) -> str:
    """A heading that differs from page to page in words, not only in its number."""
    return f"Section {page}: {TOPICS[page % len(TOPICS)]} {'review' if page % 2 else 'outlook'}"


def make_pdf(
    path: Path,
    pages: int = 3,
    *,
    two_columns: bool = True,
    table_page: int = 2,
    table_every: int = 0,
) -> Path:
    """A report: running header/footer, a fact per page, two columns, a hyphenated break,
    and a table (caption, header row, three rows) on `table_page` (and every `table_every`)."""
    from fpdf import FPDF

    class Report(FPDF):
        def header(self) -> None:
            self.set_font("Helvetica", "I", 9)
            self.cell(0, 8, HEADER, align="C")
            self.ln(12)

        def footer(self) -> None:
            self.set_y(-15)
            self.set_font("Helvetica", "I", 9)
            self.cell(0, 8, f"Page {self.page_no()}", align="C")

    pdf = Report(format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_title("Corvida annual report")
    pdf.set_author("Finance team")
    for n in range(1, pages + 1):
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 14)
        pdf.cell(0, 10, section_title(n), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 11)
        pdf.multi_cell(0, 6, page_fact(n) + " " + FILLER, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        # A word broken across two lines with a hyphen, as typeset text often has.
        pdf.cell(
            0, 6, "Our new data centre relies on a modern infra-", new_x="LMARGIN", new_y="NEXT"
        )
        pdf.cell(0, 6, "structure that was finished in spring.", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        if two_columns:
            top = pdf.get_y()
            left = f"Left column of page {n} begins here. The left column explains the plan. " * 3
            right = f"Right column of page {n} follows after. The right column gives results. " * 3
            pdf.set_xy(10, top)
            pdf.multi_cell(90, 6, left.strip())
            pdf.set_xy(110, top)
            pdf.multi_cell(90, 6, right.strip())
            pdf.set_y(max(pdf.get_y(), top + 60))
        if n == table_page or (table_every and n % table_every == 0):
            pdf.ln(4)
            pdf.set_font("Helvetica", "B", 12)
            pdf.cell(0, 8, TABLE_CAPTION, new_x="LMARGIN", new_y="NEXT")
            pdf.set_font("Helvetica", "", 11)
            with pdf.table(col_widths=(60, 30, 30), width=120, align="LEFT") as table:
                for row in (TABLE_HEADER, *TABLE_ROWS):
                    r = table.row()
                    for cell in row:
                        r.cell(cell)
    pdf.output(str(path))
    return path


def make_docx(path: Path) -> Path:
    """Headings two levels deep, paragraphs and a table under 'Offices'."""
    import docx

    d = docx.Document()
    d.core_properties.title = "Staff handbook"
    d.core_properties.author = "People team"
    d.add_heading("Policies", level=1)
    d.add_heading("Leave", level=2)
    d.add_paragraph("Employees receive 25 days of paid leave per calendar year.")
    d.add_heading("Expenses", level=2)
    d.add_paragraph("Expense claims are submitted within 30 days of purchase.")
    d.add_heading("Offices", level=1)
    d.add_paragraph(TABLE_CAPTION)
    t = d.add_table(rows=1, cols=len(TABLE_HEADER))
    for cell, text in zip(t.rows[0].cells, TABLE_HEADER, strict=True):
        cell.text = text
    for row in TABLE_ROWS:
        cells = t.add_row().cells
        for cell, text in zip(cells, row, strict=True):
            cell.text = text
    d.add_paragraph("Each office has a fire warden appointed by the facilities team.")
    d.save(str(path))
    return path


def make_xlsx(path: Path, extra_rows: int = 0) -> Path:
    """Two sheets: 'Offices' (the table, header on row 1) and 'Budget'."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Offices"
    ws.append(list(TABLE_HEADER))
    for office, staff, contractors in TABLE_ROWS:
        ws.append([office, int(staff), int(contractors)])
    for i in range(extra_rows):
        ws.append([f"Branch {i}", i % 50, i % 9])
    b = wb.create_sheet("Budget")
    b.append(["Item", "Amount (EUR)"])
    b.append(["Travel", 12500])
    b.append(["Training", 8300.5])
    wb.properties.title = "Office figures"
    wb.properties.creator = "Finance team"
    wb.save(str(path))
    return path


def make_pptx(path: Path, slides: int = 3) -> Path:
    """Title + bullet slides; slide 2 holds the table."""
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    prs.core_properties.title = "Quarterly review"
    prs.core_properties.author = "Strategy team"
    for n in range(1, slides + 1):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = f"Topic {n}"
        body = slide.placeholders[1].text_frame
        body.text = page_fact(n)
        body.add_paragraph().text = "Questions are collected at the end of the session."
        if n == 2:
            shape = slide.shapes.add_table(
                len(TABLE_ROWS) + 1, len(TABLE_HEADER), Inches(1), Inches(4), Inches(6), Inches(2)
            )
            for c, text in enumerate(TABLE_HEADER):
                shape.table.cell(0, c).text = text
            for r, row in enumerate(TABLE_ROWS, start=1):
                for c, text in enumerate(row):
                    shape.table.cell(r, c).text = text
    prs.save(str(path))
    return path


def make_csv(path: Path) -> Path:
    rows = [",".join(TABLE_HEADER)] + [",".join(r) for r in TABLE_ROWS]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path
