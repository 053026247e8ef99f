"""The one normalisation policy under which a quote counts as verbatim.

Policy, applied identically to fetched text and to quotes:
- Unicode NFC (composed and decomposed accents match);
- curly single/double quotes and primes fold to ASCII ' and ";
- hyphen, dash and minus variants fold to ASCII -;
- zero-width characters and soft hyphens are dropped;
- every run of whitespace (including no-break spaces and newlines) folds to one space,
  and leading/trailing whitespace is ignored.

Case, punctuation and words are never changed: "verbatim" stays verbatim. The folded text
keeps a map back to the original so citation offsets always index the original document.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

_QUOTES = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
}  # fmt: skip
_DASHES = dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-")
_DROPPED = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_FOLD = {**_QUOTES, **_DASHES}


@dataclass(frozen=True, slots=True)
class Folded:
    """Normalised text plus, for each of its characters, the original start offset."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Original [start, end) covering folded [start, end)."""
        return self.starts[start], self.ends[end - 1]


def _clusters(text: str) -> list[tuple[int, int]]:
    """Split into runs that NFC can only change internally (a starter plus its marks)."""
    bounds: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or (
            unicodedata.combining(text[i]) == 0 and not _is_hangul_joiner(text[i])
        ):
            bounds.append((start, i))
            start = i
    return bounds


def _is_hangul_joiner(ch: str) -> bool:
    # Hangul medial vowels and final consonants compose with the preceding jamo under NFC.
    return "\u1160" <= ch <= "\u11ff"


def fold(text: str) -> Folded:
    """Normalise `text` under the policy, keeping an offset map to the original."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pending_space: tuple[int, int] | None = None
    for a, b in _clusters(text):
        chunk = text[a:b]
        if chunk.isspace():
            if out and pending_space is None:
                pending_space = (a, b)
            elif pending_space is not None:
                pending_space = (pending_space[0], b)
            continue
        composed = unicodedata.normalize("NFC", chunk)
        for ch in composed:
            if ch in _DROPPED:
                continue
            if ch.isspace():
                if out and pending_space is None:
                    pending_space = (a, b)
                continue
            if pending_space is not None:
                out.append(" ")
                starts.append(pending_space[0])
                ends.append(pending_space[1])
                pending_space = None
            out.append(_FOLD.get(ch, ch))
            starts.append(a)
            ends.append(b)
    return Folded("".join(out), tuple(starts), tuple(ends))


def normalize(text: str) -> str:
    """Just the normalised string (for comparing quotes)."""
    return fold(text).text
