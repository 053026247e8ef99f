"""bench/alone_ceiling.py: a source holding only the expected documents (find59)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from alone_ceiling import WIDE, Only
from wikiqa.types import Hit


class _Inner:
    name = "inner"

    def __init__(self, ids: list[str]) -> None:
        self.ids = ids
        self.asked: list[int] = []
        self.fetched: list[str] = []

    async def search(self, query: str, k: int = 5, principal: Any = None) -> list[Hit]:
        self.asked.append(k)
        return [
            Hit(source="m", doc_id=d, title=d.upper(), score=1.0 - i / 100)
            for i, d in enumerate(self.ids[:k])
        ]

    async def fetch(self, doc_id: str, principal: Any = None, *, full: bool = False) -> Any:
        self.fetched.append(doc_id)
        return doc_id


def test_only_the_kept_documents_are_found_however_low_the_search_ranks_them() -> None:
    inner = _Inner(["leave", "pay", *[f"x{i}" for i in range(30)], "gifts", "gifts"])
    only = Only(inner, lambda h: h.doc_id == "gifts")
    hits = asyncio.run(only.search("left me something in her will", k=5))
    assert [h.doc_id for h in hits] == ["gifts", "gifts"]
    assert inner.asked == [WIDE]
    assert asyncio.run(only.search("anything", k=1))[0].doc_id == "gifts"


def test_nothing_kept_finds_nothing_and_fetch_reads_through() -> None:
    inner = _Inner(["leave", "pay"])
    only = Only(inner, lambda h: h.doc_id == "gifts")
    assert asyncio.run(only.search("q")) == []
    assert asyncio.run(only.fetch("pay")) == "pay"
    assert inner.fetched == ["pay"]
