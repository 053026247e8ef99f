"""HTML -> plain text with stable character offsets.

Citations point into the text by offsets, so the conversion must be deterministic: the same
HTML always gives the same text. Used for Kiwix ZIM articles and for local `.html` files, so
it is general (not Wikipedia-only) and never raises on broken markup.

Layout of the output:
- blocks (paragraphs, headings, lists, tables, ...) are separated by one blank line;
- list items, table rows and `<br>` start a new line; a list item starts with a Markdown
  marker (`- ` in `<ul>`, `1. ` in `<ol>`), indented two spaces per level of nesting, so the
  list reading of `wikiqa.text.lists` (lead-in line plus items) applies to HTML as to Markdown;
- a definition-list pair (`<dt>term</dt><dd>definition</dd>`) is one line `term: definition`,
  which reads as a sentence and stays whole (several terms join with `, `, several
  definitions with `; `); a `<dl>` that is not made of such pairs (Wikipedia indents with
  bare `<dd>`) gives a line per term or definition;
- whitespace is folded within a line, text is NFC-normalised, no trailing newline;
- key/value table rows (`<th>Label</th><td>value</td>`, e.g. infoboxes) become `Label: value`,
  other table rows become cells joined by ` | `;
- each heading opens a `Section` whose span starts at the heading line and runs until the next
  heading of the same or a higher level (so a section contains its subsections).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

from wikiqa.types import Section

__all__ = ["LAYOUT_VERSION", "HtmlText", "html_to_text"]

# Bumped whenever the same HTML gives different text: indexed collections hash it with the
# page, so their stored text (and citations) follow the new layout on the next index run.
LAYOUT_VERSION = 2

# Never text: code, media, form controls, page chrome.
# fmt: off
_DROP_TAGS = frozenset({
    "script", "style", "noscript", "template", "head", "nav", "footer", "iframe", "object",
    "embed", "svg", "canvas", "audio", "video", "button", "select", "textarea", "input", "img",
    "map", "area", "link", "meta", "title", "source", "track", "picture",
})
# fmt: on
# Wikipedia / MediaWiki chrome plus generic hidden elements.
_CHROME = ", ".join(
    [
        ".mw-editsection",
        "sup.reference",
        ".reference",
        ".mw-references-wrap",
        ".reflist",
        "ol.references",
        ".mw-cite-backlink",
        ".navbox",
        ".vertical-navbox",
        ".navbox-styles",
        ".metadata",
        ".noprint",
        "#toc",
        ".toc",
        ".hatnote",
        ".mw-jump-link",
        ".catlinks",
        ".printfooter",
        ".shortdescription",
        ".sistersitebox",
        ".ambox",
        "#siteSub",
        "#contentSub",
        "[hidden]",
        '[style*="display:none"]',
        '[style*="display: none"]',
    ]
)
# fmt: off
_BLOCK_TAGS = frozenset({
    "p", "div", "section", "article", "main", "header", "aside", "blockquote", "ul", "ol", "dl",
    "figure", "figcaption", "address", "details", "summary", "fieldset", "legend", "center",
    "body", "html", "form", "hgroup", "caption", "menu",
})
# fmt: on
_LINE_TAGS = frozenset({"li", "dt", "dd", "tr", "option"})
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_ITEM_TAGS = frozenset({"li", "dt", "dd"})
_LIST_TAGS = frozenset({"ul", "ol", "menu"})
_INDENT = "  "
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\ufeff"))
_LINE, _BLOCK = 1, 2
_MAX_TABLE_NESTING = 8
_LAYOUT_CELL_CHARS = 1000


@dataclass(frozen=True, slots=True)
class HtmlText:
    """Plain text of an HTML page, its heading sections (offsets into `text`) and title."""

    text: str
    sections: list[Section] = field(default_factory=list)
    title: str | None = None


def html_to_text(html: str) -> HtmlText:
    """Convert HTML to readable, citable text; see the module docstring for the layout."""
    tree = LexborHTMLParser(html or "")
    root = tree.root
    if root is None:
        return HtmlText(text="")
    skip = {n.mem_id for n in root.css(_CHROME)}
    htdig = "/htdig_noindex" in html
    out = _Out(record=True)
    _Walker(out, skip, htdig=htdig, markers=True).walk(tree.body or root)
    out.flush()
    text = "".join(out.parts)
    # A leading <pre> keeps its indentation; the page text itself never starts or ends blank.
    lead = len(text) - len(text.lstrip())
    text = text.strip()
    # A heading whose text began in the stripped lead starts at the text's first character.
    headings = [
        (level, min(max(start - lead, 0), len(text)), title) for level, start, title in out.headings
    ]
    sections = _sections(text, headings)
    title_node = tree.head.css_first("title") if tree.head is not None else None  # not <svg>'s
    title = _fold(title_node.text()) if title_node is not None else ""
    if not title:
        title = next((t for lvl, _, t in out.headings if lvl == 1), "")
    return HtmlText(text=text, sections=sections, title=title or None)


def _fold(s: str) -> str:
    """Collapse whitespace runs, drop invisible characters, NFC-normalise."""
    folded = " ".join(s.translate(_INVISIBLE).split())
    return unicodedata.normalize("NFC", folded)


def _sections(text: str, headings: list[tuple[int, int, str]]) -> list[Section]:
    sections = []
    for i, (level, start, title) in enumerate(headings):
        end = next((s for lvl, s, _ in headings[i + 1 :] if lvl <= level), len(text))
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:  # a heading with nothing after it has no section
            sections.append(Section(title=title, level=level, start=start, end=end))
    return sections


class _Out:
    """Accumulates lines; separators are only written between non-empty lines."""

    def __init__(self, record: bool) -> None:
        self.record = record
        self.parts: list[str] = []
        self.lines: list[str] = []
        self.length = 0
        self.buf: list[str] = []
        self.pending = 0
        self.headings: list[tuple[int, int, str]] = []
        self.prefix = ""  # list marker for the next text line of the item just opened

    def brk(self, strength: int) -> None:
        self.flush()
        self.pending = max(self.pending, strength)

    def flush(self) -> None:
        if self.buf:
            line = _fold("".join(self.buf))
            self.buf.clear()
            if line:
                self.emit(line, marked=True)

    def emit(self, line: str, *, marked: bool = False) -> int:
        """Write one line; `marked` lines take the pending list marker (headings do not,
        so a section still starts at its title)."""
        if marked and self.prefix:
            line = self.prefix + line
        self.prefix = ""
        if self.length:
            sep = "\n" * max(self.pending, _LINE)
            self.parts.append(sep)
            self.length += len(sep)
        self.pending = 0
        start = self.length
        self.parts.append(line)
        self.lines.append(line)
        self.length += len(line)
        return start


class _Walker:
    """Iterative DOM walk (deep or broken HTML must not hit the recursion limit)."""

    def __init__(
        self,
        out: _Out,
        skip: set[int],
        *,
        htdig: bool = False,
        depth: int = 0,
        markers: bool = False,
    ) -> None:
        self.out = out
        self.skip = skip
        self.htdig = htdig
        self.depth = depth  # table nesting
        self.items = 0  # open list items: blocks inside them only start a new line
        self.noindex = False
        # List markers are for page text; a table cell or a heading is one line of its own.
        self.markers = markers
        self.lists: list[list[int]] = []  # open lists: [ordered, last number]

    def _block(self) -> int:
        return _LINE if self.items else _BLOCK

    def walk(self, node: LexborNode) -> None:
        stack: list[tuple[LexborNode, bool]] = [(c, False) for c in _children(node)]
        stack.reverse()
        out = self.out
        while stack:
            n, leaving = stack.pop()
            if leaving:
                tag = n.tag or ""
                if tag in _ITEM_TAGS:
                    self.items -= 1
                elif tag in _LIST_TAGS and self.lists:
                    self.lists.pop()
                out.brk(_LINE if tag in _LINE_TAGS else self._block())
                continue
            if n.is_comment_node:
                if self.htdig:
                    mark = (n.comment_content or "").strip()
                    if mark == "htdig_noindex":
                        self.noindex = True
                    elif mark == "/htdig_noindex":
                        self.noindex = False
                continue
            if self.noindex:
                continue
            if n.is_text_node:
                out.buf.append(n.text_content or "")
                continue
            if not n.is_element_node or n.mem_id in self.skip:
                continue
            tag = n.tag or ""
            if tag in _DROP_TAGS:
                continue
            if tag in _HEADINGS:
                self._heading(n, _HEADINGS[tag])
            elif tag == "table" and not self._is_layout(n):
                self._table(n)
            elif tag == "pre":
                self._pre(n)
            elif tag == "br":
                out.brk(_LINE)
            elif tag == "hr":
                out.brk(self._block())
            elif tag == "dl" and self._dl(n):
                continue
            elif tag == "math":
                out.buf.append(f" {n.attributes.get('alttext') or n.text()} ")
            elif tag in _BLOCK_TAGS or tag in _LINE_TAGS or tag in ("table", "td", "th"):
                out.brk(_LINE if tag in _LINE_TAGS else self._block())
                if tag in _ITEM_TAGS:
                    self.items += 1
                if tag in _LIST_TAGS:
                    self.lists.append([int(tag == "ol"), _start(n) - 1])
                elif tag == "li" and self.markers:
                    out.prefix = self._marker()
                stack.append((n, True))
                stack.extend((c, False) for c in reversed(_children(n)))
            else:  # inline: a, b, span, ...
                stack.extend((c, False) for c in reversed(_children(n)))

    def _marker(self) -> str:
        """`- ` or `N. ` for the item just opened, indented by its list's nesting."""
        if not self.lists:  # a stray <li>
            return "- "
        current = self.lists[-1]
        indent = _INDENT * (len(self.lists) - 1)
        if current[0]:
            current[1] += 1
            return f"{indent}{current[1]}. "
        return f"{indent}- "

    def _dl(self, dl: LexborNode) -> bool:
        """Render a definition list made of term/definition pairs as `term: definition`
        lines; False (nothing written) when it is not such a list, e.g. Wikipedia's bare
        `<dd>` indentation, a term with no definition or a heading inside."""
        entries = _dl_entries(dl, self.skip)
        if not entries or dl.css_first("h1, h2, h3, h4, h5, h6") is not None:
            return False
        groups: list[tuple[list[LexborNode], list[LexborNode]]] = []
        for entry in entries:
            if entry.tag == "dt":
                if not groups or groups[-1][1]:
                    groups.append(([], []))
                groups[-1][0].append(entry)
            elif not groups:
                return False
            else:
                groups[-1][1].append(entry)
        if any(not definitions for _, definitions in groups):
            return False
        out = self.out
        out.brk(self._block())
        for terms, definitions in groups:
            term = ", ".join(
                t for t in (" ".join(self._sub_lines(n, self.depth)) for n in terms) if t
            )
            meaning = "; ".join(
                d
                for d in (
                    _join_cell(self._sub_lines(n, self.depth), prose=True) for n in definitions
                )
                if d
            )
            if term and meaning:
                line = f"{term} {meaning}" if term[-1] in ":;,." else f"{term}: {meaning}"
            else:
                line = term or meaning
            if line:
                out.brk(_LINE)
                out.emit(line, marked=True)
        out.brk(self._block())
        return True

    def _sub_lines(self, node: LexborNode, depth: int) -> list[str]:
        out = _Out(record=False)
        _Walker(out, self.skip, depth=depth).walk(node)
        out.flush()
        return out.lines

    def _heading(self, node: LexborNode, level: int) -> None:
        title = " ".join(self._sub_lines(node, self.depth))
        if not title:
            return
        self.out.brk(self._block())
        start = self.out.emit(title)
        if self.out.record and title.strip():  # a heading inside <pre> keeps its indentation
            indent = len(title) - len(title.lstrip())
            self.out.headings.append((level, start + indent, title.strip()))
        self.out.brk(self._block())

    def _pre(self, node: LexborNode) -> None:
        """Keep line structure (code, verse); only trailing spaces are trimmed."""
        self.out.brk(self._block())
        raw = unicodedata.normalize("NFC", (node.text() or "").translate(_INVISIBLE))
        blank = 0
        for line in raw.strip("\n").splitlines():
            line = line.rstrip()
            if not line.strip():
                blank = _BLOCK
                continue
            self.out.pending = max(self.out.pending, blank or _LINE)
            self.out.emit(line)
            blank = 0
        self.out.brk(self._block())

    def _is_layout(self, table: LexborNode) -> bool:
        """Tables used for page layout are rendered as ordinary blocks, not rows."""
        if self.depth >= _MAX_TABLE_NESTING or table.attributes.get("role") == "presentation":
            return True
        if table.css_first("h1, h2, h3, h4, h5, h6") is not None:
            return True
        return any(len(c.text()) > _LAYOUT_CELL_CHARS for _, c in _cells(table))

    def _table(self, table: LexborNode) -> None:
        out = self.out
        out.brk(self._block())
        rows: dict[int, list[tuple[str, str]]] = {}
        order: list[int] = []
        for row_id, cell in _cells(table):
            if cell.mem_id in self.skip:
                continue
            if row_id not in rows:
                rows[row_id] = []
                order.append(row_id)
            if cell.tag == "caption":
                line = " ".join(self._sub_lines(cell, self.depth + 1))
            else:
                line = _join_cell(self._sub_lines(cell, self.depth + 1))
            if line:
                rows[row_id].append((cell.tag or "", line))
        for row_id in order:
            cells = rows[row_id]
            if not cells:
                continue
            if [t for t, _ in cells] == ["th", "td"]:
                line = f"{cells[0][1]}: {cells[1][1]}"
            else:
                line = " | ".join(text for _, text in cells)
            out.brk(_LINE)
            out.emit(line)
        out.brk(self._block())


