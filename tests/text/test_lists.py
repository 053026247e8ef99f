"""item_at finds an item by bisection; it must agree with a plain scan everywhere."""

from __future__ import annotations

from wikiqa.text.lists import item_at, list_items

TEXT = (
    "# Leaving\n\nBefore you go you must:\n\n- return your badge;\n- hand over the laptop.\n\n"
    "Some prose between lists. More prose here.\n"
    "1. first step\n2) second step\n\n  * nested-looking item\n\nClosing line.\n"
)


def scan(text: str, start: int, end: int) -> object:
    for it in list_items(text):
        if it.item.start <= start and end <= it.item.end:
            return it
    return None


def test_item_at_agrees_with_a_scan_at_every_span() -> None:
    found = 0
    for start in range(len(TEXT)):
        for end in range(start + 1, min(len(TEXT), start + 40) + 1):
            expected = scan(TEXT, start, end)
            assert item_at(TEXT, start, end) == expected, (start, end)
            found += expected is not None
    assert found > 0  # the text does have items, so both paths were exercised
    assert item_at("no list here", 0, 2) is None
