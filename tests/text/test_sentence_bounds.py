"""No paragraph can stall sentence splitting: pysbd's time grows faster than the text it is
handed (a 160 KB paragraph took 30 s), so a block is handed to it a bounded window at a time
(text/sentences.py, `MAX_SPLIT_CHARS`). The bound is asserted on what pysbd is handed, never
on wall time (the machine these run on is shared and loaded)."""

from __future__ import annotations

from collections.abc import Iterator

import pysbd
import pytest

from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text import sentences
from wikiqa.text.sentences import split_sentences
from wikiqa.types import Document, Hit, Principal

# What pysbd may be handed at once, generously above the bound (10,000 characters): every
# block of the battery documents, SQuAD, HotpotQA and the manual is shorter than 8,300.
HANDED_AT_MOST = 20_000


class Handed:
    """Records what pysbd is handed, around the real segmenter."""

    def __init__(self) -> None:
        self.lengths: list[int] = []
        self._real = pysbd.Segmenter(language="en", clean=False)

    def segment(self, text: str) -> list[str]:
        self.lengths.append(len(text))
        return self._real.segment(text)


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Handed]:
    seen = Handed()
    monkeypatch.setattr(sentences, "_segmenter", lambda _language: seen)
    sentences.cached_sentences.cache_clear()  # type: ignore[attr-defined]
    yield seen
    sentences.cached_sentences.cache_clear()  # type: ignore[attr-defined]


def _hostile(n: int) -> str:
    """One paragraph of `n` short sentences, no line break anywhere."""
    return " ".join(f"Alpha bravo {i} charlie." for i in range(n))


def test_one_endless_paragraph_is_handed_to_pysbd_in_bounded_windows(handed: Handed) -> None:
    text = "# Many\n\n" + _hostile(4_000)  # ~70 KB in one block
    got = split_sentences(text)
    assert max(handed.lengths) <= HANDED_AT_MOST  # main handed it the whole 70 KB block
    assert len(handed.lengths) <= 4 * len(text) // 10_000 * 2 + 4  # linear in the text
    # and the sentences are pysbd's, each exactly where it is in the text
    assert [s.text for s in got] == ["# Many", *(f"Alpha bravo {i} charlie." for i in range(4_000))]
    assert all(text[s.start : s.end] == s.text for s in got)


PROSE = (
    "Dr. Ellen Marsh joined the U.S. office on Jan. 3, 2019, at 9 a.m. sharp. "
    'She met Mr. J. R. Tolkien-Smith, who said: "The v2.1 release is late!" '
    "Prices rose 3.5% (see p. 12). Was it worth it? Nobody knew, e.g. the board. "
    "The St. Louis team, i.e. the night shift, stayed until 11 p.m. and left. "
)


def test_windows_split_long_prose_as_pysbd_splits_it_whole(handed: Handed) -> None:
    """Abbreviations, initials, decimals and quotes across window edges: the windows give
    the sentences pysbd gives for the whole block."""
    block = PROSE * 120  # ~36 KB, one block
    real = pysbd.Segmenter(language="en", clean=False)
    want, cursor = [], 0
    for piece in real.segment(block):
        found = block.find(piece.strip(), cursor)
        want.append((found, found + len(piece.strip())))
        cursor = found + len(piece.strip())
    got = split_sentences(block)
    assert max(handed.lengths) <= HANDED_AT_MOST
    assert [(s.start, s.end) for s in got] == want


def test_a_paragraph_without_any_sentence_end_still_moves_on(handed: Handed) -> None:
    """No full stop for 50 KB: each window is cut at a space and the next starts there."""
    text = " ".join(f"word{i}" for i in range(8_000))
    got = split_sentences(text)
    assert max(handed.lengths) <= HANDED_AT_MOST
    assert all(text[s.start : s.end] == s.text for s in got)
    assert " ".join(s.text for s in got) == text  # every word once, in order


async def test_a_question_over_an_endless_paragraph_hands_pysbd_bounded_windows(
    handed: Handed,
) -> None:
    """At question time a hit without a range is read whole: its one huge paragraph is
    split window by window too."""
    docs = {
        "many": ("Many Things", _hostile(3_000) + " The office opens at 8 am on weekdays."),
        "hours": ("Opening Hours", "The office opens at 8 am on weekdays."),
    }
    await ask_async("When does the office open?", _Source(docs), settings=Settings())  # type: ignore[arg-type]
    assert handed.lengths and max(handed.lengths) <= HANDED_AT_MOST


class _Source:
    """Every document is a hit of every search, read whole (a hit with no range)."""

    name = "mem"

    def __init__(self, docs: dict[str, tuple[str, str]]) -> None:
        self.docs = docs

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        return [
            Hit(source=self.name, doc_id=d, title=title, score=1.0)
            for d, (title, _) in self.docs.items()
        ][:k]

    async def fetch(
        self, doc_id: str, principal: Principal | None = None, *, full: bool = False
    ) -> Document:
        title, text = self.docs[doc_id]
        return Document(source=self.name, doc_id=doc_id, title=title, text=text)

    async def aclose(self) -> None:
        return None
