"""Documents that carry one title are parts of one page, not two documents.

A source may cut one page into several documents (an encyclopedia article indexed paragraph
by paragraph keeps the article's title on each part). A rule that prefers another
document's line to the first line's (said_nearer.py) rests on the documents differing in
what they are about: the first line's document won its rank through its title, a heading or
a neighbouring topic that shares the question's words, and the other document's line says
the asked thing. When both documents carry the same title, neither title favours one, and
the choice is between lines of one page, on which the rules for lines of one document
(nearer_line.py) decide with their own, stricter readings. Measured: on SQuAD 2.0 dev (each
paragraph a document under its article's title) every line said_nearer lifted from another
paragraph of the same article answered an unanswerable or a wrong answer in five of seven
cases; on the handbook batteries no two documents share a title.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wikiqa.types import Document


def one_page(a: Document, b: Document) -> bool:
    """Are `a` and `b` one document, or parts of one page (the same non-empty title, case
    and surrounding spaces aside)?"""
    if a.doc_id == b.doc_id:
        return True
    title = a.title.strip().casefold()
    return bool(title) and title == b.title.strip().casefold()
