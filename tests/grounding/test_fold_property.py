"""The linear `fold` against the old per-cluster loop (bench/_fold_reference.py), on random
Unicode: same folded text, same offsets, character for character."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from wikiqa.grounding.normalize import fold

_REF = Path(__file__).resolve().parents[2] / "bench" / "_fold_reference.py"
_spec = importlib.util.spec_from_file_location("_fold_reference", _REF)
assert _spec is not None and _spec.loader is not None
reference = importlib.util.module_from_spec(_spec)
sys.modules["_fold_reference"] = reference
_spec.loader.exec_module(reference)

# Characters the policy treats specially, mixed with anything Unicode offers.
_TRICKY = (
    " \t\n\r\u00a0\u2000\u2001\u2003\u3000\u200b\u200c\u200d\u2060\ufeff\u00ad"
    "\u2018\u2019\u201c\u201d\u00ab\u00bb\u2013\u2014\u2212\u00b4"
    "e\u0301\u0300\u0327\u0308Aa\u1100\u1161\u11a8\uac00\u0b47\u0b3e\u0b57\ufb1d\u212b\u2126"
    "\u0344\u0f73\u05b4\u064e"
)
_text = st.text(
    alphabet=st.one_of(st.sampled_from(_TRICKY), st.characters(exclude_categories=["Cs"])),
    max_size=60,
)


def _same(text: str) -> None:
    got = fold(text)
    ref_text, ref_starts, ref_ends = reference.reference_fold(text)
    assert got.text == ref_text
    assert got.starts.tolist() == list(ref_starts)
    assert got.ends.tolist() == list(ref_ends)


@settings(max_examples=1500, deadline=None)
@given(_text)
@example("")
@example("   ")
@example("x \u0301 y")
@example("\u0301abc")
@example("a \u200b b")
@example("\u2000a\u2001 b")
@example("\ufb1d x")
def test_fold_matches_reference(text: str) -> None:
    _same(text)


def test_fold_matches_reference_on_every_bmp_character() -> None:
    """Every BMP character alone, after a letter and after a space (cluster edge cases),
    in batches of 512 so the check stays quick."""
    chars = [chr(cp) for cp in range(0x10000) if not 0xD800 <= cp <= 0xDFFF]
    for i in range(0, len(chars), 512):
        batch = chars[i : i + 512]
        _same("".join(batch))
        _same("|".join("a" + ch for ch in batch))
        _same("".join(" " + ch + " b" for ch in batch))


def test_large_document_folds_with_offsets() -> None:
    """A 4 MB document folds whole and maps a span near its end back to the original.
    Its speed (linear, against the old quadratic loop) is shown by `bench/large_document.py`,
    side by side with the reference fold, not by a timed test a busy machine makes flaky."""
    text = ("Caf\u00e9 \u201cquoted\u201d \u2014 text,\n\n  spaced\u00a0out. " * 120_000)[
        :4_000_000
    ]
    folded = fold(text)
    i = folded.text.rindex('"quoted"')
    start, end = folded.span(i, i + len('"quoted"'))
    assert text[start:end] == "\u201cquoted\u201d"
