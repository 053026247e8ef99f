"""The list item a question means among the items of its own list, a little under the floor.

A list reads as a table of one column: its lead-in line (or the heading it sits under) says
what its items are, as a header does, and each item is an entry, as a row is. A table row
the question names, by its key cell or in other words (rows.py, meant_keys.py), answers as
the row asked for; a labelled item the question names by its label is such a row too
(labelled.py). An item without a label is named the same way when, of the items of its list,
it is the one the question means: the bundled embedder puts it nearer the question than every
other item of the list by at least LIST_MARGIN. The question then picks the entry out of its
list; what held the line under the floor is the wording (a question in its own words: "money
towards glasses" for "up to £60 towards glasses needed for screen work"), which the
exact-term features read as words the line does not say.

So the first-ranked line, when it is such an item, answers within ask_named.ASK_SLACK under
the floor (`meant_item`, called from ExtractiveAnswerer.clearing for the whole question's
single evidence), unless its document is a superseded, archived or draft edition
(neighbours.out_of_force: a withdrawn list says the same entries in the same words). A list
of one item has nothing to stand out from, and a line that is not a list item is not read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wikiqa.answerers.ask_named import within_slack
from wikiqa.answerers.neighbours import read_out_of_force
from wikiqa.text.lists import item_at

if TYPE_CHECKING:
    from wikiqa.answerers.extractive import Evidence

# the question's cosine to the item, less its cosine to the nearest other item of the list
LIST_MARGIN = 0.30


def item_margin(question: str, items: list[str], mine: int,
                similarities: Callable[[str, list[str]], list[float]]) -> float:  # fmt: skip
    """How much nearer the question `items[mine]` is than every other item (by
    `similarities(question, texts)`, cosines); 0 for a list of one item."""
    if len(items) < 2:
        return 0.0
    cos = similarities(question, items)
    return cos[mine] - max(c for n, c in enumerate(cos) if n != mine)


def meant_item(
    e: Evidence, floor: float, similarities: Callable[[str, list[str]], list[float]]
) -> bool:
    """Is the evidence's first line a list item the question means among the items of its
    list (LIST_MARGIN), in a document in force, within ask_named.ASK_SLACK under the floor?"""
    if not within_slack(e, floor):
        return False
    top = e.ranked[0]
    if top.header is not None or read_out_of_force(top.doc):
        return False
    item = item_at(top.doc.text, top.span.start, top.span.end)
    if item is None or len(item.siblings) < 2:
        return False
    texts = [s.text for s in item.siblings]
    mine = next(n for n, s in enumerate(item.siblings) if s.start == item.item.start)
    return item_margin(e.question.text, texts, mine, similarities) >= LIST_MARGIN
