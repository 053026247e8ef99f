"""The one normalisation policy under which a quote counts as verbatim.

Policy, applied identically to fetched text and to quotes:
- Unicode NFC (composed and decomposed accents match), applied per grapheme cluster
  (a starter plus the combining marks that follow it);
- curly single/double quotes and primes fold to ASCII ' and ";
- hyphen, dash and minus variants fold to ASCII -;
- zero-width characters and soft hyphens are dropped;
- every run of whitespace (including no-break spaces and newlines) folds to one space,
  and leading/trailing whitespace is ignored.

Case, punctuation and words are never changed: "verbatim" stays verbatim. The folded text
keeps a map back to the original so citation offsets always index the original document:
every folded character maps to the whole cluster it came from; a folded space maps to the
whitespace run it replaces.

Folding is linear and mostly array arithmetic (a fetched document can be megabytes): only
clusters that NFC could change (combining marks, Hangul jamo, characters with a canonical
decomposition) take a per-cluster Python step; everything else is handled by numpy masks.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

_QUOTES = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
}  # fmt: skip
_DASHES = dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-")
_DROPPED = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_FOLD = {**_QUOTES, **_DASHES}

Offsets = npt.NDArray[np.int32]  # offsets into one document (< 2**31 characters)

# Item kinds, per character of simple text or per NFC character of a complex cluster.
_NORMAL, _SPACE, _INNER_SPACE, _DROP = 0, 1, 2, 3
_LUT_SIZE = 0x10000  # every whitespace and dropped character is in the BMP


def _kind_table() -> npt.NDArray[np.uint8]:
    table = np.zeros(_LUT_SIZE, np.uint8)
    for cp in range(0x3001):  # str.isspace() is true for nothing above U+3000
        if chr(cp).isspace():
            table[cp] = _SPACE
    for ch in _DROPPED:
        table[ord(ch)] = _DROP
    return table


def _fold_table() -> npt.NDArray[np.uint32]:
    table = np.arange(_LUT_SIZE, dtype=np.uint32)  # one character to one: offsets are kept
    for src, dst in _FOLD.items():
        table[ord(src)] = ord(dst)
    return table


_KINDS = _kind_table()
_FOLDS = _fold_table()


@dataclass(frozen=True, slots=True)
class Folded:
    """Normalised text plus, for each of its characters, the original [start, end)."""

    text: str
    starts: Offsets
    ends: Offsets

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Original [start, end) covering folded [start, end)."""
        return int(self.starts[start]), int(self.ends[end - 1])


@lru_cache(maxsize=65536)
def _classify(cp: int) -> tuple[bool, bool]:
    """(non-starter, complex) for one code point. A non-starter joins the preceding
    cluster (a combining mark or a Hangul medial/final jamo); a complex character is one
    whose cluster NFC may change."""
    ch = chr(cp)
    nonstarter = unicodedata.combining(ch) != 0 or 0x1160 <= cp <= 0x11FF
    return nonstarter, nonstarter or unicodedata.normalize("NFC", ch) != ch


def _codepoints(text: str) -> npt.NDArray[np.uint32]:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)


