"""Excel (.xlsx) via openpyxl in read-only mode: each sheet becomes a `## Sheet` heading and
a Markdown table whose header is the sheet's first non-empty row. Each row's origin is its
cell range (`Offices!A3:C3`), so a cited row leads back to the cells."""

from __future__ import annotations

from pathlib import Path

from openpyxl.utils import get_column_letter

from wikiqa.store.loaders.base import Extracted, ExtractError, FormatLimits, TextBuilder, cell_text

ROWS_PER_PAGE = 100  # rows count against WIKIQA_FORMAT_MAX_PAGES at this rate


def extract_xlsx(path: Path, limits: FormatLimits, builder: TextBuilder) -> Extracted:
    import openpyxl

    try:
        wb = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
    except Exception as exc:
        raise ExtractError(f"not a readable Excel file ({type(exc).__name__}: {exc})") from None
    budget = limits.max_pages * ROWS_PER_PAGE
    sheets = 0
    try:
        for ws in wb.worksheets:
            rows: list[list[str]] = []
            locs: list[str] = []
            for r, values in enumerate(ws.iter_rows(values_only=True), start=1):
                if budget <= 0 or (r % 500 == 0 and builder.out_of_time()):
                    builder.warnings.append(
                        f"sheet {ws.title!r}: row or time limit reached at row {r}; "
                        "the rest was not indexed (WIKIQA_FORMAT_MAX_PAGES, WIKIQA_FORMAT_TIMEOUT)"
                    )
                    break
                cells = [cell_text(v) for v in values]
                while cells and not cells[-1]:
                    cells.pop()
                if not cells:
                    continue
                budget -= 1
                rows.append(cells)
                locs.append(f"{ws.title}!A{r}:{get_column_letter(len(cells))}{r}")
            if rows:
                sheets += 1
                builder.heading(ws.title, 2, f"{ws.title}!A1")
                builder.table(rows, ws.title, locs)
            if budget <= 0:
                break
        props = wb.properties
        title, author = props.title or "", props.creator or ""
    finally:
        wb.close()
    return builder.build(title=title, author=author, units=sheets)
