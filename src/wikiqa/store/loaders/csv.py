"""CSV: one Markdown table, header from the first row; each line's origin is `row N`."""

from __future__ import annotations

import csv
import io

from wikiqa.store.loaders.base import Extracted, ExtractError, FormatLimits, TextBuilder, cell_text
from wikiqa.store.loaders.xlsx import ROWS_PER_PAGE


def extract_csv(content: str, limits: FormatLimits, builder: TextBuilder) -> Extracted:
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(content[:8192], ",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows: list[list[str]] = []
    locs: list[str] = []
    budget = limits.max_pages * ROWS_PER_PAGE
    try:
        for n, values in enumerate(csv.reader(io.StringIO(content), dialect), start=1):
            if len(rows) >= budget:
                builder.warnings.append(f"row limit reached at row {n}; the rest was not indexed")
                break
            cells = [cell_text(v) for v in values]
            if any(cells):
                rows.append(cells)
                locs.append(f"row {n}")
    except csv.Error as exc:
        raise ExtractError(f"not a readable CSV file ({exc})") from None
    builder.table(rows, "", locs)
    return builder.build(units=1)
