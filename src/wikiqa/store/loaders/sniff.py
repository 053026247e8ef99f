"""What a file really is, from its bytes, and whether an Office archive is safe to open.

The extension is a claim; the content decides. A `.pdf` that is a Word file is read as Word
(with a warning); a `.docx` that is not a zip is refused with the reason. Office files are
zip archives: their uncompressed size and compression ratio are checked from the archive's
directory before any parser inflates them (a zip bomb named `.docx` stops here).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from wikiqa.store.loaders.base import ExtractError, FormatLimits

BINARY_SUFFIXES = {".pdf": "pdf", ".docx": "docx", ".xlsx": "xlsx", ".xlsm": "xlsx",
                   ".pptx": "pptx"}  # fmt: skip
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_OOXML_PARTS = (("word/document.xml", "docx"), ("xl/workbook.xml", "xlsx"),
                ("ppt/presentation.xml", "pptx"))  # fmt: skip
_RATIO_FLOOR = 10_000_000  # below this uncompressed size any ratio is harmless
_MAX_ENTRIES = 20_000


def sniff(head: bytes) -> str | None:
    """'pdf', 'zip', 'ole2' from the first bytes, or None (text or unknown)."""
    if b"%PDF-" in head[:1024]:
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return "zip"
    if head.startswith(_OLE2):
        return "ole2"
    return None


def office_kind(path: Path, limits: FormatLimits) -> str:
    """'docx', 'xlsx' or 'pptx' for a safe Office archive; ExtractError otherwise."""
    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ExtractError(f"a damaged zip archive ({exc})") from None
    if len(infos) > _MAX_ENTRIES:
        raise ExtractError(f"a zip archive of {len(infos):,} entries (a zip bomb?)")
    unpacked = sum(i.file_size for i in infos)
    packed = max(1, sum(i.compress_size for i in infos))
    if unpacked > limits.max_unzipped_bytes:
        raise ExtractError(
            f"unpacks to {unpacked:,} bytes, over the {limits.max_unzipped_bytes:,} limit "
            "(a zip bomb?; WIKIQA_FORMAT_MAX_UNZIPPED_MB)"
        )
    if unpacked > _RATIO_FLOOR and unpacked / packed > limits.max_zip_ratio:
        raise ExtractError(
            f"compressed {unpacked / packed:,.0f}:1, over the {limits.max_zip_ratio:g}:1 limit "
            "(a zip bomb?)"
        )
    names = {i.filename for i in infos}
    for part, kind in _OOXML_PARTS:
        if part in names:
            return kind
    raise ExtractError("a zip archive that is not a Word, Excel or PowerPoint file")


def detect(path: Path, head: bytes, limits: FormatLimits) -> tuple[str | None, str]:
    """(binary kind or None for text, warning) for `path`, whose first bytes are `head`.

    Raises ExtractError for a file that claims a binary format it does not have, or that is
    a format wikiqa does not read (legacy .doc/.xls/.ppt, encrypted Office files).
    """
    claimed = BINARY_SUFFIXES.get(path.suffix.lower())
    found = sniff(head)
    if found == "ole2":
        raise ExtractError(
            "a legacy Office binary (.doc/.xls/.ppt) or a password-protected Office file; "
            "save it as .docx/.xlsx/.pptx without a password"
        )
    kind = office_kind(path, limits) if found == "zip" else found
    if claimed is None and kind is None:
        return None, ""
    if kind is None:
        what = "empty" if not head else "text or an unknown format"
        raise ExtractError(
            f"named {path.suffix} but is not a {(claimed or '').upper()} file ({what})"
        )
    if claimed is not None and claimed != kind:
        return kind, f"named {path.suffix} but is a {kind.upper()} file; read as {kind.upper()}"
    if claimed is None:
        return (
            kind,
            f"named {path.suffix or '(no extension)'} but is a {kind.upper()} file; read as {kind.upper()}",
        )
    return kind, ""
