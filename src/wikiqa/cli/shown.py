"""Text from files, documents, questions and errors, made safe to print on a terminal.

Why: the CLI prints through Rich, which reads `[...]` as markup. A file named `a[/b].txt`
(or a document titled so, or an error naming it) made `wikiqa index` and `wikiqa ask -v`
stop with a MarkupError traceback after the work was done, its report lost. And a file
name or title may carry terminal control sequences (`ESC ]0;...BEL` retitles the window,
other sequences move the cursor or rewrite earlier lines), which must reach the terminal
as visible text, not as commands. Only what the CLI itself writes may be markup.
"""

from __future__ import annotations

import unicodedata

from rich.markup import escape

_KEEP = {"\n", "\t"}  # layout the CLI's own multi-line output relies on


def plain(text: object) -> str:
    """`text` with control, bidi-override and other invisible format characters shown as
    `\\xNN` / `\\uNNNN` escapes (newlines and tabs kept), so nothing in it acts on the
    terminal or reorders what is shown."""
    value = str(text)
    if value.isprintable():  # the common case: nothing to replace
        return value
    return "".join(
        ch
        if ch in _KEEP or unicodedata.category(ch) not in {"Cc", "Cf", "Cs", "Zl", "Zp"}
        else _escaped(ch)
        for ch in value
    )


def shown(text: object) -> str:
    """`plain(text)` with Rich markup escaped: for interpolating into a markup string."""
    return escape(plain(text))


def one_line(text: object) -> str:
    """`shown(text)` with newlines escaped too: a file name or id in a one-line report."""
    return shown(str(text).replace("\n", "\\n").replace("\t", "\\t"))


def _escaped(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