def _children(node: LexborNode) -> list[LexborNode]:
    return list(node.iter(include_text=True, skip_empty=False))


def _start(node: LexborNode) -> int:
    """The first number of an `<ol>` (its `start` attribute, 1 when absent or invalid)."""
    raw = (node.attributes.get("start") or "").strip()
    return int(raw) if raw.lstrip("-").isdigit() and len(raw) < 6 else 1


def _dl_entries(dl: LexborNode, skip: set[int]) -> list[LexborNode] | None:
    """The `<dt>`/`<dd>` children of a `<dl>` (also inside `<div>` groups), in order; None
    when it holds anything else (loose text, other elements)."""
    entries: list[LexborNode] = []
    pending = _children(dl)
    pending.reverse()
    while pending:
        node = pending.pop()
        if node.is_comment_node:
            continue
        if node.is_text_node:
            if (node.text_content or "").strip():
                return None
            continue
        if not node.is_element_node or node.mem_id in skip or node.tag in _DROP_TAGS:
            continue
        if node.tag in ("dt", "dd"):
            entries.append(node)
        elif node.tag == "div":
            pending.extend(reversed(_children(node)))
        else:
            return None
    return entries


def _cells(table: LexborNode) -> list[tuple[int, LexborNode]]:
    """(row id, cell) pairs of this table only (not of nested tables); captions are rows."""
    found: list[tuple[int, LexborNode]] = []
    for child in table.iter():
        if child.tag == "caption":
            found.append((child.mem_id, child))
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows = [r for r in child.iter() if r.tag == "tr"]
            found.extend((r.mem_id, c) for r in rows for c in r.iter() if c.tag in ("th", "td"))
        elif child.tag == "tr":
            found.extend((child.mem_id, c) for c in child.iter() if c.tag in ("th", "td"))
    return found


def _join_cell(lines: list[str], *, prose: bool = False) -> str:
    """A table cell must stay on one line: its own lines/list items join with ', '. With
    `prose` (a definition), a finished sentence followed by a capitalised line joins with a
    space instead, so paragraphs read as sentences."""
    text = ""
    for line in lines:
        if not text:
            text = line
        elif text[-1] in ",;:" or (prose and text[-1] in ".!?" and line[0].isupper()):
            text = f"{text} {line}"
        else:
            text = f"{text}, {line}"
    return text
