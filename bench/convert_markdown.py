"""Convert a folder of Markdown files to PDF and DOCX, as a writer exporting them would.

    python bench/convert_markdown.py SRC_DIR OUT_DIR [--formats pdf,docx]

Writes OUT_DIR/pdf/... and OUT_DIR/docx/... mirroring SRC_DIR. Headings become real
headings (larger type in the PDF, Heading styles in Word), bullets become bullet
paragraphs, tables become ruled tables, code blocks monospace text; inline Markdown marks
(`**`, backticks, links) are dropped to what a reader sees. Front matter cannot live in a
PDF, so each folder gets a `wikiqa-access.yaml` carrying the files' access keys and titles.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*\r?\n", re.DOTALL)
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MARKS = re.compile(r"(\*\*|__|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)|`)")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
ACCESS_KEYS = ("access_scope", "allowed_departments", "allowed_roles", "owner_user_id")
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


@dataclass
class Block:
    kind: str  # heading, para, bullet, table, code
    text: str = ""
    level: int = 0
    rows: list[list[str]] = field(default_factory=list)


def inline(text: str) -> str:
    return _MARKS.sub("", _LINK.sub(r"\1", text)).strip()


def parse(markdown: str) -> tuple[dict[str, object], list[Block]]:
    """Front matter and the body's blocks."""
    meta: dict[str, object] = {}
    m = _FRONT.match(markdown)
    if m:
        meta = yaml.safe_load(m.group(1)) or {}
        markdown = markdown[m.end() :]
    blocks: list[Block] = []
    lines = markdown.splitlines()
    i = 0
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("para", inline(" ".join(para))))
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            flush()
            code = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i])
                i += 1
            blocks.append(Block("code", "\n".join(code)))
        elif h := _HEADING.match(line):
            flush()
            blocks.append(Block("heading", inline(h.group(2)), level=len(h.group(1))))
        elif line.strip().startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                if not _RULE.match(lines[i]):
                    cells = lines[i].strip().strip("|").split("|")
                    rows.append([inline(c) for c in cells])
                i += 1
            blocks.append(Block("table", rows=rows))
            continue
        elif b := _BULLET.match(line):
            flush()
            blocks.append(Block("bullet", inline(b.group(1))))
        elif not line.strip():
            flush()
        elif blocks and blocks[-1].kind == "bullet" and not para and line.startswith("  "):
            blocks[-1].text += " " + inline(line)
        else:
            para.append(line.strip())
        i += 1
    flush()
    return meta, blocks


def write_pdf(blocks: list[Block], title: str, path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_title(title)
    sans = "Helvetica"
    mono = "Courier"
    if (FONT_DIR / "DejaVuSans.ttf").exists():
        pdf.add_font("Sans", "", str(FONT_DIR / "DejaVuSans.ttf"))
        pdf.add_font("Sans", "B", str(FONT_DIR / "DejaVuSans-Bold.ttf"))
        pdf.add_font("Mono", "", str(FONT_DIR / "DejaVuSansMono.ttf"))
        sans, mono = "Sans", "Mono"
    pdf.set_auto_page_break(True, margin=15)
    pdf.add_page()
    width = pdf.epw
    for b in blocks:
        if b.kind == "heading":
            pdf.ln(2)
            pdf.set_font(sans, "B", {1: 18, 2: 15, 3: 13}.get(b.level, 12))
            pdf.multi_cell(width, 8, b.text, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(1)
        elif b.kind == "para":
            pdf.set_font(sans, "", 10)
            pdf.multi_cell(width, 5.5, b.text, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
        elif b.kind == "bullet":
            pdf.set_font(sans, "", 10)
            pdf.multi_cell(width, 5.5, "\u2022 " + b.text, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(1.5)
        elif b.kind == "code":
            pdf.set_font(mono, "", 8.5)
            pdf.multi_cell(width, 4.5, b.text or " ", new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
        elif b.kind == "table" and b.rows:
            pdf.set_font(sans, "", 8.5)
            ncols = max(len(r) for r in b.rows)
            with pdf.table(line_height=4.5, first_row_as_headings=True) as table:
                for row in b.rows:
                    r = table.row()
                    for cell in row + [""] * (ncols - len(row)):
                        r.cell(cell)
            pdf.ln(3)
    pdf.output(str(path))


def write_docx(blocks: list[Block], title: str, path: Path) -> None:
    import docx

    d = docx.Document()
    d.core_properties.title = title
    for b in blocks:
        if b.kind == "heading":
            d.add_heading(b.text, level=min(b.level, 9))
        elif b.kind == "para":
            d.add_paragraph(b.text)
        elif b.kind == "bullet":
            d.add_paragraph(b.text, style="List Bullet")
        elif b.kind == "code":
            d.add_paragraph(b.text)
        elif b.kind == "table" and b.rows:
            ncols = max(len(r) for r in b.rows)
            t = d.add_table(rows=0, cols=ncols)
            t.style = "Table Grid"
            for row in b.rows:
                cells = t.add_row().cells
                for cell, text in zip(cells, row + [""] * (ncols - len(row)), strict=True):
                    cell.text = text
    d.save(str(path))


def convert(src: Path, out: Path, formats: list[str]) -> dict[str, int]:
    counts = dict.fromkeys(formats, 0)
    manifests: dict[tuple[str, Path], dict[str, dict[str, object]]] = {}
    for md in sorted(src.rglob("*.md")):
        rel = md.relative_to(src)
        meta, blocks = parse(md.read_text(encoding="utf-8"))
        title = str(meta.get("title") or next((b.text for b in blocks if b.kind == "heading"), ""))
        entry = {k: meta[k] for k in ACCESS_KEYS if k in meta}
        if title:
            entry["title"] = title
        for fmt in formats:
            target = (out / fmt / rel).with_suffix(f".{fmt}")
            target.parent.mkdir(parents=True, exist_ok=True)
            (write_pdf if fmt == "pdf" else write_docx)(blocks, title, target)
            counts[fmt] += 1
            if entry:
                manifests.setdefault((fmt, target.parent), {})[target.name] = entry
    for (_, folder), entries in manifests.items():
        (folder / "wikiqa-access.yaml").write_text(yaml.safe_dump(entries, sort_keys=True))
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--formats", default="pdf,docx")
    args = ap.parse_args()
    print(convert(args.src, args.out, args.formats.split(",")))


if __name__ == "__main__":
    main()
