"""Load files into documents and chunk them, keeping character offsets into the text.

Markdown and plain text keep their text as written (front matter removed and parsed into
metadata); HTML is turned into clean text first. Citations index the stored `text`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from wikiqa.types import Access, AccessScope, Section

SUFFIXES = {".md": "markdown", ".markdown": "markdown", ".txt": "text", ".text": "text",
            ".html": "html", ".htm": "html"}  # fmt: skip
MAX_FILE_BYTES = 20_000_000
CHUNK_TARGET = 900  # characters; paragraphs are merged under one heading up to this size
CHUNK_MAX = 1600  # a longer paragraph is split at sentence-ish boundaries

_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.DOTALL)
_MD_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_ACCESS_KEYS = ("access_scope", "allowed_departments", "allowed_roles", "owner_user_id")


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


class SkipFile(Exception):
    """The file cannot be indexed (binary, unreadable, empty); the message says why."""


def discover(root: Path) -> Iterator[Path]:
    """Indexable files under `root` (or `root` itself), in a stable order, hidden ones skipped."""
    if root.is_file():
        yield root
        return
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts):
            continue
        if path.is_file() and path.suffix.lower() in SUFFIXES:
            yield path


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


def _access_from(meta: dict[str, Any], default_scope: AccessScope | None) -> Access:
    if not any(k in meta for k in _ACCESS_KEYS):
        return Access(access_scope=default_scope)
    scope = meta.get("access_scope")
    try:
        return Access(
            access_scope=AccessScope(scope) if scope is not None else None,
            allowed_departments=[str(x) for x in _as_list(meta.get("allowed_departments"))],
            allowed_roles=[str(x) for x in _as_list(meta.get("allowed_roles"))],
            owner_user_id=str(meta["owner_user_id"]) if meta.get("owner_user_id") else None,
        )
    except ValueError:
        return Access(access_scope=None)  # unknown scope: denied to all


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def load_file(
    path: Path,
    root: Path,
    default_scope: AccessScope | None = AccessScope.public,
    manifest: dict[str, dict[str, Any]] | None = None,
) -> LoadedDocument:
    """Read one file into a LoadedDocument, or raise SkipFile with the reason."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SkipFile(f"{path}: unreadable ({exc.strerror or exc})") from exc
    if len(raw) > MAX_FILE_BYTES:
        raise SkipFile(f"{path}: larger than {MAX_FILE_BYTES:,} bytes")
    content, warnings = _decode(raw, path)
    kind = SUFFIXES.get(path.suffix.lower(), "text")
    rel = path.relative_to(root).as_posix() if path != root else path.name
    meta: dict[str, Any] = {}
    text = content
    malformed = False
    if kind == "markdown":
        m = _FRONT.match(content)
        if m:
            try:
                parsed = yaml.safe_load(m.group(1))
                if parsed is None:
                    parsed = {}
                if not isinstance(parsed, dict):
                    raise ValueError("front matter is not a mapping")
                meta = {str(k): v for k, v in parsed.items()}
            except (yaml.YAMLError, ValueError) as exc:
                malformed = True
                why = getattr(exc, "problem", None) or str(exc).splitlines()[0]
                warnings.append(f"{rel}: malformed front matter ({why}); denied to all readers")
            text = content[m.end() :]
    sections: list[Section] = []
    title = str(meta.get("title") or "")
    if kind == "html":
        from wikiqa.text.html import html_to_text

        parsed_html = html_to_text(content)
        text, sections = parsed_html.text, list(parsed_html.sections)
        title = title or (parsed_html.title or "")
    elif kind == "markdown":
        sections = markdown_sections(text)
    if manifest and rel in manifest:
        meta = {**meta, **manifest[rel]}
    if not text.strip():
        raise SkipFile(f"{path}: empty")
    if not title:
        title = sections[0].title if sections else path.stem.replace("_", " ").replace("-", " ")
    access = Access(access_scope=None) if malformed else _access_from(meta, default_scope)
    digest = hashlib.sha256(raw + json.dumps(meta, sort_keys=True, default=str).encode())
    return LoadedDocument(
        doc_id=rel,
        path=path,
        title=title,
        text=text,
        content_hash=digest.hexdigest(),
        access=access,
        metadata={k: v for k, v in meta.items() if k not in _ACCESS_KEYS},
        origin=str(root.resolve()),
        sections=sections,
        warnings=warnings,
    )


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


def chunk_text(text: str, sections: list[Section]) -> list[Chunk]:
    """Split into passages by heading, then paragraph; offsets index `text` exactly."""
    bounds = [(0, sections[0].start, "")] if sections and sections[0].start > 0 else []
    bounds += [(s.start, s.end, s.title) for s in sections]
    if not sections:
        bounds = [(0, len(text), "")]
    chunks: list[Chunk] = []
    for start, end, heading in bounds:
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
