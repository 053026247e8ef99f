"""Names and titles inside running text, told apart from the words around them.

Why: a title is a name, whatever its words say. "Who produced the album whose lead single
was I Can't Stop Loving You?" negates nothing; read word by word, its "Can't" marks the
question as negated and every sentence without a negation as contradicting it.
"""

from __future__ import annotations

import re

_QUOTED = re.compile(r"[\"“][^\"“”]{1,200}[\"”]")
_TOKEN = re.compile(r"\S+")
_EDGE = "\"'“”‘’()[],.;:!?"


def _capitalised(token: str) -> bool:
    core = token.strip(_EDGE)
    return bool(core) and core[0].isupper()


def without_titles(text: str) -> str:
    """`text` with quoted spans and runs of two or more capitalised words (past the first
    word, which any sentence capitalises) blanked out, offsets kept."""
    out = _QUOTED.sub(lambda m: " " * len(m.group(0)), text)
    tokens = list(_TOKEN.finditer(out))
    run: list[re.Match[str]] = []
    spans: list[tuple[int, int]] = []
    for i, tok in enumerate([*tokens, None]):
        if tok is not None and i > 0 and _capitalised(tok.group(0)):
            run.append(tok)
            continue
        if len(run) >= 2:
            spans.append((run[0].start(), run[-1].end()))
        run = []
    for start, end in spans:
        out = out[:start] + " " * (end - start) + out[end:]
    return out
