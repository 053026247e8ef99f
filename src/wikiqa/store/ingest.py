"""Load files into documents and chunk them, keeping character offsets into the text.

Markdown and plain text keep their text as written (front matter removed and parsed into
metadata); HTML is turned into clean text first; PDF, Word, Excel, CSV and PowerPoint files are
extracted by `wikiqa.store.loaders` into Markdown-shaped text with an origin map (page,
slide, cell range, heading path). Citations index the stored `text`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from wikiqa.store.access_meta import ACCESS_KEYS, DENIED, has_access_keys, parse_access
from wikiqa.store.access_meta import stray_metadata as _stray_metadata
from wikiqa.store.html_depth import MAX_HTML_DEPTH, html_depth_over
from wikiqa.store.loaders import BINARY_SUFFIXES, ExtractError, FormatLimits, FormatReader, detect
from wikiqa.store.safe_yaml import load_yaml
from wikiqa.types import Access, AccessScope, Origin, Section

if TYPE_CHECKING:
    from wikiqa.store.manifest import Manifests

SUFFIXES = {".md": "markdown", ".markdown": "markdown", ".txt": "text", ".text": "text",
            ".html": "html", ".htm": "html", ".csv": "csv", **BINARY_SUFFIXES}  # fmt: skip
EXTRACTED = frozenset({"csv", *BINARY_SUFFIXES.values()})  # text made by a format loader
MAX_FILE_BYTES = 20_000_000
CHUNK_TARGET = 900  # characters; paragraphs are merged under one heading up to this size
CHUNK_MAX = 1600  # a longer paragraph is split at sentence-ish boundaries

_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.DOTALL)
_MD_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


@dataclass
class Chunk:
    start: int
    end: int
    text: str
    heading: str = ""


@dataclass
class LoadedDocument:
    doc_id: str
    path: Path
    title: str
    text: str
    content_hash: str
    access: Access
    metadata: dict[str, Any] = field(default_factory=dict)
    origin: str = ""
    sections: list[Section] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    origins: list[Origin] = field(default_factory=list)  # extracted formats: offsets -> place


class SkipFile(Exception):
    """The file cannot be indexed (binary, unreadable, empty); the message says why."""


def text_hash(text: str) -> str:
    """Hash of the text alone (not its metadata): equal for duplicate documents."""
    return hashlib.sha256(text.strip().encode("utf-8", "surrogatepass")).hexdigest()


_CONTROL = bytes(b for b in range(32) if b not in (9, 10, 12, 13))


def _decode(raw: bytes, path: Path) -> tuple[str, list[str]]:
    head = raw[:8192]
    if b"\x00" in head:
        raise SkipFile(f"{path}: looks binary (NUL bytes)")
    if head and len(head) - len(head.translate(None, _CONTROL)) > len(head) // 10:
        raise SkipFile(f"{path}: looks binary (control bytes)")
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
        return text, [f"{path}: not valid UTF-8; decoded as Windows-1252"]


def load_file(
    path: Path,
    root: Path,
    default_scope: AccessScope | None = AccessScope.public,
    manifest: Manifests | None = None,
    *,
    limits: FormatLimits | None = None,
    reader: FormatReader | None = None,
) -> LoadedDocument:
    """Read one file into a LoadedDocument, or raise SkipFile with the reason.

    Access fails closed: front matter that does not parse exactly, access-like text outside
    it, or a manifest problem deny the document to everyone, with a warning naming the file.
    The content, not the extension, decides the format (a lying extension is read as what
    the file is, with a warning, or refused); binary formats are parsed in `reader`'s worker
    process within `limits` (one is started for this file if no reader is given).
    """
    limits = limits or (reader.limits if reader else FormatLimits())
    rel = path.relative_to(root).as_posix() if path != root else path.name
    try:
        # non-blocking open, then a check: reading a named pipe would wait for a writer forever
        with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as fh:
            info = os.fstat(fh.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise SkipFile(f"{path}: not a regular file (a pipe, socket or device)")
            head = fh.read(8192)
            binary, note = detect(path, head, limits)
            cap = limits.max_bytes if binary else MAX_FILE_BYTES
            if info.st_size > cap:
                raise SkipFile(f"{path}: larger than {cap:,} bytes")
            raw = head + fh.read(cap + 1 - len(head))
        if len(raw) > cap:  # it grew while being read
            raise SkipFile(f"{path}: larger than {cap:,} bytes")
    except OSError as exc:
        raise SkipFile(f"{path}: unreadable ({exc.strerror or exc})") from exc
    except ExtractError as exc:
        raise SkipFile(f"{path}: {exc}") from None
    kind = binary or SUFFIXES.get(path.suffix.lower(), "text")
    if kind == "html" and html_depth_over(raw):
        raise SkipFile(
            f"{path}: HTML nested deeper than {MAX_HTML_DEPTH:,} elements "
            "(parsing it would take minutes); not indexed"
        )
    origins: list[Origin] = []
    meta: dict[str, Any] = {}
    if kind in EXTRACTED:
        content, warnings, origins, props = _extract(path, raw, kind, limits, reader)
        warnings = [f"{rel}: {w}" for w in ([note] if note else []) + warnings]
        meta = {k: v for k, v in props.items() if v}
    else:
        content, warnings = _decode(raw, path)
    denials: list[str] = []
    text = content
    if kind == "markdown":
        m = _FRONT.match(content)
        if m:
            try:
                parsed = load_yaml(m.group(1))
                if parsed is None:
                    parsed = {}
                if not isinstance(parsed, dict):
                    raise ValueError("front matter is not a mapping")
                meta = {str(k): v for k, v in parsed.items()}
            except (yaml.YAMLError, ValueError) as exc:
                why = getattr(exc, "problem", None) or str(exc).splitlines()[0]
                denials.append(f"{rel}: malformed front matter ({why}); denied to all readers")
            text = content[m.end() :]
    sections: list[Section] = []
    title = str(meta.get("title") or "")
    if kind == "html":
        from wikiqa.text.html import html_to_text

        parsed_html = html_to_text(content)
        text, sections = parsed_html.text, list(parsed_html.sections)
        title = title or (parsed_html.title or "")
    elif kind in ("markdown", *EXTRACTED):
        sections = markdown_sections(text)
    stray = _stray_metadata(text, kind=kind, raw=content)
    if stray:
        denials.append(f"{rel}: {stray}; denied to all readers")
    if manifest is not None:
        governed = manifest.lookup(path)
        if governed.denied:
            denials.append(governed.denied)
        if governed.entry is not None:
            entry = governed.entry
            both = has_access_keys(meta) and has_access_keys(entry)
            if both and _access_part(meta) != _access_part(entry):
                denials.append(
                    f"{rel}: front matter and access manifest disagree; denied to all readers"
                )
            meta = {**meta, **entry}
            title = title or str(entry.get("title") or "")
    if not text.strip():
        raise SkipFile(f"{path}: empty")
    if not title:
        title = sections[0].title if sections else path.stem.replace("_", " ").replace("-", " ")
    parsed_access = parse_access(meta, rel, default_scope)
    access = DENIED if denials else parsed_access.access
    warnings.extend(denials or parsed_access.warnings)
    metadata = {k: v for k, v in meta.items() if k not in ACCESS_KEYS}
    # Access is compared on its own (so a new default scope or manifest entry re-applies it
    # without re-embedding); the hash covers what decides the text, chunks and vectors.
    digest = hashlib.sha256(raw + json.dumps(metadata, sort_keys=True, default=str).encode())
    if kind == "html":  # a new HTML layout re-derives the text of already indexed pages
        from wikiqa.text.html import LAYOUT_VERSION

        digest.update(f"html-layout:{LAYOUT_VERSION}".encode())
    return LoadedDocument(
        doc_id=rel,
        path=path,
        title=title,
        text=text,
        content_hash=digest.hexdigest(),
        access=access,
        metadata=metadata,
        origin=str(root),
        sections=sections,
        warnings=warnings,
        origins=origins,
    )


def _extract(
    path: Path, raw: bytes, kind: str, limits: FormatLimits, reader: FormatReader | None
) -> tuple[str, list[str], list[Origin], dict[str, Any]]:
    """(text, warnings, origins, document properties) of a PDF/Office/CSV file."""
    try:
        if kind == "csv":
            from wikiqa.store.loaders.base import TextBuilder
            from wikiqa.store.loaders.csv import extract_csv

            text, notes = _decode(raw, path)
            got = extract_csv(text, limits, TextBuilder("csv"))
            got.warnings[:0] = [n.split(": ", 1)[-1] for n in notes]
        elif reader is not None:
            got = reader.read(path, kind)
        else:
            with FormatReader(limits) as own:
                got = own.read(path, kind)
    except ExtractError as exc:
        raise SkipFile(f"{path}: {exc}") from None
    props = {"title": got.title, "author": got.author, "format": kind}
    return got.text, got.warnings, got.origins, props


def _access_part(meta: dict[str, Any]) -> str:
    return json.dumps({k: meta.get(k) for k in ACCESS_KEYS}, sort_keys=True, default=str)


def markdown_sections(text: str) -> list[Section]:
    """ATX headings as sections: each runs from its heading to the next of any level."""
    heads = list(_MD_HEADING.finditer(text))
    out = []
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        out.append(
            Section(title=m.group(2).strip(), level=len(m.group(1)), start=m.start(), end=end)
        )
    return out


_PARA = re.compile(r"\S(?:.*?)(?=\n[ \t]*\n|\Z)", re.DOTALL)


def text_segments(length: int, sections: list[Section]) -> list[tuple[int, int, str]]:
    """Cut [0, length) into disjoint spans, each owned by its innermost section.

    Markdown sections are flat, HTML sections nest (a section runs to the next heading of
    its level or above, so it contains its subsections); owning each character once keeps a
    subsection's text out of its parent's passages.
    """
    spans: list[tuple[int, int, str, int]] = []

    def emit(start: int, end: int, title: str, owner: int) -> None:
        if end <= start:
            return
        if spans and spans[-1][3] == owner and spans[-1][1] == start:
            spans[-1] = (spans[-1][0], end, title, owner)
        else:
            spans.append((start, end, title, owner))

    ordered = sorted(
        ((max(0, s.start), min(s.end, length), s.title, i) for i, s in enumerate(sections)),
        key=lambda t: (t[0], -t[1], t[3]),
    )
    stack: list[tuple[int, str, int]] = []  # open sections: (end, title, index), inner last
    pos = 0
    for start, end, title, idx in ordered:
        while stack and stack[-1][0] <= start:
            top_end, top_title, top_idx = stack.pop()
            emit(pos, top_end, top_title, top_idx)
            pos = max(pos, top_end)
        owner = stack[-1] if stack else (length, "", -1)
        emit(pos, start, owner[1], owner[2])
        pos = max(pos, start)
        end = min(end, stack[-1][0]) if stack else end  # a child never outlives its parent
        stack.append((end, title, idx))
    while stack:
        top_end, top_title, top_idx = stack.pop()
        emit(pos, top_end, top_title, top_idx)
        pos = max(pos, top_end)
    emit(pos, length, "", -1)
    return [(start, end, title) for start, end, title, _ in spans]


def chunk_text(text: str, sections: list[Section]) -> list[Chunk]:
    """Split into passages by heading, then paragraph; offsets index `text` exactly and every
    character belongs to at most one passage (nested sections are not indexed twice)."""
    chunks: list[Chunk] = []
    for start, end, heading in text_segments(len(text), sections):
        cur_start: int | None = None
        cur_end = start
        for m in _PARA.finditer(text, start, end):
            p_start, p_end = m.start(), m.end()
            p_end = p_start + len(text[p_start:p_end].rstrip())
            for s, e in _split_long(text, p_start, p_end):
                if cur_start is not None and e - cur_start > CHUNK_TARGET:
                    chunks.append(Chunk(cur_start, cur_end, text[cur_start:cur_end], heading))
                    cur_start = None
                if cur_start is None:
                    cur_start = s
                cur_end = e
        if cur_start is not None:
            chunks.append(Chunk(cur_start, cur_end, text[cur_start:cur_end], heading))
    return chunks


def _split_long(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Yield [start, end) pieces of at most CHUNK_MAX chars, cut after a sentence end."""
    while end - start > CHUNK_MAX:
        window = text[start : start + CHUNK_MAX]
        cut = max(window.rfind(". "), window.rfind("\n"), window.rfind("? "), window.rfind("! "))
        cut = cut + 1 if cut > CHUNK_MAX // 3 else CHUNK_MAX
        yield start, start + cut
        start += cut
        while start < end and text[start].isspace():
            start += 1
    if end > start:
        yield start, end