def _items(
    text: str,
) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint8], Offsets, Offsets]:
    """The text as a stream of (code point, kind, original start, original end) items:
    one per character outside complex clusters, one per NFC character inside them."""
    original = _codepoints(text)
    n = len(original)
    bmp = original < _LUT_SIZE
    low = np.minimum(original, _LUT_SIZE - 1)
    cp = np.where(bmp, _FOLDS[low], original)
    kind = np.where(bmp, _KINDS[low], _NORMAL)
    a = np.arange(n, dtype=np.int32)
    b = a + 1
    distinct = np.flatnonzero(np.bincount(original))  # linear, unlike a sort
    flags = [(int(c), *_classify(int(c))) for c in distinct]
    complex_cps = [c for c, _, cx in flags if cx]
    if not complex_cps:
        return cp, kind.astype(np.uint8), a, b
    nonstarter = np.isin(original, [c for c, ns, _ in flags if ns])
    starter = ~nonstarter
    starter[0] = True
    cluster = np.cumsum(starter) - 1
    bounds = np.append(np.flatnonzero(starter), n)
    ids = np.unique(cluster[np.isin(original, complex_cps)])
    drop_mask = np.zeros(n, bool)
    ins_at: list[int] = []
    ins_cp: list[int] = []
    ins_kind: list[int] = []
    ins_a: list[int] = []
    ins_b: list[int] = []
    removed = 0
    for cid in ids.tolist():
        lo, hi = int(bounds[cid]), int(bounds[cid + 1])
        drop_mask[lo:hi] = True
        at = lo - removed
        removed += hi - lo
        chunk = text[lo:hi]
        if chunk.isspace():
            parts = [(32, _SPACE)]
        else:
            parts = [
                (
                    ord(_FOLD.get(ch, ch)),
                    _DROP if ch in _DROPPED else _INNER_SPACE if ch.isspace() else _NORMAL,
                )
                for ch in unicodedata.normalize("NFC", chunk)
            ]
        for code, k in parts:
            ins_at.append(at)
            ins_cp.append(code)
            ins_kind.append(k)
            ins_a.append(lo)
            ins_b.append(hi)
    keep = ~drop_mask
    at_arr = np.asarray(ins_at, np.int64)
    return (
        np.insert(cp[keep], at_arr, np.asarray(ins_cp, np.uint32)),
        np.insert(kind[keep].astype(np.uint8), at_arr, np.asarray(ins_kind, np.uint8)),
        np.insert(a[keep], at_arr, np.asarray(ins_a, np.int32)),
        np.insert(b[keep], at_arr, np.asarray(ins_b, np.int32)),
    )


def fold(text: str) -> Folded:
    """Normalise `text` under the policy, keeping an offset map to the original."""
    empty = np.zeros(0, np.int32)
    if not text:
        return Folded("", empty, empty)
    cp, kind, a, b = _items(text)
    normal = np.flatnonzero(kind == _NORMAL)
    if len(normal) == 0:
        return Folded("", empty, empty)
    m = len(kind)
    idx = np.arange(m, dtype=np.int32)
    is_space = (kind == _SPACE) | (kind == _INNER_SPACE)
    # First whitespace item at or after i; last whole-cluster whitespace item at or before i.
    next_space = np.minimum.accumulate(np.where(is_space, idx, m)[::-1])[::-1]
    last_space = np.maximum.accumulate(np.where(kind == _SPACE, idx, -1))
    prev, cur = normal[:-1], normal[1:]
    first = next_space[np.minimum(prev + 1, m - 1)]
    has_space = first < cur  # a whitespace item between two kept characters
    prev_s, cur_s, first_s = prev[has_space], cur[has_space], first[has_space]
    space_start = a[first_s]
    last = last_space[cur_s - 1]
    space_end = np.where(last > prev_s, np.maximum(b[first_s], b[np.maximum(last, 0)]), b[first_s])
    # Output positions: each kept character shifts right by the spaces emitted before it.
    shift = np.concatenate(([0], np.cumsum(has_space)))
    pos = np.arange(len(normal), dtype=np.int32) + shift
    total = len(normal) + int(shift[-1])
    out_cp = np.full(total, 32, np.uint32)
    starts = np.empty(total, np.int32)
    ends = np.empty(total, np.int32)
    out_cp[pos] = cp[normal]
    starts[pos] = a[normal]
    ends[pos] = b[normal]
    space_pos = pos[1:][has_space] - 1
    starts[space_pos] = space_start
    ends[space_pos] = space_end
    return Folded(out_cp.tobytes().decode("utf-32-le", "surrogatepass"), starts, ends)


def normalize(text: str) -> str:
    """Just the normalised string (for comparing quotes)."""
    return fold(text).text
