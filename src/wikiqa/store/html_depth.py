"""How deeply an HTML file nests, estimated before it is parsed.

Why: the HTML parser (lexbor, via text/html.py) checks its stack of open elements at each
tag, so its time grows with the square of the nesting: 16,000 nested `<div>`s took 0.5 s,
and a 1.4 MB file of 200,000 took minutes, holding `wikiqa index` (and the server opening a
docs: folder) on one file. Real pages nest a few dozen levels; browsers cap the tree at
a few hundred. The estimate counts opening and closing tags with one regular expression
(C speed), leaving out void elements and the elements HTML closes by itself (`<p>`,
`<li>`, table rows and cells...), which never deepen the parser's stack.
"""

from __future__ import annotations

import re

MAX_HTML_DEPTH = 4096  # nesting levels an HTML file may reach; deeper files are skipped

_TAG = re.compile(rb"<(/?)([A-Za-z][A-Za-z0-9-]*)[^<>]*?(/?)>")
_FLAT = frozenset(
    b"area base br col embed hr img input link meta param source track wbr "  # void
    b"p li dt dd tr td th tbody thead tfoot colgroup caption option optgroup rb rt rp "
    b"html head body".split()  # closed implicitly, or only once
)


def html_depth_over(raw: bytes, limit: int = MAX_HTML_DEPTH) -> bool:
    """True when the open elements of `raw` (HTML bytes) nest past `limit` levels."""
    depth = 0
    for m in _TAG.finditer(raw):
        name = m.group(2).lower()
        if name in _FLAT or m.group(3):
            continue
        if m.group(1):
            depth = max(0, depth - 1)
        else:
            depth += 1
            if depth > limit:
                return True
    return False
