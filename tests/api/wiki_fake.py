"""The hand-written fake Action API of tests/sources/test_mediawiki.py, for API and page
tests that need a disambiguation page (only the Wikipedia sources have them)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sources"))

from test_mediawiki import FakePage, FakeWiki, wiki

PLANET = "Mercury is the smallest planet in the Solar System and the closest to the Sun."


def add_planet(fake: FakeWiki) -> None:
    """A page for one of Mercury's senses, so asking again by that sense is answered."""
    fake.pages["Mercury (planet)"] = FakePage("Mercury (planet)", 19001, 777, PLANET, PLANET)


__all__ = ["FakeWiki", "add_planet", "wiki"]
