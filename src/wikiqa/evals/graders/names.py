"""Normalising source names so `Ray Charles`, `ray_charles`, `Ray Charles (musician)` and
`hr/leave-policy.md` compare the way a reader would compare them."""

from __future__ import annotations

import re
import unicodedata

_DISAMBIGUATOR = re.compile(r"\s*\([^()]*\)\s*$")
_EXTENSION = re.compile(r"\.(md|markdown|txt|html?|rst)$", re.IGNORECASE)


def normalise(name: str) -> str:
    """Casefold, NFKC, underscores as spaces, whitespace folded, a trailing `(...)` and a
    document extension dropped. Empty in, empty out."""
    text = unicodedata.normalize("NFKC", name or "").replace("_", " ").strip()
    text = _EXTENSION.sub("", text)
    text = _DISAMBIGUATOR.sub("", text)
    return " ".join(text.casefold().split())


def matches(expected: str, keys: set[str]) -> bool:
    """True when the normalised expected name is one of a document's names (id or title)."""
    key = normalise(expected)
    return bool(key) and key in keys
