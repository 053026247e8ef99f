"""PowerPoint (.pptx) via python-pptx: per slide its title as a `##` heading, then its text
boxes and tables (as Markdown tables) in shape order, then the speaker notes. Every block's
origin is its slide (`slide 3`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from wikiqa.store.loaders.base import Extracted, ExtractError, FormatLimits, TextBuilder, cell_text


def extract_pptx(path: Path, limits: FormatLimits, builder: TextBuilder) -> Extracted:
    from pptx import Presentation

    try:
        prs = Presentation(str(path))
    except Exception as exc:
        raise ExtractError(
            f"not a readable PowerPoint file ({type(exc).__name__}: {exc})"
        ) from None
    total = len(prs.slides)
    read = 0
    for n, slide in enumerate(prs.slides, start=1):
        if n > limits.max_pages or builder.out_of_time():
            builder.warnings.append(
                f"{total} slides; only the first {n - 1} were indexed "
                "(WIKIQA_FORMAT_MAX_PAGES, WIKIQA_FORMAT_TIMEOUT)"
            )
            break
        read += 1
        where = f"slide {n}"
        title_shape = slide.shapes.title
        if title_shape is not None and title_shape.text_frame.text.strip():
            builder.heading(title_shape.text_frame.text, 2, where)
        for shape in _shapes(slide.shapes):
            if title_shape is not None and shape.shape_id == title_shape.shape_id:
                continue
            if getattr(shape, "has_table", False) and shape.has_table:
                rows = [[cell_text(c.text) for c in row.cells] for row in shape.table.rows]
                builder.table(rows, where)
            elif getattr(shape, "has_text_frame", False) and shape.has_text_frame:
                for para in shape.text_frame.paragraphs:
                    text = "".join(r.text for r in para.runs).strip()
                    if text:
                        builder.paragraph(text, where)
        if slide.has_notes_slide:
            notes = slide.notes_slide.notes_text_frame
            if notes is not None and notes.text.strip():
                builder.paragraph(notes.text.strip(), where)
    props = prs.core_properties
    return builder.build(title=props.title or "", author=props.author or "", units=read)


def _shapes(shapes: Any) -> Iterator[Any]:
    """Shapes in order, with groups opened."""
    for shape in shapes:
        if getattr(shape, "shape_type", None) == 6:  # MSO_SHAPE_TYPE.GROUP
            yield from _shapes(shape.shapes)
        else:
            yield shape
