"""Bad PDF and Office files are reported by name with the reason and skipped or read within
limits; never a crash or a hang, and the rest of the run is indexed."""

from __future__ import annotations

import io
import os
import signal
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from format_files import samples

import wikiqa.store.loaders as loaders
from wikiqa.store.indexer import index_path
from wikiqa.store.ingest import SkipFile, load_file
from wikiqa.store.loaders import ExtractError, FormatLimits, FormatReader
from wikiqa.store.sqlite import SqliteStore


@pytest.fixture(scope="module")
def reader() -> Iterator[FormatReader]:
    with FormatReader() as r:
        yield r


def _skip_reason(path: Path, reader: FormatReader, limits: FormatLimits | None = None) -> str:
    with pytest.raises(SkipFile) as info:
        load_file(path, path.parent, reader=reader, limits=limits)
    assert str(path) in str(info.value)
    return str(info.value)


def _encrypted_pdf(path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_encryption(owner_password="owner", user_password="secret")
    pdf.add_page()
    pdf.set_font("Helvetica", size=11)
    pdf.cell(0, 10, "The merger closes in March.")
    pdf.output(str(path))
    return path


def _scanned_pdf(path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    for _ in range(2):
        pdf.add_page()
        pdf.set_fill_color(128)
        pdf.rect(20, 20, 150, 200, "F")  # an image of a page: no text layer
    pdf.output(str(path))
    return path


def _zip_bomb(path: Path, unpacked: int = 60_000_000) -> Path:
    """A .docx-looking archive whose one part inflates ~1000:1."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        with z.open("word/document.xml", "w", force_zip64=True) as part:
            block = b"\0" * 1_000_000
            for _ in range(unpacked // len(block)):
                part.write(block)
    return path


def test_encrypted_pdf(tmp_path: Path, reader: FormatReader) -> None:
    why = _skip_reason(_encrypted_pdf(tmp_path / "locked.pdf"), reader)
    assert "password-protected" in why


def test_scanned_pdf_needs_ocr(tmp_path: Path, reader: FormatReader) -> None:
    why = _skip_reason(_scanned_pdf(tmp_path / "scan.pdf"), reader)
    assert "no text layer" in why and "OCR" in why


def test_corrupt_files(tmp_path: Path, reader: FormatReader) -> None:
    good = samples.make_pdf(tmp_path / "good.pdf", pages=2).read_bytes()
    (tmp_path / "truncated.pdf").write_bytes(good[:300])
    assert "not a readable PDF" in _skip_reason(tmp_path / "truncated.pdf", reader)
    (tmp_path / "broken.docx").write_bytes(b"PK\x03\x04" + os.urandom(2000))
    assert "damaged zip" in _skip_reason(tmp_path / "broken.docx", reader)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("word/document.xml", "<not-really-word>")
    (tmp_path / "fake.docx").write_bytes(buf.getvalue())
    assert "not a readable Word file" in _skip_reason(tmp_path / "fake.docx", reader)


def test_zip_bomb_is_refused_before_parsing(tmp_path: Path, reader: FormatReader) -> None:
    bomb = _zip_bomb(tmp_path / "bomb.docx")
    assert bomb.stat().st_size < 200_000
    why = _skip_reason(bomb, reader)
    assert "zip bomb" in why and ":1" in why
    small = FormatLimits(max_unzipped_bytes=10_000_000)
    assert "unpacks to" in _skip_reason(bomb, reader, small)


def test_legacy_office_binary(tmp_path: Path, reader: FormatReader) -> None:
    (tmp_path / "old.doc").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600)
    assert "legacy Office binary" in _skip_reason(tmp_path / "old.doc", reader)


def test_lying_extensions(tmp_path: Path, reader: FormatReader) -> None:
    docx_as_pdf = samples.make_docx(tmp_path / "h.docx").rename(tmp_path / "handbook.pdf")
    doc = load_file(docx_as_pdf, tmp_path, reader=reader)
    assert "25 days of paid leave" in doc.text
    assert any("named .pdf but is a DOCX file" in w for w in doc.warnings)
    pdf_as_txt = samples.make_pdf(tmp_path / "r.pdf", pages=1).rename(tmp_path / "notes.txt")
    doc = load_file(pdf_as_txt, tmp_path, reader=reader)
    assert samples.page_fact(1) in doc.text and doc.origins[0].location == "p. 1"
    (tmp_path / "memo.pdf").write_text("Just a memo, not a PDF at all.\n")
    assert "named .pdf but is not a PDF file" in _skip_reason(tmp_path / "memo.pdf", reader)
    (tmp_path / "sheet.xlsx").write_bytes(samples.make_pdf(tmp_path / "x.pdf", 1).read_bytes())
    doc = load_file(tmp_path / "sheet.xlsx", tmp_path, reader=reader)
    assert any("is a PDF file" in w for w in doc.warnings)


def test_long_pdf_indexed_within_the_page_limit(tmp_path: Path, reader: FormatReader) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for n in range(1, 2001):
        pdf.add_page()
        pdf.cell(0, 10, f"Clause {n} of the long contract.")
    pdf.output(str(tmp_path / "contract.pdf"))
    doc = load_file(tmp_path / "contract.pdf", tmp_path, reader=reader)  # default: 1000
    assert "Clause 1000 of" in doc.text and "Clause 1001 of" not in doc.text
    assert any("2,000 pages; only the first 1,000" in w for w in doc.warnings)
    assert doc.origins[-1].location == "p. 1000"


def test_time_limit_stops_between_pages(tmp_path: Path) -> None:
    path = samples.make_pdf(tmp_path / "r.pdf", pages=300)
    with FormatReader(FormatLimits(timeout=0.05)) as slow:
        doc = load_file(path, tmp_path, reader=slow)
    assert any("time limit reached" in w for w in doc.warnings)
    assert samples.page_fact(300) not in doc.text


def test_stuck_worker_is_killed_and_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(loaders, "KILL_GRACE", 0.5)
    path = samples.make_pdf(tmp_path / "r.pdf", pages=1)
    with FormatReader() as r:  # default time limit while the worker starts (a busy machine)
        r.read(path, "pdf")
        assert r._proc is not None
        os.kill(r._proc.pid, signal.SIGSTOP)  # a parser stuck inside one page
        r.limits = FormatLimits(timeout=0.5)
        began = time.monotonic()
        with pytest.raises(ExtractError, match=r"took longer than 0\.5 s"):
            r.read(path, "pdf")
        assert time.monotonic() - began < 5
        r.limits = FormatLimits()
        assert samples.page_fact(1) in r.read(path, "pdf").text  # a fresh worker


def test_crashed_worker_is_reported(tmp_path: Path) -> None:
    path = samples.make_pdf(tmp_path / "r.pdf", pages=1)
    with FormatReader() as r:
        r.read(path, "pdf")
        assert r._proc is not None
        os.kill(r._proc.pid, signal.SIGKILL)
        r._proc.wait()
        # a dead worker is noticed and replaced before the next file
        assert samples.page_fact(1) in r.read(path, "pdf").text


def test_bad_files_do_not_cost_the_rest_of_the_run(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    samples.make_pdf(folder / "report.pdf", pages=2)
    samples.make_docx(folder / "handbook.docx")
    samples.make_xlsx(folder / "figures.xlsx")
    (folder / "notes.md").write_text("# Notes\n\nThe office plants are watered on Mondays.\n")
    _encrypted_pdf(folder / "locked.pdf")
    _scanned_pdf(folder / "scan.pdf")
    _zip_bomb(folder / "bomb.xlsx")
    (folder / "memo.pptx").write_text("not a presentation")
    store = SqliteStore.create(tmp_path / "c.sqlite")
    try:
        report = index_path(store, folder)
    finally:
        store.close()
    assert sorted(report.added) == ["figures.xlsx", "handbook.docx", "notes.md", "report.pdf"]
    skipped = "\n".join(report.skipped)
    for name, why in [("locked.pdf", "password"), ("scan.pdf", "OCR"), ("bomb.xlsx", "zip bomb"),
                      ("memo.pptx", "not a PPTX file")]:  # fmt: skip
        assert f"{name}: " in skipped and why in skipped, skipped


def test_missing_reader_names_the_pip_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    real_import = builtins.__import__

    def no_pdfium(name: str, *args: object, **kwargs: object) -> object:
        if name.split(".")[0] == "pypdfium2":
            raise ImportError("No module named 'pypdfium2'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_pdfium)
    monkeypatch.delitem(sys.modules, "pypdfium2", raising=False)
    path = samples.make_pdf(tmp_path / "r.pdf", pages=1)
    with pytest.raises(ExtractError, match="run: pip install pypdfium2 pdfplumber"):
        loaders.extract(path, "pdf", FormatLimits())
